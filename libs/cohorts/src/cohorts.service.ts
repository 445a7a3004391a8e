import { FlagDefinitionChanges } from '@app/flag-definition-changes';
import {
  ActivityLogService,
  activityDetail,
  Actor,
  BackgroundJobs,
  diffChanges,
  DomainError,
  inTransaction,
  lockDependencyGraphs,
  metrics,
  ProjectAccess,
  TenancyService,
} from '@app/platform';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  checkCohortName,
  Cohort,
  COHORT_SCOPE,
  CohortChanges,
  cohortDepth,
  cohortExpansion,
  CohortFilters,
  cohortsReadingTimeZone,
  findCohortCycle,
  hasBehavioralFilters,
  normalizeCohortFilters,
  referencedCohortIds,
  remapCohortReferences,
} from './domain/cohort';
import { isUuid, PersonsService } from '@app/persons';
import type { Person, PersonRef } from '@app/persons';
import { CohortsRepository } from './persistence/cohorts.repository';
import { assertPostgresRegexes, SqlParams, TargetingLimits } from '@app/targeting';

const calculations = metrics.counter('cohort_calculations_total', 'Dynamic cohort counts calculated, by outcome.', [
  'outcome',
]);

/** The project a cohort lives in: what of `ProjectAccess` the cohort rules read. */
type CohortProject = Pick<ProjectAccess, 'id' | 'organizationId'>;

/** A cohort write as the API receives it (absent = unchanged). */
export interface CohortInput {
  name?: string;
  description?: string;
  groups?: unknown;
  filters?: unknown;
  is_static?: boolean;
  deleted?: boolean;
}

/** What flag validation needs to know about a cohort a flag points at. */
export interface CohortForFlags {
  id: number;
  name: string;
  deleted: boolean;
  /** It, or a cohort it contains, filters on events. */
  behavioral: boolean;
}

/** A cohort as flag evaluation compiles it (PostHog's shape). */
export interface CohortDefinitionRow {
  id: number;
  name: string;
  is_static: boolean;
  deleted: boolean;
  filters: CohortFilters;
}

/**
 * Cohorts: the API's use cases, what flags need from them (validation, definitions, names,
 * copies across projects), and static cohort membership. Every cohort write records a
 * flag-definition change in its transaction (flags cache compiled cohorts).
 */
@Injectable()
export class CohortsService implements OnModuleDestroy {
  private readonly unsubscribe: () => void;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: CohortsRepository,
    private readonly personsService: PersonsService,
    private readonly activity: ActivityLogService,
    private readonly changes: FlagDefinitionChanges,
    private readonly jobs: BackgroundJobs,
    private readonly limits: TargetingLimits,
    private readonly tenancy: TenancyService,
  ) {
    this.unsubscribe = tenancy.onProjectChanged((projectId, settings) => {
      if (settings.has('timezone')) this.jobs.run('cohort-time-zone', () => this.recountForTimeZone(projectId));
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  list(projectId: number, page: { limit: number; offset: number }): Promise<{ count: number; rows: Cohort[] }> {
    return this.repo.list(projectId, page);
  }

  /** A cohort by id, deleted or not; 404 when the project has none. */
  async get(projectId: number, id: number): Promise<Cohort> {
    const cohort = await this.repo.find(this.ds, projectId, id);
    if (!cohort) throw DomainError.notFound();
    return cohort;
  }

  /**
   * A new cohort. A dynamic one is counted in the background; inside a caller's transaction
   * (`manager`) the caller starts that with `calculate` once it has committed.
   */
  async create(
    scope: CohortProject,
    actor: Actor | null,
    input: CohortInput,
    manager?: EntityManager,
  ): Promise<Cohort> {
    const cohort = await inTransaction(this.ds, manager, async (m) => {
      const name = input.name === undefined ? '' : checkCohortName(input.name);
      const isStatic = input.is_static === true;
      const defined = isStatic ? { filters: {}, groups: [], regexes: [] } : normalizeCohortFilters(input, this.limits);
      if (!isStatic) await this.checkDefinition(m, scope.id, undefined, defined);
      const created = await this.repo.insert(m, scope.id, actor?.userId ?? null, {
        name,
        description: input.description === undefined ? '' : this.description(input.description),
        groups: defined.groups,
        filters: defined.filters,
        isStatic,
        isCalculating: !isStatic,
      });
      await this.changes.record(m, scope.id);
      await this.record(m, scope, actor, created, 'created', null);
      return created;
    });
    if (!manager) this.calculate([cohort]);
    return cohort;
  }

  /** Changes the given fields; `deleted: true` soft-deletes, `false` restores. */
  async update(scope: CohortProject, actor: Actor, id: number, input: CohortInput): Promise<Cohort> {
    const cohort = await this.ds.transaction(async (m) => {
      const current = await this.repo.find(m, scope.id, id, true);
      if (!current) throw DomainError.notFound();
      if (input.is_static !== undefined && input.is_static !== current.isStatic) {
        throw DomainError.invalid('A cohort cannot change between static and dynamic.', 'is_static');
      }
      const changes: CohortChanges = {};
      if (input.name !== undefined) changes.name = checkCohortName(input.name);
      if (input.description !== undefined) changes.description = this.description(input.description);
      // Flags check that the cohorts they use are live; cohorts check their references.
      if (input.deleted !== undefined) await lockDependencyGraphs(m, scope.id);
      if (!current.isStatic && (input.filters !== undefined || input.groups !== undefined)) {
        const defined = normalizeCohortFilters(input, this.limits);
        await this.checkDefinition(m, scope.id, current.id, defined);
        changes.filters = defined.filters;
        changes.groups = defined.groups;
      }
      if (input.deleted !== undefined) changes.deleted = input.deleted;
      const before = snapshot(current);
      const after = { ...before, ...snapshotOf(changes) };
      const diff = diffChanges(COHORT_SCOPE, before, after, Object.keys(before));
      if (diff.length === 0) return current;
      const saved = await this.repo.update(m, current, changes);
      await this.changes.record(m, scope.id);
      await this.record(m, scope, actor, saved, 'updated', diff);
      return saved;
    });
    if (cohort.isCalculating) this.calculate([cohort]);
    return cohort;
  }

  /** One page of a cohort's persons, newest first. */
  async persons(
    projectId: number,
    id: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; rows: Person[] }> {
    const { count, ids } = await this.personIds(projectId, id, page);
    return { count, rows: await this.personsService.byIds(projectId, ids) };
  }

  /** The ids of one page of `persons` (an export reads the persons a slice at a time). */
  async personIds(
    projectId: number,
    id: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; ids: number[] }> {
    const cohort = await this.get(projectId, id);
    const cohorts = await this.repo.withReferences(this.ds, projectId, [cohort.id]);
    const params = new SqlParams();
    const timeZone = await this.tenancy.timeZone(projectId);
    const membership = this.repo.membership(projectId, [cohort], cohorts, params, undefined, timeZone);
    return this.repo.memberIds(projectId, membership, params, page);
  }

  /**
   * The live cohorts `ref` belongs to: static membership, and dynamic cohorts' conditions (the
   * same SQL that lists a cohort's persons), all evaluated for this one person in one statement.
   */
  async ofPerson(projectId: number, ref: PersonRef): Promise<Cohort[]> {
    const person = await this.personsService.get(projectId, ref);
    const live = await this.repo.live(projectId);
    if (live.length === 0) return [];
    const all = await this.repo.withReferences(
      this.ds,
      projectId,
      live.map((c) => c.id),
    );
    const params = new SqlParams();
    // The referenced cohorts' memberships are computed for this one person only.
    const membership = this.repo.membership(
      projectId,
      live,
      all,
      params,
      () => `p.id = ${params.once('person', () => person.id)}`,
      await this.tenancy.timeZone(projectId),
    );
    const member = await this.repo.memberOf(projectId, person.id, membership, params);
    return live.filter((_, i) => member[i]);
  }

  /** Adds persons (by uuid) to a static cohort; unknown uuids are skipped. */
  async addPersonsToStatic(scope: CohortProject, id: number, uuids: unknown): Promise<number> {
    if (!Array.isArray(uuids) || !uuids.every((u) => typeof u === 'string' && isUuid(u))) {
      throw DomainError.invalid('person_ids must be a list of person uuids.', 'person_ids');
    }
    return this.ds.transaction(async (m) => {
      const cohort = await this.repo.find(m, scope.id, id, true);
      if (!cohort || cohort.deleted) throw DomainError.notFound();
      if (!cohort.isStatic) throw DomainError.invalid('Only static cohorts have persons added.', 'person_ids');
      const added = await this.repo.addMembersByUuid(
        m,
        scope.id,
        id,
        (uuids as string[]).map((u) => u.toLowerCase()),
      );
      await this.repo.setStaticCount(m, id, await this.repo.memberCount(m, id), cohort.isCalculating);
      return added;
    });
  }

  // ---- for flags ----------------------------------------------------------------------------

  /** The cohorts `ids` name in the project (absent: no such cohort), for validating a flag. */
  async forFlags(
    projectId: number,
    ids: readonly number[],
    manager?: EntityManager,
  ): Promise<Map<number, CohortForFlags>> {
    const cohorts = await this.repo.withReferences(manager ?? this.ds, projectId, ids);
    const behavioral = (id: number, seen: Set<number>): boolean => {
      const cohort = cohorts.get(id);
      if (!cohort || seen.has(id)) return false;
      seen.add(id);
      return (
        hasBehavioralFilters(cohort.filters) || referencedCohortIds(cohort.filters).some((r) => behavioral(r, seen))
      );
    };
    const out = new Map<number, CohortForFlags>();
    for (const id of ids) {
      const cohort = cohorts.get(id);
      if (cohort)
        out.set(id, { id, name: cohort.name, deleted: cohort.deleted, behavioral: behavioral(id, new Set()) });
    }
    return out;
  }

  /** Names of the project's cohorts among `ids` (deleted ones too), for flag responses. */
  names(projectId: number, ids: readonly number[]): Promise<Map<number, string>> {
    return this.repo.names(projectId, ids);
  }

  /** Every live cohort of the project, as flag evaluation compiles them. */
  async definitions(projectId: number): Promise<CohortDefinitionRow[]> {
    return (await this.repo.live(projectId)).map((c) => ({
      id: c.id,
      name: c.name,
      is_static: c.isStatic,
      deleted: c.deleted,
      filters: c.filters,
    }));
  }

  /**
   * Makes the cohorts `ids` (of `sourceProjectId`, with what they reference) exist in the target
   * project, in `m`'s transaction: a live cohort of the same name there is used, otherwise a copy
   * is created (a static one empty: persons belong to their project). Returns source id → target
   * id, and the cohorts created (`calculate` them once `m` has committed).
   */
  async copyInto(
    m: EntityManager,
    actor: Actor,
    sourceProjectId: number,
    ids: readonly number[],
    target: CohortProject,
  ): Promise<{ ids: Map<number, number>; created: Cohort[] }> {
    const source = await this.repo.withReferences(m, sourceProjectId, ids);
    const mapped = new Map<number, number>();
    const created: Cohort[] = [];
    const copy = async (id: number, path: Set<number>): Promise<void> => {
      const cohort = source.get(id);
      if (!cohort || mapped.has(id) || path.has(id)) return;
      const existing = await this.repo.liveByName(m, target.id, cohort.name);
      if (existing) {
        mapped.set(id, existing.id);
        return;
      }
      const inner = new Set([...path, id]);
      for (const ref of referencedCohortIds(cohort.filters)) await copy(ref, inner);
      const input: CohortInput = cohort.isStatic
        ? { name: cohort.name, description: cohort.description, is_static: true }
        : {
            name: cohort.name,
            description: cohort.description,
            filters: remapCohortReferences(cohort.filters, mapped),
          };
      const copied = await this.create(target, actor, input, m);
      mapped.set(id, copied.id);
      created.push(copied);
    };
    for (const id of ids) await copy(id, new Set());
    return { ids: mapped, created };
  }

  /** Counts dynamic cohorts in the background (they say `is_calculating` until it lands). */
  calculate(cohorts: readonly Cohort[]): void {
    for (const cohort of cohorts) if (!cohort.isStatic) this.count(cohort);
  }

  /** A static cohort that says `is_calculating` until `finishStatic`. */
  async createStatic(scope: CohortProject, actor: Actor, name: string): Promise<Cohort> {
    return this.ds.transaction(async (m) => {
      const cohort = await this.repo.insert(m, scope.id, actor.userId, {
        name: checkCohortName(name),
        description: '',
        groups: [],
        filters: {},
        isStatic: true,
        isCalculating: true,
      });
      await this.changes.record(m, scope.id);
      await this.record(m, scope, actor, cohort, 'created', null);
      return cohort;
    });
  }

  /** Adds persons (by id) to a static cohort being filled. */
  addStaticMembers(cohortId: number, personIds: readonly number[]): Promise<number> {
    return this.repo.addMembers(this.ds, cohortId, personIds);
  }

  /** A static cohort's filling is over: its count, and no longer calculating. */
  async finishStatic(cohortId: number): Promise<void> {
    await this.repo.setStaticCount(this.ds, cohortId, await this.repo.memberCount(this.ds, cohortId), false);
  }

  // ---- internals ------------------------------------------------------------------------------

  private description(value: unknown): string {
    if (typeof value !== 'string') throw DomainError.invalid('Not a valid string.', 'description');
    if (value.includes('\u0000')) throw DomainError.invalid('Null characters are not allowed.', 'description');
    return value;
  }

  /**
   * Referenced cohorts exist in the project, are live, and no cohort contains itself; expanded
   * (every reference counted), neither this cohort nor any cohort referencing it goes over the
   * limit; PostgreSQL compiles its regular expressions (it could never be counted otherwise).
   */
  private async checkDefinition(
    m: EntityManager,
    projectId: number,
    id: number | undefined,
    defined: { filters: CohortFilters; regexes: string[] },
  ): Promise<void> {
    await assertPostgresRegexes((sql, values) => m.query(sql, values), defined.regexes, 'filters');
    const references = referencedCohortIds(defined.filters);
    if (references.length === 0) return;
    await lockDependencyGraphs(m, projectId);
    const cohorts = await this.repo.withReferences(m, projectId, references);
    for (const ref of references) {
      const cohort = cohorts.get(ref);
      if (!cohort || cohort.deleted) throw DomainError.invalid(`Invalid Cohort ID in filter: ${ref}`, 'filters');
    }
    const self = id ?? 0;
    const lookup = new Map([...cohorts.values()].map((c) => [c.id, c.filters]));
    if (id !== undefined) {
      const graph = new Map([...cohorts.values()].map((c) => [c.id, referencedCohortIds(c.filters)]));
      if (findCohortCycle(id, references, graph)) {
        throw DomainError.invalid('Cohorts cannot reference other cohorts in a loop.', 'filters');
      }
      // Cohorts referencing this one grow with it.
      for (const c of await this.repo.live(projectId, m)) if (!lookup.has(c.id)) lookup.set(c.id, c.filters);
    }
    lookup.set(self, defined.filters);
    const cap = this.limits.cohortMaxExpansion;
    const maxDepth = this.limits.cohortMaxDepth;
    const memo = new Map<number, number>();
    const depths = new Map<number, number>();
    for (const root of [self, ...(id === undefined ? [] : lookup.keys())]) {
      if (cohortDepth(root, lookup, depths) > maxDepth) {
        throw DomainError.invalid(
          root === self
            ? `This cohort starts a chain of more than ${maxDepth} cohorts referencing one another; reference a shallower cohort.`
            : `Cohort ${root}, which references this one, would start a chain of more than ${maxDepth} cohorts referencing one another.`,
          'filters',
        );
      }
      const size = cohortExpansion(root, lookup, cap, memo);
      if (size > cap) {
        throw DomainError.invalid(
          root === self
            ? `This cohort stands for more than ${cap} filters once the cohorts it references are expanded (each reference counts); reference fewer cohorts or simpler ones.`
            : `Cohort ${root}, which references this one, would stand for more than ${cap} filters once expanded.`,
          'filters',
        );
      }
    }
  }

  /**
   * After a change of the project's time zone, the dynamic cohorts whose dates it moves are
   * counted again (they say `is_calculating` until then), as PostHog's periodic recalculation
   * would count them in the new zone. Their members are computed when asked, in the zone of then.
   */
  private async recountForTimeZone(projectId: number): Promise<void> {
    const reading = cohortsReadingTimeZone(await this.repo.live(projectId));
    this.calculate(
      await this.repo.markCalculating(
        projectId,
        reading.map((c) => c.id),
      ),
    );
  }

  private count(cohort: Cohort): void {
    this.jobs.run('cohort-count', async () => {
      let count: number | null = null;
      try {
        const cohorts = await this.repo.withReferences(this.ds, cohort.projectId, [cohort.id]);
        const current = cohorts.get(cohort.id);
        if (!current || current.version !== cohort.version) return; // redefined meanwhile: that run counts
        const params = new SqlParams();
        const timeZone = await this.tenancy.timeZone(cohort.projectId);
        const membership = this.repo.membership(cohort.projectId, [current], cohorts, params, undefined, timeZone);
        count = await this.repo.countMembers(cohort.projectId, membership, params);
        calculations.inc({ outcome: 'ok' });
      } catch (e) {
        calculations.inc({ outcome: 'error' });
        throw e;
      } finally {
        await this.repo.finishCalculation(cohort.projectId, cohort.id, cohort.version, count);
      }
    });
  }

  private record(
    m: EntityManager,
    scope: CohortProject,
    actor: Actor | null,
    cohort: Cohort,
    activity: string,
    changes: ReturnType<typeof diffChanges> | null,
  ): Promise<void> {
    return this.activity.record(m, {
      organizationId: scope.organizationId,
      projectId: scope.id,
      userId: actor?.userId ?? null,
      scope: COHORT_SCOPE,
      itemId: String(cohort.id),
      activity,
      detail: activityDetail(cohort.name, changes),
    });
  }
}

function snapshot(c: Cohort): Record<string, unknown> {
  return { name: c.name, description: c.description, groups: c.groups, filters: c.filters, deleted: c.deleted };
}

function snapshotOf(changes: CohortChanges): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}
