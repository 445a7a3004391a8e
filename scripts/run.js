#!/usr/bin/env node
// Runs a built entry point (api, worker or cli; `build` only builds), building first when the build is missing or older
// than the sources. Build output goes to stderr so the CLI's stdout stays the command's result. `api` and `build` also
// build the web console (apps/console, Vite) into apps/console/dist when its sources are newer than its last build.
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
const CONSOLE = join(root, 'apps', 'console');
const CONSOLE_STAMP = join(CONSOLE, 'dist', '.built-at');

function newestIn(dir, accept, skip = () => false) {
  let newest = 0;
  const visit = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (skip(path)) continue;
      if (entry.isDirectory()) visit(path);
      else if (accept(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  visit(dir);
  return newest;
}

function newestSource() {
  let newest = 0;
  for (const dir of ['apps', 'libs']) {
    newest = Math.max(
      newest,
      newestIn(
        join(root, dir),
        (name) => name.endsWith('.ts'),
        (path) => path === CONSOLE,
      ),
    );
  }
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
// The console: every file of apps/console but its build, and the lock file (the versions of Vite and React).
function consoleIsStale() {
  if (!existsSync(CONSOLE_STAMP)) return true;
  const newest = Math.max(
    newestIn(
      CONSOLE,
      () => true,
      (path) => path === join(CONSOLE, 'dist'),
    ),
    statSync(join(root, 'package-lock.json')).mtimeMs,
  );
  return statSync(CONSOLE_STAMP).mtimeMs < newest;
}

if ((which === 'api' || which === 'build') && consoleIsStale()) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) {
    process.stderr.write(
      'The web console is not built and Vite is not installed (npm ci installs it): no console at /.\n',
    );
  } else {
    process.stderr.write('Building the web console (first run or its sources changed)...\n');
    const started = Date.now();
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--config', join(CONSOLE, 'vite.config.mts'), '--logLevel', 'warn'],
      {
        cwd: root,
        // React's production build whatever the caller's NODE_ENV (Jest sets `test`).
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', process.stderr, process.stderr],
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeFileSync(CONSOLE_STAMP, new Date().toISOString());
    process.stderr.write(`Built the console in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

if (entry) {
  process.argv = [process.argv[0], join(root, entry), ...process.argv.slice(3)];
  require(join(root, entry));
}
