import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from './processes';
import { prepareTemplate } from './test-database';

/**
 * Once per e2e run, before any worker starts: dist/ for the tests that run the built server,
 * worker and CLI as processes (building there, from several workers at once, would delete dist/
 * under each other), the @nestjs/swagger plugin's metadata for the app under test (when a source
 * changed), and the migrated template database.
 */
export default async function globalSetup(): Promise<void> {
  ensureBuilt();
  const metadata = spawnSync(process.execPath, [join(__dirname, 'openapi-metadata.mjs')], { encoding: 'utf8' });
  if (metadata.status !== 0) throw new Error(`OpenAPI plugin metadata failed:\n${metadata.stderr}${metadata.stdout}`);
  await prepareTemplate();
}
