import { randomUUID } from 'node:crypto';
import { EventDeletionService } from '@app/event-deletion';
import {
  ActivityChange,
  activityDetail,
  ActivityEntry,
  ActivityLogService,
  Actor,
  diffChanges,
  DomainError,
  ProjectAccess,
} from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { storableValue } from './domain/ingest-event';
import { assertShallowEnough, PersonRef, Properties } from './domain/person';
import { propertiesTimeline, TimelinePoint } from './domain/properties-timeline';
import { Person, PersonForEvaluation, PersonListFilter, PersonsRepository } from './persistence/persons.repository';

export const PERSON_ACTIVITY_SCOPE = 'Person';
// Enough for any real person's history; bounds the memory a timeline request can take.
const TIMELINE_EVENT_LIMIT = 100_000;

export interface PropertiesTimeline {
  points: TimelinePoint[];
  crucialPropertyKeys: string[];
  effectiveDateFrom: Date;
  effectiveDateTo: Date;
}

/** Persons as the API reads and changes them, and the lookups flag evaluation needs. */
@Injectable()
export class PersonsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: PersonsRepository,
    private readonly activity: ActivityLogService,
    private readonly deletions: EventDeletionService,
  ) {}

  list(projectId: number, filter: PersonListFilter, page: { limit: number; offset: number }) {
    return this.repo.list(projectId, filter, page);
  }

  /** The ids of a page of `list`, for exports that read the persons a slice at a time (`byIds`). */
  listIds(projectId: number, filter: PersonListFilter, page: { limit: number; offset: number }) {
    return this.repo.listIds(projectId, filter, page);
  }

  /** Persons of the project by id, in the order of `ids` (those deleted meanwhile left out). */
  byIds(projectId: number, ids: readonly number[]): Promise<Person[]> {
    return this.repo.byIds(projectId, ids);
  }

  /** 404 when the project has no such person. */
  async get(projectId: number, ref: PersonRef | null): Promise<Person> {
    const person = ref && (await this.repo.find(this.ds, projectId, ref));
    if (!person) throw DomainError.notFound();
    return person;
  }

  /** PATCH: merges `properties` into the person's (listed keys overwritten, others kept). */
  updateProperties(
    actor: Actor,
    project: ProjectAccess,
    ref: PersonRef | null,
    properties: Properties,
  ): Promise<Person> {
    assertShallowEnough(properties, 'properties');
    // Stored as ingestion stores $set: NUL and unpaired surrogates replaced.
    const clean = storableValue(properties) as Properties;
    return this.changeProperties(actor, project, ref, 'updated', (current) => ({ ...current, ...clean }));
  }

  updateProperty(
    actor: Actor,
    project: ProjectAccess,
    ref: PersonRef | null,
    key: string,
    value: unknown,
  ): Promise<Person> {
    assertShallowEnough(value, 'value');
    const clean = storableValue({ [key]: value }) as Properties;
    return this.changeProperties(actor, project, ref, 'updated', (current) => ({ ...current, ...clean }));
  }

  deleteProperty(actor: Actor, project: ProjectAccess, ref: PersonRef | null, key: string): Promise<Person> {
    return this.changeProperties(actor, project, ref, 'delete_property', (current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  /**
   * Deletes the person and its distinct ids at once. With `deleteEvents`, queues the deletion
   * of its events in the same transaction; the events stay until the batch runs.
   */
  async delete(actor: Actor, project: ProjectAccess, ref: PersonRef | null, deleteEvents: boolean): Promise<void> {
    await this.ds.transaction(async (m) => {
      const person = await this.locked(m, project.id, ref);
      if (deleteEvents) {
        await this.deletions.enqueue(m, {
          projectId: project.id,
          personUuid: person.uuid,
          distinctIds: await this.repo.allDistinctIds(m, person.id),
          createdBy: actor.userId,
        });
      }
      await this.repo.delete(m, person.id);
      await this.record(m, actor, project, person, 'deleted', null);
    });
  }

  /**
   * Gives every distinct id but the main one (`mainDistinctId`, else the oldest) a new person
   * of its own, with the events sent under it. Without `mainDistinctId` the original person's
   * properties are cleared, as in PostHog (it cannot tell whose they were).
   */
  async split(actor: Actor, project: ProjectAccess, ref: PersonRef | null, mainDistinctId?: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const person = await this.locked(m, project.id, ref);
      const distinctIds = await this.repo.allDistinctIds(m, person.id);
      if (mainDistinctId !== undefined && !distinctIds.includes(mainDistinctId)) {
        throw DomainError.invalid(
          'main_distinct_id is not one of the distinct ids of this person.',
          'main_distinct_id',
        );
      }
      const keep = mainDistinctId ?? distinctIds[0];
      const moves = distinctIds.filter((d) => d !== keep).map((distinctId) => ({ distinctId, uuid: randomUUID() }));
      if (moves.length === 0) return;
      await this.repo.splitOff(m, project.id, person, moves, new Date());
      if (mainDistinctId === undefined && Object.keys(person.properties).length > 0) {
        await this.repo.setProperties(m, person.id, {});
      }
      await this.record(m, actor, project, person, 'split_person', [
        { type: 'Person', action: 'split', after: { distinct_ids: distinctIds } },
      ]);
    });
  }

  /**
   * Activity entries of one person (also after it was deleted, by its integer id) or, without
   * `ref`, of every person of the project. 404 for a person that never existed.
   */
  async activityOf(
    projectId: number,
    ref: PersonRef | null | undefined,
    page: { page: number; limit: number },
  ): Promise<{ total: number; results: ActivityEntry[] }> {
    let itemId: string | undefined;
    let exists = true;
    if (ref !== undefined) {
      const person = ref && (await this.repo.find(this.ds, projectId, ref));
      exists = person !== null;
      if (person) itemId = String(person.id);
      else if (ref && 'id' in ref) itemId = String(ref.id);
      else throw DomainError.notFound();
    }
    const result = await this.activity.list({ projectId, scope: PERSON_ACTIVITY_SCOPE, itemId }, page.page, page.limit);
    if (!exists && result.total === 0) throw DomainError.notFound();
    return result;
  }

  /**
   * Where the person's properties changed, replayed from its `$set`/`$set_once`/`$unset`
   * events. Only `crucialKeys` count when given.
   */
  async propertiesTimeline(
    projectId: number,
    ref: PersonRef | null,
    options: { from?: Date; to?: Date; crucialKeys?: string[] },
  ): Promise<PropertiesTimeline> {
    const person = await this.get(projectId, ref);
    const events = await this.repo.propertyOperations(projectId, person.uuid, options.to, TIMELINE_EVENT_LIMIT);
    const points = propertiesTimeline(events, { from: options.from, crucialKeys: options.crucialKeys });
    const keys = options.crucialKeys ?? [...new Set(points.flatMap((p) => Object.keys(p.properties)))].sort();
    return {
      points,
      crucialPropertyKeys: keys,
      effectiveDateFrom: options.from ?? points[0]?.timestamp ?? person.createdAt,
      effectiveDateTo: options.to ?? new Date(),
    };
  }

  /**
   * The person behind a distinct id (flag evaluation): one indexed lookup; null when none. With
   * `staticCohorts`, the static cohorts it belongs to come in the same statement.
   */
  personByDistinctId(
    projectId: number,
    distinctId: string,
    options: { staticCohorts?: boolean } = {},
  ): Promise<PersonForEvaluation | null> {
    return this.repo.byDistinctId(projectId, distinctId, options.staticCohorts);
  }

  /**
   * One batch of a scan over the project's persons in id order, after `afterId` (blast radius,
   * static cohorts from flags). `requiredKeys`: only persons having all these properties.
   */
  scanPersons(
    projectId: number,
    afterId: number,
    limit: number,
    options: { requiredKeys?: readonly string[]; staticCohorts?: boolean } = {},
  ): Promise<Array<PersonForEvaluation & { distinctId: string | null }>> {
    return this.repo.scan(projectId, afterId, limit, options);
  }

  countPersons(projectId: number): Promise<number> {
    return this.repo.count(projectId);
  }

  /** A group's properties (group flags); null when the group was never identified. */
  groupProperties(projectId: number, groupTypeIndex: number, groupKey: string): Promise<Properties | null> {
    return this.repo.groupProperties(projectId, groupTypeIndex, groupKey);
  }

  /** Stored properties of several groups, in one indexed statement; unknown groups are absent. */
  groupsProperties(
    projectId: number,
    groups: ReadonlyArray<{ groupTypeIndex: number; groupKey: string }>,
  ): Promise<Array<{ groupTypeIndex: number; groupKey: string; properties: Properties }>> {
    return this.repo.groupsByKeys(projectId, groups);
  }

  /** One batch of a scan over the groups of a type, in id order. */
  scanGroups(
    projectId: number,
    groupTypeIndex: number,
    afterId: number,
    limit: number,
  ): Promise<Array<{ id: number; groupKey: string; properties: Properties }>> {
    return this.repo.scanGroups(projectId, groupTypeIndex, afterId, limit);
  }

  countGroups(projectId: number, groupTypeIndex: number): Promise<number> {
    return this.repo.countGroups(projectId, groupTypeIndex);
  }

  /** The project's group types by index, as SDKs expect it: `{ "0": "company", "1": "project" }`. */
  async groupTypeMapping(projectId: number): Promise<Record<string, string>> {
    const rows = await this.repo.groupTypeMapping(projectId);
    return Object.fromEntries(rows.map((r) => [String(r.groupTypeIndex), r.groupType]));
  }

  private async changeProperties(
    actor: Actor,
    project: ProjectAccess,
    ref: PersonRef | null,
    activity: string,
    change: (current: Properties) => Properties,
  ): Promise<Person> {
    return this.ds.transaction(async (m) => {
      const person = await this.locked(m, project.id, ref);
      const after = change(person.properties);
      const changes = diffChanges('Person', { properties: person.properties }, { properties: after }, ['properties']);
      if (changes.length > 0) {
        await this.repo.setProperties(m, person.id, after);
        await this.record(m, actor, project, person, activity, changes);
      }
      return { ...person, properties: after };
    });
  }

  private async locked(m: EntityManager, projectId: number, ref: PersonRef | null): Promise<Person> {
    const person = ref && (await this.repo.find(m, projectId, ref, true));
    if (!person) throw DomainError.notFound();
    return person;
  }

  private record(
    m: EntityManager,
    actor: Actor,
    project: ProjectAccess,
    person: Person,
    activity: string,
    changes: ActivityChange[] | null,
  ): Promise<void> {
    return this.activity.record(m, {
      organizationId: project.organizationId,
      projectId: project.id,
      userId: actor.userId,
      scope: PERSON_ACTIVITY_SCOPE,
      itemId: String(person.id),
      activity,
      detail: activityDetail(person.uuid, changes),
    });
  }
}
