/** @sql-sensitive the batch in the worker and CLI processes, on one database */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openEmbeddedDatabase, socketDirFor } from '../../libs/platform/src';
import { waitFor } from '../support/poll';
import {
  cleanEnv,
  ROOT,
  runCli,
  RunningCli,
  ServerProcess,
  spawnCli,
  startLine,
  startServer,
  startWorker,
} from '../support/processes';
import { emptyDatabase, serverUrl, TestDatabase } from '../support/test-database';

interface EventRow {
  project_id: number;
  uuid: string;
  person_id: string | null;
}

/**
 * The batch as operators run it: the built CLI (`deletions run`) killed with SIGKILL at several
 * points and run again, two runs at once, and the worker process. On the embedded database the
 * killed CLI is the process that owns the database, so the next run must recover its data dir.
 */
describe(`event-deletion batch processes (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let dataDir: string;
  let db: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;
  let key: string;
  let projectA: { id: number; token: string };
  let projectB: { id: number; token: string };

  /** SQL on the processes' database: PostgreSQL, or the embedded one through the socket of its owner. */
  async function connect(): Promise<Client> {
    const client = db
      ? new Client({ connectionString: db.url })
      : new Client({ host: socketDirFor(dataDir), port: 5432, user: 'postgres', database: 'postgres' });
    client.on('error', () => {}); // its server may be killed under it
    await client.connect();
    return client;
  }

  /** SQL when no process may be running: on the embedded database, this process opens it. */
  async function sql<T>(fn: (c: Client) => Promise<T>): Promise<T> {
    const handle = db ? undefined : await openEmbeddedDatabase(dataDir);
    try {
      const c = await connect();
      try {
        return await fn(c);
      } finally {
        await c.end();
      }
    } finally {
      await handle?.close();
    }
  }

  const api = (method: string, path: string, body?: object) =>
    fetch(`${server!.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  async function ingest(token: string, batch: object[]): Promise<void> {
    const res = await fetch(`${server!.url}/batch/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: token, batch }),
    });
    expect(res.status).toBe(200);
  }

  const events = (distinctId: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      event: `e${i % 4}`,
      distinct_id: distinctId,
      timestamp: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    }));

  /** Deletes the person of `distinctId` through the API; returns its uuid. */
  async function deletePerson(projectId: number, distinctId: string, deleteEvents: boolean): Promise<string> {
    const res = await api('GET', `/api/projects/${projectId}/persons/?distinct_id=${distinctId}`);
    const person = ((await res.json()) as { results: Array<{ id: number; uuid: string }> }).results[0];
    const del = await api(
      'DELETE',
      `/api/projects/${projectId}/persons/${person.id}/${deleteEvents ? '?delete_events=true' : ''}`,
    );
    expect(del.status).toBe(204);
    return person.uuid;
  }

  const allEvents = (c: Client) =>
    c
      .query<EventRow>(`SELECT project_id, uuid::text, person_id::text FROM events ORDER BY project_id, uuid`)
      .then((r) => r.rows);

  const progress = (c: Client) =>
    c
      .query<{ deleted: number; claimed: number; done: number; pending: number }>(
        `SELECT coalesce(sum(events_deleted), 0)::int AS deleted, count(claim_token)::int AS claimed,
                count(delete_verified_at)::int AS done, count(*) FILTER (WHERE delete_verified_at IS NULL)::int AS pending
           FROM event_deletion_requests`,
      )
      .then((r) => r.rows[0]);

  async function stopServer(): Promise<void> {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    server = undefined;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bunting-deletion-'));
    db = serverUrl() ? await emptyDatabase() : undefined;
    env = cleanEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
    });
    server = await startServer(env);
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(server.output())![1];
    const [, token, id] = /project token\s+(phc_[A-Za-z0-9]{43})\s+\(project id (\d+)\)/.exec(server.output())!;
    projectA = { id: Number(id), token };
    const created = (await (await api('POST', '/api/projects/', { name: 'Other' })).json()) as {
      id: number;
      api_token: string;
    };
    projectB = { id: created.id, token: created.api_token };
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed with SIGKILL at several points, the next run finishes: 0 lost, 0 left over, 0 collateral', async () => {
    const gone = Array.from({ length: 6 }, (_, i) => `gone-${i}`);
    const kept = ['kept-0', 'kept-1', 'kept-2'];
    await ingest(projectA.token, [...gone.flatMap((d) => events(d, 400)), ...kept.flatMap((d) => events(d, 30))]);
    await ingest(projectA.token, events('plain', 25));
    // Another project: the same distinct ids, other persons, never touched.
    await ingest(
      projectB.token,
      [...gone, ...kept].flatMap((d) => events(d, 20)),
    );
    const goneUuids = new Set<string>();
    for (const d of gone) goneUuids.add(await deletePerson(projectA.id, d, true));
    await deletePerson(projectA.id, 'plain', false);
    await stopServer();

    const snapshot = await sql(allEvents);
    const doomed = snapshot.filter((e) => e.project_id === projectA.id && goneUuids.has(e.person_id!));
    expect(doomed).toHaveLength(2400);
    expect(snapshot).toHaveLength(2400 + 90 + 25 + 180);

    // Chunks of 10 events: 240 transactions. Kill right after the first claim, then at three depths.
    const cliEnv = { ...env, EVENT_DELETION_CHUNK_SIZE: '10' };
    const killPoints: Array<(p: { deleted: number; claimed: number }) => boolean> = [
      (p) => p.claimed > 0,
      (p) => p.deleted >= 300,
      (p) => p.deleted >= 1100,
      (p) => p.deleted >= 1900,
    ];
    const killedAt: number[] = [];
    for (const reached of killPoints) {
      const cli: RunningCli = spawnCli(['deletions', 'run'], cliEnv);
      const probe = await waitFor(() => connect().catch(() => undefined), 30_000, 20);
      try {
        await waitFor(
          async () => {
            const p = await progress(probe);
            return reached(p) ? p : undefined;
          },
          60_000,
          5,
        );
        cli.child.kill('SIGKILL');
        expect(await cli.exited).toEqual({ code: null, signal: 'SIGKILL' });
      } finally {
        await probe.end().catch(() => {});
      }
      const after = await sql(progress);
      killedAt.push(after.deleted);
      // The killed run left its claim behind, and work to do.
      expect(after).toMatchObject({ claimed: 1, pending: expect.any(Number) });
      expect(after.deleted).toBeLessThan(2400);
    }
    expect(killedAt).toEqual([...killedAt].sort((a, b) => a - b));
    // Each next run took the dead run's claim over at once (same host, its pid gone), not after
    // the 5-minute lease: the whole test takes seconds.

    const finished = runCli(['deletions', 'run'], cliEnv);
    expect(finished.stderr).not.toMatch(/Error/);
    expect(finished.status).toBe(0);
    // No event counted twice: this run deleted exactly what the killed ones had not.
    expect(Number(finished.last)).toBe(2400 - killedAt[killedAt.length - 1]);

    const { remaining, requests } = await sql(async (c) => ({
      remaining: await allEvents(c),
      requests: (
        await c.query(
          `SELECT events_deleted, attempts, delete_verified_at, claim_token FROM event_deletion_requests ORDER BY id`,
        )
      ).rows,
    }));
    const doomedIds = new Set(doomed.map((e) => `${e.project_id}/${e.uuid}`));
    const expected = snapshot.filter((e) => !doomedIds.has(`${e.project_id}/${e.uuid}`));
    expect(remaining.filter((e) => doomedIds.has(`${e.project_id}/${e.uuid}`))).toEqual([]); // 0 left over
    expect(expected.filter((e) => !remaining.some((r) => r.uuid === e.uuid && r.project_id === e.project_id))).toEqual(
      [],
    ); // 0 lost, 0 collateral
    expect(remaining).toEqual(expected);
    expect(requests).toHaveLength(6);
    expect(requests.reduce((n, r) => n + Number(r.events_deleted), 0)).toBe(2400);
    for (const r of requests) {
      expect(r.events_deleted).toBe(400);
      expect(r.delete_verified_at).toBeInstanceOf(Date);
      expect(r.claim_token).toBeNull();
    }

    expect(runCli(['deletions', 'run'], cliEnv)).toMatchObject({ status: 0, last: '0' });
    const listed = runCli(['deletions', 'list', '--status', 'done'], cliEnv);
    expect(listed).toMatchObject({ status: 0, last: '6' });
    const line = listed.stdout.split('\n')[0].split('\t');
    expect(line[3]).toBe('done');
    expect(JSON.parse(line[6])).toEqual([expect.stringMatching(/^gone-\d$/)]);
  });

  it('two runs at once (with the server running) never work the same request', async () => {
    server = await startServer(env);
    const names = Array.from({ length: 8 }, (_, i) => `pair-${i}`);
    await ingest(
      projectA.token,
      names.flatMap((d) => events(d, 300)),
    );
    await ingest(
      projectB.token,
      names.flatMap((d) => events(d, 5)),
    );
    const pairUuids = new Set<string>();
    for (const d of names) pairUuids.add(await deletePerson(projectA.id, d, true));
    const probe = await connect();
    const before = await allEvents(probe);

    const cliEnv = { ...env, EVENT_DELETION_CHUNK_SIZE: '5' };
    const runs = [spawnCli(['deletions', 'run'], cliEnv), spawnCli(['deletions', 'run'], cliEnv)];
    const exits = await Promise.all(runs.map((r) => r.exited));
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    const doneBy = runs.map((r) =>
      r
        .stdout()
        .split('\n')
        .filter((l) => /\tdone\t/.test(l))
        .map((l) => Number(l.split('\t')[0])),
    );
    const totals = runs.map((r) => Number(r.stdout().trimEnd().split('\n').pop()));
    expect(totals[0] + totals[1]).toBe(8 * 300);
    expect(doneBy[0].filter((id) => doneBy[1].includes(id))).toEqual([]);
    expect(doneBy[0].length + doneBy[1].length).toBe(8);

    const rows = (
      await probe.query(
        `SELECT attempts, events_deleted FROM event_deletion_requests WHERE id = ANY($1::bigint[]) ORDER BY id`,
        [[...doneBy[0], ...doneBy[1]]],
      )
    ).rows;
    // Claimed once each: no request was taken over or run twice.
    expect(rows).toEqual(names.map(() => ({ attempts: 1, events_deleted: 300 })));
    expect(await allEvents(probe)).toEqual(
      before.filter((e) => !(e.project_id === projectA.id && pairUuids.has(e.person_id!))),
    );
    await probe.end();
  });

  it('deletions list prints every line even to a reader that is slow to read', async () => {
    server ??= await startServer(env);
    const c = await connect();
    try {
      await c.query(
        `INSERT INTO event_deletion_requests (project_id, person_uuid, distinct_ids, delete_verified_at)
         SELECT $1, gen_random_uuid(), ARRAY['listed-' || g, repeat('x', 40)], now() FROM generate_series(1, 1500) g`,
        [projectB.id],
      );
      const total = Number((await c.query(`SELECT count(*)::int AS n FROM event_deletion_requests`)).rows[0].n);
      // Far more than a pipe holds: the CLI must not exit before the reader took it all.
      const cli = spawnCli(['deletions', 'list', '--limit', '5000'], env);
      cli.child.stdout!.pause();
      await new Promise((r) => setTimeout(r, 1500));
      cli.child.stdout!.resume();
      expect(await cli.exited).toEqual({ code: 0, signal: null });
      const lines = cli.stdout().trimEnd().split('\n');
      expect(lines).toHaveLength(total + 1);
      expect(lines[lines.length - 1]).toBe(String(total));
    } finally {
      await c.end();
    }
  });

  it('the worker schedules the batch and serves /_health and /_metrics on WORKER_PORT', async () => {
    server ??= await startServer(env);
    const worker = await startWorker({ ...env, EVENT_DELETION_CRON: '30 4 * * 1', EVENT_DELETION_TIMEZONE: 'UTC' });
    try {
      const started = startLine(worker, 'worker started') as { schedules: { next: string }[] };
      expect(started).toMatchObject({ heapGrowingPercent: 50 });
      expect(started.schedules).toEqual([
        {
          name: 'event-deletion',
          cron: '30 4 * * 1',
          timeZone: 'UTC',
          next: expect.stringMatching(/T04:30:00\.000Z$/),
        },
      ]);
      expect(new Date(started.schedules[0].next).getUTCDay()).toBe(1);
      const health = await fetch(`${worker.url}/_health`);
      expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      const text = await (await fetch(`${worker.url}/_metrics`)).text();
      expect(text).toMatch(/^event_deletion_events_deleted_total 0$/m);
      expect(text).toMatch(/^event_deletion_requests_pending 0$/m);
      expect(text).toContain('# TYPE event_deletion_batch_duration_seconds histogram');
      expect((await fetch(`${worker.url}/nope`)).status).toBe(404);
    } finally {
      worker.child.kill('SIGTERM');
      expect({ code: await worker.exited, output: worker.output() }).toMatchObject({ code: 0 });
    }
    // Empty: no schedule, said so in the log.
    const off = await startWorker({ ...env, EVENT_DELETION_CRON: '' });
    try {
      await waitFor(() => (off.output().includes('event deletion schedule off') ? true : undefined));
      expect(startLine(off, 'worker started').schedules).toEqual([]);
    } finally {
      off.child.kill('SIGTERM');
      expect({ code: await off.exited, output: off.output() }).toMatchObject({ code: 0 });
    }
  });

  it.each([
    ['0 5 * * 0 *', /EVENT_DELETION_CRON has six fields/],
    ['0 5 * * funday', /EVENT_DELETION_CRON is not a cron expression the scheduler can read in its day-of-week field/],
    ['0 5 31 2 *', /EVENT_DELETION_CRON never fires/],
  ])('the worker refuses to boot with EVENT_DELETION_CRON=%j', (cron, message) => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist/apps/worker/src/main.js')], {
      cwd: ROOT,
      env: { ...env, EVENT_DELETION_CRON: cron, WORKER_PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});
