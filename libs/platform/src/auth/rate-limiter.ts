/**
 * Fixed-window request counters per key of the caller's choosing (PostHog's burst-per-minute
 * and sustained-per-hour throttles). In memory: each API instance counts its own requests.
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `maxKeys` bounds the memory: past it, expired windows go, then the oldest. */
  constructor(
    private readonly limits: RateLimit[],
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one request for `key` when every window allows it. */
  hit(key: string, now = Date.now()): RateDecision {
    const decision = this.peek(key, now);
    if (!decision.allowed) return decision;
    if (this.windows.size >= this.maxKeys) this.prune(now);
    this.limits.forEach((l, i) => {
      const slotKey = `${i}:${key}`;
      const w = this.windows.get(slotKey);
      if (w && now - w.start < l.windowMs) w.count++;
      else this.windows.set(slotKey, { start: now, count: 1 });
    });
    return decision;
  }

  /** Gives back one counted request of `key` (an attempt reserved ahead of its outcome that did not fail). */
  refund(key: string, now = Date.now()): void {
    this.limits.forEach((l, i) => {
      const w = this.windows.get(`${i}:${key}`);
      if (w && now - w.start < l.windowMs && w.count > 0) w.count--;
    });
  }

  /** Whether `key` may go on, counting nothing. */
  peek(key: string, now = Date.now()): RateDecision {
    let retryAfterMs = 0;
    this.limits.forEach((l, i) => {
      const w = this.windows.get(`${i}:${key}`);
      if (w && now - w.start < l.windowMs && w.count >= l.limit) {
        retryAfterMs = Math.max(retryAfterMs, w.start + l.windowMs - now);
      }
    });
    return retryAfterMs > 0
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      : { allowed: true };
  }

  private prune(now: number): void {
    const longest = Math.max(...this.limits.map((l) => l.windowMs));
    for (const [k, w] of this.windows) if (now - w.start >= longest) this.windows.delete(k);
    // Still full (many keys in one window): the oldest windows go first.
    const target = Math.floor(this.maxKeys * 0.9);
    for (const k of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(k);
    }
  }
}
