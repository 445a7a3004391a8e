/** @sql-sensitive PostgreSQL only: instances sharing one database */
/**
 * Issue 23: with REDIS_URL the rate limits count in Redis; when Redis goes away (or stops
 * answering) requests keep being served, limited per instance, the outage is logged once, and the
 * shared count applies again once it is back. Runs with the scale-out group (PostgreSQL and Redis).
 */
import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { waitFor } from '../support/poll';
import { ExpensiveWork, JsonLogger, RateLimits, REDIS_COMMAND_TIMEOUT_MS } from '@app/platform';
import { tcpProxy, TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TestApp } from '../support/test-app';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisProxy = () => tcpProxy({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
// Far above the client's command timeout (500 ms): a request that waits on Redis for ever fails.
const ANSWER_WITHIN_MS = 5_000;

/** The app's log lines at `level` whose message matches `pattern`, from now on. */
function logged(t: TestApp, level: string, pattern: RegExp): () => number {
  const entries = jest.spyOn(t.app.get(JsonLogger), 'entry');
  const from = entries.mock.calls.length;
  return () => entries.mock.calls.slice(from).filter(([l, msg]) => l === level && pattern.test(String(msg))).length;
}

describe('rate limits shared through Redis', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await redisProxy();
    t = await startTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PER_MINUTE: '5',
      RATE_LIMIT_PER_HOUR: '100',
      REDIS_URL: proxy.via(REDIS.toString()),
      REDIS_KEY_PREFIX: `bunting-test-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads a reply that came while the event loop was busy instead of taking Redis for gone', async () => {
    const warned = logged(t, 'warn', /^redis unavailable/);
    const limiter = t.app.get(RateLimits).create('busy-loop', [{ limit: 1, windowMs: 60_000 }]);
    const key = randomBytes(4).toString('hex');
    const first = limiter.hit(key);
    // the process is busy for longer than the timeout (a slow request, a GC); Redis answers meanwhile
    const until = Date.now() + 3 * REDIS_COMMAND_TIMEOUT_MS;
    while (Date.now() < until);
    expect(await first).toEqual({ allowed: true });
    // counted in Redis, not per instance: no outage was declared
    expect(await limiter.hit(key)).toMatchObject({ allowed: false });
    expect(warned()).toBe(0);
  });

  it('counts in Redis, keeps serving from memory while Redis is away, and counts in Redis again once it is back', async () => {
    const warned = logged(t, 'warn', /^redis unavailable/);
    for (let i = 0; i < 3; i++) await t.get('/api/users/@me/').expect(200);
    // Redis goes away: requests are still served, held to the limit by this instance alone
    await proxy.down();
    for (let i = 0; i < 5; i++) await t.get('/api/users/@me/').expect(200);
    await t.get('/api/users/@me/').expect(429);
    expect(warned()).toBe(1);
    // back: the shared count (3 of 5) applies again
    await proxy.up();
    await waitFor(async () => ((await t.get('/api/users/@me/')).status === 200 ? true : undefined), 20_000, 100);
    await t.get('/api/users/@me/').expect(200);
    await t.get('/api/users/@me/').expect(429);
    expect(warned()).toBe(1);
  });

  it('answers within the command timeout while Redis keeps the connection but stops answering, and warns once', async () => {
    const user = await t.newUser(t.organizationId);
    const me = () => t.get('/api/users/@me/', user.key).timeout(ANSWER_WITHIN_MS);
    const warned = logged(t, 'warn', /^redis unavailable/);
    const back = logged(t, 'info', /^redis is back/);
    for (let i = 0; i < 2; i++) await me().expect(200);
    // Redis stops answering: the connection stays open, nothing comes back
    proxy.stall();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await me()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(warned()).toBe(1);
    // it answers again: the client drops the silent connection, reconnects, and the shared count
    // (2 of 5) applies again
    await proxy.up();
    await waitFor(async () => ((await me()).status === 200 ? true : undefined), 20_000, 100);
    expect(back()).toBe(1);
    await me().expect(200);
    await me().expect(200);
    await me().expect(429);
    expect(warned()).toBe(1);
  });
});

describe('expensive-work bounds shared through Redis', () => {
  const prefix = `bunting-test-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await redisProxy();
    // Two instances; on their fresh databases the bootstrap user and project are both id 1, so
    // they stand for one user and one project reaching two instances.
    const env = {
      REDIS_URL: proxy.via(REDIS.toString()),
      REDIS_KEY_PREFIX: prefix,
      EXPENSIVE_CONCURRENCY_PER_USER: '2',
    };
    [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
    expect([a.userId, a.projectId]).toEqual([b.userId, b.projectId]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
  });

  it("counts one user's expensive requests on every instance against one bound", async () => {
    const owner = { userId: a.userId, projectId: a.projectId };
    const held = [await a.app.get(ExpensiveWork).admit(owner), await a.app.get(ExpensiveWork).admit(owner)];
    // the other instance refuses that user's third, over HTTP too
    await expect(b.app.get(ExpensiveWork).admit(owner)).rejects.toMatchObject({ kind: 'throttled' });
    const refused = await b.get(`/api/projects/${b.projectId}/persons/trends/?entity_id=x&entity_type=events`);
    expect(refused.status).toBe(429);
    held[0].release();
    await waitFor(
      async () => {
        const res = await b.get(`/api/projects/${b.projectId}/persons/trends/?entity_id=x&entity_type=events`);
        return res.status === 200 ? true : undefined;
      },
      10_000,
      50,
    );
    held[1].release();
  });

  it('counts on each instance alone while Redis stops answering, without waiting on it', async () => {
    const owner = { userId: a.userId, projectId: a.projectId };
    proxy.stall();
    const trends = () =>
      b.get(`/api/projects/${b.projectId}/persons/trends/?entity_id=x&entity_type=events`).timeout(ANSWER_WITHIN_MS);
    const held = [await b.app.get(ExpensiveWork).admit(owner), await b.app.get(ExpensiveWork).admit(owner)];
    // this instance's own bound (2) is full; the other instance counts its own
    expect((await trends()).status).toBe(429);
    const elsewhere = await a.app.get(ExpensiveWork).admit(owner);
    elsewhere.release();
    for (const h of held) h.release();
    expect((await trends()).status).toBe(200);
    await proxy.up();
  });
});
