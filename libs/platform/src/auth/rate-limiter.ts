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

  constructor(private readonly limits: RateLimit[]) {}

  hit(key: string, now = Date.now()): RateDecision {
    if (this.windows.size > 50_000) this.prune(now);
    let retryAfterMs = 0;
    const slots = this.limits.map((l, i) => {
      const slotKey = `${i}:${key}`;
      let w = this.windows.get(slotKey);
      if (!w || now - w.start >= l.windowMs) {
        w = { start: now, count: 0 };
        this.windows.set(slotKey, w);
      }
      if (w.count >= l.limit) retryAfterMs = Math.max(retryAfterMs, w.start + l.windowMs - now);
      return w;
    });
    if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    for (const w of slots) w.count++;
    return { allowed: true };
  }

  private prune(now: number): void {
    const longest = Math.max(...this.limits.map((l) => l.windowMs));
    for (const [k, w] of this.windows) if (now - w.start >= longest) this.windows.delete(k);
  }
}
