import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { DataSource, EntityManager } from 'typeorm';
import { FailedAuthThrottle } from '../auth/failed-auth-throttle';
import {
  generateSecret,
  hashPersonalApiKey,
  PROJECT_SECRET_TOKEN_PATTERN,
  PROJECT_TOKEN_PATTERN,
} from '../auth/secrets';
import { isUniqueViolation } from '../database/pg-errors';
import { queryPrepared, queryRows } from '../database/query-rows';
import { inTransaction } from '../database/transaction';
import { isUuid } from '../domain/text';
import { DomainError } from '../errors/domain-error';
import { Actor, OrganizationAccess, ProjectAccess } from './actor';
import { MEMBERSHIP_LEVELS } from './membership';
import { MembershipRecord, OrganizationRecord, ProjectRecord, UserRecord, UserSummary } from './tenancy.records';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkName(name: unknown, attr = 'name'): string {
  if (typeof name !== 'string') throw DomainError.required(attr);
  const trimmed = name.trim();
  if (trimmed.length === 0) throw DomainError.invalid('This field may not be blank.', attr, 'blank');
  if (trimmed.length > 200)
    throw DomainError.invalid('Ensure this field has no more than 200 characters.', attr, 'max_length');
  return trimmed;
}

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'organization'
  );
}

/** A list page read from the database: the exact total and the rows of this page. */
export interface Slice<T> {
  count: number;
  rows: T[];
}

export interface OrganizationWithLevel extends OrganizationRecord {
  membershipLevel: number;
}

/**
 * Called once a project's settings were changed (by this instance), after the change committed,
 * with the names of the settings written (`timezone`, …).
 */
export type ProjectChangedListener = (projectId: number, settings: ReadonlySet<string>) => void;

/** Project tokens remembered with their project (SDK requests name one each). */
const MAX_CACHED_TOKENS = 10_000;
/**
 * A verified secret token is trusted this long without asking again (as personal API keys are):
 * a rotation through this process takes effect at once, through another within it.
 */
const SECRET_CACHE_MS = 5_000;

/** Organizations, projects, users and memberships: who may see what. */
@Injectable()
export class TenancyService {
  private readonly projectListeners = new Set<ProjectChangedListener>();
  private readonly tokens = new LRUCache<string, number>({ max: MAX_CACHED_TOKENS });
  private readonly secrets = new LRUCache<string, Actor>({ max: MAX_CACHED_TOKENS, ttl: SECRET_CACHE_MS });

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly failures: FailedAuthThrottle,
  ) {}

  /**
   * `listener` hears of every project whose settings this instance changes (`updateProject`), so
   * that what other contexts remember of them (PostToSlack's Slack webhook) is dropped at once;
   * returns the unsubscribe function.
   */
  onProjectChanged(listener: ProjectChangedListener): () => void {
    this.projectListeners.add(listener);
    return () => this.projectListeners.delete(listener);
  }

  async createOrganization(name: string, ownerUserId?: number, manager?: EntityManager): Promise<OrganizationRecord> {
    const clean = checkName(name);
    return inTransaction(this.ds, manager, async (m) => {
      const org = await m.getRepository(OrganizationRecord).save({ name: clean, slug: slugify(clean) });
      if (ownerUserId !== undefined) await this.addMember(org.id, ownerUserId, MEMBERSHIP_LEVELS.owner, m);
      return org;
    });
  }

  async createProject(
    organizationId: string,
    name: string,
    apiToken: string = generateSecret('phc_'),
    manager?: EntityManager,
  ): Promise<ProjectRecord> {
    const clean = checkName(name);
    if (!PROJECT_TOKEN_PATTERN.test(apiToken)) {
      throw DomainError.invalid('A project token is phc_ followed by 43 letters or digits.', 'api_token');
    }
    return inTransaction(this.ds, manager, async (m) => {
      const org = await m.getRepository(OrganizationRecord).findOneBy({ id: organizationId });
      if (!org) throw DomainError.notFound('Organization not found.');
      try {
        const project = await m.getRepository(ProjectRecord).save({
          organizationId,
          name: clean,
          apiToken,
          secretApiToken: generateSecret('phs_'),
          secretApiTokenBackup: null,
          timezone: 'UTC',
        });
        this.failures.forget(`project_token:${apiToken}`);
        return project;
      } catch (e) {
        if (isUniqueViolation(e, 'uq_projects_api_token')) {
          throw DomainError.unique('A project with this token already exists.', 'api_token');
        }
        throw e;
      }
    });
  }

  /**
   * Changes the given settings (a name and a time zone are checked here; a Slack URL by the
   * caller, with OutboundHttp).
   */
  async updateProject(
    projectId: number,
    changes: { name?: string; slackIncomingWebhook?: string | null; timezone?: string },
  ): Promise<ProjectRecord> {
    const repo = this.ds.getRepository(ProjectRecord);
    const set: Partial<ProjectRecord> = {};
    if (changes.name !== undefined) set.name = checkName(changes.name);
    if (changes.timezone !== undefined) set.timezone = await this.checkTimeZone(changes.timezone);
    if (changes.slackIncomingWebhook !== undefined) set.slackIncomingWebhook = changes.slackIncomingWebhook;
    if (Object.keys(set).length > 0) {
      await repo.update({ id: projectId }, { ...set, updatedAt: new Date() });
      const settings = new Set(Object.keys(set));
      for (const listener of this.projectListeners) listener(projectId, settings);
    }
    return repo.findOneByOrFail({ id: projectId });
  }

  /**
   * A new secret token for the project (PostHog's `rotate_secret_token`): the current one becomes
   * the backup, which keeps working; the backup before it stops at once (in this process; in
   * others within SECRET_CACHE_MS).
   */
  async rotateSecretToken(projectId: number): Promise<ProjectRecord> {
    const token = generateSecret('phs_');
    const [before] = await queryRows<{ backup: string | null }>(
      this.ds,
      `UPDATE projects p SET secret_api_token = $2, secret_api_token_backup = old.secret_api_token, updated_at = now()
         FROM (SELECT id, secret_api_token, secret_api_token_backup FROM projects WHERE id = $1 FOR UPDATE) old
        WHERE p.id = old.id RETURNING old.secret_api_token_backup AS backup`,
      [projectId, token],
    );
    if (!before) throw DomainError.notFound();
    this.failures.forget(`project_secret:${hashPersonalApiKey(token)}`);
    if (before.backup) this.secrets.delete(hashPersonalApiKey(before.backup));
    return this.ds.getRepository(ProjectRecord).findOneByOrFail({ id: projectId });
  }

  /** Stops the backup secret token (PostHog's `delete_secret_token_backup`); none is no change. */
  async deleteSecretTokenBackup(projectId: number): Promise<ProjectRecord> {
    const [before] = await queryRows<{ backup: string | null }>(
      this.ds,
      `UPDATE projects p SET secret_api_token_backup = NULL, updated_at = now()
         FROM (SELECT id, secret_api_token_backup FROM projects WHERE id = $1 FOR UPDATE) old
        WHERE p.id = old.id AND old.secret_api_token_backup IS NOT NULL RETURNING old.secret_api_token_backup AS backup`,
      [projectId],
    );
    if (before?.backup) this.secrets.delete(hashPersonalApiKey(before.backup));
    return this.ds.getRepository(ProjectRecord).findOneByOrFail({ id: projectId });
  }

  /**
   * The actor of a project secret token (its project's current one or backup), or undefined. An
   * unknown token counts against the client as any failing credential does (FailedAuthThrottle).
   */
  async authenticateProjectSecret(raw: string): Promise<Actor | undefined> {
    if (!PROJECT_SECRET_TOKEN_PATTERN.test(raw)) return undefined;
    const hash = hashPersonalApiKey(raw);
    const hit = this.secrets.get(hash);
    if (hit) return hit;
    const row = await this.failures.lookup(`project_secret:${hash}`, async () => {
      const rows = await queryRows<{ id: number; organizationId: string }>(
        this.ds,
        `SELECT id, organization_id AS "organizationId" FROM projects
          WHERE secret_api_token = $1 OR secret_api_token_backup = $1`,
        [raw],
      );
      return rows[0];
    });
    if (!row) return undefined;
    const actor: Actor = {
      userId: 0,
      userUuid: '',
      distinctId: 'team_secret_api_token', // PostHog's name for the legacy team token's caller
      email: '',
      firstName: '',
      lastName: '',
      isEmailVerified: false,
      keyId: `project_secret:${row.id}`,
      keyHash: hash,
      scopes: ['feature_flag:read'],
      currentProjectId: row.id,
      currentOrganizationId: row.organizationId,
      projectSecret: { projectId: row.id },
    };
    this.secrets.set(hash, actor);
    return actor;
  }

  /** The project's time zone (an IANA name; `UTC` unless set): dates without a zone are read in it. */
  async timeZone(projectId: number, manager?: EntityManager): Promise<string> {
    const rows: Array<{ timezone: string }> = await (manager ?? this.ds.manager).query(
      `SELECT timezone FROM projects WHERE id = $1`,
      [projectId],
    );
    return rows[0]?.timezone ?? 'UTC';
  }

  /** A time zone both the evaluator (ICU) and the database know, by the name ICU gives it; else 400. */
  private async checkTimeZone(value: string): Promise<string> {
    const name = canonicalTimeZone(value);
    if (name !== undefined) {
      try {
        await this.ds.query(`SELECT now() AT TIME ZONE $1::text`, [name]);
        return name;
      } catch (e) {
        // 22023: PostgreSQL does not know it (refused below); anything else is not the name's fault.
        if ((e as { code?: string }).code !== '22023') throw e;
      }
    }
    throw DomainError.invalid(`"${value.slice(0, 100)}" is not a valid choice.`, 'timezone', 'invalid_choice');
  }

  /** Creates a user, or returns the existing user with that e-mail (compared case-insensitively). */
  async ensureUser(email: string, manager?: EntityManager, firstName = ''): Promise<UserRecord> {
    if (typeof email !== 'string' || !EMAIL.test(email) || email.length > 254) {
      throw DomainError.invalid('Enter a valid email address.', 'email', 'invalid_email');
    }
    return inTransaction(this.ds, manager, async (m) => {
      // ON CONFLICT keeps two concurrent calls for one address from failing; the lookup then finds it.
      await m.query(`INSERT INTO users (distinct_id, email, first_name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        randomUUID(),
        email,
        firstName,
      ]);
      const user = await this.findUserByEmail(email, m);
      if (!user) throw new Error('user row missing after insert');
      return user;
    });
  }

  async findUserByEmail(email: string, manager?: EntityManager): Promise<UserRecord | null> {
    return (manager ?? this.ds.manager)
      .getRepository(UserRecord)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  async getUser(userId: number): Promise<UserRecord | null> {
    return this.ds.getRepository(UserRecord).findOneBy({ id: userId });
  }

  async getUsers(userIds: number[]): Promise<Map<number, UserRecord>>;
  /**
   * With the `caller`, its own summary comes from its authentication instead of another query:
   * the same row, read at most the auth cache's few seconds ago (no API request changes a user's
   * shown fields).
   */
  async getUsers(userIds: number[], caller: Actor): Promise<Map<number, UserSummary>>;
  async getUsers(userIds: number[], caller?: Actor): Promise<Map<number, UserSummary>> {
    const users = new Map<number, UserSummary>();
    if (caller !== undefined && userIds.includes(caller.userId)) {
      const { userId: id, userUuid: uuid, distinctId, firstName, lastName, email, isEmailVerified } = caller;
      users.set(id, { id, uuid, distinctId, firstName, lastName, email, isEmailVerified });
    }
    const ids = [...new Set(userIds)].filter((id) => !users.has(id));
    if (ids.length === 0) return users;
    const rows = await this.ds
      .getRepository(UserRecord)
      .createQueryBuilder('u')
      .where('u.id = ANY(:ids)', { ids })
      .getMany();
    for (const u of rows) users.set(u.id, u);
    return users;
  }

  /** Adds the user to the organization, or changes the level of an existing membership. */
  async addMember(organizationId: string, userId: number, level: number, manager?: EntityManager): Promise<void> {
    await inTransaction(this.ds, manager, async (m) => {
      const org = await m.getRepository(OrganizationRecord).findOneBy({ id: organizationId });
      if (!org) throw DomainError.notFound('Organization not found.');
      await m.query(
        `INSERT INTO organization_memberships (organization_id, user_id, level) VALUES ($1, $2, $3)
         ON CONFLICT ON CONSTRAINT uq_organization_memberships_org_user DO UPDATE SET level = EXCLUDED.level, updated_at = now()`,
        [organizationId, userId, level],
      );
      await m.query(
        `UPDATE users SET current_organization_id = coalesce(current_organization_id, $1),
           current_project_id = coalesce(current_project_id, (SELECT min(id) FROM projects WHERE organization_id = $1))
         WHERE id = $2`,
        [organizationId, userId],
      );
    });
  }

  /** The user's level in the organization; undefined when not a member, or deactivated (a deactivated user acts nowhere). */
  async membershipLevel(organizationId: string, userId: number, manager?: EntityManager): Promise<number | undefined> {
    const rows = await queryRows<{ level: number }>(
      manager ?? this.ds,
      `SELECT m.level FROM organization_memberships m JOIN users u ON u.id = m.user_id AND u.is_active
        WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    );
    return rows[0]?.level;
  }

  /** The project `idOrCurrent` names, if the actor belongs to its organization; 404 otherwise. */
  async resolveProject(actor: Actor, idOrCurrent: string): Promise<ProjectAccess> {
    let id: number | undefined;
    if (idOrCurrent === '@current') {
      id = actor.currentProjectId ?? (await this.firstProjectId(actor.userId));
    } else if (/^\d{1,9}$/.test(idOrCurrent)) {
      id = Number(idOrCurrent);
    }
    if (id === undefined) throw DomainError.notFound();
    if (actor.projectSecret) return this.secretProjectAccess(actor.projectSecret.projectId, id);
    // Kept prepared: every project-scoped admin request runs it.
    const rows = await queryPrepared<ProjectAccess & { membershipLevel: number }>(
      this.ds,
      'project_access',
      `SELECT p.id, p.uuid, p.organization_id AS "organizationId", p.name, p.api_token AS "apiToken", m.level AS "membershipLevel"
         FROM projects p JOIN organization_memberships m ON m.organization_id = p.organization_id AND m.user_id = $2
        WHERE p.id = $1`,
      [id, actor.userId],
    );
    if (rows.length === 0) throw DomainError.notFound();
    return rows[0];
  }

  /** A secret token's own project, and no other (404, as for a project outside the caller's organizations). */
  private async secretProjectAccess(own: number, id: number): Promise<ProjectAccess> {
    if (id !== own) throw DomainError.notFound();
    const rows = await queryRows<ProjectAccess>(
      this.ds,
      `SELECT id, uuid, organization_id AS "organizationId", name, api_token AS "apiToken" FROM projects WHERE id = $1`,
      [id],
    );
    if (rows.length === 0) throw DomainError.notFound();
    return { ...rows[0], membershipLevel: MEMBERSHIP_LEVELS.member };
  }

  /**
   * The project of a public project token (the SDK endpoints), or undefined. Known tokens are
   * remembered: a project keeps its token and is never deleted, so the answer cannot go stale. An
   * unknown token counts against the client (FailedAuthThrottle, which also remembers it a while).
   */
  async projectIdByToken(token: string): Promise<number | undefined> {
    if (typeof token !== 'string' || token.length > 200) return undefined;
    const known = this.tokens.get(token);
    if (known !== undefined) return known;
    const id = await this.failures.lookup(`project_token:${token}`, async () => {
      const rows = await queryRows<{ id: number }>(this.ds, `SELECT id FROM projects WHERE api_token = $1`, [token]);
      return rows[0]?.id;
    });
    if (id !== undefined) this.tokens.set(token, id);
    return id;
  }

  async resolveOrganization(actor: Actor, idOrCurrent: string): Promise<OrganizationAccess> {
    let id: string | null | undefined = idOrCurrent;
    if (idOrCurrent === '@current') {
      id = actor.currentOrganizationId ?? (await this.firstOrganizationId(actor.userId));
    }
    if (!id || !isUuid(id)) throw DomainError.notFound();
    const rows: OrganizationAccess[] = await this.ds.query(
      `SELECT o.id, o.name, m.level AS "membershipLevel"
         FROM organizations o JOIN organization_memberships m ON m.organization_id = o.id AND m.user_id = $2
        WHERE o.id = $1`,
      [id, actor.userId],
    );
    if (rows.length === 0) throw DomainError.notFound();
    return rows[0];
  }

  async listProjects(userId: number, limit: number, offset: number): Promise<Slice<ProjectRecord>> {
    const qb = this.ds
      .getRepository(ProjectRecord)
      .createQueryBuilder('p')
      .innerJoin(MembershipRecord, 'm', 'm.organization_id = p.organization_id AND m.user_id = :userId', { userId })
      .orderBy('p.id', 'ASC');
    const [rows, count] = await qb.skip(offset).take(limit).getManyAndCount();
    return { count, rows };
  }

  async projectsOfOrganizations(organizationIds: string[]): Promise<ProjectRecord[]> {
    if (organizationIds.length === 0) return [];
    return this.ds
      .getRepository(ProjectRecord)
      .createQueryBuilder('p')
      .where('p.organization_id = ANY(:ids)', { ids: organizationIds })
      .orderBy('p.id', 'ASC')
      .getMany();
  }

  async getProject(projectId: number, manager?: EntityManager): Promise<ProjectRecord | null> {
    return (manager ?? this.ds).getRepository(ProjectRecord).findOneBy({ id: projectId });
  }

  async listOrganizations(userId: number, limit: number, offset: number): Promise<Slice<OrganizationWithLevel>> {
    const [{ count }] = await this.ds.query(
      `SELECT count(*) AS count FROM organization_memberships WHERE user_id = $1`,
      [userId],
    );
    const rows = await this.organizationRows(userId, limit, offset);
    return { count, rows };
  }

  async getOrganization(organizationId: string, membershipLevel: number): Promise<OrganizationWithLevel> {
    const org = await this.ds.getRepository(OrganizationRecord).findOneByOrFail({ id: organizationId });
    return Object.assign(org, { membershipLevel });
  }

  /** Every organization of the user with the user's level in it, oldest membership first. */
  async organizationRows(userId: number, limit = 1000, offset = 0): Promise<OrganizationWithLevel[]> {
    const rows = await this.ds.query(
      `SELECT o.id, o.name, o.slug, o.created_at AS "createdAt", o.updated_at AS "updatedAt", m.level AS "membershipLevel"
         FROM organization_memberships m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = $1 ORDER BY m.created_at, o.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return rows;
  }

  private async firstProjectId(userId: number): Promise<number | undefined> {
    const rows = await this.ds.query(
      `SELECT min(p.id) AS id FROM projects p JOIN organization_memberships m ON m.organization_id = p.organization_id WHERE m.user_id = $1`,
      [userId],
    );
    return rows[0]?.id ?? undefined;
  }

  private async firstOrganizationId(userId: number): Promise<string | undefined> {
    const rows = await this.ds.query(
      `SELECT organization_id AS id FROM organization_memberships WHERE user_id = $1 ORDER BY created_at LIMIT 1`,
      [userId],
    );
    return rows[0]?.id;
  }
}

/** `value`'s canonical spelling when it names a time zone (`europe/paris` → `Europe/Paris`). */
function canonicalTimeZone(value: string): string | undefined {
  if (value.length === 0 || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
