import { MAX_RETRY_DELAY_MS, nextAttemptAt, receiverDeferralMs, retryDelayMs, RETRY_WINDOW_MS } from './backoff';

describe('retry backoff', () => {
  const base = 5_000;

  it('doubles the wait after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, base))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(retryDelayMs(20, base)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(10_000, base)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('jitters within the upper half of the wait', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const until = new Date(now.getTime() + RETRY_WINDOW_MS);
    const wait = (r: number) => nextAttemptAt(3, now, until, base, r)!.getTime() - now.getTime();
    expect(wait(0)).toBe(10_000);
    expect(wait(0.5)).toBe(15_000);
    expect(wait(0.999999)).toBeLessThanOrEqual(20_000);
    expect(wait(0.999999)).toBeGreaterThan(19_990);
  });

  it('gives up when the next attempt would fall past the retry window', () => {
    const written = new Date('2026-01-01T00:00:00Z');
    const until = new Date(written.getTime() + RETRY_WINDOW_MS);
    const late = new Date(until.getTime() - 1_000);
    expect(nextAttemptAt(30, late, until, base, 0)).toBeNull();
    const early = new Date(written.getTime() + 60_000);
    expect(nextAttemptAt(1, early, until, base, 0)).toEqual(new Date(early.getTime() + 2_500));
  });

  it('retries for about 24 hours in all, at most an hour apart', () => {
    const written = new Date('2026-01-01T00:00:00Z');
    const until = new Date(written.getTime() + RETRY_WINDOW_MS);
    let now = written;
    let attempts = 0;
    for (;;) {
      attempts++;
      const next = nextAttemptAt(attempts, now, until, base, 1);
      if (!next) break;
      expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
      now = next;
    }
    expect(until.getTime() - now.getTime()).toBeLessThan(MAX_RETRY_DELAY_MS);
    expect(attempts).toBeGreaterThan(20);
  });
});

describe('receiver deferral', () => {
  it('grows with each round that timed out, at most an hour', () => {
    expect([1, 2, 3].map((n) => receiverDeferralMs(n, 5_000))).toEqual([5_000, 10_000, 20_000]);
    expect(receiverDeferralMs(100, 5_000)).toBe(MAX_RETRY_DELAY_MS);
  });
});
