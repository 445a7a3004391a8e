import { Client } from 'pg';
import { waitFor } from '../support/poll';
import {
  FaultApi,
  isUnavailableEnvelope,
  startFaultApi,
  waitForLockWaiters,
  Write,
  WriteLoad,
} from './support/fault-api';
import { describeWithPostgres, PrivatePostgres, startPrivatePostgres } from './support/private-postgres';

/**
 * SIGTERM while events stream in and three writes wait for a lock (test/platform/lifecycle
 * drains one request in the test process; this is the built process under load). Every request
 * sent before the signal gets a whole response, the held writes finish once the lock goes, and
 * the process exits 0.
 */
describeWithPostgres('SIGTERM under load', () => {
  let pg: PrivatePostgres;
  let api: FaultApi;
  let outside: Client;
  let observer: Client;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    api = await startFaultApi(pg, { SHUTDOWN_TIMEOUT_MS: '20000' });
    outside = await pg.connect();
    observer = await pg.connect();
  }, 120_000);
  afterAll(async () => {
    await outside?.end();
    await observer?.end();
    if (api && api.server.child.exitCode === null) api.server.child.kill('SIGKILL');
    await api?.server.exited;
    await pg?.destroy();
  }, 60_000);

  it('answers every request sent before the signal, finishes the held ones, exits 0', async () => {
    const load = new WriteLoad(api, 'shutdown', 6, ['events']);
    load.start();
    let held: Array<Promise<Write>> | undefined;
    let sigtermAt = 0;
    let exitCode: number | null | undefined;
    let drainedWhileHeld: boolean | undefined;
    try {
      await load.moreAcknowledged(20);
      await outside.query('BEGIN');
      await outside.query('LOCK TABLE feature_flags IN ACCESS EXCLUSIVE MODE');
      held = [0, 1, 2].map(async (i) => ({
        ...(await api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, { key: `held-${i}` })),
        kind: 'flag' as const,
        ids: [`held-${i}`],
      }));
      await waitForLockWaiters(observer, 3);

      sigtermAt = performance.now();
      api.server.child.kill('SIGTERM');
      await waitFor(() => (api.server.output().includes('"msg":"draining"') ? true : undefined));
      // the writes it has already answered keep their answers; the held ones keep it alive
      await waitFor(() => (load.writes.some((w) => w.startedAt > sigtermAt) ? true : undefined));
      drainedWhileHeld = api.server.child.exitCode === null;
      await outside.query('COMMIT');
      exitCode = await api.server.exited;
    } finally {
      await outside.query('ROLLBACK').catch(() => {});
      await load.stop();
    }
    const heldWrites = await Promise.all(held ?? []);

    const before = load.writes.filter((w) => w.startedAt < sigtermAt);
    const after = load.writes.filter((w) => w.startedAt >= sigtermAt);
    const answeredBefore = before.filter((w) => w.status !== 0);
    const badBefore = before.filter((w) => !(w.status >= 200 && w.status < 300) && !isUnavailableEnvelope(w));
    const events = load.acknowledged('events');
    const stored = await outside.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND uuid = ANY($2::uuid[])`,
      [api.projectId, events],
    );
    const flags = await outside.query<{ key: string }>(
      `SELECT key FROM feature_flags WHERE key LIKE 'held-%' ORDER BY key`,
    );

    process.stdout.write(
      `FAULTS: scenario=sigterm sentBefore=${before.length} inFlightAtSignal=${before.filter((w) => w.endedAt > sigtermAt).length + heldWrites.length} answeredBefore=${answeredBefore.length} ` +
        `droppedBefore=${before.length - answeredBefore.length} badBefore=${badBefore.length} ` +
        `held=${heldWrites.map((w) => w.status).join(',')} sentAfter=${after.length} ` +
        `refusedAfter=${after.filter((w) => w.status === 0).length} eventsAcknowledged=${events.length} ` +
        `eventsLost=${events.length - stored.rows[0].n} exitCode=${exitCode}\n`,
    );
    const describe = (w: Write) => `${w.status} ${w.networkError ?? ''} ${JSON.stringify(w.body)}`;
    expect(drainedWhileHeld).toBe(true);
    expect(badBefore.map(describe)).toEqual([]);
    expect(heldWrites.map((w) => w.status)).toEqual([201, 201, 201]);
    expect(flags.rows.map((r) => r.key)).toEqual(['held-0', 'held-1', 'held-2']);
    expect(stored.rows[0].n).toBe(events.length);
    expect(exitCode).toBe(0);
  }, 90_000);
});
