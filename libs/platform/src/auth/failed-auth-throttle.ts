import { isIPv6 } from 'node:net';
import { Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { HttpConfig } from '../config/http-config';
import { DomainError } from '../errors/domain-error';
import { metrics } from '../observability/metrics';
import { currentClientAddress } from '../observability/request-context';
import { Limiter, RateLimits } from './rate-limits';
import { KeyedSlots } from './slots';

/** Client addresses counted at once; past it the oldest go first. */
const MAX_ADDRESSES = 100_000;

/**
 * What failures are counted under: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64, the
 * block one host usually holds, so that walking through its addresses buys nothing.
 */
export function clientKey(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1];
  if (!isIPv6(plain)) return plain;
  const [head, tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Credentials remembered as naming nothing, and for how long (a token made since is found after it). */
const UNKNOWN_MAX = 100_000;
const UNKNOWN_TTL_MS = 30_000;

const lookups = metrics.counter(
  'auth_credential_lookups_total',
  'Personal API keys, project tokens and session cookies not held in memory, by outcome: found (looked up and known), unknown (looked up, names nothing) or remembered_unknown (answered from the memory of unknown credentials, no lookup).',
  ['outcome'],
);

/**
 * Failed authentications per client address, in the manner of PostHog's flags service (a
 * negative cache of unknown tokens) and of API gateways (a cost per failing credential, never a
 * ban on the address):
 * - a valid credential is always served: it is looked up whatever its address has failed;
 * - a credential that named nothing is remembered for UNKNOWN_TTL_MS, so repeating it (an app
 *   with an old token) costs no lookup;
 * - failures count per address (`req.ip`: the connection's peer unless TRUST_PROXY trusts it;
 *   IPv6 by its /64); past AUTH_FAILURES_PER_MINUTE a failing credential is answered 429 with
 *   Retry-After instead of 401, and that address's lookups run one at a time, so its flood holds
 *   at most one connection of the pool.
 * Counted per API instance, or by all of them together with REDIS_URL (RateLimits). Outside a
 * request (CLI, worker) nothing is counted.
 */
@Injectable()
export class FailedAuthThrottle {
  private readonly limiter: Limiter | null;
  private readonly unknown = new LRUCache<string, true>({ max: UNKNOWN_MAX, ttl: UNKNOWN_TTL_MS });
  private readonly oneAtATime = new KeyedSlots(1);

  constructor(@Optional() config?: HttpConfig, @Optional() limits?: RateLimits) {
    const limit = config?.AUTH_FAILURES_PER_MINUTE ?? 0;
    this.limiter =
      limit > 0 && limits ? limits.create('auth-failures', [{ limit, windowMs: 60_000 }], MAX_ADDRESSES) : null;
  }

  /**
   * What `find` finds for `credential` (a key's hash, a token), or undefined when it names
   * nothing; 429 instead of undefined once the request's address is past its failures.
   * `credential` must identify the secret (its hash will do) and be prefixed by its kind.
   */
  async lookup<T>(credential: string, find: () => Promise<T | undefined>): Promise<T | undefined> {
    const key = this.key();
    if (this.unknown.has(credential)) {
      lookups.inc({ outcome: 'remembered_unknown' });
      await this.failed(key);
      return undefined;
    }
    const over = key !== undefined && !(await this.limiter!.peek(key)).allowed;
    const found = over ? await this.oneAtATime.run(key, find) : await find();
    if (found !== undefined) {
      lookups.inc({ outcome: 'found' });
      return found;
    }
    lookups.inc({ outcome: 'unknown' });
    this.unknown.set(credential, true);
    await this.failed(key);
    return undefined;
  }

  /** Forgets that `credential` named nothing (it has just been made to name something). */
  forget(credential: string): void {
    this.unknown.delete(credential);
  }

  /** Counts a failure against the address; 429 once it is past its budget. */
  private async failed(key: string | undefined): Promise<void> {
    if (key === undefined) return;
    const decision = await this.limiter!.hit(key);
    if (!decision.allowed) throw DomainError.throttled(decision.retryAfterSeconds);
  }

  private key(): string | undefined {
    const address = this.limiter ? currentClientAddress() : undefined;
    return address ? clientKey(address) : undefined;
  }
}
