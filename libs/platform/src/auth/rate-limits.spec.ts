import { jest } from '@jest/globals';
import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PlatformConfig } from '../config/platform-config';
import { JsonLogger } from '../observability/json-logger';
import { RateLimits } from './rate-limits';

const MINUTE = 60_000;

function rateLimits(redisUrl?: string) {
  const entry = jest.fn();
  const limits = new RateLimits(
    { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: 'bunting-unit' } as PlatformConfig,
    { entry } as unknown as JsonLogger,
  );
  return { limits, entry };
}

describe('RateLimits in this process (no REDIS_URL)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());
  const after = (ms: number) => jest.setSystemTime(1_000_000 + ms);

  it('allows up to the limit per window, then says when to retry', async () => {
    const limiter = rateLimits().limits.create('t', [{ limit: 2, windowMs: MINUTE }]);
    expect(await limiter.hit('k')).toEqual({ allowed: true });
    after(1_000);
    expect(await limiter.hit('k')).toEqual({ allowed: true });
    after(2_000);
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(await limiter.hit('other')).toEqual({ allowed: true });
    after(MINUTE);
    expect(await limiter.hit('k')).toEqual({ allowed: true });
  });

  it('applies the tightest of several windows', async () => {
    const limiter = rateLimits().limits.create('t', [
      { limit: 10, windowMs: MINUTE },
      { limit: 3, windowMs: 60 * MINUTE },
    ]);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k')).allowed).toBe(true);
    after(61_000);
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 3539 });
  });

  it('gives back a counted attempt, within its window only', async () => {
    const limiter = rateLimits().limits.create('t', [{ limit: 1, windowMs: MINUTE }]);
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    await limiter.refund('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
    after(70_000);
    // the window is over: nothing to give back, nothing credited
    await limiter.refund('k');
    await limiter.refund('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
  });

  it('peeks without counting', async () => {
    const limiter = rateLimits().limits.create('t', [{ limit: 1, windowMs: MINUTE }]);
    expect((await limiter.peek('k')).allowed).toBe(true);
    expect((await limiter.peek('k')).allowed).toBe(true);
    await limiter.hit('k');
    after(30_000);
    expect(await limiter.peek('k')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    after(MINUTE);
    expect((await limiter.peek('k')).allowed).toBe(true);
  });

  it('keeps at most maxKeys keys, forgetting the least recently counted first', async () => {
    const limiter = rateLimits().limits.create('t', [{ limit: 3, windowMs: MINUTE }], 10);
    for (let i = 0; i < 10; i++) await limiter.hit(`k${i}`);
    // k0 keeps coming: it stays counted while keys seen once make room for new ones
    await limiter.hit('k0');
    await limiter.hit('k0');
    await limiter.hit('k10');
    expect((await limiter.peek('k0')).allowed).toBe(false);
    expect(await limiter.hit('k1')).toEqual({ allowed: true }); // forgotten: counts from zero
    await limiter.hit('k1');
    await limiter.hit('k1');
    expect((await limiter.peek('k1')).allowed).toBe(false);
  });
});

describe('RateLimits with REDIS_URL while Redis is unreachable', () => {
  let silent: Server;
  let port: number;
  beforeAll(async () => {
    // a port that refuses connections: one a server held and closed
    silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('counts in this process with the same windows, answers 429 with Retry-After, and warns once', async () => {
    const { limits, entry } = rateLimits(`redis://127.0.0.1:${port}`);
    try {
      const limiter = limits.create('t', [
        { limit: 2, windowMs: MINUTE },
        { limit: 100, windowMs: 60 * MINUTE },
      ]);
      expect(await limiter.hit('k')).toEqual({ allowed: true });
      expect(await limiter.hit('k')).toEqual({ allowed: true });
      const refused = await limiter.hit('k');
      expect(refused.allowed).toBe(false);
      expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
      expect(await limiter.peek('k')).toMatchObject({ allowed: false });
      await limiter.refund('k');
      expect(await limiter.hit('k')).toEqual({ allowed: true });
      expect(await limiter.hit('other')).toEqual({ allowed: true });
      const warnings = entry.mock.calls.filter(
        ([level, msg]) => level === 'warn' && /^redis unavailable/.test(String(msg)),
      );
      expect(warnings).toHaveLength(1);
    } finally {
      await limits.beforeApplicationShutdown();
    }
  });
});
