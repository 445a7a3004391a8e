import { Client } from 'pg';
import { FaultApi, isUnavailableEnvelope, startFaultApi, waitForLockWaiters } from './support/fault-api';
import { describeWithPostgres, PrivatePostgres, startPrivatePostgres } from './support/private-postgres';

const POOL_TIMEOUT_MS = 300;
const STATEMENT_TIMEOUT_MS = 1500;

/**
 * Every connection of a two-connection pool is held by a write stuck behind a lock that an
 * outside session keeps. Requests that need a connection get 503 after the acquire timeout, the
 * stuck writes 504 at the statement timeout, liveness keeps answering, and once the lock goes
 * the same process serves again.
 */
describeWithPostgres('pool exhaustion and statement timeouts', () => {
  let pg: PrivatePostgres;
  let api: FaultApi;
  let outside: Client;
  let observer: Client;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    api = await startFaultApi(pg, {
      DATABASE_POOL_SIZE: '2',
      DATABASE_POOL_TIMEOUT_MS: String(POOL_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    });
    outside = await pg.connect();
    observer = await pg.connect();
  }, 120_000);
  afterAll(async () => {
    await outside?.end();
    await observer?.end();
    api?.server.child.kill('SIGKILL');
    await api?.server.exited;
    await pg?.destroy();
  }, 60_000);

  it('503 + Retry-After after the acquire timeout, 504 at the statement timeout, /_health answers throughout', async () => {
    const pid = api.server.child.pid;
    const logFrom = api.server.output().length;
    // warm up: the key and the project are known, the pool has opened its connections
    expect((await api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, { key: 'warm-up' })).status).toBe(
      201,
    );

    await outside.query('BEGIN');
    await outside.query('LOCK TABLE feature_flags IN ACCESS EXCLUSIVE MODE');
    const pending = [0, 1].map((i) =>
      api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, { key: `stuck-${i}` }),
    );
    const lockedAt = performance.now();
    try {
      // both connections of the pool wait for the lock
      await waitForLockWaiters(observer, 2);
      const starved = Array.from({ length: 4 }, () => api.call('GET', `/api/projects/${api.projectId}/persons/`));
      const health = await api.call('GET', '/_health');
      const healthMs = Math.round(health.endedAt - health.startedAt);
      const waiting = await Promise.all(starved);
      const readyz = await api.call('GET', '/_readyz');
      const stuck = await Promise.all(pending);
      const stuckMs = Math.round(Math.max(...stuck.map((o) => o.endedAt)) - lockedAt);
      const waitedMs = waiting.map((o) => Math.round(o.endedAt - o.startedAt));

      await outside.query('ROLLBACK');
      const after = await api.call('POST', `/api/projects/${api.projectId}/feature_flags/`, { key: 'after-the-lock' });
      const healthAfter = await api.call('GET', '/_health');
      const readyAfter = await api.call('GET', '/_readyz');
      const unhandled = api.server
        .output()
        .slice(logFrom)
        .split('\n')
        .filter((l) => l.includes('"unhandled error"'));

      process.stdout.write(
        `FAULTS: scenario=pool-exhaustion poolSize=2 poolTimeoutMs=${POOL_TIMEOUT_MS} ` +
          `starved503=${waiting.filter(isUnavailableEnvelope).length}/${waiting.length} starvedWaitMs=${Math.min(...waitedMs)}-${Math.max(...waitedMs)} ` +
          `health=${health.status} healthMs=${healthMs} readyz=${readyz.status} ` +
          `statementTimeoutMs=${STATEMENT_TIMEOUT_MS} stuck=${stuck.map((o) => o.status).join(',')} stuckMs=${stuckMs} ` +
          `after=${after.status}\n`,
      );

      expect(health.status).toBe(200);
      expect(waiting.map((o) => [o.status, isUnavailableEnvelope(o)])).toEqual(waiting.map(() => [503, true]));
      // they waited for a connection (the acquire timeout), not refused at once
      for (const ms of waitedMs) expect(ms).toBeGreaterThanOrEqual(POOL_TIMEOUT_MS - 50);
      for (const o of stuck) {
        expect(o.status).toBe(504);
        expect(o.retryAfter).toBe('1');
        expect(o.body).toEqual({ type: 'server_error', code: 'timeout', detail: expect.any(String), attr: null });
      }
      expect(unhandled).toEqual([]);
      expect(after.status).toBe(201);
      expect(healthAfter.status).toBe(200);
      expect(readyAfter.status).toBe(200);
      expect(api.server.child.pid).toBe(pid);
      expect(api.server.child.exitCode).toBeNull();
      // the timed-out writes left nothing behind
      const rows = await outside.query(`SELECT key FROM feature_flags WHERE key LIKE 'stuck-%'`);
      expect(rows.rows).toEqual([]);
    } finally {
      await outside.query('ROLLBACK').catch(() => {});
      await Promise.all(pending);
    }
  }, 60_000);
});
