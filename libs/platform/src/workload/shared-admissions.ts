import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

/** How long an admission holds its place in Redis without a heartbeat (a crashed instance's go then). */
const LEASE_MS = 30_000;
const HEARTBEAT_MS = 10_000;

// One sorted set per user and per project: members are admissions, scores their lease's end.
// Atomically: forget expired leases, refuse when a set is full, else add to both.
const ADMIT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do redis.call('ZREMRANGEBYSCORE', key, '-inf', now) end
for i, key in ipairs(KEYS) do
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIRE', key, ${LEASE_MS * 2})
end
return 0`;

export type SharedRefusal = 'user' | 'project';

/** A place held in Redis until released (or until its lease ends, should this process die). */
export interface SharedAdmission {
  release(): void;
}

/**
 * Per-user and per-project concurrency bounds counted in Redis, so that every instance counts
 * against one bound. Hand-written: the rate-limit library counts rates, not work in progress.
 */
export class SharedAdmissions {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  /** Holds a place for the user (and project), or names the bound that is full. Throws when Redis fails. */
  async admit(
    userId: number,
    projectId: number | undefined,
    limits: { user: number; project: number },
  ): Promise<SharedAdmission | SharedRefusal> {
    const keys = [`${this.prefix}:work:user:${userId}`];
    const bounds = [limits.user];
    if (projectId !== undefined) {
      keys.push(`${this.prefix}:work:project:${projectId}`);
      bounds.push(limits.project);
    }
    const id = randomUUID();
    const now = Date.now();
    const full = Number(await this.client.eval(ADMIT, keys.length, ...keys, now, now + LEASE_MS, id, ...bounds));
    if (full === 1) return 'user';
    if (full === 2) return 'project';
    const heartbeat = setInterval(() => {
      const until = Date.now() + LEASE_MS;
      for (const key of keys) this.client.zadd(key, 'XX', until, id).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        for (const key of keys) this.client.zrem(key, id).catch(() => {});
      },
    };
  }
}
