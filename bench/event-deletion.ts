/**
 * Benchmark of the event-deletion batch (run by hand, not part of `npm test`):
 *
 *   npm run bench:event-deletion
 *
 * On a new database of the PostgreSQL at BENCH_DATABASE_URL (default the local server), seeds
 * 5,000,000 events with set-based SQL (50,000 persons with 96 events each, time-ordered so a
 * person's events are spread over the table, plus 200,000 events of another project under the
 * same distinct ids), deletes 1,000 persons with `delete_events=true` through the API, then runs
 * `deletions run` (the built CLI, default chunk size) while autocannon sends a steady mix of API
 * reads and ingestion. Prints the batch's time and the API's latency with and without the batch
 * running. No assertions on time; it checks that exactly the queued persons' events went.
 *
 * Settings: BENCH_DATABASE_URL, BENCH_RATE (requests/s, default 150), BENCH_SECONDS (baseline
 * length, default 30), BENCH_KEEP=1 keeps the database.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  ADMIN_URL,
  autocannon,
  AutocannonRequest,
  AutocannonResult,
  freePort,
  log,
  ROOT,
  sql,
  withDatabase,
} from './support';

const RATE = Number(process.env.BENCH_RATE ?? 150);
const BASELINE_SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PERSONS = 50_000;
const EVENTS_PER_PERSON = 96;
const OTHER_PROJECT_EVENTS = 200_000;
const DELETED_PERSONS = 1_000;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  log(`${label}...`);
  const value = await fn();
  const seconds = (Date.now() - started) / 1000;
  log(`${label}: ${seconds.toFixed(1)} s`);
  return [value, seconds];
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/run.js'), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  const name = `bunting_bench_${Date.now()}`;
  await sql(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(ADMIN_URL, name);
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    SCHEDULER_ENABLED: 'false',
  };
  delete (env as Record<string, unknown>).NODE_OPTIONS;
  let server: ChildProcess | undefined;
  try {
    // The API, migrating and bootstrapping the new database.
    let banner = '';
    server = spawn(process.execPath, [join(ROOT, 'dist/apps/api/src/main.js')], { cwd: ROOT, env });
    server.stdout!.on('data', (c) => (banner += c));
    server.stderr!.on('data', (c) => process.stderr.write(c));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (/project id \d+/.test(banner)) break;
      if (i > 600) throw new Error(`server did not start:\n${banner}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const key = /personal API key\s+(phx_\w+)/.exec(banner)![1];
    const [, token, id] = /project token\s+(phc_\w+)\s+\(project id (\d+)\)/.exec(banner)!;
    const projectId = Number(id);
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const other = (await (
      await fetch(`${base}/api/projects/`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Other' }) })
    ).json()) as { id: number };

    const [, seedSeconds] = await timed('seeding 5,000,000 events', () =>
      sql(url, async (c) => {
        await c.query(
          `INSERT INTO persons (uuid, project_id, properties, is_identified)
           SELECT gen_random_uuid(), $1, jsonb_build_object('email', 'user' || g || '@example.com', 'plan', g % 3), true
             FROM generate_series(1, $2::int) g`,
          [projectId, PERSONS],
        );
        await c.query(
          `INSERT INTO person_distinct_ids (project_id, person_id, distinct_id)
           SELECT project_id, id, 'user-' || id FROM persons WHERE project_id = $1`,
          [projectId],
        );
        // Minute by minute, every person: one person's events land all over the table, as in life.
        await c.query(
          `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp)
           SELECT gen_random_uuid(), $1, (ARRAY['$pageview', '$autocapture', 'signed_up', 'purchased'])[1 + (k + p.id) % 4],
                  'user-' || p.id, p.uuid, jsonb_build_object('$current_url', 'https://example.com/page/' || k, 'n', k),
                  timestamptz '2025-01-01' + k * interval '1 hour' + p.id * interval '1 millisecond'
             FROM generate_series(1, $2::int) k
             CROSS JOIN LATERAL (SELECT id, uuid FROM persons WHERE project_id = $1) p`,
          [projectId, EVENTS_PER_PERSON],
        );
        // Another project: the same distinct ids (its own persons), never to be touched.
        await c.query(
          `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp)
           SELECT gen_random_uuid(), $1, '$pageview', 'user-' || (1 + g % 2000), md5('other' || (g % 2000))::uuid,
                  '{}', timestamptz '2025-01-01' + g * interval '1 second'
             FROM generate_series(1, $2::int) g`,
          [other.id, OTHER_PROJECT_EVENTS],
        );
        await c.query('VACUUM ANALYZE events');
        await c.query('ANALYZE persons');
        await c.query('ANALYZE person_distinct_ids');
      }),
    );

    // Every 50th person (ids spread over the table), deleted through the API.
    const persons = await sql(url, async (c) => {
      const rows = await c.query<{ id: number; uuid: string }>(
        `SELECT id::int, uuid::text FROM persons WHERE project_id = $1 ORDER BY id`,
        [projectId],
      );
      return rows.rows;
    });
    const doomed = persons.filter((_, i) => i % (PERSONS / DELETED_PERSONS) === 0);
    const keptIds = persons.filter((_, i) => i % (PERSONS / DELETED_PERSONS) === 1).map((p) => p.id);
    const [, queueSeconds] = await timed(`deleting ${DELETED_PERSONS} persons with delete_events=true`, async () => {
      for (let i = 0; i < doomed.length; i += 10) {
        await Promise.all(
          doomed.slice(i, i + 10).map(async (p) => {
            const res = await fetch(`${base}/api/projects/${projectId}/persons/${p.id}/?delete_events=true`, {
              method: 'DELETE',
              headers: auth,
            });
            if (res.status !== 204) throw new Error(`delete ${p.id}: ${res.status}`);
          }),
        );
      }
    });
    const before = await sql(url, async (c) => {
      const r = await c.query<{ total: number; doomed: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE project_id = $1 AND person_id = ANY($2::uuid[]))::int AS doomed
           FROM events`,
        [projectId, doomed.map((p) => p.uuid)],
      );
      return r.rows[0];
    });
    log(`events: ${before.total}, of the deleted persons: ${before.doomed}`);

    // The load: person list and retrieve (persons that stay), and ingestion of one event.
    let ingested = 0; // events the load ingested (each /batch request sends one)
    const kept = (i: number) => keptIds[i % keptIds.length];
    let n = 0;
    const requests: AutocannonRequest[] = [
      { method: 'GET', path: `/api/projects/${projectId}/persons/?limit=10`, headers: auth },
      {
        method: 'GET',
        path: '',
        headers: auth,
        setupRequest: (req) => ({ ...req, path: `/api/projects/${projectId}/persons/${kept(n++)}/` }),
      },
      {
        method: 'POST',
        path: '/batch/',
        headers: { 'Content-Type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ api_key: token, batch: [{ event: 'bench', distinct_id: `user-${kept(n++)}` }] }),
        }),
        onResponse: (status) => {
          if (status === 200) ingested++;
        },
      },
    ];
    const load = (duration: number) =>
      autocannon({ url: base, connections: 10, overallRate: RATE, duration, requests });

    const [baseline] = await timed(`API baseline (${BASELINE_SECONDS} s at ${RATE} req/s)`, async () =>
      load(BASELINE_SECONDS),
    );

    // The batch as the worker runs it, in its own process, while the same load goes on.
    const during = load(3600);
    const [batch, batchSeconds] = await timed('deletions run (chunk size 10,000) under load', async () => {
      const cli = spawn(process.execPath, [join(ROOT, 'dist/apps/api/src/cli.js'), 'deletions', 'run'], {
        cwd: ROOT,
        env,
      });
      let out = '';
      cli.stdout!.on('data', (c) => (out += c));
      cli.stderr!.on('data', (c) => process.stderr.write(c));
      // 'close', not 'exit': stdout is read to the end.
      const code = await new Promise<number | null>((r) => cli.once('close', r));
      if (code !== 0) throw new Error(`deletions run exited ${code}`);
      return { deleted: Number(out.trimEnd().split('\n').pop()), summary: out.trimEnd().split('\n').at(-2) };
    });
    during.stop();
    const duringResult = await during;

    const after = await sql(url, async (c) => {
      const r = await c.query<{ total: number; doomed: number; unverified: number }>(
        `SELECT (SELECT count(*)::int FROM events WHERE event <> 'bench') AS total,
                (SELECT count(*)::int FROM events WHERE project_id = $1 AND person_id = ANY($2::uuid[])) AS doomed,
                (SELECT count(*)::int FROM event_deletion_requests WHERE delete_verified_at IS NULL) AS unverified`,
        [projectId, doomed.map((p) => p.uuid)],
      );
      return r.rows[0];
    });
    // Events other than the deleted persons' and the benchmark's own ingestion that went missing.
    const collateral = before.total - before.doomed - after.total;

    const row = (label: string, r: AutocannonResult) =>
      `${label.padEnd(22)} ${String(r.latency.p50).padStart(6)} ${String(r.latency.p90).padStart(6)} ${String(
        r.latency.p99,
      ).padStart(6)} ${String(r.latency.max).padStart(6)} ${r.requests.average.toFixed(0).padStart(7)} ${String(
        r.non2xx + r.errors + r.timeouts,
      ).padStart(7)}`;
    const report = [
      '',
      `event-deletion benchmark on ${new URL(ADMIN_URL).host} (PostgreSQL), ${new Date().toISOString()}`,
      `  events: ${before.total.toLocaleString('en')} (${PERSONS.toLocaleString('en')} persons x ${EVENTS_PER_PERSON}, + ${OTHER_PROJECT_EVENTS.toLocaleString('en')} in another project)`,
      `  seeding: ${seedSeconds.toFixed(1)} s; queueing ${DELETED_PERSONS} deletions through the API: ${queueSeconds.toFixed(1)} s`,
      `  batch: ${batch.deleted.toLocaleString('en')} events of ${DELETED_PERSONS} persons deleted in ${batchSeconds.toFixed(1)} s (process start included)`,
      `         ${batch.summary}`,
      `         ${(batch.deleted / batchSeconds).toFixed(0)} events/s; left: ${after.doomed} events, ${after.unverified} unverified requests; collateral: ${collateral}`,
      '',
      `  API latency (ms), ${RATE} req/s over 10 connections: persons list, person, /batch ingestion (${ingested} events)`,
      `  ${'run'.padEnd(22)} ${'p50'.padStart(6)} ${'p90'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)} ${'req/s'.padStart(7)} ${'errors'.padStart(7)}`,
      `  ${row(`without the batch (${baseline.duration.toFixed(0)} s)`, baseline)}`,
      `  ${row(`during the batch (${duringResult.duration.toFixed(0)} s)`, duringResult)}`,
      '',
    ].join('\n');
    process.stdout.write(report);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    if (process.env.BENCH_KEEP !== '1') {
      await sql(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    } else {
      log(`kept database ${name}`);
    }
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
