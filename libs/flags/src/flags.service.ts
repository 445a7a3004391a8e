import { CohortsService } from '@app/cohorts';
import { FlagDefinitionChanges } from '@app/flag-definition-changes';
import { WebhookOutbox } from '@app/webhook-outbox';
import type { WebhookEvent } from '@app/webhook-outbox';
import {
  ActivityEntry,
  ActivityEntryInput,
  ActivityLogService,
  activityDetail,
  Actor,
  diffChanges,
  DomainError,
  normalizeTags,
  lockDependencyGraphs,
  ProjectAccess,
  TenancyService,
  UserRecord,
  UserSummary,
} from '@app/platform';
import { TargetingLimits } from '@app/targeting';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  CohortCheck,
  cohortCheck,
  defaultFilters,
  flagCohortIds,
  flagDependencyIds,
  hasDependencyConditions,
  remapCohortIds,
  validateFilters,
} from './domain/filters';
import type { FlagFilters } from './domain/filters';
import {
  activitySnapshot,
  applyChanges,
  checkKeyFormat,
  checkName,
  checkRollbackConditions,
  Flag,
  FLAG_ACTIVITY_FIELDS,
  FLAG_SCOPE,
  FlagChanges,
} from './domain/flag';
import { FlagErrors } from './domain/flag.errors';
import { checkEvaluationContexts } from './domain/evaluation-runtime';
import type { EvaluationRuntime } from './domain/evaluation-runtime';
import type { FlagListFilter, FlagListQuery } from './domain/flag-list';
import { FlagAtVersion, flagAtVersion, MAX_HISTORY_ENTRIES } from './domain/flag-versions';
import type { ActivityTrigger } from './domain/scheduled-change';
import { FlagCallCounter, FlagClock } from './flag-calls';
import { FlagEditPolicies } from './flag-edit-policies';
import { FlagStatus, flagStatus, STALE_AFTER_MS } from './domain/flag-status';
import { DashboardsRepository } from './persistence/dashboards.repository';
import { EarlyAccessFeaturesRepository } from './persistence/early-access-features.repository';
import { EarlyAccessErrors } from './domain/early-access-feature';
import { FlagsRepository } from './persistence/flags.repository';
import { FlagPayloadCodec } from './flag-payload-codec';

/** A flag write as the API receives it (PostHog's field names; absent = unchanged). */
export interface FlagInput {
  name?: string;
  key?: string;
  filters?: Record<string, unknown>;
  deleted?: boolean;
  active?: boolean;
  /** The version the client last read; a different current version is a 409. */
  version?: number;
  ensure_experience_continuity?: boolean;
  rollback_conditions?: unknown;
  performed_rollback?: boolean;
  tags?: string[];
  analytics_dashboards?: number[];
  has_enriched_analytics?: boolean;
  is_remote_configuration?: boolean;
  has_encrypted_payloads?: boolean;
  /** `server`, `client`, `all` or null (checked by the DTO). */
  evaluation_runtime?: EvaluationRuntime | null;
  evaluation_contexts?: unknown[];
}

export interface CopyFlagsInput {
  feature_flag_key: string;
  from_project: number;
  target_project_ids: number[];
}

/** A flag with what its response shows besides its own fields. */
export interface FlagView {
  flag: Flag;
  createdBy: UserSummary | null;
  lastModifiedBy: UserSummary | null;
  canEdit: boolean;
  /** Names of the cohorts the flag's filters point at (responses show them as `cohort_name`). */
  cohortNames: ReadonlyMap<number, string>;
  /** PostHog's status now (see `flagStatus`). */
  status: FlagStatus;
}

export interface CopyResult {
  success: FlagView[];
  failed: Array<{ project_id: number; errors: string }>;
}

@Injectable()
export class FlagsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: FlagsRepository,
    private readonly activityLog: ActivityLogService,
    private readonly tenancy: TenancyService,
    private readonly editPolicies: FlagEditPolicies,
    private readonly cohorts: CohortsService,
    private readonly dashboards: DashboardsRepository,
    private readonly changes: FlagDefinitionChanges,
    private readonly limits: TargetingLimits,
    private readonly clock: FlagClock,
    private readonly calls: FlagCallCounter,
    private readonly outbox: WebhookOutbox,
    private readonly payloadCodec: FlagPayloadCodec,
    private readonly earlyAccess: EarlyAccessFeaturesRepository,
  ) {}

  /**
   * The ids of `flags` (all of one project) the caller may change. The one place this rule
   * lives: every member of the organization may, unless a registered `FlagEditPolicy` (roles)
   * says otherwise. Pass the transaction when called inside one.
   */
  async canEdit(
    actor: Pick<Actor, 'userId'>,
    scope: ProjectAccess,
    flags: readonly Flag[],
    m?: EntityManager,
  ): Promise<Set<number>> {
    if (flags.length === 0) return new Set();
    return this.editPolicies.editableFlags({
      userId: actor.userId,
      organizationId: scope.organizationId,
      membershipLevel: scope.membershipLevel,
      flags: flags.map((f) => ({ id: f.id, createdById: f.createdById })),
      manager: m,
    });
  }

  /**
   * 403 unless the caller may edit `flag`. Every route that changes a flag or hangs something on
   * it (PATCH, each target of copy_flags, usage dashboards, static cohorts, role access) asks here.
   */
  async checkEdit(actor: Pick<Actor, 'userId'>, scope: ProjectAccess, flag: Flag, m?: EntityManager): Promise<void> {
    if (!(await this.canEdit(actor, scope, [flag], m)).has(flag.id)) {
      throw DomainError.forbidden("You don't have edit permissions for this feature flag.");
    }
  }

  /**
   * The flag `id` of the project, once `checkEdit` allows it: 404 when the project has none.
   * Inside a transaction (`m`) the flag stays locked until it ends.
   */
  async editable(scope: ProjectAccess, actor: Pick<Actor, 'userId'>, id: number, m?: EntityManager): Promise<Flag> {
    const flag = await this.repo.findById(scope.id, id, m, m !== undefined);
    if (!flag) throw DomainError.notFound();
    await this.checkEdit(actor, scope, flag, m);
    return flag;
  }

  async list(scope: ProjectAccess, actor: Actor, query: FlagListQuery): Promise<{ count: number; flags: FlagView[] }> {
    const { active, search, type, created_by_id: createdById, tags, deleted, order, limit, offset } = query;
    const filter: FlagListFilter = { active, search, type, createdById, tags, deleted };
    if (active === 'STALE') filter.staleBefore = new Date(this.clock.now().getTime() - STALE_AFTER_MS);
    const { count, flags } = await this.repo.page(scope.id, filter, order, limit, offset);
    return { count, flags: await this.views(actor, scope, flags) };
  }

  /** A flag by id, deleted or not. */
  async get(scope: ProjectAccess, actor: Actor, id: number): Promise<FlagView> {
    const flag = await this.repo.findById(scope.id, id);
    if (!flag) throw DomainError.notFound();
    return (await this.views(actor, scope, [flag]))[0];
  }

  /**
   * PostHog's `remote_config` action: the `true` payload (JSON text) of a remote-config flag, by
   * id or key, decrypted when encrypted (the route's scope guards it); 404 for any other flag.
   */
  async remoteConfigPayload(scope: ProjectAccess, idOrKey: string): Promise<string | null> {
    const flag = /^\d{1,9}$/.test(idOrKey)
      ? await this.repo.findById(scope.id, Number(idOrKey))
      : await this.repo.findLiveByKey(scope.id, idOrKey);
    if (!flag || flag.deleted || !flag.isRemoteConfiguration) throw DomainError.notFound();
    const payload = flag.filters.payloads?.true ?? null;
    return flag.hasEncryptedPayloads ? this.payloadCodec.decryptOne(payload) : payload || null;
  }

  /** SDK evaluations of the flag per day over the last `days` days (the usage dashboard's counts). */
  async evaluationsPerDay(
    scope: ProjectAccess,
    id: number,
    days: number,
  ): Promise<Array<{ date: string; count: number }>> {
    if (!(await this.repo.findById(scope.id, id))) throw DomainError.notFound();
    return this.calls.perDay(scope.id, id, days);
  }

  async create(scope: ProjectAccess, actor: Actor, input: FlagInput): Promise<FlagView> {
    const flag = await this.ds.transaction((m) => this.insert(m, scope, actor, input));
    return (await this.views(actor, scope, [flag]))[0];
  }

  /**
   * Applies the changes in `input`. A change bumps `version` and writes one activity entry; a
   * request that changes nothing writes nothing and keeps the version.
   */
  async update(scope: ProjectAccess, actor: Actor, id: number, input: FlagInput): Promise<FlagView> {
    const flag = await this.ds.transaction(async (m) =>
      this.change(m, scope, actor, await this.editable(scope, actor, id, m), input),
    );
    return (await this.views(actor, scope, [flag]))[0];
  }

  /** Activity of one flag (404 when the flag is not in the project) or of all flags, newest first. */
  async activity(
    scope: ProjectAccess,
    id: number | undefined,
    paging: { page: number; limit: number },
  ): Promise<{ total: number; results: ActivityEntry[] }> {
    if (id !== undefined && !(await this.repo.findById(scope.id, id))) throw DomainError.notFound();
    return this.activityLog.list(
      { projectId: scope.id, scope: FLAG_SCOPE, itemId: id === undefined ? undefined : String(id) },
      paging.page,
      paging.limit,
    );
  }

  /**
   * The flag `id` (deleted ones too) as it was at `version`, rebuilt from its change history, its
   * payloads shown to `actor` as the flag's own are (an encrypted one never as its ciphertext).
   */
  async atVersion(
    scope: ProjectAccess,
    actor: Actor,
    id: number,
    version: number,
  ): Promise<{ flag: Flag; at: FlagAtVersion }> {
    const flag = await this.repo.findById(scope.id, id);
    if (!flag) throw DomainError.notFound();
    const history = await this.activityLog.history(
      { projectId: scope.id, scope: FLAG_SCOPE, itemId: String(id) },
      MAX_HISTORY_ENTRIES,
    );
    const at = flagAtVersion(flag, version, history);
    const filters = at.fields.filters as FlagFilters | null;
    if (filters) {
      at.fields.filters =
        at.fields.has_encrypted_payloads === true
          ? this.payloadCodec.reveal(filters, actor)
          : this.payloadCodec.revealSealed(filters, actor);
    }
    return { flag, at };
  }

  /**
   * Makes the flag what it was at `version` again, as a new change (the version bumps; the
   * activity entry's trigger says which version it was restored from): every field of that
   * version but `deleted` and the analytics dashboards, which stay as they are. `expected`, when
   * given, must be the current version (409 otherwise, as a PATCH).
   */
  async restoreVersion(
    scope: ProjectAccess,
    actor: Actor,
    id: number,
    version: number,
    expected?: number,
  ): Promise<FlagView> {
    const flag = await this.ds.transaction(async (m) => {
      const current = await this.editable(scope, actor, id, m);
      const history = await this.activityLog.history(
        { projectId: scope.id, scope: FLAG_SCOPE, itemId: String(id) },
        MAX_HISTORY_ENTRIES,
        m,
      );
      const { fields } = flagAtVersion(current, version, history);
      const input: FlagInput = {
        name: fields.name as string,
        key: fields.key as string,
        filters: this.payloadCodec.opened(fields.filters as FlagFilters) as unknown as Record<string, unknown>,
        active: fields.active as boolean,
        ensure_experience_continuity: fields.ensure_experience_continuity as boolean,
        rollback_conditions: fields.rollback_conditions,
        performed_rollback: fields.performed_rollback as boolean,
        tags: fields.tags as string[],
        has_enriched_analytics: fields.has_enriched_analytics as boolean,
        // A field whose change left no `before` (null) comes back as its default; a null runtime is `all`.
        evaluation_runtime: (fields.evaluation_runtime ?? null) as EvaluationRuntime | null,
        evaluation_contexts: (fields.evaluation_contexts as string[] | null) ?? [],
        is_remote_configuration: (fields.is_remote_configuration as boolean | null) ?? false,
        // has_encrypted_payloads stays as it is now: a restore never writes decrypted payloads back.
        version: expected,
      };
      return this.change(m, scope, actor, current, input, {
        job_type: 'version_restore',
        job_id: String(version),
        payload: { restored_from_version: version },
      });
    });
    return (await this.views(actor, scope, [flag]))[0];
  }

  /** The live flags with `key` across the organization's projects. */
  async inOrganization(
    organizationId: string,
    key: string,
  ): Promise<Array<{ flag: Flag; createdBy: UserRecord | null }>> {
    const flags = await this.repo.liveByKeyInOrganization(organizationId, key);
    const users = await this.tenancy.getUsers(flags.flatMap((f) => (f.createdById === null ? [] : [f.createdById])));
    return flags.map((flag) => ({ flag, createdBy: users.get(flag.createdById ?? -1) ?? null }));
  }

  /**
   * Copies the live flag `feature_flag_key` of `from_project` to each target project of the same
   * organization: a live flag with that key there is updated, else one is created. Each target
   * succeeds or fails on its own; targets outside the organization fail as if they did not exist,
   * and a flag the caller may not edit fails with nothing of its target written.
   */
  async copy(
    organization: { id: string; membershipLevel: number },
    actor: Actor,
    input: CopyFlagsInput,
  ): Promise<CopyResult> {
    const records = new Map(
      (await this.tenancy.projectsOfOrganizations([organization.id])).map((p) => [p.id, p] as const),
    );
    const projects = new Set(records.keys());
    const scopeOf = (id: number): ProjectAccess => {
      const { uuid, name, apiToken } = records.get(id)!;
      return {
        id,
        uuid,
        name,
        apiToken,
        organizationId: organization.id,
        membershipLevel: organization.membershipLevel,
      };
    };
    const source = projects.has(input.from_project)
      ? await this.repo.findLiveByKey(input.from_project, input.feature_flag_key)
      : null;
    if (!source) {
      throw DomainError.invalid('Feature flag to copy does not exist.', 'feature_flag_key', 'does_not_exist');
    }
    if (!(await this.canEdit(actor, scopeOf(source.projectId), [source])).has(source.id)) {
      throw DomainError.forbidden('You do not have permission to copy this flag.');
    }
    const data: FlagInput = {
      key: source.key,
      name: source.name,
      // Encrypted payloads travel as plaintext and are encrypted again in each target.
      filters: source.hasEncryptedPayloads ? this.payloadCodec.plaintext(source.filters) : source.filters,
      active: source.active,
      ensure_experience_continuity: source.ensureExperienceContinuity,
      is_remote_configuration: source.isRemoteConfiguration,
      has_encrypted_payloads: source.hasEncryptedPayloads,
      evaluation_runtime: source.evaluationRuntime,
      deleted: false,
    };
    const cohortIds = flagCohortIds(source.filters);
    const result: CopyResult = { success: [], failed: [] };
    for (const target of [...new Set(input.target_project_ids)]) {
      if (!projects.has(target)) {
        result.failed.push({ project_id: target, errors: 'Target project does not exist.' });
        continue;
      }
      const scope = scopeOf(target);
      try {
        const { flag, cohorts } = await this.ds.transaction(async (m) => {
          const existing = await this.repo.findLiveByKey(target, source.key, m);
          const locked = existing && (await this.editable(scope, actor, existing.id, m));
          // Before the cohorts' writes (see lockDependencyGraphs).
          await lockDependencyGraphs(m, target);
          // The cohorts the flag uses, matched by name in the target or created there.
          const copied =
            cohortIds.length === 0 || target === source.projectId
              ? { ids: new Map<number, number>(), created: [] }
              : await this.cohorts.copyInto(m, actor, source.projectId, cohortIds, scope);
          const targetData = { ...data, filters: remapCohortIds(source.filters, copied.ids) };
          const saved = locked
            ? await this.change(m, scope, actor, locked, targetData)
            : await this.insert(m, scope, actor, targetData);
          return { flag: saved, cohorts: copied.created };
        });
        this.cohorts.calculate(cohorts);
        result.success.push((await this.views(actor, scope, [flag]))[0]);
      } catch (e) {
        if (!(e instanceof DomainError) || !['invalid', 'conflict', 'forbidden'].includes(e.kind)) throw e;
        result.failed.push({ project_id: target, errors: e.detail });
      }
    }
    return result;
  }

  /** `create` in the caller's transaction (an early-access feature creates its flag with itself). */
  createWithin(m: EntityManager, scope: ProjectAccess, actor: Actor, input: FlagInput): Promise<Flag> {
    return this.insert(m, scope, actor, input);
  }

  /**
   * A PATCH of the flag `id` in the caller's transaction (an early-access feature's stage sets its
   * flag's enrolment): the edit check, validation, version bump and activity entry of `update`.
   * `build` reads the flag as it is now (locked), its payloads as stored.
   */
  async updateWithin(
    m: EntityManager,
    scope: ProjectAccess,
    actor: Actor,
    id: number,
    build: (flag: Flag) => FlagInput,
  ): Promise<Flag> {
    const current = await this.editable(scope, actor, id, m);
    return this.change(m, scope, actor, current, build(current));
  }

  /** The flag `id` of the project (deleted ones too), locked until `m`'s transaction ends. */
  findLocked(m: EntityManager, scope: ProjectAccess, id: number): Promise<Flag | null> {
    return this.repo.findById(scope.id, id, m, true);
  }

  private async insert(m: EntityManager, scope: ProjectAccess, actor: Actor, input: FlagInput): Promise<Flag> {
    const changes = await this.validate(m, scope, input);
    const flag = await this.repo.insert(m, scope.id, actor.userId, {
      ...changes,
      key: changes.key!,
      name: changes.name ?? '',
      filters: changes.filters ?? defaultFilters(),
    });
    await this.changes.record(m, scope.id);
    await this.recordActivity(m, 'feature_flag.created', flag, {
      organizationId: scope.organizationId,
      projectId: scope.id,
      userId: actor.userId,
      scope: FLAG_SCOPE,
      itemId: String(flag.id),
      activity: 'created',
      detail: activityDetail(flag.key, null),
    });
    return flag;
  }

  /**
   * A change a job makes on a user's behalf (a scheduled change), inside the job's transaction:
   * the user must still be active, a member of the project's organization and pass the edit
   * check, and the change goes through the same validation, version bump and activity entry as a
   * PATCH, the entry naming the job in its `trigger`. `build` reads the flag as it is now (locked).
   */
  async changeOnBehalf(
    m: EntityManager,
    projectId: number,
    userId: number | null,
    flagId: number,
    build: (flag: Flag) => FlagInput,
    trigger: ActivityTrigger,
  ): Promise<Flag> {
    const project = await this.tenancy.getProject(projectId, m);
    if (!project) throw DomainError.notFound();
    const level = userId === null ? undefined : await this.tenancy.membershipLevel(project.organizationId, userId, m);
    if (userId === null || level === undefined) {
      const user = userId === null ? null : await m.getRepository(UserRecord).findOneBy({ id: userId });
      throw DomainError.forbidden(
        user && !user.isActive
          ? 'The user this change runs as has been deactivated.'
          : 'The user who made this change is no longer a member of the organization.',
      );
    }
    const { uuid, name, apiToken, organizationId } = project;
    const scope: ProjectAccess = { id: projectId, uuid, name, apiToken, organizationId, membershipLevel: level };
    const actor = { userId };
    const current = await this.editable(scope, actor, flagId, m);
    if (current.deleted) throw DomainError.notFound();
    return this.change(m, scope, actor, current, build(current), trigger);
  }

  private async change(
    m: EntityManager,
    scope: ProjectAccess,
    actor: Pick<Actor, 'userId'>,
    current: Flag,
    input: FlagInput,
    trigger: ActivityTrigger | null = null,
  ): Promise<Flag> {
    const changes = await this.validate(m, scope, input, current);
    if (input.version !== undefined && input.version !== current.version) {
      const by =
        current.lastModifiedById === null
          ? null
          : await m.getRepository(UserRecord).findOneBy({ id: current.lastModifiedById });
      throw FlagErrors.versionConflict(by?.email ?? null);
    }
    const next = applyChanges(current, changes);
    const diff = () => diffChanges(FLAG_SCOPE, activitySnapshot(current), activitySnapshot(next), FLAG_ACTIVITY_FIELDS);
    if (diff().length === 0) return current;
    if (current.deleted && !next.deleted && (await this.repo.keyTaken(scope.id, next.key, current.id, m))) {
      throw FlagErrors.keyTaken();
    }
    if (!current.deleted && next.deleted) {
      if (await this.earlyAccess.flagLinked(m, current.id)) throw EarlyAccessErrors.flagInUse();
      const dependents = await this.repo.dependents(scope.id, current.id, m);
      if (dependents.length > 0) throw FlagErrors.hasDependents(dependents);
    }
    next.version = current.version + 1;
    next.lastModifiedById = actor.userId;
    const saved = await this.repo.save(m, next);
    await this.changes.record(m, scope.id);
    const event = !current.deleted && saved.deleted ? 'feature_flag.deleted' : 'feature_flag.updated';
    await this.recordActivity(m, event, saved, {
      organizationId: scope.organizationId,
      projectId: scope.id,
      userId: actor.userId,
      scope: FLAG_SCOPE,
      itemId: String(saved.id),
      activity: 'updated',
      detail: { ...activityDetail(saved.key, diff()), trigger },
    });
    return saved;
  }

  /** A flag's activity entry and, for the project's webhooks, its message: one statement in the change's transaction. */
  private async recordActivity(m: EntityManager, event: WebhookEvent, flag: Flag, entry: ActivityEntryInput) {
    await this.outbox.record(m, {
      projectId: flag.projectId,
      event,
      object: { id: flag.id, ...activitySnapshot(flag) },
      activity: entry,
    });
  }

  /**
   * Field rules in PostHog's field order (the request's types were checked before): name, key
   * (format, then unique among the project's live flags), filters, tags, analytics dashboards.
   */
  private async validate(
    m: EntityManager,
    scope: ProjectAccess,
    input: FlagInput,
    current?: Flag,
  ): Promise<FlagChanges> {
    const changes: FlagChanges = {};
    if (input.name !== undefined) changes.name = checkName(input.name);
    // A new live flag's key is left to the unique index (the insert answers "taken"), one statement
    // less per creation; PostHog's order (a taken key before the later fields' errors) is kept below.
    // The index holds live flags only, so a flag created deleted is checked here, as is an update.
    const keyByIndex = current === undefined && input.deleted !== true;
    if (input.key !== undefined) {
      changes.key = checkKeyFormat(input.key);
      if (!keyByIndex && (await this.repo.keyTaken(scope.id, input.key, current?.id, m))) {
        throw FlagErrors.keyTaken();
      }
    }
    try {
      await this.validateAfterKey(m, scope, input, changes, current);
    } catch (e) {
      if (keyByIndex && changes.key !== undefined && e instanceof DomainError && e.kind === 'invalid') {
        if (await this.repo.keyTaken(scope.id, changes.key, undefined, m)) throw FlagErrors.keyTaken();
      }
      throw e;
    }
    return changes;
  }

  /** `validate`'s rules after the key's. */
  private async validateAfterKey(
    m: EntityManager,
    scope: ProjectAccess,
    input: FlagInput,
    changes: FlagChanges,
    current: Flag | undefined,
  ): Promise<void> {
    // The dependency checks below (and the dependents check of a deletion) read the graph. Filters
    // without flag or cohort conditions add no edge, so they can close no cycle nor name an object
    // being deleted: their writers skip the lock (it serialises a project's flag writes).
    if (input.deleted !== undefined || hasDependencyConditions(input.filters)) await lockDependencyGraphs(m, scope.id);
    // PostHog ignores a PATCH's `filters` that has no `groups`; on create, missing groups mean "everyone".
    if (input.filters !== undefined && (current === undefined || 'groups' in input.filters)) {
      changes.filters = validateFilters(input.filters, {
        flagId: current?.id,
        flagKey: changes.key ?? current?.key ?? '',
        flags: await this.repo.dependencyGraph(scope.id, flagDependencyIds(input.filters), m),
        cohorts: await this.cohortCheck(m, scope.id, input.filters),
        limits: this.limits,
      });
    }
    if (input.deleted !== undefined) changes.deleted = input.deleted;
    if (input.active !== undefined) changes.active = input.active;
    if (input.ensure_experience_continuity !== undefined) {
      changes.ensureExperienceContinuity = input.ensure_experience_continuity;
    }
    if (input.rollback_conditions !== undefined) {
      changes.rollbackConditions = checkRollbackConditions(input.rollback_conditions);
    }
    if (input.performed_rollback !== undefined) changes.performedRollback = input.performed_rollback;
    if (input.tags !== undefined) changes.tags = normalizeTags(input.tags);
    if (input.analytics_dashboards !== undefined) {
      const missing = await this.dashboards.firstMissing(m, scope.id, input.analytics_dashboards);
      if (missing !== undefined) throw FlagErrors.dashboardMissing(missing);
      changes.analyticsDashboards = [...new Set(input.analytics_dashboards)];
    }
    if (input.has_enriched_analytics !== undefined) changes.hasEnrichedAnalytics = input.has_enriched_analytics;
    if (input.is_remote_configuration !== undefined) changes.isRemoteConfiguration = input.is_remote_configuration;
    if (input.has_encrypted_payloads !== undefined) changes.hasEncryptedPayloads = input.has_encrypted_payloads;
    if (input.evaluation_runtime !== undefined) changes.evaluationRuntime = input.evaluation_runtime;
    if (input.evaluation_contexts !== undefined)
      changes.evaluationContexts = checkEvaluationContexts(input.evaluation_contexts);
    // PostHog's `encrypt_flag_payloads`: sent payloads of an encrypted flag are stored encrypted; a
    // redacted value sent back keeps the stored ciphertext. Turning encryption off clears them.
    const encrypted = changes.hasEncryptedPayloads ?? current?.hasEncryptedPayloads ?? false;
    const filters = changes.filters ?? (changes.hasEncryptedPayloads !== undefined ? current?.filters : undefined);
    if (filters !== undefined && encrypted) {
      changes.filters = this.payloadCodec.encrypt(filters, current?.filters, current?.hasEncryptedPayloads ?? false);
    } else if (filters !== undefined && current?.hasEncryptedPayloads && changes.filters === undefined) {
      changes.filters = { ...filters, payloads: {} };
    }
  }

  /** `type: cohort` properties must name a live cohort of the project without event filters. */
  private async cohortCheck(m: EntityManager, projectId: number, filters: unknown): Promise<CohortCheck> {
    return cohortCheck(await this.cohorts.forFlags(projectId, flagCohortIds(filters), m));
  }

  private async views(actor: Actor, scope: ProjectAccess, flags: Flag[]): Promise<FlagView[]> {
    const ids = flags.flatMap((f) => [f.createdById, f.lastModifiedById]).filter((id): id is number => id !== null);
    const users = await this.tenancy.getUsers(ids, actor);
    const now = this.clock.now();
    const editable = await this.canEdit(actor, scope, flags);
    const cohortNames = await this.cohorts.names(
      scope.id,
      flags.flatMap((f) => flagCohortIds(f.filters)),
    );
    return flags.map((flag) => ({
      flag: flag.hasEncryptedPayloads ? { ...flag, filters: this.payloadCodec.reveal(flag.filters, actor) } : flag,
      createdBy: flag.createdById === null ? null : (users.get(flag.createdById) ?? null),
      lastModifiedBy: flag.lastModifiedById === null ? null : (users.get(flag.lastModifiedById) ?? null),
      canEdit: editable.has(flag.id),
      cohortNames,
      status: flagStatus(flag, now).status,
    }));
  }
}
