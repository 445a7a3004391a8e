import { isIPv6 } from 'node:net';
import { Injectable, Optional } from '@nestjs/common';
import { HttpConfig } from '../config/http-config';
import { DomainError } from '../errors/domain-error';
import { currentClientAddress } from '../observability/request-context';
import { Limiter, RateLimits } from './rate-limits';

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

/**
 * Failed authentications per client address. A personal API key or a project token that names
 * nothing costs a hash and a query; past AUTH_FAILURES_PER_MINUTE failures an address gets 429
 * with Retry-After before any lookup, until the minute is over. The address is the request's
 * (`req.ip`: the connection's peer unless TRUST_PROXY trusts it); counted per API instance, or by
 * all of them together with REDIS_URL (RateLimits).
 * Outside a request (CLI, worker) nothing is counted.
 */
@Injectable()
export class FailedAuthThrottle {
  private readonly limiter: Limiter | null;

  constructor(@Optional() config?: HttpConfig, @Optional() limits?: RateLimits) {
    const limit = config?.AUTH_FAILURES_PER_MINUTE ?? 0;
    this.limiter =
      limit > 0 && limits ? limits.create('auth-failures', [{ limit, windowMs: 60_000 }], MAX_ADDRESSES) : null;
  }

  /** 429 when the current request's address is past its failures: call it before a lookup. */
  async check(): Promise<void> {
    const key = this.key();
    if (key === undefined) return;
    const decision = await this.limiter!.peek(key);
    if (!decision.allowed) throw DomainError.throttled(decision.retryAfterSeconds);
  }

  /** Counts a lookup that found nothing against the current request's address. */
  async failed(): Promise<void> {
    const key = this.key();
    if (key !== undefined) await this.limiter!.hit(key);
  }

  private key(): string | undefined {
    const address = this.limiter ? currentClientAddress() : undefined;
    return address ? clientKey(address) : undefined;
  }
}
