import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { PlatformConfig } from '../config/platform-config';
import { JsonLogger } from '../observability/json-logger';

/** One fixed window (PostHog's burst-per-minute and sustained-per-hour throttles). */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A rate limiter for one purpose: in memory, or in Redis shared by every instance. */
export interface Limiter {
  /** Counts one attempt for `key` when every window allows it. */
  hit(key: string): Promise<RateDecision>;
  /** Whether `key` may go on, counting nothing. */
  peek(key: string): Promise<RateDecision>;
  /** Gives back one attempt that `hit` counted for `key` (reserved before its outcome was known), within its window only. */
  refund(key: string): Promise<void>;
}

/** How long a Redis call may take (a local Redis answers in well under a millisecond). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * How long a connection may owe a reply before ioredis drops it (a backstop: the reconnect's
 * ready check on a connection that accepts and never answers). Longer than the call timeout,
 * since a plain timer also fires when the event loop was busy rather than Redis silent.
 */
const REDIS_SOCKET_TIMEOUT_MS = 2_000;
/** A timer later than this fired after a busy event loop (a healthy loop fires it within a few ms). */
const LATE_MS = 50;

function denied(msBeforeNext: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/** The keys counted in memory at once by default; past it the least recently counted go first. */
const MAX_KEYS = 50_000;

/**
 * rate-limiter-flexible's memory limiter holding at most `maxKeys` keys (its store has no bound
 * of its own): past it the least recently counted key is forgotten. `onUse` hears of every call.
 */
class BoundedMemoryLimiter extends RateLimiterMemory {
  private readonly counted: LRUCache<string, true>;

  constructor(
    opts: ConstructorParameters<typeof RateLimiterMemory>[0],
    maxKeys: number,
    private readonly onUse: () => void = () => {},
  ) {
    super(opts);
    this.counted = new LRUCache({
      max: maxKeys,
      dispose: (_, key, reason) => {
        if (reason === 'evict') void this.delete(key);
      },
    });
  }

  override consume(
    key: string | number,
    points?: number,
    options?: { [key: string]: unknown },
  ): Promise<RateLimiterRes> {
    this.onUse();
    this.counted.set(String(key), true);
    return super.consume(key, points, options);
  }

  override reward(
    key: string | number,
    points?: number,
    options?: { [key: string]: unknown },
  ): Promise<RateLimiterRes> {
    this.onUse();
    this.counted.set(String(key), true);
    return super.reward(key, points, options);
  }

  override get(key: string | number, options?: { [key: string]: unknown }): Promise<RateLimiterRes | null> {
    this.onUse();
    return super.get(key, options);
  }
}

/**
 * Fixed windows per key, each a rate-limiter-flexible limiter: in memory, or in Redis (one atomic
 * INCR with its expiry per window, so that every instance counts against one budget) with a
 * memory limiter of the same window as its `insuranceLimiter`, which answers while Redis fails
 * calls: requests keep being served, limited per instance. A call Redis leaves unanswered is cut
 * short by `within` (see RateLimits), which rate-limiter-flexible cannot see: `insurance` answers it.
 */
class WindowedLimiter implements Limiter {
  constructor(
    private readonly windows: RateLimiterAbstract[],
    private readonly insurance?: {
      windows: RateLimiterAbstract[];
      within: <T>(call: () => Promise<T>) => Promise<T>;
      unavailable: (e: unknown) => void;
    },
  ) {}

  hit(key: string): Promise<RateDecision> {
    return this.run((windows) => this.count(windows, key));
  }

  peek(key: string): Promise<RateDecision> {
    return this.run((windows) => WindowedLimiter.ahead(windows, key));
  }

  refund(key: string): Promise<void> {
    return this.run(async (windows) => {
      for (const w of windows) {
        const res = await w.get(key);
        if (res && res.msBeforeNext > 0 && res.consumedPoints > 0) await w.reward(key, 1);
      }
    });
  }

  private async run<T>(op: (windows: RateLimiterAbstract[]) => Promise<T>): Promise<T> {
    if (!this.insurance) return op(this.windows);
    try {
      return await this.insurance.within(() => op(this.windows));
    } catch (e) {
      // Cut short by `within`. A consume already sent then, whose failure comes later, is counted
      // by the insurance once more: at most one attempt per key and window per outage.
      this.insurance.unavailable(e);
      return op(this.insurance.windows);
    }
  }

  private async count(windows: RateLimiterAbstract[], key: string): Promise<RateDecision> {
    const ahead = await WindowedLimiter.ahead(windows, key);
    if (!ahead.allowed) return ahead;
    for (const w of windows) {
      try {
        await w.consume(key);
      } catch (e) {
        if (e instanceof RateLimiterRes) return denied(e.msBeforeNext);
        throw e;
      }
    }
    return { allowed: true };
  }

  private static async ahead(windows: RateLimiterAbstract[], key: string): Promise<RateDecision> {
    let wait = 0;
    for (const w of windows) {
      const res = await w.get(key);
      if (res && res.consumedPoints >= w.points) wait = Math.max(wait, res.msBeforeNext);
    }
    return wait > 0 ? denied(wait) : { allowed: true };
  }
}

/**
 * Where rate limits count: with REDIS_URL, in Redis, shared by every instance; without it, in
 * this process (each instance its own budget). A Redis outage is logged once, and the limits
 * count in this process (the insurance limiters) until it is back.
 */
@Injectable()
export class RateLimits implements BeforeApplicationShutdown {
  private readonly client: Redis | null;
  private down = false;

  constructor(
    private readonly config: PlatformConfig,
    private readonly logger: JsonLogger,
  ) {
    this.client = config.REDIS_URL
      ? new Redis(config.REDIS_URL, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2_000,
          // A Redis that keeps the connection but stops answering (hung, or packets dropped)
          // would hold every request: calls are bounded by within() (not ioredis's
          // commandTimeout, a plain timer), which drops the silent connection.
          socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
          // a dropped connection fails what it owed (the insurance answers) instead of resending it
          autoResendUnfulfilledCommands: false,
          lazyConnect: false,
          // Reconnects for ever, at most every 2 s; meanwhile the in-memory insurance counts.
          retryStrategy: (times) => Math.min(times * 200, 2_000),
        })
      : null;
    this.client?.on('error', (e: Error) => this.unavailable(e));
    this.client?.on('ready', () => {
      if (this.down) this.logger.entry('info', 'redis is back: rate limits are shared again');
      this.down = false;
    });
  }

  /** Whether limits are shared through Redis (REDIS_URL is set). */
  get shared(): boolean {
    return this.client !== null;
  }

  /** The Redis client limits share (null without REDIS_URL), for limits of another kind (ExpensiveWork's). */
  get redis(): Redis | null {
    return this.client;
  }

  /** The prefix of Bunting's keys in Redis. */
  get prefix(): string {
    return this.config.REDIS_KEY_PREFIX;
  }

  /**
   * A limiter named `name` (its keys in Redis: `<REDIS_KEY_PREFIX>:rl:<name>:…`). In memory it
   * holds at most `maxKeys` keys (the least recently counted go first).
   */
  create(name: string, limits: RateLimit[], maxKeys = MAX_KEYS): Limiter {
    const perWindow = Math.ceil(maxKeys / limits.length);
    const client = this.client;
    const memory = (onUse?: () => void) =>
      limits.map(
        (l) => new BoundedMemoryLimiter({ points: l.limit, duration: Math.ceil(l.windowMs / 1000) }, perWindow, onUse),
      );
    if (!client) return new WindowedLimiter(memory());
    // rate-limiter-flexible answers a failed call from the insurance without saying why
    const insurance = memory(() => this.unavailable(new Error('a call failed')));
    const shared = limits.map(
      (l, i) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${this.config.REDIS_KEY_PREFIX}:rl:${name}:${i}`,
          points: l.limit,
          duration: Math.ceil(l.windowMs / 1000),
          // Fail at once while disconnected instead of queueing: the insurance answers.
          rejectIfRedisNotReady: true,
          insuranceLimiter: insurance[i],
        }),
    );
    return new WindowedLimiter(shared, {
      windows: insurance,
      within: (call) => this.within(call),
      unavailable: (e) => this.unavailable(e),
    });
  }

  /**
   * Runs `call` (Redis commands) within REDIS_COMMAND_TIMEOUT_MS. A timer that fires late fired
   * after the event loop was busy with other work (a reply may be waiting unread): that period
   * says nothing about Redis, so the call gets a fresh one instead of failing (ioredis's
   * commandTimeout, a plain timer, failed it). A call that times out drops the connection (a
   * silent one would hold every call) and ioredis reconnects; meanwhile callers count per instance.
   */
  within<T>(call: () => Promise<T>): Promise<T> {
    const pending = call();
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        const due = Date.now() + REDIS_COMMAND_TIMEOUT_MS;
        timer = setTimeout(() => {
          if (Date.now() - due > LATE_MS) return arm();
          pending.catch(() => {}); // abandoned: it fails when the connection is dropped
          if (this.client?.status === 'ready') this.client.disconnect(true);
          reject(new Error(`redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`));
        }, REDIS_COMMAND_TIMEOUT_MS);
      };
      arm();
      pending.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** Notes that Redis failed a command: logged once per outage; the caller counts in memory meanwhile. */
  unavailable(e: unknown): void {
    if (this.down) return;
    this.down = true;
    const reason = e instanceof Error ? e.message : String(e);
    this.logger.entry('warn', `redis unavailable (${reason}): rate limits count per instance until it is back`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (!this.client) return;
    await this.client.quit().catch(() => this.client!.disconnect());
  }
}
