import { Client } from 'pg';
import { loadConfig, openDataSource, PlatformConfig, translateDatabaseError } from '@app/platform';
import { waitFor } from '../support/poll';
import { FaultApi, isUnavailableEnvelope, startFaultApi, Write, WriteLoad } from './support/fault-api';
import { describeWithPostgres, PrivatePostgres, startPrivatePostgres, StopMode } from './support/private-postgres';

/** flag key / event uuid → how many rows the database holds for it. */
async function stored(db: Client, projectId: number, flagKeys: string[], eventUuids: string[]) {
  const flags = await db.query<{ key: string; n: number }>(
    `SELECT key, count(*)::int AS n FROM feature_flags WHERE project_id = $1 AND key = ANY($2) GROUP BY key`,
    [projectId, flagKeys],
  );
  const events = await db.query<{ uuid: string; n: number }>(
    `SELECT uuid::text AS uuid, count(*)::int AS n FROM events WHERE project_id = $1 AND uuid = ANY($2::uuid[]) GROUP BY uuid`,
    [projectId, eventUuids],
  );
  return new Map([...flags.rows.map((r) => [r.key, r.n] as const), ...events.rows.map((r) => [r.uuid, r.n] as const)]);
}

/**
 * The database stops (fast: sessions are told to end; immediate: the server dies and recovers
 * from its WAL on start) under a steady write load and comes back. Nothing acknowledged may be
 * lost or doubled, the outage must read as 503 + Retry-After, and the process must serve again
 * at once.
 */
describeWithPostgres('the database restarts under a write load', () => {
  let pg: PrivatePostgres;
  let api: FaultApi;
  let db: Client;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    api = await startFaultApi(pg, { DATABASE_POOL_SIZE: '6' });
  }, 120_000);
  afterAll(async () => {
    api?.server.child.kill('SIGKILL');
    await api?.server.exited;
    await pg?.destroy();
  }, 60_000);

  it.each(['statement', 'commit'])(
    'a transaction whose connection the server ends fails as "database unavailable" at the next %s, and the pool recovers',
    async (next) => {
      const ds = await openDataSource(loadConfig(PlatformConfig, { DATABASE_URL: pg.url, DATABASE_POOL_SIZE: '2' }));
      const outside = await pg.connect();
      try {
        const failure = await ds
          .transaction(async (m) => {
            const [{ pid }] = await m.query(`SELECT pg_backend_pid() AS pid`);
            await m.query(`SELECT 1 FROM projects LIMIT 1`);
            await outside.query(`SELECT pg_terminate_backend($1)`, [pid]);
            // TypeORM releases the runner when its client reports the error
            await waitFor(() => (m.queryRunner!.isReleased ? true : undefined));
            if (next === 'statement') await m.query(`SELECT 2`);
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(failure).toBeInstanceOf(Error);
        expect(translateDatabaseError(failure)).toMatchObject({ kind: 'unavailable', retryAfter: 1 });
        // the broken client left the pool: the next queries get working connections
        for (let i = 0; i < 3; i++) expect(await ds.query(`SELECT $1::int AS v`, [i])).toEqual([{ v: i }]);
      } finally {
        await outside.end();
        await ds.destroy();
      }
    },
  );

  it.each<StopMode>(['fast', 'immediate'])(
    'stop -m %s while the pool is idle: the first request after the start succeeds',
    async (mode) => {
      // every pooled connection is open and idle when the server goes away
      const warm = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, { key: `idle-${mode}-${i}` }),
        ),
      );
      expect(warm.map((o) => o.status)).toEqual(warm.map(() => 201));
      await pg.stop(mode);
      await pg.start();
      const first = await api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, {
        key: `idle-${mode}-after`,
      });
      const read = await api.call('GET', `/api/projects/${api.projectId}/feature_flags/?limit=1`);
      expect([first.status, read.status]).toEqual([201, 200]);
    },
    60_000,
  );

  it.each<StopMode>(['fast', 'immediate'])(
    'stop -m %s: nothing acknowledged lost or doubled, 503s, resumes',
    async (mode) => {
      const pid = api.server.child.pid;
      const logFrom = api.server.output().length;
      const load = new WriteLoad(api, `restart-${mode}`);
      load.start();
      let resumeMs: number | undefined;
      let stoppedAt = 0;
      try {
        await load.moreAcknowledged(30);
        await pg.stop(mode);
        stoppedAt = performance.now();
        // the outage is seen: writes started after the stop fail
        await waitFor(
          () => (load.writes.filter((w) => w.startedAt > stoppedAt).length >= 20 ? true : undefined),
          15_000,
          10,
        );
        await pg.start();
        const startedAt = performance.now();
        const first = await waitFor(
          () => load.writes.find((w) => w.endedAt > startedAt && w.status >= 200 && w.status < 300),
          15_000,
          5,
        );
        resumeMs = Math.round(first.endedAt - startedAt);
        await load.moreAcknowledged(30);
      } finally {
        await load.stop();
      }

      const failed = load.writes.filter((w) => w.status < 200 || w.status >= 300);
      const outage503 = failed.filter(isUnavailableEnvelope);
      const other = failed.filter((w) => !isUnavailableEnvelope(w));
      db = await pg.connect();
      let counts: Map<string, number>;
      try {
        counts = await stored(db, api.projectId, load.attempted('flag'), load.attempted('events'));
      } finally {
        await db.end();
      }
      const acked = [...load.acknowledged('flag'), ...load.acknowledged('events')];
      const lost = acked.filter((id) => (counts.get(id) ?? 0) === 0);
      const duplicated = [...counts.entries()].filter(([, n]) => n > 1).map(([id]) => id);
      const health = await api.call('GET', '/_health');

      process.stdout.write(
        `FAULTS: scenario=db-restart mode=${mode} writes=${load.writes.length} writesAcknowledged=${load.ok()} ` +
          `objectsAcknowledged=${acked.length} lost=${lost.length} duplicated=${duplicated.length} ` +
          `outage503=${outage503.length} otherErrors=${other.length} resumeMs=${resumeMs ?? 'never'}\n`,
      );
      const describeWrite = (w: Write) => `${w.kind} ${w.status} ${w.networkError ?? ''} ${JSON.stringify(w.body)}`;
      const unhandled = api.server
        .output()
        .slice(logFrom)
        .split('\n')
        .filter((l) => l.includes('"unhandled error"'));
      expect({ other: other.map(describeWrite), unhandled }).toEqual({ other: [], unhandled: [] });
      expect(outage503.length).toBeGreaterThan(0);
      expect(lost).toEqual([]);
      expect(duplicated).toEqual([]);
      expect(api.server.child.pid).toBe(pid);
      expect(api.server.child.exitCode).toBeNull();
      expect(health.status).toBe(200);
      expect(resumeMs).toBeLessThanOrEqual(1000);
    },
    90_000,
  );
});
