import { Injectable, Optional } from '@nestjs/common';
import { RateLimits } from '../auth/rate-limits';
import { PlatformConfig } from '../config/platform-config';
import { DomainError } from '../errors/domain-error';
import { metrics } from '../observability/metrics';
import { SharedAdmission, SharedAdmissions } from './shared-admissions';

const refused = metrics.counter(
  'expensive_work_refused_total',
  'Expensive requests refused with 429, by reason (user, project, busy).',
  ['reason'],
);
const running = metrics.gauge('expensive_work_running', 'Expensive requests and background jobs holding a slot.');
const queued = metrics.gauge('expensive_work_waiting', 'Expensive requests and background jobs waiting for a slot.');

/** Who asks for expensive work: a user, in a project. */
export interface WorkOwner {
  userId: number;
  projectId?: number;
}

/** One admitted piece of expensive work, counted against its user and project until released. */
export interface Admission {
  /**
   * Waits for one of the service-wide slots, up to `timeoutMs` (then 429); without a timeout,
   * as long as it takes (background jobs).
   */
  slot(timeoutMs?: number): Promise<void>;
  /** Gives back the slot (if taken) and the admission. Safe to call more than once. */
  release(): void;
}

/**
 * Bounds the work that can hold the database for long (the persons behind insights, CSV exports,
 * blast radius, cohort persons, filling static cohorts, counting cohorts): at most
 * EXPENSIVE_CONCURRENCY_PER_USER at once per user (all of the user's keys together) and
 * EXPENSIVE_CONCURRENCY_PER_PROJECT per project, refused at once with 429 beyond; and at most
 * EXPENSIVE_CONCURRENCY at once in the process, so that such work never holds more connections
 * than that and the rest of the pool stays free for the SDK endpoints and the management API.
 * Each piece of work runs its queries one after the other, so one slot is one connection.
 * With REDIS_URL the per-user and per-project bounds are counted by every instance together
 * (SharedAdmissions); while Redis is away, by each instance alone. The service-wide slots are
 * this process's connections, so they stay per instance.
 * Hand-written: no maintained package bounds concurrency per key with an immediate refusal.
 */
@Injectable()
export class ExpensiveWork {
  readonly slots: number;
  private free: number;
  private readonly waiters = new Set<() => void>();
  private readonly perUser = new Map<number, number>();
  private readonly perProject = new Map<number, number>();
  private readonly perUserLimit: number;
  private readonly perProjectLimit: number;
  private readonly shared: SharedAdmissions | null;

  constructor(
    config: PlatformConfig,
    @Optional() private readonly limits?: RateLimits,
  ) {
    const pool = config.DATABASE_URL ? config.DATABASE_POOL_SIZE : 1;
    const share = config.EXPENSIVE_CONCURRENCY ?? Math.floor(pool / 2);
    this.slots = Math.max(1, Math.min(share, pool - 1));
    this.free = this.slots;
    this.perUserLimit = config.EXPENSIVE_CONCURRENCY_PER_USER;
    this.perProjectLimit = config.EXPENSIVE_CONCURRENCY_PER_PROJECT;
    this.shared = limits?.redis ? new SharedAdmissions(limits.redis, limits.prefix) : null;
  }

  /** Admits work for `owner`, or 429 when its user or project already runs as much as it may. */
  async admit(owner: WorkOwner): Promise<Admission> {
    const shared = await this.admitShared(owner);
    if (!shared) this.admitLocal(owner);
    let slotTaken = false;
    let released = false;
    return {
      slot: async (timeoutMs) => {
        await this.take(timeoutMs);
        slotTaken = true;
      },
      release: () => {
        if (released) return;
        released = true;
        if (shared) shared.release();
        else {
          add(this.perUser, owner.userId, -1);
          if (owner.projectId !== undefined) add(this.perProject, owner.projectId, -1);
        }
        if (slotTaken) this.give();
      },
    };
  }

  /** The place held in Redis, or undefined without Redis (or while it is away: then counted here). */
  private async admitShared(owner: WorkOwner): Promise<SharedAdmission | undefined> {
    if (!this.shared) return undefined;
    let result: SharedAdmission | 'user' | 'project';
    const admitting = this.shared.admit(owner.userId, owner.projectId, {
      user: this.perUserLimit,
      project: this.perProjectLimit,
    });
    try {
      result = await this.limits!.within(() => admitting);
    } catch (e) {
      // a place Redis gives after the timeout is given back at once
      admitting.then((late) => typeof late === 'object' && late.release()).catch(() => {});
      this.limits!.unavailable(e);
      return undefined;
    }
    if (result === 'user' || result === 'project') {
      refused.inc({ reason: result });
      throw DomainError.throttled(1);
    }
    return result;
  }

  private admitLocal(owner: WorkOwner): void {
    if ((this.perUser.get(owner.userId) ?? 0) >= this.perUserLimit) {
      refused.inc({ reason: 'user' });
      throw DomainError.throttled(1);
    }
    if (owner.projectId !== undefined && (this.perProject.get(owner.projectId) ?? 0) >= this.perProjectLimit) {
      refused.inc({ reason: 'project' });
      throw DomainError.throttled(1);
    }
    add(this.perUser, owner.userId, 1);
    if (owner.projectId !== undefined) add(this.perProject, owner.projectId, 1);
  }

  /** Runs `fn` in a slot without an owner (the service's own background work), waiting as long as it takes. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await fn();
    } finally {
      this.give();
    }
  }

  private take(timeoutMs?: number): Promise<void> {
    if (this.free > 0) {
      this.free--;
      this.report();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const grant = () => {
        clearTimeout(timer);
        this.waiters.delete(grant);
        resolve();
      };
      this.waiters.add(grant);
      this.report();
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiters.delete(grant);
          this.report();
          refused.inc({ reason: 'busy' });
          reject(DomainError.throttled(Math.max(1, Math.ceil(timeoutMs / 1000))));
        }, timeoutMs);
      }
    });
  }

  /** The slot goes to the longest waiter, else back to the free ones. */
  private give(): void {
    const next = this.waiters.values().next();
    if (next.done) this.free++;
    else next.value();
    this.report();
  }

  private report(): void {
    running.set(this.slots - this.free);
    queued.set(this.waiters.size);
  }
}

function add(counts: Map<number, number>, key: number, by: number): void {
  const n = (counts.get(key) ?? 0) + by;
  if (n === 0) counts.delete(key);
  else counts.set(key, n);
}
