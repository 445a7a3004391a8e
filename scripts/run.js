#!/usr/bin/env node
// Runs a built entry point (api, worker or cli; `build` only builds), building first when the build is missing or older
// than the sources. Build output goes to stderr so the CLI's stdout stays the command's result.
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const root = resolve(__dirname, '..');
const ENTRIES = {
  api: 'dist/apps/api/src/main.js',
  worker: 'dist/apps/worker/src/main.js',
  cli: 'dist/apps/api/src/cli.js',
};
const STAMP = join(root, 'dist', '.built-at');

function newestSource() {
  let newest = 0;
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['apps', 'libs']) visit(join(root, dir));
  for (const file of ['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json']) {
    if (existsSync(join(root, file))) newest = Math.max(newest, statSync(join(root, file)).mtimeMs);
  }
  return newest;
}

const which = process.argv[2];
const entry = ENTRIES[which];
if (!entry && which !== 'build') {
  process.stderr.write(`usage: node scripts/run.js ${Object.keys(ENTRIES).join('|')}|build [args...]\n`);
  process.exit(2);
}
if (!existsSync(STAMP) || statSync(STAMP).mtimeMs < newestSource()) {
  process.stderr.write('Building Bunting (first run or sources changed)...\n');
  const started = Date.now();
  const build = spawnSync(process.execPath, [join(root, 'node_modules/@nestjs/cli/bin/nest.js'), 'build', 'api'], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
  process.stderr.write(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
if (entry) {
  process.argv = [process.argv[0], join(root, entry), ...process.argv.slice(3)];
  require(join(root, entry));
}
