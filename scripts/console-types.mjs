#!/usr/bin/env node
// The web console's API types (apps/console/src/api/schema.d.ts), generated from the OpenAPI
// document the server publishes at /api/schema/ (openapi-typescript).
//
//   node scripts/console-types.mjs            regenerate them from the built server's document
//   node scripts/console-types.mjs <file>     regenerate them from a saved document
//
// test/console/console-types.e2e-spec.ts fails when the committed file differs from what the
// test app's document generates.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleTypes } from './console-types-lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TYPES_FILE = join(root, 'apps/console/src/api/schema.d.ts');

let file = process.argv[2];
let tmp;
if (!file) {
  tmp = mkdtempSync(join(tmpdir(), 'bunting-console-types-'));
  file = join(tmp, 'openapi.json');
  const dump = spawnSync(process.execPath, [join(root, 'scripts/openapi-diff.mjs'), 'dump', file], {
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (dump.status !== 0) process.exit(dump.status ?? 1);
}
try {
  writeFileSync(TYPES_FILE, await consoleTypes(JSON.parse(readFileSync(file, 'utf8'))));
  process.stdout.write(`wrote ${TYPES_FILE}\n`);
} finally {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
