import {
  ActivityLogService,
  activityDetail,
  Actor,
  diffChanges,
  DomainError,
  ProjectAccess,
  scopeAllows,
  TenancyService,
  UserSummary,
} from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  checkDescription,
  checkDocumentationUrl,
  checkLinkableFlag,
  checkName,
  checkPayload,
  DEFAULT_PUBLIC_STAGES,
  EARLY_ACCESS_ACTIVITY_FIELDS,
  EARLY_ACCESS_SCOPE,
  EarlyAccessChanges,
  EarlyAccessErrors,
  EarlyAccessFeature,
  EarlyAccessStage,
  earlyAccessSnapshot,
  enrollmentFilters,
  FEATURES_PER_PROJECT_MAX,
  filtersForStageChange,
  flagNameFor,
  isActiveStage,
  newFlagFilters,
  slugify,
} from './domain/early-access-feature';
import type { Flag } from './domain/flag';
import { FlagEvaluationService } from './flag-evaluation.service';
import { FlagPayloadCodec } from './flag-payload-codec';
import { FlagsService } from './flags.service';
import {
  EarlyAccessFeaturesRepository,
  PublicEarlyAccessFeature,
} from './persistence/early-access-features.repository';
import { FlagsRepository } from './persistence/flags.repository';

/** A feature write as the API receives it (PostHog's field names; absent = unchanged). */
export interface EarlyAccessInput {
  name?: string;
  description?: string;
  stage?: EarlyAccessStage;
  documentation_url?: string;
  payload?: unknown;
  /** Create only: the project's flag to link; absent, a flag keyed by the name is created. */
  feature_flag_id?: number;
  /** PATCH only: moving to general availability turns the flag on for everyone. */
  rollout_to_all?: boolean;
}

/** A feature with what its response shows besides its own fields. */
export interface EarlyAccessView {
  feature: EarlyAccessFeature;
  flag: Flag | null;
  createdBy: UserSummary | null;
}

@Injectable()
export class EarlyAccessFeaturesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: EarlyAccessFeaturesRepository,
    private readonly flags: FlagsService,
    private readonly evaluation: FlagEvaluationService,
    private readonly activityLog: ActivityLogService,
    private readonly tenancy: TenancyService,
    private readonly payloadCodec: FlagPayloadCodec,
    private readonly flagRecords: FlagsRepository,
  ) {}

  async list(
    scope: ProjectAccess,
    actor: Actor,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; views: EarlyAccessView[] }> {
    const { count, features } = await this.repo.page(scope.id, page.limit, page.offset);
    return { count, views: await this.views(scope, actor, features) };
  }

  async get(scope: ProjectAccess, actor: Actor, id: string): Promise<EarlyAccessView> {
    const feature = await this.repo.findById(scope.id, id);
    if (!feature) throw DomainError.notFound();
    return (await this.views(scope, actor, [feature]))[0];
  }

  /**
   * PostHog's create: the flag `feature_flag_id` names (of the project, live, linked to no other
   * feature, neither group-based nor multivariate) gets the enrolment condition when the stage is
   * active; without one, a flag keyed by the slug of the name is created, off but for the enrolled.
   * Flag and feature are written in one transaction.
   */
  async create(scope: ProjectAccess, actor: Actor, input: EarlyAccessInput): Promise<EarlyAccessView> {
    if (input.name === undefined) throw DomainError.required('name');
    const name = checkName(input.name);
    const description = checkDescription(input.description ?? '');
    if (input.stage === undefined) throw DomainError.required('stage');
    const stage = input.stage;
    const documentationUrl = checkDocumentationUrl(input.documentation_url ?? '');
    const payload = input.payload === undefined ? {} : checkPayload(input.payload);
    const feature = await this.ds.transaction(async (m) => {
      if ((await this.repo.count(m, scope.id)) >= FEATURES_PER_PROJECT_MAX) throw EarlyAccessErrors.tooMany();
      let flag: Flag;
      if (input.feature_flag_id !== undefined) {
        const id = input.feature_flag_id;
        // An id beyond int4 names no flag (the lookup would fail on the cast).
        const found = id >= 1 && id <= 2_147_483_647 ? await this.flags.findLocked(m, scope, id) : null;
        flag = checkLinkableFlag(found, found !== null && (await this.repo.flagLinked(m, found.id)));
        if (isActiveStage(stage)) {
          this.checkFlagWrite(actor);
          flag = await this.flags.updateWithin(m, scope, actor, flag.id, (current) => ({
            filters: enrollmentFilters(current.filters, true),
          }));
        }
      } else {
        this.checkFlagWrite(actor);
        flag = await this.flags.createWithin(m, scope, actor, {
          key: slugify(name),
          name: flagNameFor(name),
          filters: newFlagFilters(stage),
        });
      }
      const created = await this.repo.insert(
        m,
        {
          projectId: scope.id,
          flagId: flag.id,
          name,
          description,
          stage,
          documentationUrl,
          payload,
          createdById: actor.userId,
        },
        flag.key,
      );
      await this.record(m, scope, actor, created, 'created', null);
      return created;
    });
    return (await this.views(scope, actor, [feature]))[0];
  }

  /**
   * Applies the given fields. A stage change sets the flag's enrolment as PostHog's does
   * (`filtersForStageChange`), through the flag's own PATCH rules, in the same transaction.
   */
  async update(scope: ProjectAccess, actor: Actor, id: string, input: EarlyAccessInput): Promise<EarlyAccessView> {
    const changes: EarlyAccessChanges = {};
    if (input.name !== undefined) changes.name = checkName(input.name);
    if (input.description !== undefined) changes.description = checkDescription(input.description);
    if (input.stage !== undefined) changes.stage = input.stage;
    if (input.documentation_url !== undefined) {
      changes.documentationUrl = checkDocumentationUrl(input.documentation_url);
    }
    // PostHog: a PATCH's null (or any falsy) payload stores `{}`.
    if (input.payload !== undefined) changes.payload = input.payload ? checkPayload(input.payload) : {};
    const feature = await this.ds.transaction(async (m) => {
      const current = await this.repo.findById(scope.id, id, m, true);
      if (!current) throw DomainError.notFound();
      const flag = await this.flags.findLocked(m, scope, current.flagId);
      const filters =
        flag && filtersForStageChange(current.stage, changes.stage, input.rollout_to_all === true, flag.filters);
      if (flag && filters) {
        this.checkFlagWrite(actor);
        await this.flags.updateWithin(m, scope, actor, flag.id, (now) => ({
          filters: filtersForStageChange(current.stage, changes.stage, input.rollout_to_all === true, now.filters),
        }));
      }
      const next: EarlyAccessFeature = {
        ...current,
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.stage !== undefined && { stage: changes.stage }),
        ...(changes.documentationUrl !== undefined && { documentationUrl: changes.documentationUrl }),
        ...(changes.payload !== undefined && { payload: changes.payload }),
      };
      const diff = diffChanges(
        EARLY_ACCESS_SCOPE,
        earlyAccessSnapshot(current),
        earlyAccessSnapshot(next),
        EARLY_ACCESS_ACTIVITY_FIELDS,
      );
      if (diff.length === 0) return current;
      const saved = await this.repo.save(m, next);
      await this.record(m, scope, actor, saved, 'updated', diff);
      return saved;
    });
    return (await this.views(scope, actor, [feature]))[0];
  }

  /** PostHog's destroy: the flag stays, its enrolment condition goes; then the feature is deleted. */
  async delete(scope: ProjectAccess, actor: Actor, id: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.repo.findById(scope.id, id, m, true);
      if (!current) throw DomainError.notFound();
      const flag = await this.flags.findLocked(m, scope, current.flagId);
      if (flag) {
        this.checkFlagWrite(actor);
        await this.flags.updateWithin(m, scope, actor, flag.id, (now) => ({
          filters: enrollmentFilters(now.filters, null),
        }));
      }
      await this.repo.delete(m, scope.id, id);
      await this.record(m, scope, actor, current, 'deleted', null);
    });
  }

  /**
   * posthog-js's `getEarlyAccessFeatures`: the features of the token's project in `stages`
   * (`beta` when none is named), with their flag's key. 401 for a missing or unknown token.
   */
  async forSdk(token: string | undefined, stages: readonly string[]): Promise<PublicEarlyAccessFeature[]> {
    const projectId = await this.evaluation.projectIdByToken(token);
    const features = await this.repo.publicList(projectId, stages.length > 0 ? stages : DEFAULT_PUBLIC_STAGES);
    return features.map((f) => ({ ...f, payload: f.payload || {} }));
  }

  /** PostHog asks for `feature_flag:write` as well whenever a feature's write changes its flag. */
  private checkFlagWrite(actor: Actor): void {
    if (!scopeAllows(actor.scopes, 'feature_flag:write')) {
      throw DomainError.forbidden(
        "API key missing required scope 'feature_flag:write' (this change writes the feature's flag)",
        'permission_denied',
      );
    }
  }

  private async record(
    m: EntityManager,
    scope: ProjectAccess,
    actor: Actor,
    feature: EarlyAccessFeature,
    activity: 'created' | 'updated' | 'deleted',
    changes: ReturnType<typeof diffChanges> | null,
  ): Promise<void> {
    await this.activityLog.record(m, {
      organizationId: scope.organizationId,
      projectId: scope.id,
      userId: actor.userId,
      scope: EARLY_ACCESS_SCOPE,
      itemId: feature.id,
      activity,
      detail: activityDetail(feature.name, changes),
    });
  }

  private async views(scope: ProjectAccess, actor: Actor, features: EarlyAccessFeature[]): Promise<EarlyAccessView[]> {
    const users = await this.tenancy.getUsers(
      features.flatMap((f) => (f.createdById === null ? [] : [f.createdById])),
      actor,
    );
    const flags = await this.flagRecords.byIds(
      scope.id,
      features.map((f) => f.flagId),
    );
    return features.map((feature) => {
      const flag = flags.get(feature.flagId) ?? null;
      return {
        feature,
        flag:
          flag && flag.hasEncryptedPayloads
            ? { ...flag, filters: this.payloadCodec.reveal(flag.filters, actor) }
            : flag,
        createdBy: feature.createdById === null ? null : (users.get(feature.createdById) ?? null),
      };
    });
  }
}
