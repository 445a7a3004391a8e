/**
 * Benchmark data: persons, distinct ids and events written with set-based SQL into Bunting's own
 * tables (the shape ingestion writes), cohorts and flags created through the HTTP API.
 *
 * Used by `npm run bench` (bench/run.ts); also runnable on its own against a running API:
 *
 *   tsc -p bench/tsconfig.json && node dist/bench/generate.js --database-url postgresql://… \
 *     --api http://127.0.0.1:8000 --key phx_… --project 1 [--persons 10000] [--events 100000] [--flags 100]
 */
import { parseArgs } from 'node:util';
import { Client } from 'pg';

export const PLANS = ['free', 'pro', 'team'];
export const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'IN', 'BR'];
export const EVENT_NAMES = ['$pageview', '$pageview', '$pageview', '$autocapture', 'clicked', 'signed up', 'purchased'];

/** Persons created over the last 120 days; events over the last 90. */
export const EVENT_DAYS = 90;

export interface Api {
  base: string;
  key: string;
}

async function call<T>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${api.key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

export const apiCall = call;

/**
 * `persons` persons (`user-<n>` distinct ids, a tenth also `anon-<n>`) with realistic properties,
 * then `events` events spread over the persons and the last 90 days. Set-based: a million persons
 * and ten million events take minutes, not hours.
 */
export async function seedPersonsAndEvents(
  url: string,
  projectId: number,
  persons: number,
  events: number,
  log: (msg: string) => void,
): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('SELECT setseed(0.42)');
    let t = Date.now();
    await c.query(
      `INSERT INTO persons (uuid, project_id, properties, is_identified, created_at)
       SELECT gen_random_uuid(), $1,
              jsonb_build_object(
                'email', 'user' || i || '@example.com',
                'plan', ($3::text[])[1 + i % 3],
                'country', ($4::text[])[1 + (i / 3) % 6],
                'age', 18 + (i * 7) % 53,
                '$browser', CASE WHEN i % 5 = 0 THEN 'Firefox' ELSE 'Chrome' END,
                'signup_count', i % 11),
              i % 4 <> 0, now() - interval '120 days' + (i::float8 / $2) * interval '120 days'
         FROM generate_series(1, $2::int) AS i`,
      [projectId, persons, PLANS, COUNTRIES],
    );
    // Each person's number n is its rank in the project (the ids of a fresh database start at 1,
    // but do not rely on it).
    await c.query(
      `INSERT INTO person_distinct_ids (project_id, person_id, distinct_id)
       SELECT project_id, id, 'user-' || n FROM (
         SELECT project_id, id, row_number() OVER (ORDER BY id) AS n FROM persons WHERE project_id = $1) p
       UNION ALL
       SELECT project_id, id, 'anon-' || n FROM (
         SELECT project_id, id, row_number() OVER (ORDER BY id) AS n FROM persons WHERE project_id = $1) p
        WHERE n % 10 = 0`,
      [projectId],
    );
    log(`persons: ${persons.toLocaleString('en')} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    // Event g belongs to person ((g * 7919) mod persons) + 1: every person gets events, spread
    // over the table; times uniform over the last 90 days.
    const first = Number(
      (await c.query('SELECT min(id)::text AS id FROM persons WHERE project_id = $1', [projectId])).rows[0].id,
    );
    const chunk = 1_000_000;
    for (let from = 1; from <= events; from += chunk) {
      const to = Math.min(events, from + chunk - 1);
      await c.query(
        `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp)
         SELECT gen_random_uuid(), $1, e.name, 'user-' || (p.id - $5 + 1), p.uuid,
                CASE WHEN e.name = '$pageview'
                     THEN jsonb_build_object('$current_url', ($6::text[])[1 + g % 4], '$browser', p.properties->>'$browser')
                     ELSE jsonb_build_object('$browser', p.properties->>'$browser') END,
                now() - random() * interval '${EVENT_DAYS} days'
           FROM generate_series($2::int, $3::int) AS g
           JOIN persons p ON p.id = $5 + (g::bigint * 7919) % $4
           CROSS JOIN LATERAL (SELECT ($7::text[])[1 + (g / 7 + g) % 7] AS name) e`,
        [
          projectId,
          from,
          to,
          persons,
          first,
          [
            'https://example.com/',
            'https://example.com/pricing',
            'https://example.com/docs',
            'https://example.com/blog',
          ],
          EVENT_NAMES,
        ],
      );
      if (events > chunk) log(`events: ${to.toLocaleString('en')} of ${events.toLocaleString('en')}`);
    }
    log(`events: ${events.toLocaleString('en')} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    await c.query('VACUUM ANALYZE persons, person_distinct_ids, events');
    log(`vacuum analyze: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await c.end();
  }
}

/** Two dynamic cohorts through the API (flags target them). */
export async function createCohorts(api: Api, projectId: number): Promise<number[]> {
  const and = (...values: object[]) => ({ properties: { type: 'AND', values: [{ type: 'AND', values }] } });
  const cohorts = [
    {
      name: 'German pros',
      filters: and({ key: 'plan', type: 'person', value: 'pro' }, { key: 'country', type: 'person', value: 'DE' }),
    },
    {
      name: 'Adults on Firefox',
      filters: and(
        { key: 'age', type: 'person', value: '30', operator: 'gt' },
        { key: '$browser', type: 'person', value: 'Firefox' },
      ),
    },
  ];
  const ids: number[] = [];
  for (const cohort of cohorts)
    ids.push((await call<{ id: number }>(api, 'POST', `/api/projects/${projectId}/cohorts/`, cohort)).id);
  return ids;
}

/**
 * The n-th flag of a realistic mix: property targeting with partial rollouts, multivariate with
 * payloads, cohort targeting, several OR-ed groups with numeric and text operators, plain rollouts.
 */
export function flagBody(n: number, cohorts: number[], prefix = 'flag'): Record<string, unknown> {
  const key = `${prefix}-${n}`;
  const person = (k: string, value: unknown, operator = 'exact') => ({ key: k, value, operator, type: 'person' });
  switch (n % 6) {
    case 0:
      return {
        key,
        name: `Pro rollout ${n}`,
        filters: { groups: [{ properties: [person('plan', ['pro', 'team'])], rollout_percentage: 50 }] },
      };
    case 1:
      return {
        key,
        name: `Experiment ${n}`,
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 34 },
              { key: 'test', rollout_percentage: 33 },
              { key: 'test-2', rollout_percentage: 33 },
            ],
          },
          payloads: { test: '{"color": "blue"}' },
        },
      };
    case 2:
      return {
        key,
        name: `Cohort flag ${n}`,
        filters: {
          groups: [
            {
              properties: [{ key: 'id', type: 'cohort', value: cohorts[n % cohorts.length] }],
              rollout_percentage: 100,
            },
          ],
        },
      };
    case 3:
      return {
        key,
        name: `Targeted ${n}`,
        filters: {
          groups: [
            {
              properties: [person('email', '@example.com', 'icontains'), person('age', '40', 'gt')],
              rollout_percentage: 80,
            },
            { properties: [person('country', ['US', 'GB'])], rollout_percentage: 20 },
          ],
        },
      };
    case 4:
      return {
        key,
        name: `Browser ${n}`,
        filters: {
          groups: [
            {
              properties: [person('$browser', 'Firefox'), person('signup_count', '5', 'gte')],
              rollout_percentage: 100,
            },
          ],
          payloads: { true: '{"enabled": true}' },
        },
      };
    default:
      return {
        key,
        name: `Rollout ${n}`,
        filters: { groups: [{ properties: [], rollout_percentage: (n * 13) % 100 }] },
      };
  }
}

/** `count` flags of the mix through `POST …/feature_flags/`, ten at a time. */
export async function createFlags(
  api: Api,
  projectId: number,
  count: number,
  cohorts: number[],
  prefix = 'flag',
): Promise<void> {
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, (_, j) =>
        call(api, 'POST', `/api/projects/${projectId}/feature_flags/`, flagBody(i + j, cohorts, prefix)),
      ),
    );
  }
}

async function main(): Promise<void> {
  const names = ['database-url', 'api', 'key', 'project', 'persons', 'events', 'flags'];
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
  });
  const opt = (name: string) => values[name] as string | undefined;
  const url = opt('database-url');
  const base = opt('api');
  const key = opt('key');
  const projectId = Number(opt('project') ?? 1);
  if (!url || !base || !key) {
    process.stderr.write(
      'usage: node dist/bench/generate.js --database-url URL --api URL --key phx_… [--project 1] [--persons N] [--events N] [--flags N]\n',
    );
    process.exit(2);
  }
  const log = (m: string) => process.stderr.write(`${m}\n`);
  const api = { base, key };
  await seedPersonsAndEvents(url, projectId, Number(opt('persons') ?? 10_000), Number(opt('events') ?? 100_000), log);
  const cohorts = await createCohorts(api, projectId);
  await createFlags(api, projectId, Number(opt('flags') ?? 100), cohorts);
  log('done');
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
