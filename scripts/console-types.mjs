#!/usr/bin/env node
// The web console's API types (apps/console/src/api/schema.d.ts), generated from the OpenAPI
// document the server publishes at /api/schema/ (openapi-typescript).
//
//   node scripts/console-types.mjs            regenerate them from the built server's document
//   node scripts/console-types.mjs <file>     regenerate them from a saved document
//   node scripts/console-types.mjs --check <file>   exit 1 when the committed types differ from the document's
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

const check = process.argv[2] === '--check';
let file = process.argv[check ? 3 : 2];
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
  const types = await consoleTypes(JSON.parse(readFileSync(file, 'utf8')));
  if (check) {
    if (readFileSync(TYPES_FILE, 'utf8') !== types) {
      process.stderr.write(`${TYPES_FILE} is stale: run npm run console:types\n`);
      process.exitCode = 1;
    }
  } else {
    writeFileSync(TYPES_FILE, types);
    process.stdout.write(`wrote ${TYPES_FILE}\n`);
  }
} finally {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}
