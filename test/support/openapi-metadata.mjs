// What the @nestjs/swagger CLI plugin (nest-cli.json) derives from the DTO types and doc comments,
// written once as a metadata file (test/support/generated/openapi-metadata.ts) that the e2e setup
// loads with SwaggerModule.loadPluginMetadata. The app under test is then compiled file by file
// (ts-jest isolatedModules) instead of through the plugin, which needs a whole program per Jest
// worker. Regenerated only when a source file under apps/ or libs/ or the plugin's options change.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT_DIR = join(ROOT, 'test/support/generated');
const FILE = 'openapi-metadata.ts';

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const options = JSON.parse(readFileSync(join(ROOT, 'nest-cli.json'), 'utf8')).compilerOptions.plugins.find(
  (p) => p.name === '@nestjs/swagger',
).options;
const hash = createHash('sha256').update(JSON.stringify(options));
for (const file of [...sources(join(ROOT, 'apps')), ...sources(join(ROOT, 'libs'))].sort()) {
  hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
}
const stamp = `// sources ${hash.digest('hex')}`;
const target = join(OUT_DIR, FILE);
if (existsSync(target) && readFileSync(target, 'utf8').startsWith(stamp)) process.exit(0);

mkdirSync(OUT_DIR, { recursive: true });
process.chdir(ROOT); // the generator reads tsconfigPath from the working directory
new PluginMetadataGenerator().generate({
  visitors: [new ReadonlyVisitor({ ...options, pathToSource: OUT_DIR })],
  outputDir: OUT_DIR,
  filename: FILE,
  tsconfigPath: 'tsconfig.build.json',
  printDiagnostics: false,
});
writeFileSync(target, `${stamp}\n${readFileSync(target, 'utf8')}`);
