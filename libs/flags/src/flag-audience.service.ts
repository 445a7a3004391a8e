import { Cohort, CohortsService } from '@app/cohorts';
import { PersonsService } from '@app/persons';
import {
  Actor,
  BackgroundJobs,
  DomainError,
  ExpensiveWork,
  metrics,
  ProjectAccess,
  UserRecord,
  TenancyService,
} from '@app/platform';
import { EvaluationBudget, holdsWhenAbsent, TargetingLimits } from '@app/targeting';
import { Injectable } from '@nestjs/common';
import { compileConditionMatcher, evaluateFlag } from './domain/evaluation';
import type { EvaluationContext, FlagCondition, PropertyFilter } from './domain/evaluation';
import { cohortCheck, flagCohortIds, flagDependencyIds, validateFilters } from './domain/filters';
import { Flag } from './domain/flag';
import { FlagsService } from './flags.service';
import { ProjectSnapshotsCache } from './project-snapshots.cache';
import { FlagsRepository } from './persistence/flags.repository';
import { HashKeyOverridesRepository } from './persistence/hash-key-overrides.repository';

/** Persons (or groups) read per statement by the scans below. */
const SCAN_BATCH = 1_000;

const staticCohortsFilled = metrics.counter(
  'flag_static_cohorts_filled_total',
  'Static cohorts filled from a flag, by outcome.',
  ['outcome'],
);

export interface BlastRadiusInput {
  condition?: unknown;
  group_type_index?: unknown;
}

/**
 * Who a flag reaches: how many persons (or groups) a condition matches (blast radius), and a
 * static cohort of the persons a flag is on for. Counting and filling evaluate with the same
 * engine and definitions as `/flags`, so their answers agree with what evaluation decides.
 */
@Injectable()
export class FlagAudienceService {
  constructor(
    private readonly flags: FlagsRepository,
    private readonly flagsService: FlagsService,
    private readonly hashKeys: HashKeyOverridesRepository,
    private readonly cache: ProjectSnapshotsCache,
    private readonly persons: PersonsService,
    private readonly cohorts: CohortsService,
    private readonly tenancy: TenancyService,
    private readonly jobs: BackgroundJobs,
    private readonly work: ExpensiveWork,
    private readonly limits: TargetingLimits,
  ) {}

  /**
   * How many persons (or groups of `group_type_index`) a condition's properties match, and how
   * many there are. The rollout is not applied (PostHog's UI multiplies).
   */
  async blastRadius(
    scope: ProjectAccess,
    input: BlastRadiusInput,
  ): Promise<{ users_affected: number; total_users: number }> {
    if (input.condition === undefined || input.condition === null) {
      throw DomainError.invalid('Missing condition for which to get blast radius');
    }
    if (typeof input.condition !== 'object' || Array.isArray(input.condition)) {
      throw DomainError.invalid('condition must be an object.', 'condition');
    }
    const gti = input.group_type_index ?? null;
    if (gti !== null && (!Number.isInteger(gti) || (gti as number) < 0 || (gti as number) > 4)) {
      throw DomainError.invalid('group_type_index must be an integer between 0 and 4, or null.', 'group_type_index');
    }
    const condition = input.condition as { properties?: unknown };
    const properties = condition.properties ?? [];
    if (!Array.isArray(properties)) throw DomainError.invalid('condition.properties must be a list.', 'condition');
    if (gti !== null) {
      const own = (p: unknown) =>
        typeof p === 'object' && p !== null && (p as PropertyFilter).type === 'group'
          ? (p as PropertyFilter).group_type_index === gti
          : (p as PropertyFilter)?.key === '$group_key';
      if (!properties.every(own)) throw DomainError.invalid('Invalid group type index for feature flag condition.');
    }
    const raw = { groups: [{ properties, rollout_percentage: null }], aggregation_group_type_index: gti };
    const validated = validateFilters(raw, {
      flagKey: '',
      flags: await this.flags.dependencyGraph(scope.id, flagDependencyIds(raw)),
      cohorts: cohortCheck(await this.cohorts.forFlags(scope.id, flagCohortIds(raw))),
      limits: this.limits,
    });
    // Stored shape and engine shape differ only in that a flag property's key may be an id number.
    const checked = validated.groups[0] as unknown as FlagCondition;
    const definitions = await this.cache.get(scope.id);
    const matches = compileConditionMatcher(definitions.compiled, checked, gti as number | null);
    return gti === null
      ? this.countPersons(scope.id, checked.properties ?? [], matches, definitions.usesStaticCohorts)
      : this.countGroups(scope.id, gti as number, definitions.compiled.groupTypeMapping.get(gti as number), matches);
  }

  private async countPersons(
    projectId: number,
    properties: readonly PropertyFilter[],
    matches: (context: EvaluationContext) => boolean,
    staticCohorts: boolean,
  ): Promise<{ users_affected: number; total_users: number }> {
    const total = await this.persons.countPersons(projectId);
    if (properties.length === 0) return { users_affected: total, total_users: total };
    // A person without a property these filters require can never match: read only persons with them.
    const requiredKeys = [
      ...new Set(
        properties
          .filter((p) => (p.type ?? 'person') === 'person' && !holdsWhenAbsent(p.operator))
          .map((p) => String(p.key))
          .filter((k) => k !== 'distinct_id'),
      ),
    ];
    let affected = 0;
    for (let after = 0; ;) {
      const batch = await this.persons.scanPersons(projectId, after, SCAN_BATCH, { requiredKeys, staticCohorts });
      if (batch.length === 0) break;
      for (const person of batch) {
        const members = new Set(person.staticCohortIds);
        const context: EvaluationContext = {
          distinctId: person.distinctId ?? String(person.personId),
          personProperties: person.properties,
          personMetadata: { created_at: person.createdAt },
          isInStaticCohort: (id) => members.has(id),
          budget: new EvaluationBudget(this.limits.regexBudget),
        };
        if (matches(context)) affected++;
      }
      after = batch[batch.length - 1].personId;
    }
    return { users_affected: Math.min(affected, total), total_users: total };
  }

  private async countGroups(
    projectId: number,
    groupTypeIndex: number,
    groupType: string | undefined,
    matches: (context: EvaluationContext) => boolean,
  ): Promise<{ users_affected: number; total_users: number }> {
    const total = await this.persons.countGroups(projectId, groupTypeIndex);
    if (groupType === undefined) return { users_affected: 0, total_users: total };
    let affected = 0;
    for (let after = 0; ;) {
      const batch = await this.persons.scanGroups(projectId, groupTypeIndex, after, SCAN_BATCH);
      if (batch.length === 0) break;
      for (const group of batch) {
        const context: EvaluationContext = {
          distinctId: '',
          groups: { [groupType]: group.groupKey },
          groupProperties: { [groupType]: group.properties },
        };
        if (matches(context)) affected++;
      }
      after = batch[batch.length - 1].id;
    }
    return { users_affected: affected, total_users: total };
  }

  /**
   * A static cohort of the persons the flag is on for, named as PostHog names it. It answers at
   * once (`is_calculating: true`); the persons are evaluated and added in batches in the
   * background. Inactive, deleted and group flags give an empty cohort. Only who may edit the
   * flag may (PostHog runs it through the flag's edit permission). The filling is expensive work
   * of the caller and the project until it ends: past their bounds the request gets 429.
   */
  async createStaticCohortForFlag(
    scope: ProjectAccess,
    actor: Actor,
    flagId: number,
  ): Promise<{ cohort: Cohort; createdBy: UserRecord | null }> {
    const flag = await this.flagsService.editable(scope, actor, flagId);
    const admission = await this.work.admit({ userId: actor.userId, projectId: scope.id });
    let cohort: Cohort;
    try {
      cohort = await this.cohorts.createStatic(scope, actor, staticCohortName(flag.key, new Date()));
    } catch (e) {
      admission.release();
      throw e;
    }
    this.jobs.run('static-cohort-for-flag', () => this.fill(scope.id, flag, cohort.id), admission);
    return { cohort, createdBy: await this.tenancy.getUser(actor.userId) };
  }

  private async fill(projectId: number, flag: Flag, cohortId: number): Promise<void> {
    let outcome = 'error';
    try {
      const definitions = await this.cache.get(projectId);
      const compiled = definitions.compiled.flags.get(flag.key);
      if (!compiled || compiled.id !== flag.id || !compiled.active || compiled.aggregation !== null) {
        outcome = 'empty';
        return;
      }
      for (let after = 0; !this.jobs.stopping;) {
        const batch = await this.persons.scanPersons(projectId, after, SCAN_BATCH, {
          staticCohorts: definitions.usesStaticCohorts,
        });
        if (batch.length === 0) break;
        const hashKeys = compiled.continuity
          ? await this.hashKeys.forFlag(
              projectId,
              flag.key,
              batch.map((p) => p.personId),
            )
          : new Map<number, string>();
        const matched = batch.filter((person) => {
          const members = new Set(person.staticCohortIds);
          const hashKey = hashKeys.get(person.personId);
          return evaluateFlag(definitions.compiled, flag.key, {
            distinctId: person.distinctId ?? String(person.personId),
            personProperties: person.properties,
            personMetadata: { created_at: person.createdAt },
            hashKeyOverrides: hashKey === undefined ? undefined : { [flag.key]: hashKey },
            isInStaticCohort: (id) => members.has(id),
            budget: new EvaluationBudget(this.limits.regexBudget),
          })?.enabled;
        });
        await this.cohorts.addStaticMembers(
          cohortId,
          matched.map((p) => p.personId),
        );
        after = batch[batch.length - 1].personId;
      }
      outcome = this.jobs.stopping ? 'interrupted' : 'ok';
    } finally {
      staticCohortsFilled.inc({ outcome });
      await this.cohorts.finishStatic(cohortId);
    }
  }
}

/** The name PostHog gives the static cohort made from a flag (UTC). */
export function staticCohortName(flagKey: string, at: Date): string {
  return `Users with feature flag ${flagKey} enabled at ${at.toISOString().slice(0, 19).replace('T', ' ')}`;
}
