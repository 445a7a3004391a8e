import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LRUCache } from 'lru-cache';
import { PlatformConfig } from '../config/platform-config';
import { queryRows } from '../database/query-rows';
import { inTransaction } from '../database/transaction';
import { DomainError } from '../errors/domain-error';
import { Actor } from '../tenancy/actor';
import { currentClientAddress } from '../observability/request-context';
import { clientKey, FailedAuthThrottle } from './failed-auth-throttle';
import { checkPasswordPolicy, hashPassword, verifyPassword } from './passwords';
import { Limiter, RateLimits } from './rate-limits';
import { KeyedSlots } from './slots';

// As for personal API keys: a verified session is trusted this long without asking the
// database; sign-out through this process ends it at once, through another within it.
const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 10_000;
/** Sessions one user may hold at once; signing in once more ends the oldest. */
const SESSIONS_PER_USER = 50;
const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** Password hashes one client address, and one account, may have running or waiting at once. */
const HASHES_PER_ADDRESS = 2;
const HASHES_PER_ACCOUNT = 1;
/** What a token looks like: 43 base64url characters (32 random bytes). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Verified when the email names nobody, so that an unknown address costs as long as a wrong
// password (no account enumeration by timing). A hash of a random password nobody knows.
const DECOY = hashPassword(randomBytes(18).toString('base64url'));

export interface Session {
  actor: Actor;
  csrfToken: string;
  expiresAt: Date;
}

export interface OpenedSession extends Session {
  /** The cookie's value: returned once, stored only as its SHA-256. */
  token: string;
}

function hashToken(token: string): string {
  return 'sha256$' + createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a request's CSRF header is the session's token (constant time). */
export function csrfMatches(session: Session, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  const a = Buffer.from(header);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Console sign-in: email and password open a session (an HttpOnly cookie) that the management
 * API accepts like a personal API key with every scope of its user.
 *
 * Each password check is an attempt reserved before its hash, under three fixed windows: per
 * client address (SIGN_IN_FAILURES_PER_ADDRESS a minute), per account and address
 * (SIGN_IN_FAILURES_PER_EMAIL per 15 minutes) and per account from all addresses
 * (SIGN_IN_FAILURES_PER_ACCOUNT per 15 minutes). A right password gives its attempt back, so
 * only failures count, and concurrent guesses cannot all be checked. The account is the user
 * the email names (found with PostgreSQL's lower(), however the email is spelled), or that
 * lowered email when it names nobody. Hashes run at most two per address and one per account
 * at once, within the process-wide bound of passwords.ts.
 */
@Injectable()
export class SessionsService {
  private readonly cache = new LRUCache<string, Session>({ max: AUTH_CACHE_MAX, ttl: AUTH_CACHE_MS });
  private readonly addressFailures: Limiter;
  private readonly pairFailures: Limiter;
  private readonly accountFailures: Limiter;
  private readonly hashesPerAddress = new KeyedSlots(HASHES_PER_ADDRESS);
  private readonly hashesPerAccount = new KeyedSlots(HASHES_PER_ACCOUNT);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: PlatformConfig,
    private readonly failures: FailedAuthThrottle,
    limits: RateLimits,
  ) {
    this.addressFailures = limits.create('sign-in-addresses', [
      { limit: config.SIGN_IN_FAILURES_PER_ADDRESS, windowMs: 60_000 },
    ]);
    this.pairFailures = limits.create('sign-in-pairs', [
      { limit: config.SIGN_IN_FAILURES_PER_EMAIL, windowMs: ACCOUNT_WINDOW_MS },
    ]);
    this.accountFailures = limits.create('sign-in-accounts', [
      { limit: config.SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: ACCOUNT_WINDOW_MS },
    ]);
  }

  /** A new session for the user whose email and password these are; 401 otherwise. */
  async signIn(email: string, password: string): Promise<OpenedSession> {
    let user = undefined as { id: number } | undefined;
    const valid = await this.attempt(password, async () => {
      const [row] = await queryRows<{ lowered: string; id: number | null; password_hash: string | null }>(
        this.ds,
        `SELECT lower($1::text) AS lowered, u.id, u.password_hash
           FROM (SELECT 1) AS one
           LEFT JOIN LATERAL (SELECT id, password_hash FROM users
                               WHERE lower(email) = lower($1::text) AND is_active ORDER BY id LIMIT 1) u ON true`,
        [email],
      );
      user = row.id === null ? undefined : { id: row.id };
      return { account: row.id === null ? `email:${row.lowered}` : `user:${row.id}`, stored: row.password_hash };
    });
    if (!valid || !user) throw new DomainError('unauthenticated', 'invalid_credentials', 'Invalid email or password.');
    const userId = user.id;
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.SESSION_MAX_AGE_DAYS * 86_400_000);
    await this.ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO user_sessions (user_id, secure_value, csrf_token, expires_at) VALUES ($1, $2, $3, $4)`,
        [userId, hashToken(token), csrfToken, expiresAt],
      );
      // Expired sessions and those past the per-user cap go with each sign-in of their user.
      await m.query(
        `DELETE FROM user_sessions WHERE user_id = $1 AND (expires_at <= now() OR id IN (
           SELECT id FROM user_sessions WHERE user_id = $1 ORDER BY created_at DESC, id OFFSET $2))`,
        [userId, SESSIONS_PER_USER],
      );
    });
    const session = await this.lookup(hashToken(token));
    if (!session) throw new Error('session missing after sign-in');
    return { ...session, token };
  }

  /**
   * Checks `password` against what `find` says the account holds (null: no password, or no
   * such account: a decoy hash is checked instead, so that both cost the same), as one attempt
   * under the sign-in limits: reserved before the hash (429 when any window is full), given back
   * when the password was right or the check did not happen.
   */
  private async attempt(
    password: string,
    find: () => Promise<{ account: string; stored: string | null }>,
  ): Promise<boolean> {
    const address = currentClientAddress();
    const addressKey = address ? clientKey(address) : undefined;
    const held: Array<[Limiter, string]> = [];
    const reserve = async (limiter: Limiter, key: string) => {
      const decision = await limiter.hit(key);
      if (!decision.allowed) throw DomainError.throttled(decision.retryAfterSeconds);
      held.push([limiter, key]);
    };
    try {
      if (addressKey !== undefined) await reserve(this.addressFailures, addressKey);
      const { account, stored } = await find();
      await reserve(this.accountFailures, account);
      if (addressKey !== undefined) await reserve(this.pairFailures, `${account}|${addressKey}`);
      const valid = await this.hashesPerAddress.run(addressKey ?? '', () =>
        this.hashesPerAccount.run(account, async () => verifyPassword(password, stored ?? (await DECOY))),
      );
      if (stored !== null && valid) await this.giveBack(held);
      return stored !== null && valid;
    } catch (e) {
      await this.giveBack(held);
      throw e;
    }
  }

  private async giveBack(held: Array<[Limiter, string]>): Promise<void> {
    for (const [limiter, key] of held.splice(0)) await limiter.refund(key);
  }

  /** The session behind a cookie's token, or undefined when it is unknown, expired or its user inactive. */
  async authenticate(token: string): Promise<Session | undefined> {
    if (!SESSION_TOKEN.test(token)) return undefined;
    const hash = hashToken(token);
    const hit = this.cache.get(hash);
    if (hit && hit.expiresAt.getTime() > Date.now()) return hit;
    const session = await this.failures.lookup(`session:${hash}`, () => this.lookup(hash));
    if (!session) {
      this.cache.delete(hash);
      return undefined;
    }
    this.cache.set(hash, session);
    return session;
  }

  private async lookup(hash: string): Promise<Session | undefined> {
    const rows: Array<Omit<Actor, 'keyHash' | 'scopes'> & { csrfToken: string; expiresAt: Date }> = await this.ds.query(
      `SELECT 'session:' || s.id AS "keyId", s.csrf_token AS "csrfToken", s.expires_at AS "expiresAt",
              u.id AS "userId", u.uuid AS "userUuid", u.distinct_id AS "distinctId", u.email, u.first_name AS "firstName",
              u.last_name AS "lastName", u.is_email_verified AS "isEmailVerified",
              u.current_project_id AS "currentProjectId", u.current_organization_id AS "currentOrganizationId"
         FROM user_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.secure_value = $1 AND s.expires_at > now() AND u.is_active`,
      [hash],
    );
    if (rows.length === 0) return undefined;
    const { csrfToken, expiresAt, ...fields } = rows[0];
    return { actor: { ...fields, keyHash: hash, scopes: ['*'] }, csrfToken, expiresAt: new Date(expiresAt) };
  }

  /**
   * Whether `password` is the user's (a password change asks for it). Wrong guesses count like
   * failed sign-ins of that user, so a stolen session cannot guess its way to the password.
   */
  async passwordMatches(userId: number, password: string): Promise<boolean> {
    return this.attempt(password, async () => {
      const rows = await queryRows<{ password_hash: string | null }>(
        this.ds,
        `SELECT password_hash FROM users WHERE id = $1`,
        [userId],
      );
      return { account: `user:${userId}`, stored: rows[0]?.password_hash ?? null };
    });
  }

  /** Ends the session behind a token (nothing when there is none). */
  async signOut(token: string): Promise<void> {
    if (!SESSION_TOKEN.test(token)) return;
    const hash = hashToken(token);
    this.cache.delete(hash);
    await this.ds.query(`DELETE FROM user_sessions WHERE secure_value = $1`, [hash]);
  }

  /**
   * Sets (or resets) a user's password and ends every session of theirs: whoever held an old one
   * must sign in again. 400 naming `attr` for a password outside the policy.
   */
  async setPassword(userId: number, password: string, manager?: EntityManager, attr = 'password'): Promise<void> {
    checkPasswordPolicy(password, attr);
    const hash = await hashPassword(password);
    await inTransaction(this.ds, manager, async (m) => {
      const updated = await queryRows(m, `UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING id`, [
        userId,
        hash,
      ]);
      if (updated.length === 0) throw DomainError.notFound('User not found.');
      await m.query(`DELETE FROM user_sessions WHERE user_id = $1`, [userId]);
    });
    this.cache.clear();
  }
}
