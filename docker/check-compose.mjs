#!/usr/bin/env node
// Checks docker/compose.yml and docker/compose.scale.yml without a Docker engine (our CI machines
// have none): both parse, and merged as `docker compose -f compose.yml -f compose.scale.yml`
// merges them,
// - every image is pinned to a version (no `latest`, no bare name), but the one the files build;
// - every depends_on names a service, every file mounted from the repository exists;
// - every variable given to the api and the worker is one Bunting reads (.env.example lists them
//   all; apps/api/src/config-docs.spec.ts keeps it so);
// - the scale file's pooling holds together: PgBouncer in transaction mode, DATABASE_URL through
//   it, DATABASE_DIRECT_URL not, and the proxy's upstream is the api service on the api's port.
// When the Compose plugin is installed (it needs no engine for this), `docker compose config`
// validates the merged files against the Compose specification too.
// Exits 1 with one line per problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { CORE_SCHEMA, defineSequenceTag, load, mergeTag } from 'js-yaml';

const dockerDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(dockerDir, '..');
const FILES = ['compose.yml', 'compose.scale.yml'];
const problems = [];
const problem = (message) => problems.push(message);

// Compose's `!reset` (drop what an earlier file set): kept as a marker the merge understands.
const RESET = Symbol('reset');
const resetTag = defineSequenceTag('!reset', {
  create: () => [],
  addItem: (items, item) => void items.push(item),
  finalize: () => RESET,
  identify: () => false,
});
const schema = CORE_SCHEMA.withTags(mergeTag, resetTag);

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Compose's merge of a later file onto an earlier one, as far as these checks need it. */
function merge(base, over) {
  if (over === RESET) return undefined;
  if (isObject(base) && isObject(over)) {
    const out = { ...base };
    for (const [k, v] of Object.entries(over)) {
      const merged = merge(base[k], v);
      if (merged === undefined) delete out[k];
      else out[k] = merged;
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(over)) return [...new Set([...base, ...over])];
  return over;
}
/** environment and depends_on come as lists or as mappings. */
const asMap = (v) =>
  Array.isArray(v)
    ? Object.fromEntries(v.map((e) => (String(e).includes('=') ? String(e).split(/=(.*)/s, 2) : [e, null])))
    : (v ?? {});

let merged = {};
for (const file of FILES) {
  try {
    const doc = load(readFileSync(join(dockerDir, file), 'utf8'), { schema });
    if (!isObject(doc?.services)) problem(`${file}: no services`);
    merged = merge(merged, doc);
  } catch (e) {
    problem(`${file}: does not parse: ${e.message}`);
  }
}
const services = merged.services ?? {};

// Images: pinned, unless built here.
const built = new Set(
  Object.values(services)
    .filter((s) => s.build && s.image)
    .map((s) => s.image),
);
for (const [name, s] of Object.entries(services)) {
  if (!s.image) {
    if (!s.build) problem(`service ${name}: neither image nor build`);
    continue;
  }
  if (built.has(s.image)) continue;
  const tag = /^[^@]+?(?::([^:/@]+))?(?:@sha256:[0-9a-f]{64})?$/.exec(s.image)?.[1];
  if (!tag || tag === 'latest' || !/^v?\d/.test(tag)) {
    problem(`service ${name}: image ${s.image} is not pinned to a version tag`);
  }
}

// References: services and mounted files.
for (const [name, s] of Object.entries(services)) {
  for (const dep of Object.keys(asMap(s.depends_on))) {
    if (!services[dep]) problem(`service ${name}: depends_on names no service: ${dep}`);
  }
  for (const volume of s.volumes ?? []) {
    const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
    if (/^[./]/.test(source) && !existsSync(resolve(dockerDir, source))) {
      problem(`service ${name}: mounts ${source}, which does not exist`);
    }
  }
}

// What Bunting is given: variables it reads.
const documented = new Set(
  [...readFileSync(join(root, '.env.example'), 'utf8').matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
);
for (const name of ['api', 'worker']) {
  if (!services[name]) {
    problem(`no ${name} service`);
    continue;
  }
  for (const variable of Object.keys(asMap(services[name].environment))) {
    if (!documented.has(variable)) problem(`service ${name}: ${variable} is no variable Bunting reads`);
  }
}

// The scale file's pooling and proxy.
const env = asMap(services.api?.environment);
const host = (url) => {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
};
const bouncer = services.pgbouncer;
if (bouncer) {
  const bouncerEnv = asMap(bouncer.environment);
  if (bouncerEnv.POOL_MODE !== 'transaction') problem('pgbouncer: POOL_MODE is not transaction');
  if (host(env.DATABASE_URL) !== 'pgbouncer') problem('api: DATABASE_URL does not go through pgbouncer');
  if (!env.DATABASE_DIRECT_URL) problem('api: DATABASE_URL goes through pgbouncer but DATABASE_DIRECT_URL is unset');
  else if (!services[host(env.DATABASE_DIRECT_URL)] || host(env.DATABASE_DIRECT_URL) === 'pgbouncer') {
    problem(`api: DATABASE_DIRECT_URL must name the database service directly, not ${host(env.DATABASE_DIRECT_URL)}`);
  }
}
if (services.proxy) {
  const nginx = readFileSync(join(dockerDir, 'nginx.conf'), 'utf8');
  const upstream = /^\s*server\s+([\w.-]+):(\d+)/m.exec(nginx);
  if (!upstream) problem('nginx.conf: no upstream server');
  else {
    if (!services[upstream[1]]) problem(`nginx.conf: upstream ${upstream[1]} is no service`);
    if (String(env.PORT ?? 8000) !== upstream[2])
      problem(`nginx.conf: upstream port ${upstream[2]} is not the api's PORT`);
  }
}

// The Compose specification itself, where the plugin is installed.
let composeChecked = false;
try {
  execFileSync('docker', ['compose', 'version'], { stdio: 'ignore' });
  composeChecked = true;
} catch {
  // no Compose plugin here
}
if (composeChecked) {
  try {
    execFileSync('docker', ['compose', ...FILES.flatMap((f) => ['-f', join(dockerDir, f)]), 'config', '--quiet'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    problem(`docker compose config: ${String(e.stderr ?? e.message).trim()}`);
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`FAIL: ${p}`);
  process.exit(1);
}
console.log(
  `ok: ${FILES.join(' + ')}: ${Object.keys(services).length} services, images pinned, references and variables known` +
    (composeChecked ? ', docker compose config valid' : ' (no Compose plugin here: the specification was not checked)'),
);
