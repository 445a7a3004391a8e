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
});
