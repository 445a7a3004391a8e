#!/usr/bin/env node
// The OpenAPI document before and after a change, compared.
//
//   node scripts/openapi-diff.mjs dump <file>            the built server's /api/schema/ (builds first when needed)
//   node scripts/openapi-diff.mjs diff <before> <after>  every difference; exit 1 when something disappeared
//
// Parameters are matched by where and name, `required` lists and enums as sets, so a reordering is
// reported as such and not as a removal plus an addition.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

async function dump(out) {
  const build = spawnSync(process.execPath, [join(root, 'scripts/run.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const dataDir = mkdtempSync(join(tmpdir(), 'bunting-openapi-'));
  const env = { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'dist/apps/api/src/main.js')], { cwd: root, env });
  let output = '';
  try {
    const url = await new Promise((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
      const onData = (chunk) => {
        output += chunk;
        const line = output.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) {
          clearTimeout(timer);
          resolveUrl(`http://127.0.0.1:${JSON.parse(line).port}`);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (c) => (output += c));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    const res = await globalThis.fetch(`${url}/api/schema/`);
    if (res.status !== 200) throw new Error(`GET /api/schema/ answered ${res.status}`);
    writeFileSync(out, JSON.stringify(await res.json(), null, 2) + '\n');
    process.stdout.write(`wrote ${out}\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v) => (v === undefined ? 'nothing' : JSON.stringify(v));
const SET_KEYS = new Set(['required', 'enum', 'tags', 'x-required-scopes']);

/** Differences between two JSON values at `at`, as `{kind: added|removed|changed|reordered, at, before, after}`. */
function compare(before, after, at, out) {
  if (before === undefined && after === undefined) return;
  if (before === undefined) return void out.push({ kind: 'added', at, after });
  if (after === undefined) return void out.push({ kind: 'removed', at, before });
  const last = at[at.length - 1];
  if (Array.isArray(before) && Array.isArray(after) && last === 'parameters') {
    const key = (p) => (p.$ref ? p.$ref : `${p.in}:${p.name}`);
    const a = new Map(before.map((p) => [key(p), p]));
    const b = new Map(after.map((p) => [key(p), p]));
    for (const [k, p] of a) compare(p, b.get(k), [...at, k], out);
    for (const [k, p] of b) if (!a.has(k)) compare(undefined, p, [...at, k], out);
    const common = (list, other) => list.map(key).filter((k) => other.has(k));
    const orderA = common(before, b);
    const orderB = common(after, a);
    if (orderA.join() !== orderB.join()) out.push({ kind: 'reordered', at, before: orderA, after: orderB });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && SET_KEYS.has(last)) {
    const a = before.map((x) => JSON.stringify(x));
    const b = after.map((x) => JSON.stringify(x));
    for (const x of a) if (!b.includes(x)) out.push({ kind: 'removed', at: [...at, x], before: JSON.parse(x) });
    for (const x of b) if (!a.includes(x)) out.push({ kind: 'added', at: [...at, x], after: JSON.parse(x) });
    if (a.filter((x) => b.includes(x)).join() !== b.filter((x) => a.includes(x)).join()) {
      out.push({ kind: 'reordered', at, before, after });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) compare(before[i], after[i], [...at, i], out);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const k of Object.keys(before)) compare(before[k], after[k], [...at, k], out);
    for (const k of Object.keys(after)) if (!(k in before)) compare(undefined, after[k], [...at, k], out);
    return;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ kind: 'changed', at, before, after });
}

function diff(beforeFile, afterFile) {
  process.stdout.on('error', () => {}); // piped into head
  const before = JSON.parse(readFileSync(beforeFile, 'utf8'));
  const after = JSON.parse(readFileSync(afterFile, 'utf8'));
  const out = [];
  compare(before, after, [], out);
  const mark = { added: '+', removed: '-', changed: '~', reordered: '↕' };
  for (const d of out) {
    const where = d.at.join(' › ');
    if (d.kind === 'added') process.stdout.write(`+ ${where}: ${show(d.after)}\n`);
    else if (d.kind === 'removed') process.stdout.write(`- ${where}: ${show(d.before)}\n`);
    else process.stdout.write(`${mark[d.kind]} ${where}: ${show(d.before)} → ${show(d.after)}\n`);
  }
  const count = (k) => out.filter((d) => d.kind === k).length;
  process.stdout.write(
    `\n${out.length} differences: ${count('added')} added, ${count('removed')} removed, ${count('changed')} changed, ${count('reordered')} reordered\n`,
  );
  if (count('removed') > 0) process.exitCode = 1;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'dump' && args.length === 1) await dump(resolve(args[0]));
else if (command === 'diff' && args.length === 2) diff(resolve(args[0]), resolve(args[1]));
else {
  process.stderr.write('usage: node scripts/openapi-diff.mjs dump <file> | diff <before> <after>\n');
  process.exit(2);
}
