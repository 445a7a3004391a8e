import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows up to the limit per window, then says when to retry', () => {
    const limiter = new RateLimiter([{ limit: 2, windowMs: 60_000 }]);
    expect(limiter.hit('k', 0).allowed).toBe(true);
    expect(limiter.hit('k', 1_000).allowed).toBe(true);
    expect(limiter.hit('k', 2_000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(limiter.hit('other', 2_000).allowed).toBe(true);
    expect(limiter.hit('k', 60_000).allowed).toBe(true);
  });

  it('applies the tightest of several windows', () => {
    const limiter = new RateLimiter([
      { limit: 10, windowMs: 60_000 },
      { limit: 3, windowMs: 3_600_000 },
    ]);
    for (let i = 0; i < 3; i++) expect(limiter.hit('k', i).allowed).toBe(true);
    const d = limiter.hit('k', 61_000);
    expect(d.allowed).toBe(false);
    expect(d.allowed === false && d.retryAfterSeconds).toBe(3539);
  });

  it('gives back a counted attempt, within its window only', () => {
    const limiter = new RateLimiter([{ limit: 1, windowMs: 60_000 }]);
    expect(limiter.hit('k', 0).allowed).toBe(true);
    expect(limiter.hit('k', 1).allowed).toBe(false);
    limiter.refund('k', 2);
    expect(limiter.hit('k', 3).allowed).toBe(true);
    limiter.refund('k', 70_000); // the window is over: nothing to give back, nothing credited
    limiter.refund('k', 70_000);
    expect(limiter.hit('k', 70_001).allowed).toBe(true);
    expect(limiter.hit('k', 70_002).allowed).toBe(false);
  });

  it('peeks without counting', () => {
    const limiter = new RateLimiter([{ limit: 1, windowMs: 60_000 }]);
    expect(limiter.peek('k', 0).allowed).toBe(true);
    expect(limiter.peek('k', 0).allowed).toBe(true);
    limiter.hit('k', 0);
    expect(limiter.peek('k', 30_000)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.peek('k', 60_000).allowed).toBe(true);
  });

  it('keeps at most maxKeys keys, dropping the oldest when none has expired', () => {
    const limiter = new RateLimiter([{ limit: 1, windowMs: 60_000 }], 10);
    for (let i = 0; i < 10; i++) limiter.hit(`k${i}`, 0);
    expect(limiter.peek('k0', 1).allowed).toBe(false);
    limiter.hit('k10', 1);
    expect(limiter.peek('k0', 1).allowed).toBe(true);
    expect(limiter.peek('k9', 1).allowed).toBe(false);
    expect(limiter.peek('k10', 1).allowed).toBe(false);
  });
});
