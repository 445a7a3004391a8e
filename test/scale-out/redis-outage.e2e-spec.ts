/**
 * Issue 23: with REDIS_URL the rate limits count in Redis; when Redis goes away requests keep
 * being served, limited per instance, and the shared count applies again once it is back.
 * Runs with the scale-out group (PostgreSQL and Redis).
 */
import { randomBytes } from 'node:crypto';
import { AddressInfo, connect, createServer, Socket } from 'node:net';
import { waitFor } from '../support/poll';
import { ExpensiveWork } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A TCP pass-through to the local Redis that the test can take away and bring back. */
async function redisProxy(target = { host: REDIS.hostname, port: Number(REDIS.port || 6379) }) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    down: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
    up: () => new Promise<void>((r) => server.listen(port, '127.0.0.1', r)),
  };
}

describe('rate limits shared through Redis', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  beforeAll(async () => {
    proxy = await redisProxy();
    t = await startTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PER_MINUTE: '5',
      RATE_LIMIT_PER_HOUR: '100',
      REDIS_URL: proxy.url,
      REDIS_KEY_PREFIX: `bunting-test-${randomBytes(4).toString('hex')}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.down();
  });

  it('counts in Redis, keeps serving from memory while Redis is away, and counts in Redis again once it is back', async () => {
    for (let i = 0; i < 3; i++) await t.get('/api/users/@me/').expect(200);
    // Redis goes away: requests are still served, held to the limit by this instance alone
    await proxy.down();
    for (let i = 0; i < 5; i++) await t.get('/api/users/@me/').expect(200);
    await t.get('/api/users/@me/').expect(429);
    // back: the shared count (3 of 5) applies again
    await proxy.up();
    await waitFor(async () => ((await t.get('/api/users/@me/')).status === 200 ? true : undefined), 20_000, 100);
    await t.get('/api/users/@me/').expect(200);
    await t.get('/api/users/@me/').expect(429);
  });
});

describe('expensive-work bounds shared through Redis', () => {
  const prefix = `bunting-test-${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two instances; on their fresh databases the bootstrap user and project are both id 1, so
    // they stand for one user and one project reaching two instances.
    const env = { REDIS_URL: REDIS.toString(), REDIS_KEY_PREFIX: prefix, EXPENSIVE_CONCURRENCY_PER_USER: '2' };
    [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
    expect([a.userId, a.projectId]).toEqual([b.userId, b.projectId]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
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
});
