/**
 * Load benchmark of Bunting's hot paths (run by hand, not part of `npm test`):
 *
 *   npm run bench                                            # defaults: a few minutes on a laptop
 *   npm run bench -- --persons 1000000 --events 10000000     # the documented large run
 *   npm run bench -- --only flags-v2 --duration 20           # one scenario (or a comma-separated list)
 *
 * On a new database `bunting_bench_<time>` of the PostgreSQL at BENCH_DATABASE_URL (default
 * postgresql://postgres@127.0.0.1:5432/postgres; dropped at the end unless --keep), it starts the
 * built API as a child process, generates data (bench/generate.ts), then runs every scenario with
 * autocannon: a warm-up, then --duration seconds. Before them, in the same run, the references: a
 * bare node:http + pg server doing one primary-key SELECT per request, and the same SELECT behind
 * an empty Nest route (bench/reference-*.ts). Each row shows req/s, p50/p99 latency, errors, the
 * server's peak RSS (VmRSS of /proc/<pid>/status, sampled during the scenario), the ratio to the
 * bare reference and the target. Results: bench/results/<time>.{json,md} and latest.{json,md}.
 *
 * Options (also as BENCH_<NAME> environment variables, e.g. BENCH_PERSONS):
 *   --persons N (10000)  --events N (100000)  --flags N (100, for /flags)  --definition-flags N (300)
 *   --duration S (10)  --warmup S (3)  --connections N (50)  --slow-connections N (10, persons and analytics)
 *   --only a,b  --embedded (the API on the embedded database; data through /batch, no SQL seeding)
 *
 * The `scale-flags-1` and `scale-flags-3` rows (`--only scale`; PostgreSQL only) run the /flags
 * scenario against 1, then 3, more API processes started with REDIS_URL (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379), the load spread over them in turn; the second row's note gives the
 * ratio of 3 instances to 1 (req/s and p99). On 2 cores the total cannot triple: it shows what
 * running several instances costs there.
 *   --log-level L (warn; info logs every request)
 *   --profile (the API runs with --cpu-prof; profiles under bench/results/profiles)  --keep
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import { uuidv7 } from '@posthog/core';
import { apiCall, Api, createCohorts, createFlags, flagBody, seedPersonsAndEvents } from './generate';
import {
  ADMIN_URL,
  autocannon,
  AutocannonRequest,
  AutocannonResult,
  freePort,
  log,
  ROOT,
  sleep,
  sql,
  withDatabase,
} from './support';

// ---------------------------------------------------------------------------------------------
// options

const NUMBERS = [
  'persons',
  'events',
  'flags',
  'definition-flags',
  'duration',
  'warmup',
  'connections',
  'slow-connections',
];
const given: Record<string, string | boolean | undefined> = parseArgs({
  args: process.argv.slice(2),
  options: {
    ...Object.fromEntries(NUMBERS.map((name) => [name, { type: 'string' as const }])),
    only: { type: 'string' },
    'log-level': { type: 'string' },
    embedded: { type: 'boolean' },
    profile: { type: 'boolean' },
    keep: { type: 'boolean' },
  },
}).values;
const fromEnv = (name: string) => process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
function option(name: string, fallback: number): number;
function option(name: string, fallback: string | undefined): string | undefined;
function option(name: string, fallback: number | string | undefined): number | string | undefined {
  const raw = (given[name] as string | undefined) ?? fromEnv(name);
  if (raw === undefined) return fallback;
  if (typeof fallback === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, not ${raw}`);
    return n;
  }
  return raw;
}
const flag = (name: string) => given[name] === true || fromEnv(name) === '1';

const PERSONS = option('persons', 10_000);
const EVENTS = option('events', 100_000);
const FLAGS = option('flags', 100);
const DEFINITION_FLAGS = option('definition-flags', 300);
const DURATION = option('duration', 10);
const WARMUP = option('warmup', 3);
const CONNECTIONS = option('connections', 50);
const SLOW_CONNECTIONS = option('slow-connections', 10);
const ONLY = option('only', undefined)
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const EMBEDDED = flag('embedded');
const PROFILE = flag('profile');
const KEEP = flag('keep');
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The scale rows spread their connections over 1 or 3 instances: a multiple of 3, for both. */
const SCALE_CONNECTIONS = Math.max(3, Math.ceil(CONNECTIONS / 3) * 3);

const RESULTS = join(ROOT, 'bench/results');
/** Every scenario of the API keeps its peak RSS at or under this. */
const RSS_CEILING_MB = 256;
/** The analytics rows that list the persons behind a step or cell, with the 200 ms p50 target. */
const PERSONS_BEHIND = new Set(['funnel-week', 'retention-weekly', 'path-week']);
const alnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => chars[b % chars.length]).join('');
};

// ---------------------------------------------------------------------------------------------
// processes

interface Child {
  name: string;
  proc: ChildProcess;
  base: string;
  output(): string;
}

/** The bytes of one response as they came over the wire (not inflated), and its Content-Encoding. */
function wireBody(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding?: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Starts a node script; resolves once `ready(output)` gives its base URL. */
async function startNode(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  ready: (out: string) => Promise<string | undefined>,
  nodeArgs: string[] = [],
): Promise<Child> {
  const clean: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete clean.NODE_OPTIONS;
  const proc = spawn(process.execPath, [...nodeArgs, script], { cwd: ROOT, env: clean });
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  proc.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}:\n${out}`);
    const base = await ready(out);
    if (base) return { name, proc, base, output: () => out };
    await sleep(100);
  }
  proc.kill('SIGTERM');
  throw new Error(`${name} did not start:\n${out}`);
}

async function stop(child: Child | undefined): Promise<void> {
  if (!child || child.proc.exitCode !== null) return;
  const exited = new Promise((r) => child.proc.once('exit', r));
  child.proc.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
}

const listening = (out: string) => {
  const m = /listening (\d+)/.exec(out);
  return Promise.resolve(m ? `http://127.0.0.1:${m[1]}` : undefined);
};

/** CPU time (user + system, ms) a process used so far; 0 when unknown. */
function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis: state is the 3rd, utime the 14th, stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Peak VmRSS (MB) of processes together while `fn` runs, sampled every 200 ms. */
async function withRss<T>(pids: (number | undefined)[], fn: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = () => {
    let total = 0;
    for (const pid of pids) {
      if (!pid) continue;
      try {
        const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) total += Number(m[1]) / 1024;
      } catch {
        // gone or not Linux
      }
    }
    peak = Math.max(peak, total);
  };
  sample();
  const timer = setInterval(sample, 200);
  try {
    const value = await fn();
    sample();
    return [value, peak];
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// scenarios

interface Target {
  /** What is checked: req/s, a derived unit per second, latency, or req/s as a ratio to ref-bare's. */
  metric: 'rps' | 'unit' | 'p50' | 'p99' | 'bare';
  op: '>=' | '<=';
  value: number;
}

interface Scenario {
  name: string;
  description: string;
  /** Derived throughput (events/s, flags/s): requests/s times this. */
  unit?: { name: string; perRequest: number };
  connections: number;
  targets: Target[];
  /** Statuses that are not errors. */
  ok: number[];
  /** The server it loads (default the API). */
  server?: Child;
  /** Several servers it loads in turn (after `before`); CPU and RSS are their sums. */
  servers?: () => Child[];
  url?: string;
  requests: AutocannonRequest[];
  /** Runs after the measured run; returns an error count to add (e.g. lost events). */
  verify?: (ok: number, warmupOk: number) => Promise<{ errors: number; note: string }>;
  before?: () => Promise<void>;
  /** Passes only when its derived throughput is at least `share` of that scenario's (measured before it in the run). */
  relativeTo?: { scenario: string; share: number };
}

interface Row {
  scenario: string;
  description: string;
  connections: number;
  duration_s: number;
  requests: number;
  rps: number;
  unit?: string;
  unit_per_s?: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  rss_mb: number;
  /** The server's CPU time (user + system) per request during the measured run. */
  cpu_ms_per_request: number | null;
  ratio_to_bare: number | null;
  ratio_to_nest: number | null;
  targets: string;
  pass: boolean | null;
  note?: string;
}

/**
 * Waits until no client's statement runs on the bench database (autovacuum's do not count): a
 * request autocannon gave up on (its 10 s timeout) goes on in PostgreSQL until it ends or meets
 * the statement timeout (30 s), and would otherwise take its CPU from the next row. Logs the
 * wait; gives up after 60 s.
 */
async function previousRowDone(url: string): Promise<void> {
  const started = Date.now();
  let running: number;
  do {
    running = await sql(url, async (c) => {
      const r = await c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend' AND state = 'active'
            AND pid <> pg_backend_pid()`,
      );
      return r.rows[0].n as number;
    });
    if (running > 0) await sleep(250);
  } while (running > 0 && Date.now() - started < 60_000);
  const waited = Date.now() - started;
  if (waited >= 1000 || running > 0) {
    log(
      `waited ${(waited / 1000).toFixed(1)} s for the previous row's statements${running > 0 ? ` (${running} still running)` : ''}`,
    );
  }
}

async function runScenario(s: Scenario, api: Child, bare: Row | undefined, nest: Row | undefined): Promise<Row> {
  await s.before?.();
  const servers = s.servers?.() ?? [s.server ?? api];
  const url = s.url ?? (servers.length > 1 ? servers.map((c) => c.base) : servers[0].base);
  const pids = servers.map((c) => c.proc.pid);
  const cpuOf = () => pids.reduce<number>((n, pid) => n + cpuMs(pid), 0);
  const okOf = (r: AutocannonResult) =>
    Object.entries(r.statusCodeStats ?? {}).reduce(
      (n, [code, { count }]) => n + (s.ok.includes(Number(code)) ? count : 0),
      0,
    );
  const warmupOk =
    WARMUP > 0
      ? okOf(await autocannon({ url, connections: s.connections, duration: WARMUP, requests: s.requests }))
      : 0;
  const cpuBefore = cpuOf();
  const [r, rss] = await withRss(pids, async () =>
    autocannon({ url, connections: s.connections, duration: DURATION, requests: s.requests }),
  );
  const cpu = cpuOf() - cpuBefore;
  let ok = 0;
  let badStatus = 0;
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) {
    if (s.ok.includes(Number(code))) ok += count;
    else badStatus += count;
  }
  let errors = r.errors + r.timeouts + badStatus;
  let note: string | undefined;
  if (s.verify) {
    const v = await s.verify(ok, warmupOk);
    errors += v.errors;
    note = v.note;
  }
  // Requests still running when the run ends count nowhere in autocannon: a row that answered
  // nothing (every request slower than the run, or than the 10 s timeout) must not pass.
  if (ok === 0) note = [note, 'no request answered within the run'].filter(Boolean).join('; ');
  const rps = ok / r.duration;
  const requests = Object.values(r.statusCodeStats ?? {}).reduce((n, { count }) => n + count, 0);
  const unitPerS = s.unit ? rps * s.unit.perRequest : undefined;
  const row: Row = {
    scenario: s.name,
    description: s.description,
    connections: s.connections,
    duration_s: r.duration,
    requests: ok,
    rps,
    unit: s.unit?.name,
    unit_per_s: unitPerS,
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors,
    rss_mb: rss,
    cpu_ms_per_request: requests > 0 && cpu > 0 ? cpu / requests : null,
    ratio_to_bare: bare && bare.rps > 0 ? rps / bare.rps : null,
    ratio_to_nest: nest && nest.rps > 0 ? rps / nest.rps : null,
    targets: '',
    pass: null,
    note,
  };
  if (s.targets.length > 0 || (s.server === undefined && s.servers === undefined)) {
    const checks = [...s.targets];
    const texts: string[] = [];
    let pass = errors === 0 && ok > 0;
    for (const t of checks) {
      const actual = {
        rps,
        unit: unitPerS ?? 0,
        p50: r.latency.p50,
        p99: r.latency.p99,
        bare: row.ratio_to_bare ?? 0,
      }[t.metric];
      const holds = t.op === '>=' ? actual >= t.value : actual <= t.value;
      pass &&= holds;
      const label = { rps: 'req/s', unit: s.unit?.name, p50: 'p50 ms', p99: 'p99 ms', bare: 'vs bare' }[t.metric];
      const value = t.metric === 'bare' ? `${t.value}×` : t.value.toLocaleString('en');
      texts.push(`${label} ${t.op === '>=' ? '≥' : '≤'} ${value}`);
    }
    if (s.server === undefined && s.servers === undefined) {
      pass &&= rss <= RSS_CEILING_MB;
      texts.push('0 errors', `RSS ≤ ${RSS_CEILING_MB} MB`);
    }
    row.targets = texts.join(', ');
    row.pass = pass;
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// output

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined
    ? ''
    : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(rows: Row[]): string {
  const head = [
    'scenario',
    'conns',
    'req/s',
    'derived/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'RSS MB',
    'CPU ms/req',
    'vs bare',
    'vs Nest',
    'target',
    'pass',
  ];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.connections),
    fmt(r.rps),
    r.unit ? `${fmt(r.unit_per_s)} ${r.unit}` : '',
    fmt(r.p50_ms),
    fmt(r.p99_ms),
    String(r.errors),
    fmt(r.rss_mb),
    fmt(r.cpu_ms_per_request, 2),
    r.ratio_to_bare === null ? '' : `${fmt(r.ratio_to_bare, 3)}×`,
    r.ratio_to_nest === null ? '' : `${fmt(r.ratio_to_nest, 3)}×`,
    r.targets,
    r.pass === null ? '' : r.pass ? 'yes' : '**no**',
  ]);
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map((h, i) => (i === 0 || i === 11 ? '---' : '---:')).join(' | ')} |`,
    ...lines.map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
}

/**
 * The rows of this run beside those of the other database's latest run (`latest-postgres.json`
 * or `latest-embedded.json`): req/s as a ratio to the bare reference of each run, and pass.
 */
function besideTable(rows: Row[], embedded: boolean): string {
  const file = join(RESULTS, `latest-${embedded ? 'postgres' : 'embedded'}.json`);
  let other: { started: string; results: Row[] };
  try {
    other = JSON.parse(readFileSync(file, 'utf8')) as { started: string; results: Row[] };
  } catch {
    return '';
  }
  const [pg, em] = embedded ? [other.results, rows] : [rows, other.results];
  const names = [...new Set([...pg, ...em].map((r) => r.scenario))].filter((n) => !n.startsWith('ref-'));
  const cell = (r: Row | undefined) =>
    r
      ? [
          r.ratio_to_bare === null ? '' : `${fmt(r.ratio_to_bare, 3)}×`,
          r.pass === null ? '' : r.pass ? 'yes' : '**no**',
        ]
      : ['', ''];
  const lines = names.map((n) => [
    n,
    ...cell(pg.find((r) => r.scenario === n)),
    ...cell(em.find((r) => r.scenario === n)),
  ]);
  return [
    `PostgreSQL beside the embedded database (the other run: ${other.started}):`,
    '',
    '| scenario | PostgreSQL vs bare | pass | embedded vs bare | pass |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...lines.map((l) => `| ${l.join(' | ')} |`),
    '',
  ].join('\n');
}

function machine(): Record<string, string | number> {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    cpu_model: cpu[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    database: '',
  };
}

// ---------------------------------------------------------------------------------------------
// main

async function main(): Promise<void> {
  const started = new Date();
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  log('building (dist/ and dist/bench/)');
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/run.js'), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  const dbName = `bunting_bench_${Date.now()}`;
  const info = machine();
  const dbUrl = withDatabase(ADMIN_URL, dbName);
  let dataDir: string | undefined;
  await sql(ADMIN_URL, async (c) => {
    info.database = `${EMBEDDED ? 'embedded (PGlite) for the API; references on ' : ''}PostgreSQL ${
      (await c.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version'])).rows[0].v
    } at ${new URL(ADMIN_URL).host}`;
    await c.query(`CREATE DATABASE ${dbName}`);
  });
  const key = `phx_${alnum(43)}`;
  const token = `phc_${alnum(43)}`;
  const children: Child[] = [];
  const rows: Row[] = [];
  try {
    if (EMBEDDED) dataDir = mkdtempSync(join(tmpdir(), 'bunting-bench-'));
    const profileDir = join(RESULTS, 'profiles', stamp);
    if (PROFILE) mkdirSync(profileDir, { recursive: true });
    const apiPort = await freePort();
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const apiEnv: NodeJS.ProcessEnv = {
      HOST: '127.0.0.1',
      LOG_LEVEL: option('log-level', 'warn'),
      BOOTSTRAP_API_KEY: key,
      BOOTSTRAP_PROJECT_TOKEN: token,
      RATE_LIMIT_ENABLED: 'false',
      // one key drives every scenario: lift the fairness bounds per user and project (the
      // service-wide slots of expensive work still apply) and the failed-auth throttle
      EXPENSIVE_CONCURRENCY_PER_USER: '1000',
      EXPENSIVE_CONCURRENCY_PER_PROJECT: '1000',
      AUTH_FAILURES_PER_MINUTE: '0',
      SCHEDULER_ENABLED: 'false',
      DATABASE_STATEMENT_TIMEOUT_MS: '600000',
      EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS: '3600',
    };
    const ready = (base: string) => async () => {
      try {
        return (await fetch(`${base}/_readyz`)).ok ? base : undefined;
      } catch {
        return undefined; // not listening yet
      }
    };
    const api = await startNode(
      'api',
      join(ROOT, 'dist/apps/api/src/main.js'),
      {
        ...apiEnv,
        ...(EMBEDDED ? { DATABASE_URL: undefined, DATA_DIR: dataDir } : { DATABASE_URL: dbUrl }),
        PORT: String(apiPort),
      },
      ready(apiBase),
      PROFILE ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    );
    children.push(api);
    // The scale rows' API processes, on the same database with Redis, started when first needed.
    const scaleApis: Child[] = [];
    const redisPrefix = `bunting-bench-${alnum(8)}`;
    const scaleUp = async (n: number) => {
      while (scaleApis.length < n) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const child = await startNode(
          `api-${scaleApis.length + 1}`,
          join(ROOT, 'dist/apps/api/src/main.js'),
          { ...apiEnv, DATABASE_URL: dbUrl, REDIS_URL: REDIS_URL, REDIS_KEY_PREFIX: redisPrefix, PORT: String(port) },
          ready(base),
        );
        children.push(child);
        scaleApis.push(child);
      }
      log(`${scaleApis.length} API processes with REDIS_URL: ${scaleApis.map((c) => c.base).join(', ')}`);
    };
    const apiAuth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const a: Api = { base: api.base, key };
    const projects = await apiCall<{ results: { id: number }[] }>(a, 'GET', '/api/projects/');
    const projectId = projects.results[0].id;
    log(`API at ${api.base} (pid ${api.proc.pid}), project ${projectId}, database ${EMBEDDED ? dataDir : dbName}`);

    // Data.
    if (EMBEDDED) {
      await seedThroughBatch(api.base, token, PERSONS, EVENTS);
    } else {
      await seedPersonsAndEvents(dbUrl, projectId, PERSONS, EVENTS, log);
    }
    const cohorts = await createCohorts(a, projectId);
    let t = Date.now();
    await createFlags(a, projectId, FLAGS, cohorts);
    log(`${FLAGS} flags through the API in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const defs = await apiCall<{ id: number; api_token: string }>(a, 'POST', '/api/projects/', { name: 'Definitions' });
    const defsCohorts = await createCohorts(a, defs.id);
    t = Date.now();
    await createFlags(a, defs.id, DEFINITION_FLAGS, defsCohorts);
    log(`${DEFINITION_FLAGS} flags (definitions project) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const creates = await apiCall<{ id: number }>(a, 'POST', '/api/projects/', { name: 'Flag creation' });
    const createsCohorts = await createCohorts(a, creates.id);

    // References, on the same database.
    const refUrl = EMBEDDED ? withDatabase(ADMIN_URL, dbName) : dbUrl;
    if (EMBEDDED) {
      await sql(refUrl, (c) =>
        c.query(`CREATE TABLE projects (id int PRIMARY KEY, name text, api_token text);
                 INSERT INTO projects VALUES (1, 'Default project', '${token}')`),
      );
    }
    const bare = await startNode(
      'bare',
      join(ROOT, 'dist/bench/reference-bare.js'),
      { DATABASE_URL: refUrl, PORT: '0' },
      listening,
    );
    children.push(bare);
    const nest = await startNode(
      'nest',
      join(ROOT, 'dist/bench/reference-nest.js'),
      { DATABASE_URL: refUrl, PORT: '0' },
      listening,
    );
    children.push(nest);

    const distinctId = () => (Math.random() < 0.1 ? 'anon-' : 'user-') + (1 + Math.floor(Math.random() * PERSONS));
    let etag = '';
    let createCounter = 0;
    let eventsBefore = 0;
    let slackBefore = 0;
    let signups = 0;
    /** 100 events; with `signup`, the last is one of the 10 event names that post to Slack. */
    const batchBody = (apiKey: string, signup = false) => {
      const now = new Date().toISOString();
      const batch = Array.from({ length: 100 }, (_, i) => ({
        event: signup && i === 99 ? `bench signup ${signups++ % 10}` : i % 3 === 0 ? '$pageview' : 'bench event',
        // Known persons, and one id in ten never seen before (a new person each).
        distinct_id: Math.random() < 0.1 ? `new-${randomUUID()}` : distinctId(),
        // Time-ordered, from the generator posthog-node and posthog-js use for events.
        uuid: uuidv7(),
        timestamp: now,
        properties: { $current_url: 'https://example.com/bench', n: i, $lib: 'bench' },
      }));
      return JSON.stringify({ api_key: apiKey, batch });
    };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const qs = (params: Record<string, unknown>) =>
      Object.entries(params)
        .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
        .join('&');
    const persons = `/api/projects/${projectId}/persons`;
    const steps = [{ id: '$pageview' }, { id: 'signed up' }, { id: 'purchased' }];
    const week = { date_from: day(-7), date_to: day(0) };
    const analytics: [string, string][] = [
      // `refresh`: computed on every request; trends, funnel and path answers are otherwise kept
      // (PostHog's cached_by_filters), which the two `-kept` rows measure.
      [
        'trends-day',
        `${persons}/trends/?${qs({ entity_id: '$pageview', date_from: day(-1), date_to: day(-1), refresh: 'true' })}`,
      ],
      [
        'trends-day-person-filter',
        `${persons}/trends/?${qs({ entity_id: '$pageview', date_from: day(-1), date_to: day(-1), properties: [{ key: 'plan', value: 'pro', type: 'person' }], refresh: 'true' })}`,
      ],
      ['funnel-week', `${persons}/funnel/?${qs({ events: steps, ...week, funnel_step: 2, refresh: 'true' })}`],
      ['funnel-week-kept', `${persons}/funnel/?${qs({ events: steps, ...week, funnel_step: 2 })}`],
      [
        'path-week',
        `${persons}/path/?${qs({ ...week, start_point: 'https://example.com/', end_point: 'https://example.com/pricing', refresh: 'true' })}`,
      ],
      [
        'path-week-kept',
        `${persons}/path/?${qs({ ...week, start_point: 'https://example.com/', end_point: 'https://example.com/pricing' })}`,
      ],
      [
        'lifecycle-week',
        `${persons}/lifecycle/?${qs({ entity_id: '$pageview', target_date: day(-7), lifecycle_type: 'new', interval: 'week' })}`,
      ],
      ['stickiness-week', `${persons}/stickiness/?${qs({ entity_id: '$pageview', ...week, stickiness_days: 2 })}`],
      [
        'retention-weekly',
        `${persons}/retention/?${qs({ period: 'Week', total_intervals: 5, date_to: day(0), selected_interval: 1 })}`,
      ],
      ['values-plan', `${persons}/values/?key=plan`],
    ];

    const scenarios: Scenario[] = [
      {
        name: 'ref-bare',
        description: 'node:http + pg, one primary-key SELECT per request',
        connections: CONNECTIONS,
        targets: [],
        ok: [200],
        server: bare,
        requests: [{ method: 'GET', path: '/' }],
      },
      {
        name: 'ref-nest',
        description: 'the same SELECT behind an empty Nest route (platform-express)',
        connections: CONNECTIONS,
        targets: [],
        ok: [200],
        server: nest,
        requests: [{ method: 'GET', path: '/project' }],
      },
      {
        name: 'ref-nest-empty',
        description: 'an empty Nest route answering a constant (no database)',
        connections: CONNECTIONS,
        targets: [],
        ok: [200],
        server: nest,
        requests: [{ method: 'GET', path: '/empty' }],
      },
      {
        name: 'flags-v2',
        description: `POST /flags?v=2, ${FLAGS} flags, stored persons, random distinct ids`,
        connections: CONNECTIONS,
        targets: [
          { metric: 'bare', op: '>=', value: 0.35 },
          { metric: 'p99', op: '<=', value: 30 },
        ],
        ok: [200],
        requests: [
          {
            method: 'POST',
            path: '/flags?v=2',
            headers: { 'Content-Type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ token, distinct_id: distinctId() }) }),
          },
        ],
      },
      ...(EMBEDDED
        ? []
        : [1, 3].map((n): Scenario => ({
            name: `scale-flags-${n}`,
            description: `POST /flags?v=2 as flags-v2, over ${n} API process${n > 1 ? 'es' : ''} with REDIS_URL in turn`,
            connections: SCALE_CONNECTIONS,
            targets: [],
            ok: [200],
            before: () => scaleUp(n),
            servers: () => scaleApis.slice(0, n),
            requests: [
              {
                method: 'POST',
                path: '/flags?v=2',
                headers: { 'Content-Type': 'application/json' },
                setupRequest: (req) => ({ ...req, body: JSON.stringify({ token, distinct_id: distinctId() }) }),
              },
            ],
          }))),
      {
        name: 'definitions-200',
        description: `GET /flags/definitions, ${DEFINITION_FLAGS} flags, full body, gzip as posthog-node's fetch asks`,
        connections: CONNECTIONS,
        targets: [{ metric: 'bare', op: '>=', value: 0.4 }],
        ok: [200],
        requests: [
          {
            method: 'GET',
            path: `/flags/definitions?token=${defs.api_token}`,
            headers: { ...apiAuth, 'Accept-Encoding': 'gzip, deflate' },
          },
        ],
        verify: async () => {
          // What went over the wire: the compressed body, against the plain one.
          const path = `/flags/definitions?token=${defs.api_token}`;
          const zipped = await wireBody(`${api.base}${path}`, { ...apiAuth, 'Accept-Encoding': 'gzip, deflate' });
          const plain = await wireBody(`${api.base}${path}`, apiAuth);
          const gzip = zipped.encoding === 'gzip';
          const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
          return {
            errors: gzip ? 0 : 1,
            note: gzip
              ? `body ${kb(zipped.bytes)} gzip-compressed, ${kb(plain.bytes)} plain`
              : `body not compressed (Content-Encoding ${zipped.encoding ?? 'none'})`,
          };
        },
      },
      {
        name: 'definitions-200-plain',
        description: `GET /flags/definitions, ${DEFINITION_FLAGS} flags, full body, uncompressed (no Accept-Encoding)`,
        connections: CONNECTIONS,
        targets: [],
        ok: [200],
        requests: [{ method: 'GET', path: `/flags/definitions?token=${defs.api_token}`, headers: apiAuth }],
      },
      {
        name: 'definitions-304',
        description: `GET /flags/definitions with If-None-Match (${DEFINITION_FLAGS} flags)`,
        connections: CONNECTIONS,
        targets: [{ metric: 'bare', op: '>=', value: 0.7 }],
        ok: [304],
        before: async () => {
          const res = await fetch(`${api.base}/flags/definitions?token=${defs.api_token}`, { headers: apiAuth });
          etag = res.headers.get('etag') ?? '';
          if (!etag) throw new Error('no ETag on /flags/definitions');
        },
        requests: [
          {
            method: 'GET',
            path: `/flags/definitions?token=${defs.api_token}`,
            setupRequest: (req) => ({ ...req, headers: { ...apiAuth, 'If-None-Match': etag } }),
          },
        ],
      },
      // The reads of persons and events run before the rows that write events, so that they read the
      // generated data (the /batch rows add ~250,000 events to the last week).
      {
        name: 'persons-filter',
        description: `GET …/persons/?properties=[plan = pro, country = DE] on ${PERSONS.toLocaleString('en')} persons`,
        connections: SLOW_CONNECTIONS,
        targets: [{ metric: 'p50', op: '<=', value: 50 }],
        ok: [200],
        requests: [
          {
            method: 'GET',
            path: `${persons}/?${qs({
              properties: [
                { key: 'plan', value: 'pro', operator: 'exact', type: 'person' },
                { key: 'country', value: 'DE', operator: 'exact', type: 'person' },
              ],
            })}`,
            headers: apiAuth,
          },
        ],
      },
      ...analytics.map(([name, path]): Scenario => ({
        name: `analytics-${name}`,
        description: `GET ${path.split('?')[0].replace(persons, '…/persons')} on ${EVENTS.toLocaleString('en')} events`,
        connections: SLOW_CONNECTIONS,
        // The persons behind a funnel step, a retention cell and a path: interactive on 1,000,000 events.
        targets: PERSONS_BEHIND.has(name) ? [{ metric: 'p50', op: '<=', value: 200 }] : [],
        ok: [200],
        requests: [{ method: 'GET', path, headers: apiAuth }],
      })),
      {
        name: 'batch',
        description: '/batch, 100 events per request (known persons, 10 % of ids new), counted after',
        unit: { name: 'events/s', perRequest: 100 },
        connections: CONNECTIONS,
        targets: [{ metric: 'unit', op: '>=', value: 30_000 }],
        ok: [200],
        before: async () => {
          if (!EMBEDDED) eventsBefore = await countEvents(projectId, refUrl);
        },
        requests: [
          {
            method: 'POST',
            path: '/batch/',
            headers: { 'Content-Type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: batchBody(token) }),
          },
        ],
        verify: async (ok, warmupOk) => {
          // The warm-up ingests too: every accepted event of both must be stored.
          if (EMBEDDED) return { errors: 0, note: 'events not counted on the embedded database' };
          const after = await countEvents(projectId, refUrl);
          const accepted = (warmupOk + ok) * 100;
          const lost = Math.max(0, accepted - (after - eventsBefore));
          return {
            errors: lost,
            note: `${accepted.toLocaleString('en')} events accepted (warm-up included), ${lost} lost`,
          };
        },
      },
      {
        name: 'batch-slack',
        description:
          '/batch as above, after the project got a Slack webhook and 10 post_to_slack definitions; 1 event in 100 posted',
        unit: { name: 'events/s', perRequest: 100 },
        connections: CONNECTIONS,
        targets: [],
        relativeTo: { scenario: 'batch', share: 0.95 },
        ok: [200],
        before: async () => {
          await setUpPostToSlack(a, projectId, token);
          if (!EMBEDDED) slackBefore = await countSlackMessages(projectId, refUrl);
        },
        requests: [
          {
            method: 'POST',
            path: '/batch/',
            headers: { 'Content-Type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: batchBody(token, true) }),
          },
        ],
        verify: async (ok, warmupOk) => {
          // Every accepted batch carried one posted event: its Slack message must be in the outbox.
          if (EMBEDDED) return { errors: 0, note: 'Slack messages not counted on the embedded database' };
          // Written in each batch's transaction: all there once the last answer came (the wait is a safeguard).
          let queued = 0;
          for (let tries = 0; tries < 50; tries++) {
            queued = (await countSlackMessages(projectId, refUrl)) - slackBefore;
            if (queued >= warmupOk + ok) break;
            await sleep(100);
          }
          const lost = Math.max(0, warmupOk + ok - queued);
          return { errors: lost, note: `${queued.toLocaleString('en')} Slack messages queued, ${lost} missing` };
        },
      },
      {
        name: 'flags-list',
        description: 'GET …/feature_flags/ (first page of 100)',
        connections: CONNECTIONS,
        targets: [{ metric: 'rps', op: '>=', value: 1000 }],
        ok: [200],
        requests: [{ method: 'GET', path: `/api/projects/${projectId}/feature_flags/`, headers: apiAuth }],
      },
      {
        name: 'flags-create',
        description: 'POST …/feature_flags/ (the flag mix, unique keys)',
        unit: { name: 'flags/s', perRequest: 1 },
        connections: 10,
        targets: [{ metric: 'unit', op: '>=', value: 500 }],
        ok: [201],
        requests: [
          {
            method: 'POST',
            path: `/api/projects/${creates.id}/feature_flags/`,
            headers: apiAuth,
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(flagBody(createCounter++, createsCohorts, `bench-${createCounter}`)),
            }),
          },
        ],
      },
    ];
    const selected = scenarios.filter(
      (s) => !ONLY || s.name.startsWith('ref-') || ONLY.some((o) => s.name === o || s.name.startsWith(`${o}-`)),
    );
    let bareRow: Row | undefined;
    let nestRow: Row | undefined;
    for (const s of selected) {
      if (!EMBEDDED) await previousRowDone(refUrl);
      log(`${s.name}: ${s.description} (${s.connections} connections, ${WARMUP} s warm-up, ${DURATION} s)`);
      const row = await runScenario(s, api, bareRow, nestRow).catch((e: unknown) => {
        throw new Error(`${s.name}: ${e instanceof Error ? e.message : String(e)}`);
      });
      if (s.relativeTo) {
        const base = rows.find((r) => r.scenario === s.relativeTo!.scenario);
        const share = s.relativeTo.share;
        row.targets = `0 errors, ≥ ${Math.round(share * 100)} % of ${s.relativeTo.scenario}'s ${row.unit ?? 'req/s'}`;
        if (base) {
          const ratio = (row.unit_per_s ?? row.rps) / (base.unit_per_s ?? base.rps);
          row.pass = row.errors === 0 && ratio >= share;
          row.note = `${row.note ? `${row.note}; ` : ''}${(ratio * 100).toFixed(1)} % of ${s.relativeTo.scenario}`;
        } else {
          row.pass = null;
        }
      }
      if (s.name === 'ref-bare') {
        bareRow = row;
        row.ratio_to_bare = 1;
      }
      if (s.name === 'ref-nest') {
        nestRow = row;
        row.ratio_to_nest = 1;
      }
      const one = rows.find((r) => r.scenario === 'scale-flags-1');
      if (s.name === 'scale-flags-3' && one && one.rps > 0) {
        row.note =
          `3 instances / 1 instance: ${fmt(row.rps / one.rps, 2)}× req/s ` +
          `(${fmt(row.rps)} vs ${fmt(one.rps)}), p99 ${row.p99_ms} ms vs ${one.p99_ms} ms`;
      }
      rows.push(row);
      log(
        `  ${fmt(row.rps)} req/s${row.unit ? ` (${fmt(row.unit_per_s)} ${row.unit})` : ''}, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, ` +
          `errors ${row.errors}, RSS ${fmt(row.rss_mb)} MB, CPU ${fmt(row.cpu_ms_per_request, 2)} ms/req${row.pass === null ? '' : row.pass ? ', pass' : ', MISS'}${row.note ? ` — ${row.note}` : ''}`,
      );
    }

    // Report.
    const md = [
      `# Bunting benchmark, ${started.toISOString()}`,
      '',
      `Machine: ${info.cpus} × ${info.cpu_model}, ${info.memory_gb} GB, Linux ${info.kernel}, Node.js ${info.node}, ${info.database}; ` +
        'autocannon on the same machine.',
      `Data: ${PERSONS.toLocaleString('en')} persons, ${EVENTS.toLocaleString('en')} events over 90 days, ${FLAGS} flags for /flags, ` +
        `${DEFINITION_FLAGS} for the definitions. Each scenario: ${WARMUP} s warm-up, then ${DURATION} s.`,
      '',
      table(rows),
      '',
      '"vs bare", "vs Nest": req/s as a ratio to the bare node:http + pg reference and to the same SELECT behind an empty Nest route, measured in the same run. ' +
        'Errors: connection errors, timeouts, unexpected statuses and (for /batch) events accepted but not stored. ' +
        "RSS: peak of the server process during the scenario. CPU ms/req: the server process's CPU time (user + system, " +
        'from /proc; 10 ms ticks) over the measured run divided by its requests: what a request costs, whatever the load generator and the rest of the machine take. ' +
        'On the scale-flags rows, RSS and CPU are the sums over their API processes.',
      ...rows.filter((r) => r.note).map((r) => `- ${r.scenario}: ${r.note}`),
      '',
      besideTable(rows, EMBEDDED),
    ].join('\n');
    const json = JSON.stringify(
      {
        started: started.toISOString(),
        machine: info,
        options: {
          persons: PERSONS,
          events: EVENTS,
          flags: FLAGS,
          definition_flags: DEFINITION_FLAGS,
          duration: DURATION,
          warmup: WARMUP,
          connections: CONNECTIONS,
          slow_connections: SLOW_CONNECTIONS,
          only: ONLY ?? null,
          embedded: EMBEDDED,
        },
        results: rows,
      },
      null,
      2,
    );
    mkdirSync(RESULTS, { recursive: true });
    for (const name of [stamp, 'latest', `latest-${EMBEDDED ? 'embedded' : 'postgres'}`]) {
      writeFileSync(join(RESULTS, `${name}.json`), `${json}\n`);
      writeFileSync(join(RESULTS, `${name}.md`), md);
    }
    process.stdout.write(`\n${md}\nwritten to bench/results/${stamp}.{json,md} and latest.{json,md}\n`);
  } finally {
    for (const c of children.reverse()) await stop(c);
    if (PROFILE) log(`CPU profiles in bench/results/profiles/${stamp}`);
    if (KEEP) log(`kept database ${dbName}`);
    else await sql(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    if (dataDir && !KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The project's stored events. */
/**
 * Gives the project a Slack incoming webhook (a public address: the bench runs no scheduler, so
 * nothing is sent; the messages stay in the outbox) and 10 event definitions with post_to_slack.
 */
async function setUpPostToSlack(a: Api, projectId: number, token: string): Promise<void> {
  await apiCall(a, 'PATCH', `/api/projects/${projectId}/`, { slack_incoming_webhook: 'https://93.184.215.14/bench' });
  const names = Array.from({ length: 10 }, (_, i) => `bench signup ${i}`);
  const res = await fetch(`${a.base}/batch/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ api_key: token, batch: names.map((event) => ({ event, distinct_id: 'user-1' })) }),
  });
  if (res.status !== 200) throw new Error(`/batch: ${res.status} ${await res.text()}`);
  const definitions = await apiCall<{ results: Array<{ id: string; name: string }> }>(
    a,
    'GET',
    `/api/projects/${projectId}/event_definitions/?search=bench%20signup&limit=100`,
  );
  if (definitions.results.length !== 10) throw new Error(`${definitions.results.length} signup definitions, not 10`);
  for (const d of definitions.results) {
    await apiCall(a, 'PATCH', `/api/projects/${projectId}/event_definitions/${d.id}/`, { post_to_slack: true });
  }
}

async function countSlackMessages(projectId: number, url: string): Promise<number> {
  return sql(url, async (c) =>
    Number(
      (
        await c.query(
          'SELECT count(*)::text AS n FROM webhook_deliveries WHERE project_id = $1 AND webhook_id IS NULL',
          [projectId],
        )
      ).rows[0].n,
    ),
  );
}

async function countEvents(projectId: number, url: string): Promise<number> {
  return sql(url, async (c) =>
    Number((await c.query('SELECT count(*)::text AS n FROM events WHERE project_id = $1', [projectId])).rows[0].n),
  );
}

/** On the embedded database: persons ($identify with $set) and events through /batch, 1,000 per request. */
async function seedThroughBatch(base: string, token: string, persons: number, events: number): Promise<void> {
  const post = async (batch: unknown[]) => {
    const res = await fetch(`${base}/batch/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: token, batch }),
    });
    if (res.status !== 200) throw new Error(`/batch: ${res.status} ${await res.text()}`);
  };
  const t = Date.now();
  for (let i = 1; i <= persons; i += 1000) {
    const batch = [];
    for (let n = i; n < Math.min(persons + 1, i + 1000); n++) {
      batch.push({
        event: '$identify',
        distinct_id: `user-${n}`,
        properties: {
          $anon_distinct_id: n % 10 === 0 ? `anon-${n}` : undefined,
          $set: {
            email: `user${n}@example.com`,
            plan: ['free', 'pro', 'team'][n % 3],
            country: ['US', 'DE', 'FR', 'GB', 'IN', 'BR'][Math.floor(n / 3) % 6],
            age: 18 + ((n * 7) % 53),
            $browser: n % 5 === 0 ? 'Firefox' : 'Chrome',
            signup_count: n % 11,
          },
        },
      });
    }
    await post(batch);
  }
  const names = ['$pageview', '$pageview', '$pageview', '$autocapture', 'clicked', 'signed up', 'purchased'];
  for (let i = 1; i <= events; i += 1000) {
    const batch = [];
    for (let g = i; g < Math.min(events + 1, i + 1000); g++) {
      batch.push({
        event: names[(Math.floor(g / 7) + g) % 7],
        distinct_id: `user-${1 + ((g * 7919) % persons)}`,
        timestamp: new Date(Date.now() - Math.random() * 90 * 86_400_000).toISOString(),
        properties: { $current_url: 'https://example.com/' },
      });
    }
    await post(batch);
  }
  log(`${persons} persons and ${events} events through /batch in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
