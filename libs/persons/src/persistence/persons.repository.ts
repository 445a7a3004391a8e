import { escapeLike, Queryable, queryPrepared, queryRows, TenancyService } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isUuid, PersonRef, Properties } from '../domain/person';
import {
  assertPostgresRegexes,
  loweredValues,
  personCreatedAtText,
  personMetadataSql,
  PropertyFilterGroup,
  propertyFilterToSql,
  SqlParams,
} from '@app/targeting';

/** A person with its distinct ids (oldest first). */
export interface Person {
  id: number;
  uuid: string;
  properties: Properties;
  isIdentified: boolean;
  createdAt: Date;
  distinctIds: string[];
}

export interface PersonListFilter {
  distinctId?: string;
  email?: string;
  search?: string;
  properties?: PropertyFilterGroup;
}

// A person's distinct ids in responses: PostHog caps them too.
const MAX_DISTINCT_IDS = 1000;

interface PersonRow {
  id: number;
  uuid: string;
  properties: Properties;
  is_identified: boolean;
  created_at: Date;
}

const PERSON_COLUMNS = 'p.id, p.uuid, p.properties, p.is_identified, p.created_at';

/** The static cohorts a person `p` belongs to (a column of the statement it is added to). */
const STATIC_COHORTS = `,
  ARRAY(SELECT m.cohort_id FROM cohort_static_members m WHERE m.person_id = p.id ORDER BY m.cohort_id) AS static_cohort_ids`;

/** A person as flag evaluation reads it. */
export interface PersonForEvaluation {
  personId: number;
  uuid: string;
  properties: Properties;
  /** When the person was created, as `person_metadata` filters read it (`personCreatedAtText`). */
  createdAt: string;
  /** The static cohorts it belongs to (when asked for). */
  staticCohortIds: number[];
}

/** Persons, distinct ids and groups as the API and other contexts read and change them. */
@Injectable()
export class PersonsRepository {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tenancy: TenancyService,
  ) {}

  /** One page of the project's persons, newest first, with the exact total. */
  async list(
    projectId: number,
    filter: PersonListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; rows: Person[] }> {
    const { condition, params } = await this.listCondition(projectId, filter);
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM persons p WHERE ${condition}`,
      params.values,
    );
    const rows = await queryRows<PersonRow>(
      this.ds,
      `SELECT ${PERSON_COLUMNS} FROM persons p WHERE ${condition}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    return { count, rows: await this.withDistinctIds(this.ds, rows) };
  }

  /** The ids of one page of `list`, without its count (an export reads the persons a slice at a time). */
  async listIds(
    projectId: number,
    filter: PersonListFilter,
    page: { limit: number; offset: number },
  ): Promise<number[]> {
    const { condition, params } = await this.listCondition(projectId, filter);
    const rows = await queryRows<{ id: number }>(
      this.ds,
      `SELECT p.id FROM persons p WHERE ${condition}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    return rows.map((r) => r.id);
  }

  private async listCondition(
    projectId: number,
    filter: PersonListFilter,
  ): Promise<{ condition: string; params: SqlParams }> {
    const params = new SqlParams([projectId]);
    // PostHog hides persons "created" more than a day in the future (clients with broken clocks).
    const where = ['p.project_id = $1', `p.created_at <= now() + interval '1 day'`];
    if (filter.distinctId !== undefined) {
      where.push(
        `p.id = (SELECT d.person_id FROM person_distinct_ids d WHERE d.project_id = $1 AND d.distinct_id = ${params.add(filter.distinctId)})`,
      );
    }
    if (filter.email !== undefined) {
      where.push(`p.properties @> jsonb_build_object('email', ${params.add(filter.email)}::text)`);
    }
    if (filter.search !== undefined && filter.search !== '') {
      const term = filter.search;
      const any = [
        `(p.properties ->> 'email') ILIKE ${params.add(`%${escapeLike(term)}%`)}`,
        `p.id IN (SELECT d.person_id FROM person_distinct_ids d WHERE d.project_id = $1 AND d.distinct_id = ${params.add(term)})`,
      ];
      if (isUuid(term)) any.push(`p.uuid = ${params.add(term.toLowerCase())}::uuid`);
      where.push(`(${any.join(' OR ')})`);
    }
    if (filter.properties) {
      const compiled = propertyFilterToSql(filter.properties, {
        params,
        timeZone: await this.tenancy.timeZone(projectId),
        source: (leaf) =>
          leaf.type === 'person'
            ? 'p.properties'
            : leaf.type === 'person_metadata'
              ? personMetadataSql('p')
              : undefined,
        // ix_persons_values_lower
        loweredValues: (col) => (col === 'p.properties' ? loweredValues(col) : undefined),
      });
      await assertPostgresRegexes((sql, values) => this.ds.query(sql, values), compiled.regexes);
      where.push(compiled.sql);
    }
    return { condition: where.join(' AND '), params };
  }

  /** The person `ref` names in the project; with `lock`, its row stays locked until `db`'s transaction ends. */
  async find(db: Queryable, projectId: number, ref: PersonRef, lock = false): Promise<Person | null> {
    const [column, value] = 'id' in ref ? ['p.id', ref.id] : ['p.uuid', ref.uuid];
    const rows = await queryRows<PersonRow>(
      db,
      `SELECT ${PERSON_COLUMNS} FROM persons p WHERE p.project_id = $1 AND ${column} = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, value],
    );
    if (rows.length === 0) return null;
    return (await this.withDistinctIds(db, rows))[0];
  }

  private async withDistinctIds(db: Queryable, rows: PersonRow[]): Promise<Person[]> {
    if (rows.length === 0) return [];
    const ids = await queryRows<{ person_id: number; distinct_ids: string[] }>(
      db,
      `SELECT p.id AS person_id, coalesce(ids.distinct_ids, '{}') AS distinct_ids
         FROM unnest($1::bigint[]) AS p(id)
         CROSS JOIN LATERAL (
           SELECT array_agg(d.distinct_id ORDER BY d.id) AS distinct_ids
             FROM (SELECT distinct_id, id FROM person_distinct_ids WHERE person_id = p.id ORDER BY id LIMIT ${MAX_DISTINCT_IDS}) d
         ) ids`,
      [rows.map((r) => r.id)],
    );
    const byPerson = new Map(ids.map((r) => [r.person_id, r.distinct_ids]));
    return rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      properties: r.properties,
      isIdentified: r.is_identified,
      createdAt: r.created_at,
      distinctIds: byPerson.get(r.id) ?? [],
    }));
  }

  /** Every distinct id of the person, oldest first (responses cap them; this does not). */
  async allDistinctIds(m: EntityManager, personId: number): Promise<string[]> {
    const rows = await queryRows<{ distinct_id: string }>(
      m,
      `SELECT distinct_id FROM person_distinct_ids WHERE person_id = $1 ORDER BY id`,
      [personId],
    );
    return rows.map((r) => r.distinct_id);
  }

  async setProperties(m: EntityManager, personId: number, properties: Properties): Promise<void> {
    await m.query(`UPDATE persons SET properties = $2::jsonb, version = version + 1 WHERE id = $1`, [
      personId,
      JSON.stringify(properties),
    ]);
  }

  /** Removes the person; its distinct ids go with it. Its events stay. */
  async delete(m: EntityManager, personId: number): Promise<void> {
    await m.query(`DELETE FROM persons WHERE id = $1`, [personId]);
  }

  /**
   * Moves each of `distinctIds` from the person to a new person of its own (empty properties,
   * not identified), with the events sent under that id.
   */
  async splitOff(
    m: EntityManager,
    projectId: number,
    person: { id: number; uuid: string },
    moves: Array<{ distinctId: string; uuid: string }>,
    createdAt: Date,
  ): Promise<void> {
    if (moves.length === 0) return;
    const json = JSON.stringify(moves.map((x) => ({ distinct_id: x.distinctId, uuid: x.uuid })));
    await m.query(
      `INSERT INTO persons (uuid, project_id, properties, is_identified, created_at)
       SELECT x.uuid, $1, '{}'::jsonb, false, $3 FROM jsonb_to_recordset($2::jsonb) AS x(distinct_id text, uuid uuid)`,
      [projectId, json, createdAt],
    );
    await m.query(
      `UPDATE person_distinct_ids d SET person_id = p.id
         FROM jsonb_to_recordset($2::jsonb) AS x(distinct_id text, uuid uuid) JOIN persons p ON p.uuid = x.uuid
        WHERE d.project_id = $1 AND d.person_id = $3 AND d.distinct_id = x.distinct_id`,
      [projectId, json, person.id],
    );
    await m.query(
      `UPDATE events e SET person_id = x.uuid
         FROM jsonb_to_recordset($2::jsonb) AS x(distinct_id text, uuid uuid)
        WHERE e.project_id = $1 AND e.person_id = $3 AND e.distinct_id = x.distinct_id`,
      [projectId, json, person.uuid],
    );
  }

  /**
   * The person a distinct id belongs to: one lookup on the unique (project, distinct id) index.
   * With `staticCohorts`, the same statement lists the static cohorts it is a member of
   * (`ix_cohort_static_members_person`). Kept prepared: `/flags` runs it on every request.
   */
  async byDistinctId(
    projectId: number,
    distinctId: string,
    staticCohorts = false,
  ): Promise<PersonForEvaluation | null> {
    const rows = await queryPrepared<{
      id: number;
      uuid: string;
      properties: Properties;
      created_at: string;
      static_cohort_ids?: number[];
    }>(
      this.ds,
      staticCohorts ? 'person_by_distinct_id_static_cohorts' : 'person_by_distinct_id',
      `SELECT p.id, p.uuid, p.properties, ${personCreatedAtText('p')} AS created_at${staticCohorts ? STATIC_COHORTS : ''}
         FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id
        WHERE d.project_id = $1 AND d.distinct_id = $2`,
      [projectId, distinctId],
    );
    if (rows.length === 0) return null;
    const r = rows[0];
    return {
      personId: r.id,
      uuid: r.uuid,
      properties: r.properties,
      createdAt: r.created_at,
      staticCohortIds: r.static_cohort_ids ?? [],
    };
  }

  /**
   * Persons of the project after `afterId`, in id order (`ix_persons_project_id`), with their
   * oldest distinct id: a batch of a scan over every person. `requiredKeys`: only persons that
   * have all these properties (`ix_persons_properties_gin`).
   */
  async scan(
    projectId: number,
    afterId: number,
    limit: number,
    options: { requiredKeys?: readonly string[]; staticCohorts?: boolean } = {},
  ): Promise<Array<PersonForEvaluation & { distinctId: string | null }>> {
    const keys = options.requiredKeys ?? [];
    const rows = await queryRows<{
      id: number;
      uuid: string;
      properties: Properties;
      created_at: string;
      distinct_id: string | null;
      static_cohort_ids?: number[];
    }>(
      this.ds,
      `SELECT p.id, p.uuid, p.properties, ${personCreatedAtText('p')} AS created_at${options.staticCohorts ? STATIC_COHORTS : ''},
              (SELECT d.distinct_id FROM person_distinct_ids d WHERE d.person_id = p.id ORDER BY d.id LIMIT 1) AS distinct_id
         FROM persons p
        WHERE p.project_id = $1 AND p.id > $2${keys.length > 0 ? ' AND p.properties ?& $4::text[]' : ''}
        ORDER BY p.id LIMIT $3`,
      keys.length > 0 ? [projectId, afterId, limit, keys] : [projectId, afterId, limit],
    );
    return rows.map((r) => ({
      personId: r.id,
      uuid: r.uuid,
      properties: r.properties,
      createdAt: r.created_at,
      staticCohortIds: r.static_cohort_ids ?? [],
      distinctId: r.distinct_id,
    }));
  }

  async count(projectId: number): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM persons WHERE project_id = $1`,
      [projectId],
    );
    return count;
  }

  /** Persons of the project by id, in the order of `ids`, with their distinct ids. */
  async byIds(projectId: number, ids: readonly number[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<PersonRow>(
      this.ds,
      `SELECT ${PERSON_COLUMNS} FROM persons p WHERE p.project_id = $1 AND p.id = ANY($2::bigint[])`,
      [projectId, ids],
    );
    const byId = new Map((await this.withDistinctIds(this.ds, rows)).map((p) => [p.id, p]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Stored properties of several groups in one statement (`uq_groups_project_type_key`). */
  async groupsByKeys(
    projectId: number,
    groups: ReadonlyArray<{ groupTypeIndex: number; groupKey: string }>,
  ): Promise<Array<{ groupTypeIndex: number; groupKey: string; properties: Properties }>> {
    if (groups.length === 0) return [];
    const rows = await queryRows<{ group_type_index: number; group_key: string; group_properties: Properties }>(
      this.ds,
      `SELECT g.group_type_index, g.group_key, g.group_properties
         FROM unnest($2::smallint[], $3::text[]) AS x(group_type_index, group_key)
         JOIN groups g ON g.project_id = $1 AND g.group_type_index = x.group_type_index AND g.group_key = x.group_key`,
      [projectId, groups.map((g) => g.groupTypeIndex), groups.map((g) => g.groupKey)],
    );
    return rows.map((r) => ({
      groupTypeIndex: r.group_type_index,
      groupKey: r.group_key,
      properties: r.group_properties,
    }));
  }

  /** Groups of one type after `afterId`, in id order: a batch of a scan over them. */
  async scanGroups(
    projectId: number,
    groupTypeIndex: number,
    afterId: number,
    limit: number,
  ): Promise<Array<{ id: number; groupKey: string; properties: Properties }>> {
    const rows = await queryRows<{ id: number; group_key: string; group_properties: Properties }>(
      this.ds,
      `SELECT id, group_key, group_properties FROM groups
        WHERE project_id = $1 AND group_type_index = $2 AND id > $3 ORDER BY id LIMIT $4`,
      [projectId, groupTypeIndex, afterId, limit],
    );
    return rows.map((r) => ({ id: r.id, groupKey: r.group_key, properties: r.group_properties }));
  }

  async countGroups(projectId: number, groupTypeIndex: number): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM groups WHERE project_id = $1 AND group_type_index = $2`,
      [projectId, groupTypeIndex],
    );
    return count;
  }

  async groupProperties(projectId: number, groupTypeIndex: number, groupKey: string): Promise<Properties | null> {
    const rows = await queryRows<{ group_properties: Properties }>(
      this.ds,
      `SELECT group_properties FROM groups WHERE project_id = $1 AND group_type_index = $2 AND group_key = $3`,
      [projectId, groupTypeIndex, groupKey],
    );
    return rows.length === 0 ? null : rows[0].group_properties;
  }

  async groupTypeMapping(projectId: number): Promise<Array<{ groupTypeIndex: number; groupType: string }>> {
    const rows = await queryRows<{ group_type_index: number; group_type: string }>(
      this.ds,
      `SELECT group_type_index, group_type FROM group_type_mappings WHERE project_id = $1 ORDER BY group_type_index`,
      [projectId],
    );
    return rows.map((r) => ({ groupTypeIndex: r.group_type_index, groupType: r.group_type }));
  }

  /**
   * The person's events up to `to`, oldest first, reduced to their person-property operations
   * (at most `limit`).
   */
  async propertyOperations(
    projectId: number,
    personUuid: string,
    to: Date | undefined,
    limit: number,
  ): Promise<Array<{ timestamp: Date; properties: Properties }>> {
    return queryRows(
      this.ds,
      `SELECT timestamp,
              (SELECT coalesce(jsonb_object_agg(k, v), '{}') FROM jsonb_each(properties) AS op(k, v)
                WHERE k IN ('$set', '$set_once', '$unset')) AS properties
         FROM events
        WHERE project_id = $1 AND person_id = $2 AND ($3::timestamptz IS NULL OR timestamp <= $3)
        ORDER BY timestamp, uuid
        LIMIT $4`,
      [projectId, personUuid, to ?? null, limit],
    );
  }
}
