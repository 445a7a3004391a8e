import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LRUCache } from 'lru-cache';
import { PlatformConfig } from '../config/platform-config';
import { isUniqueViolation } from '../database/pg-errors';
import { queryRows } from '../database/query-rows';
import { inTransaction } from '../database/transaction';
import { DomainError } from '../errors/domain-error';
import { Actor } from '../tenancy/actor';
import { PersonalApiKeyRecord } from '../tenancy/tenancy.records';
import { FailedAuthThrottle } from './failed-auth-throttle';
import { generateSecret, hashPersonalApiKey, maskPersonalApiKey, PERSONAL_API_KEY_PATTERN } from './secrets';
import { isScope } from './scopes';

// A verified key is trusted this long without asking the database again. Revocation through
// this process takes effect at once; through another process (CLI, second instance) within it.
const AUTH_CACHE_MS = 5_000;
const LAST_USED_EVERY_MS = 60 * 60 * 1000;
const AUTH_CACHE_MAX = 10_000;

export interface CreatedKey {
  record: PersonalApiKeyRecord;
  /** The plaintext key: returned once, never stored. */
  value: string;
}

export function validateScopes(scopes: unknown): string[] {
  if (!Array.isArray(scopes) || scopes.length === 0) {
    throw DomainError.invalid('Scopes must be a non-empty list.', 'scopes');
  }
  const bad = scopes.find((s) => !isScope(s));
  if (bad !== undefined) throw DomainError.invalid(`Invalid scope: ${String(bad)}`, 'scopes');
  return [...new Set(scopes as string[])];
}

@Injectable()
export class ApiKeysService implements BeforeApplicationShutdown {
  private readonly pendingWrites = new Set<Promise<unknown>>();
  private readonly cache = new LRUCache<string, Actor>({ max: AUTH_CACHE_MAX, ttl: AUTH_CACHE_MS });
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: PlatformConfig,
    private readonly failures: FailedAuthThrottle,
  ) {}

  /**
   * A new key for the user, who may hold at most PERSONAL_API_KEYS_PER_USER of them (PostHog:
   * 10): a leaked key cannot mint clones that outlive its revocation.
   */
  async create(
    userId: number,
    input: { label?: string; scopes?: string[] },
    value: string = generateSecret('phx_'),
    manager?: EntityManager,
  ): Promise<CreatedKey> {
    if (!PERSONAL_API_KEY_PATTERN.test(value)) {
      throw DomainError.invalid('A personal API key is phx_ followed by 43 letters or digits.', 'value');
    }
    const label = (input.label ?? '').trim();
    if (label.length > 40)
      throw DomainError.invalid('Ensure this field has no more than 40 characters.', 'label', 'max_length');
    const scopes = validateScopes(input.scopes ?? ['*']);
    const max = this.config.PERSONAL_API_KEYS_PER_USER;
    return inTransaction(this.ds, manager, async (m) => {
      // The user's row serialises concurrent creations, so that they cannot overshoot the cap together.
      await m.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const repo = m.getRepository(PersonalApiKeyRecord);
      if ((await repo.countBy({ userId })) >= max) {
        throw DomainError.invalid(
          `You can only have ${max} personal API keys. Remove an existing key before creating a new one.`,
          null,
          'invalid',
        );
      }
      try {
        const record = await repo.save({
          userId,
          label,
          maskValue: maskPersonalApiKey(value),
          secureValue: hashPersonalApiKey(value),
          scopes,
          lastUsedAt: null,
        });
        return { record, value };
      } catch (e) {
        if (isUniqueViolation(e, 'uq_personal_api_keys_secure_value')) {
          throw DomainError.unique('This key already exists.', 'value');
        }
        throw e;
      }
    });
  }

  list(userId: number): Promise<PersonalApiKeyRecord[]> {
    return this.ds.getRepository(PersonalApiKeyRecord).find({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  async get(userId: number, id: string): Promise<PersonalApiKeyRecord> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw DomainError.notFound();
    const key = await this.ds.getRepository(PersonalApiKeyRecord).findOneBy({ id, userId });
    if (!key) throw DomainError.notFound();
    return key;
  }

  /** Deletes a key. `userId` limits it to that user's keys (the HTTP API); the CLI passes none. */
  async revoke(id: string, userId?: number): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw DomainError.notFound('Personal API key not found.');
    const rows = await queryRows<{ secure_value: string }>(
      this.ds,
      `DELETE FROM personal_api_keys WHERE id = $1 ${userId === undefined ? '' : 'AND user_id = $2'} RETURNING secure_value`,
      userId === undefined ? [id] : [id, userId],
    );
    if (rows.length === 0) throw DomainError.notFound('Personal API key not found.');
    this.cache.delete(rows[0].secure_value);
  }

  /**
   * The actor behind a plaintext key, or undefined when the key is unknown, revoked or its user
   * inactive. A key that names nothing counts against the client's address (FailedAuthThrottle).
   */
  async authenticate(raw: string): Promise<Actor | undefined> {
    if (!PERSONAL_API_KEY_PATTERN.test(raw)) return undefined;
    const hash = hashPersonalApiKey(raw);
    const now = Date.now();
    const hit = this.cache.get(hash);
    if (hit) return hit;
    const row = await this.failures.lookup(`personal_api_key:${hash}`, async () => {
      const rows: Array<Actor & { lastUsedAt: Date | null }> = await this.ds.query(
        `SELECT k.id AS "keyId", k.scopes, k.last_used_at AS "lastUsedAt", u.id AS "userId", u.uuid AS "userUuid",
                u.distinct_id AS "distinctId", u.email, u.first_name AS "firstName",
                u.last_name AS "lastName", u.is_email_verified AS "isEmailVerified",
                u.current_project_id AS "currentProjectId", u.current_organization_id AS "currentOrganizationId"
           FROM personal_api_keys k JOIN users u ON u.id = k.user_id
          WHERE k.secure_value = $1 AND u.is_active`,
        [hash],
      );
      return rows[0];
    });
    if (!row) {
      this.cache.delete(hash);
      return undefined;
    }
    const { lastUsedAt, ...fields } = row;
    const actor: Actor = { ...fields, keyHash: hash };
    this.cache.set(hash, actor);
    this.touch(actor.keyId, lastUsedAt, now);
    return actor;
  }

  /** Records use at most once an hour per key, off the request's path. */
  private touch(keyId: string, lastUsedAt: Date | null, now: number): void {
    const written = Math.max(lastUsedAt?.getTime() ?? 0, this.lastUsedWritten.get(keyId) ?? 0);
    if (now - written < LAST_USED_EVERY_MS) return;
    this.lastUsedWritten.set(keyId, now);
    const write = this.ds
      .query(
        `UPDATE personal_api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 hour')`,
        [keyId],
      )
      .catch(() => this.lastUsedWritten.delete(keyId))
      .finally(() => this.pendingWrites.delete(write));
    this.pendingWrites.add(write);
  }

  /** Shutdown waits for the last-used writes still on their way, before the pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pendingWrites]);
  }
}
