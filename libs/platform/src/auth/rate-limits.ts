import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { PlatformConfig } from '../config/platform-config';
import { JsonLogger } from '../observability/json-logger';
import { RateDecision, RateLimit, RateLimiter } from './rate-limiter';

/** A rate limiter for one purpose: in memory, or in Redis shared by every instance. */
export interface Limiter {
  /** Counts one attempt for `key` when every window allows it. */
  hit(key: string): RateDecision | Promise<RateDecision>;
  /** Whether `key` may go on, counting nothing. */
  peek(key: string): RateDecision | Promise<RateDecision>;
  /** Gives back one attempt that `hit` counted for `key` (reserved before its outcome was known). */
  refund(key: string): void | Promise<void>;
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

/**
 * Fixed windows in Redis (rate-limiter-flexible: one atomic INCR with its expiry per window), so
 * that every instance counts against one budget. While Redis is unreachable it answers from an
 * in-memory limiter of the same windows: requests keep being served, limited per instance.
 */
class SharedLimiter implements Limiter {
  private readonly windows: RateLimiterRedis[];

  constructor(
    client: Redis,
    prefix: string,
    limits: RateLimit[],
    private readonly fallback: RateLimiter,
    private readonly unavailable: (e: unknown) => void,
    private readonly within: <T>(call: () => Promise<T>) => Promise<T>,
  ) {
    this.windows = limits.map(
      (l, i) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${prefix}:${i}`,
          points: l.limit,
          duration: Math.ceil(l.windowMs / 1000),
          // Fail at once while disconnected instead of queueing: the fallback answers.
          rejectIfRedisNotReady: true,
        }),
    );
  }

  async hit(key: string): Promise<RateDecision> {
    try {
      return await this.within(async () => {
        const ahead = await this.peekShared(key);
        if (!ahead.allowed) return ahead;
        for (const w of this.windows) {
          try {
            await w.consume(key);
          } catch (e) {
            if (e instanceof RateLimiterRes) return denied(e.msBeforeNext);
            throw e;
          }
        }
        return { allowed: true };
      });
    } catch (e) {
      this.unavailable(e);
      return this.fallback.hit(key);
    }
  }

  async refund(key: string): Promise<void> {
    try {
      await this.within(async () => {
        for (const w of this.windows) await w.reward(key, 1);
      });
    } catch (e) {
      this.unavailable(e);
      this.fallback.refund(key);
    }
  }

  async peek(key: string): Promise<RateDecision> {
    try {
      return await this.within(() => this.peekShared(key));
    } catch (e) {
      this.unavailable(e);
      return this.fallback.peek(key);
    }
  }

  private async peekShared(key: string): Promise<RateDecision> {
    let wait = 0;
    for (const w of this.windows) {
      const res = await w.get(key);
      if (res && res.consumedPoints >= w.points) wait = Math.max(wait, res.msBeforeNext);
    }
    return wait > 0 ? denied(wait) : { allowed: true };
  }
}

/**
 * Where rate limits count: with REDIS_URL, in Redis, shared by every instance; without it, in
 * this process (each instance its own budget). A Redis outage is logged once, and the limits
 * fall back to this process until it is back.
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
          // a dropped connection fails what it owed (the fallback answers) instead of resending it
          autoResendUnfulfilledCommands: false,
          lazyConnect: false,
          // Reconnects for ever, at most every 2 s; meanwhile the in-memory fallback counts.
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

  /** A limiter named `name` (its keys in Redis: `<REDIS_KEY_PREFIX>:rl:<name>:…`). */
  create(name: string, limits: RateLimit[], maxKeys?: number): Limiter {
    const local = new RateLimiter(limits, maxKeys);
    if (!this.client) return local;
    return new SharedLimiter(
      this.client,
      `${this.config.REDIS_KEY_PREFIX}:rl:${name}`,
      limits,
      local,
      (e) => this.unavailable(e),
      (call) => this.within(call),
    );
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
