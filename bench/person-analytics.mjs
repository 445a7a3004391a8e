#!/usr/bin/env node
/* global fetch, URL, performance, setTimeout */
// Person analytics benchmark: seeds 1,000,000 events of 100,000 persons (set-based) into a
// throwaway database on a PostgreSQL server, starts the built API on it, and reports each
// analytics endpoint's latency over HTTP (p50/p99 of a few calls after a warm-up).
//
//   node bench/person-analytics.mjs [--calls 7] [--persons 100000] [--events-per-person 10] [--keep]
//
// DATABASE_URL names the server (default postgresql://postgres@127.0.0.1:5432/postgres); the
// benchmark creates bunting_bench_<time> there and drops it afterwards (unless --keep).
// Not part of `npm test`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const CALLS = option('calls', 7);
const PERSONS = option('persons', 100_000);
const EVENTS_PER_PERSON = option('events-per-person', 10);
const KEEP = args.includes('--keep');
const SERVER = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

const alnum = (n) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => chars[b % chars.length]).join('');
};
const KEY = `phx_${alnum(43)}`;
const TOKEN = `phc_${alnum(43)}`;
const DATABASE = `bunting_bench_${Date.now()}`;
// Persons are created over 30 days from here; their events follow over up to 10 days.
const START = '2024-03-01T00:00:00Z';

function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin(sql) {
  const c = new pg.Client({ connectionString: SERVER });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startApi(url, port) {
  const child = spawn(process.execPath, [join(root, 'scripts/run.js'), 'api'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_PROJECT_TOKEN: TOKEN,
      RATE_LIMIT_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_STATEMENT_TIMEOUT_MS: '120000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/_readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the API did not become ready');
}

/**
 * 100,000 persons created over 30 days (a third each on plans free/pro/team); each does ten
 * events: a session of pageviews (/home, then /pricing or /docs), signing up (half of them),
 * purchasing or clicking, then pageviews on later days, with some purchases.
 */
async function seed(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const [{ id: projectId }] = (await c.query('SELECT id FROM projects ORDER BY id LIMIT 1')).rows;
    await c.query('SELECT setseed(0.42)');
    let t = Date.now();
    await c.query(
      `INSERT INTO persons (uuid, project_id, properties, is_identified, created_at)
       SELECT gen_random_uuid(), $1,
              jsonb_build_object('email', 'user' || i || '@example.com', 'plan', (ARRAY['free', 'pro', 'team'])[1 + i % 3]),
              i % 4 = 0, $2::timestamptz + (i::float8 / $3) * interval '30 days'
         FROM generate_series(1, $3::int) AS i`,
      [projectId, START, PERSONS],
    );
    await c.query(
      `INSERT INTO person_distinct_ids (project_id, person_id, distinct_id)
       SELECT project_id, id, 'user-' || id FROM persons WHERE project_id = $1 ORDER BY id`,
      [projectId],
    );
    console.error(`persons: ${PERSONS} in ${Date.now() - t} ms`);
    t = Date.now();
    await c.query(
      `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp)
       SELECT gen_random_uuid(), p.project_id, x.event, 'user-' || p.id, p.uuid,
              CASE WHEN x.event = '$pageview' THEN jsonb_build_object('$current_url', x.url, '$browser', x.browser)
                   ELSE jsonb_build_object('$browser', x.browser) END,
              p.created_at + x.offset_minutes * interval '1 minute'
         FROM persons p
        CROSS JOIN LATERAL (
          SELECT k, r,
                 CASE WHEN k <= 2 THEN '$pageview'
                      WHEN k = 3 THEN CASE WHEN r < 0.5 THEN 'signed up' ELSE '$pageview' END
                      WHEN k = 4 THEN CASE WHEN r < 0.2 THEN 'purchased' ELSE 'clicked' END
                      ELSE CASE WHEN r < 0.05 THEN 'purchased' WHEN r < 0.15 THEN 'clicked' ELSE '$pageview' END END AS event,
                 CASE WHEN k = 1 THEN '/home' WHEN k = 2 THEN CASE WHEN r < 0.7 THEN '/pricing' ELSE '/docs' END
                      ELSE (ARRAY['/home', '/pricing', '/docs', '/blog'])[1 + floor(r * 4)::int] END AS url,
                 CASE WHEN p.id % 5 = 0 THEN 'Firefox' ELSE 'Chrome' END AS browser,
                 CASE WHEN k <= 4 THEN (k - 1) * 5 + floor(r * 5)
                      ELSE (k - 4) * 1440 + floor(r * 600) END AS offset_minutes
            -- random() per person and event (p.id keeps the planner from computing it once).
            FROM (SELECT k, random() + 0 * p.id AS r FROM generate_series(1, $2::int) AS k) kr
        ) x
        WHERE p.project_id = $1`,
      [projectId, EVENTS_PER_PERSON],
    );
    console.error(`events: ${PERSONS * EVENTS_PER_PERSON} in ${Date.now() - t} ms`);
    t = Date.now();
    await c.query('VACUUM ANALYZE persons, person_distinct_ids, events');
    console.error(`vacuum analyze in ${Date.now() - t} ms`);
    return projectId;
  } finally {
    await c.end();
  }
}

const qs = (params) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

function endpoints(projectId) {
  const p = `/api/projects/${projectId}/persons`;
  const steps = [{ id: '$pageview' }, { id: 'signed up' }, { id: 'purchased' }];
  const month = { date_from: '2024-03-01', date_to: '2024-04-10' };
  const week = { date_from: '2024-03-10', date_to: '2024-03-16' };
  return [
    [
      'trends (one day)',
      'GET',
      `${p}/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-12', date_to: '2024-03-12' })}`,
    ],
    [
      'trends (a week, weekly interval)',
      'GET',
      `${p}/trends/?${qs({ entity_id: '$pageview', ...week, interval: 'week' })}`,
    ],
    [
      'trends (a day, person filter)',
      'GET',
      `${p}/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-12', date_to: '2024-03-12', properties: [{ key: 'plan', value: 'pro', type: 'person' }] })}`,
    ],
    ['funnel ordered (a week, step 2)', 'GET', `${p}/funnel/?${qs({ events: steps, ...week, funnel_step: 2 })}`],
    ['funnel ordered (whole range, step 3)', 'GET', `${p}/funnel/?${qs({ events: steps, ...month, funnel_step: 3 })}`],
    [
      'funnel strict (a week, step 2)',
      'GET',
      `${p}/funnel/?${qs({ events: steps, ...week, funnel_step: 2, funnel_order_type: 'strict' })}`,
    ],
    [
      'funnel unordered (a week, step 3)',
      'GET',
      `${p}/funnel/?${qs({ events: steps, ...week, funnel_step: 3, funnel_order_type: 'unordered' })}`,
    ],
    ['funnel POST (a week, drop-off -3)', 'POST', `${p}/funnel/`, { events: steps, ...week, funnel_step: -3 }],
    [
      'funnel correlation (a week, not converted, clicked)',
      'GET',
      `${p}/funnel/correlation/?${qs({ events: steps.slice(0, 2), ...week, funnel_correlation_person_entity: { id: 'clicked', type: 'events' }, funnel_correlation_person_converted: 'FALSE' })}`,
    ],
    [
      'path (a week, /home → /pricing)',
      'GET',
      `${p}/path/?${qs({ ...week, start_point: '/home', end_point: '/pricing' })}`,
    ],
    [
      'path (a week, edge 1_/home → 2_/docs)',
      'GET',
      `${p}/path/?${qs({ ...week, path_start_key: '1_/home', path_end_key: '2_/docs' })}`,
    ],
    [
      'lifecycle (week of 2024-03-17, new)',
      'GET',
      `${p}/lifecycle/?${qs({ entity_id: '$pageview', target_date: '2024-03-17', lifecycle_type: 'new', interval: 'week' })}`,
    ],
    [
      'lifecycle (day, dormant)',
      'GET',
      `${p}/lifecycle/?${qs({ entity_id: '$pageview', target_date: '2024-03-17', lifecycle_type: 'dormant' })}`,
    ],
    [
      'stickiness (a week, 3 days)',
      'GET',
      `${p}/stickiness/?${qs({ entity_id: '$pageview', ...week, stickiness_days: 3 })}`,
    ],
    [
      'retention (weekly, 5 weeks, cohort 1)',
      'GET',
      `${p}/retention/?${qs({ period: 'Week', total_intervals: 5, date_to: '2024-04-07', selected_interval: 1 })}`,
    ],
    [
      'retention (daily first time, 11 days)',
      'GET',
      `${p}/retention/?${qs({ retention_type: 'retention_first_time', date_to: '2024-03-20' })}`,
    ],
    ['values (plan)', 'GET', `${p}/values/?key=plan`],
    ['values (email containing 99)', 'GET', `${p}/values/?key=email&value=99`],
    [
      'CSV: trends one day (10,000 rows max)',
      'GET',
      `${p}/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-12', date_to: '2024-03-12', format: 'csv' })}`,
    ],
  ];
}

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

// Every call computes: trends, funnel and path answers are otherwise kept (PostHog's cached_by_filters).
async function call(base, [, method, path, body]) {
  const started = performance.now();
  const res = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}refresh=true`, {
    method,
    headers: { Authorization: `Bearer ${KEY}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  let persons;
  if (text.startsWith('{')) {
    const json = JSON.parse(text);
    persons = json.results?.[0]?.count ?? json.result?.length;
  } else if (text.startsWith('[')) {
    persons = JSON.parse(text).length;
  } else {
    persons = text.split('\r\n').length - 2;
  }
  return { ms, persons };
}

async function main() {
  await admin(`CREATE DATABASE ${DATABASE}`);
  const url = withDatabase(SERVER, DATABASE);
  let api;
  try {
    api = await startApi(url, await freePort());
    const projectId = await seed(url);
    const rows = [];
    for (const endpoint of endpoints(projectId)) {
      await call(api.base, endpoint); // warm-up
      const times = [];
      let persons;
      for (let i = 0; i < CALLS; i++) {
        const r = await call(api.base, endpoint);
        times.push(r.ms);
        persons = r.persons;
      }
      times.sort((a, b) => a - b);
      rows.push({ endpoint: endpoint[0], persons, p50: percentile(times, 0.5), p99: percentile(times, 0.99) });
      const last = rows[rows.length - 1];
      console.error(
        `${last.endpoint}: p50 ${last.p50.toFixed(0)} ms, p99 ${last.p99.toFixed(0)} ms (${persons} persons in the page)`,
      );
    }
    const width = Math.max(...rows.map((r) => r.endpoint.length));
    console.log(
      `\nPerson analytics on ${PERSONS.toLocaleString('en')} persons / ${(PERSONS * EVENTS_PER_PERSON).toLocaleString('en')} events, ${CALLS} calls each (after one warm-up)\n`,
    );
    console.log(`${'endpoint'.padEnd(width)}  ${'p50 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  persons (page)`);
    for (const r of rows) {
      console.log(
        `${r.endpoint.padEnd(width)}  ${r.p50.toFixed(1).padStart(8)}  ${r.p99.toFixed(1).padStart(8)}  ${String(r.persons).padStart(6)}`,
      );
    }
  } finally {
    if (api) {
      api.child.kill('SIGTERM');
      await new Promise((r) => api.child.once('exit', r));
    }
    if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    else console.error(`kept ${url}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
