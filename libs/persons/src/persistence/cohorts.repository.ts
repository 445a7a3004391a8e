import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Cohort, CohortChanges, CohortFilters, cohortIdOf, cohortLeaves, performedEventWindow } from '../domain/cohort';
import { assertValidRegexes, parsePropertyFilter, PropertyFilterLeaf, propertyFilterToSql, SqlParams } from '@app/targeting';
import { Queryable, queryRows } from './sql';

interface CohortRow {
  id: number;
  project_id: number;
  name: string;
  description: string;
  groups: unknown[];
  filters: CohortFilters;
  is_static: boolean;
  is_calculating: boolean;
  deleted: boolean;
  count: number | null;
  errors_calculating: number;
  last_calculation: Date | null;
  version: number;
  created_by_id: number | null;
  created_at: Date;
}

const COLUMNS = `c.id, c.project_id, c.name, c.description, c.groups, c.filters, c.is_static, c.is_calculating,
  c.deleted, c.count, c.errors_calculating, c.last_calculation, c.version, c.created_by_id, c.created_at`;

function toCohort(r: CohortRow): Cohort {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    description: r.description,
    groups: r.groups,
    filters: r.filters,
    isStatic: r.is_static,
    isCalculating: r.is_calculating,
    deleted: r.deleted,
    count: r.count,
    errorsCalculating: r.errors_calculating,
    lastCalculation: r.last_calculation,
    version: r.version,
    createdById: r.created_by_id,
    createdAt: r.created_at,
  };
}

/** Cohorts and static cohort membership. Every query is scoped by project. */
@Injectable()
export class CohortsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Live cohorts of the project, newest first (`ix_cohorts_project_deleted`). */
  async list(projectId: number, page: { limit: number; offset: number }): Promise<{ count: number; rows: Cohort[] }> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM cohorts c WHERE c.project_id = $1 AND NOT c.deleted`,
      [projectId],
    );
    const rows = await queryRows<CohortRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM cohorts c WHERE c.project_id = $1 AND NOT c.deleted
        ORDER BY c.id DESC LIMIT $2 OFFSET $3`,
      [projectId, page.limit, page.offset],
    );
    return { count, rows: rows.map(toCohort) };
  }

  /** A cohort of the project, deleted or not; locked when `lock` (inside a transaction). */
  async find(db: Queryable, projectId: number, id: number, lock = false): Promise<Cohort | null> {
    const rows = await queryRows<CohortRow>(
      db,
      `SELECT ${COLUMNS} FROM cohorts c WHERE c.project_id = $1 AND c.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toCohort(rows[0]);
  }

  /** Cohorts of the project by id (deleted ones included); ids of other projects are absent. */
  async findMany(db: Queryable, projectId: number, ids: readonly number[]): Promise<Map<number, Cohort>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<CohortRow>(
      db,
      `SELECT ${COLUMNS} FROM cohorts c WHERE c.project_id = $1 AND c.id = ANY($2::int[])`,
      [projectId, [...new Set(ids)].filter((id) => id <= 2_147_483_647)],
    );
    return new Map(rows.map((r) => [r.id, toCohort(r)]));
  }

  /** `ids` and every cohort they reference, transitively (deleted ones included). */
  async withReferences(db: Queryable, projectId: number, ids: readonly number[]): Promise<Map<number, Cohort>> {
    const found = new Map<number, Cohort>();
    let frontier = [...new Set(ids)];
    while (frontier.length > 0) {
      const batch = await this.findMany(db, projectId, frontier);
      batch.forEach((cohort, id) => found.set(id, cohort));
      frontier = [...batch.values()]
        .flatMap((c) => cohortLeaves(c.filters))
        .filter((leaf) => leaf.type === 'cohort')
        .map((leaf) => cohortIdOf(leaf.value))
        .filter((id): id is number => id !== undefined && !found.has(id));
      frontier = [...new Set(frontier)];
    }
    return found;
  }

  /** Every live cohort of the project (what flag evaluation compiles). */
  async live(projectId: number): Promise<Cohort[]> {
    const rows = await queryRows<CohortRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM cohorts c WHERE c.project_id = $1 AND NOT c.deleted ORDER BY c.id`,
      [projectId],
    );
    return rows.map(toCohort);
  }

  /** The oldest live cohort of the project with this name (`ix_cohorts_project_name`). */
  async liveByName(m: EntityManager, projectId: number, name: string): Promise<Cohort | null> {
    const rows = await queryRows<CohortRow>(
      m,
      `SELECT ${COLUMNS} FROM cohorts c WHERE c.project_id = $1 AND c.name = $2 AND NOT c.deleted ORDER BY c.id LIMIT 1`,
      [projectId, name],
    );
    return rows.length === 0 ? null : toCohort(rows[0]);
  }

  async insert(
    m: EntityManager,
    projectId: number,
    userId: number | null,
    values: {
      name: string;
      description: string;
      groups: unknown[];
      filters: CohortFilters;
      isStatic: boolean;
      isCalculating: boolean;
    },
  ): Promise<Cohort> {
    const rows = await queryRows<CohortRow>(
      m,
      `INSERT INTO cohorts AS c (project_id, name, description, groups, filters, is_static, is_calculating, count, created_by_id)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $9, $7, $8)
       RETURNING ${COLUMNS}`,
      [
        projectId,
        values.name,
        values.description,
        JSON.stringify(values.groups),
        JSON.stringify(values.filters),
        values.isStatic,
        values.isStatic ? 0 : null,
        userId,
        values.isCalculating,
      ],
    );
    return toCohort(rows[0]);
  }

  /** Writes the changed fields; a definition change bumps `version` and starts a new calculation. */
  async update(m: EntityManager, cohort: Cohort, changes: CohortChanges): Promise<Cohort> {
    const redefined = changes.filters !== undefined;
    const rows = await queryRows<CohortRow>(
      m,
      `UPDATE cohorts AS c SET
          name = coalesce($3, c.name),
          description = coalesce($4, c.description),
          groups = coalesce($5::jsonb, c.groups),
          filters = coalesce($6::jsonb, c.filters),
          deleted = coalesce($7, c.deleted),
          version = c.version + CASE WHEN $8 THEN 1 ELSE 0 END,
          is_calculating = c.is_calculating OR $8,
          updated_at = now()
        WHERE c.project_id = $1 AND c.id = $2
        RETURNING ${COLUMNS}`,
      [
        cohort.projectId,
        cohort.id,
        changes.name ?? null,
        changes.description ?? null,
        changes.groups === undefined ? null : JSON.stringify(changes.groups),
        changes.filters === undefined ? null : JSON.stringify(changes.filters),
        changes.deleted ?? null,
        redefined,
      ],
    );
    return toCohort(rows[0]);
  }

  /** The result of a calculation of `version`; a later definition change wins over it. */
  async finishCalculation(projectId: number, id: number, version: number, count: number | null): Promise<void> {
    await this.ds.query(
      `UPDATE cohorts SET is_calculating = false, last_calculation = now(),
          count = CASE WHEN $4::int IS NULL THEN count ELSE $4::int END,
          errors_calculating = CASE WHEN $4::int IS NULL THEN errors_calculating + 1 ELSE 0 END
        WHERE project_id = $1 AND id = $2 AND version = $3`,
      [projectId, id, version, count],
    );
  }

  /** Adds persons (by id) to a static cohort; returns how many were new. */
  async addMembers(db: Queryable, cohortId: number, personIds: readonly number[]): Promise<number> {
    if (personIds.length === 0) return 0;
    const rows = await queryRows<{ person_id: number }>(
      db,
      `INSERT INTO cohort_static_members (cohort_id, person_id)
       SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING person_id`,
      [cohortId, personIds],
    );
    return rows.length;
  }

  /** Adds persons of the project by uuid; unknown uuids are skipped. Returns how many were new. */
  async addMembersByUuid(m: EntityManager, projectId: number, cohortId: number, uuids: string[]): Promise<number> {
    const rows = await queryRows<{ person_id: number }>(
      m,
      `INSERT INTO cohort_static_members (cohort_id, person_id)
       SELECT $2, p.id FROM persons p WHERE p.project_id = $1 AND p.uuid = ANY($3::uuid[])
       ON CONFLICT DO NOTHING RETURNING person_id`,
      [projectId, cohortId, uuids],
    );
    return rows.length;
  }

  async memberCount(db: Queryable, cohortId: number): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      `SELECT count(*) AS count FROM cohort_static_members WHERE cohort_id = $1`,
      [cohortId],
    );
    return count;
  }

  async setStaticCount(db: Queryable, cohortId: number, count: number, calculating: boolean): Promise<void> {
    await db.query(
      `UPDATE cohorts SET count = $2, is_calculating = $3, last_calculation = CASE WHEN $3 THEN last_calculation ELSE now() END
        WHERE id = $1`,
      [cohortId, count, calculating],
    );
  }

  /**
   * The members of a cohort as SQL over `persons p`: a dynamic cohort's filters with PostgreSQL's
   * reading of the operators (the persons filters' semantics), static cohorts through their
   * membership table, nested cohorts inlined, `performed_event` through the person's events.
   * `cohorts` holds the cohort and everything it references (`withReferences`).
   */
  async membershipSql(cohort: Cohort, cohorts: ReadonlyMap<number, Cohort>, params: SqlParams): Promise<string> {
    let projectParam: string | undefined;
    const project = () => (projectParam ??= params.add(cohort.projectId));
    const regexes: string[] = [];
    const condition = (c: Cohort | undefined, visiting: ReadonlySet<number>): string => {
      if (!c || c.deleted || visiting.has(c.id)) return 'FALSE';
      if (c.isStatic) {
        return `EXISTS (SELECT 1 FROM cohort_static_members m WHERE m.cohort_id = ${params.add(c.id)} AND m.person_id = p.id)`;
      }
      if (!c.filters.properties) return 'FALSE';
      const inside = new Set([...visiting, c.id]);
      const compiled = propertyFilterToSql(parsePropertyFilter(c.filters.properties, 'filters'), {
        params,
        attr: 'filters',
        source: (leaf) => (leaf.type === 'person' ? 'p.properties' : undefined),
        custom: (leaf) => custom(leaf, inside),
      });
      regexes.push(...compiled.regexes);
      return compiled.sql;
    };
    const custom = (leaf: PropertyFilterLeaf, visiting: ReadonlySet<number>): string | undefined => {
      if (leaf.type === 'cohort') {
        const id = cohortIdOf(leaf.value);
        const member = condition(id === undefined ? undefined : cohorts.get(id), visiting);
        return leaf.operator === 'not_in' ? `(NOT ${member})` : member;
      }
      if (leaf.type === 'behavioral') {
        return `EXISTS (SELECT 1 FROM events e WHERE e.project_id = ${project()} AND e.person_id = p.uuid
          AND e.event = ${params.add(leaf.key)} AND e.timestamp >= now() - ${params.add(performedEventWindow(leaf.raw))}::interval)`;
      }
      return undefined;
    };
    const sql = condition(cohort, new Set());
    await assertValidRegexes((text, values) => this.ds.query(text, values), regexes, 'filters');
    return sql;
  }

  /** How many persons of the project `membership` (from `membershipSql`) selects. */
  async countMembers(projectId: number, membership: string, params: SqlParams): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM persons p WHERE p.project_id = ${params.add(projectId)} AND ${membership}`,
      params.values,
    );
    return count;
  }

  /** One page of the members, newest first, with the exact total. Returns person ids. */
  async memberIds(
    projectId: number,
    membership: string,
    params: SqlParams,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; ids: number[] }> {
    const where = `p.project_id = ${params.add(projectId)} AND p.created_at <= now() + interval '1 day' AND ${membership}`;
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*) AS count FROM persons p WHERE ${where}`,
      params.values,
    );
    const rows = await queryRows<{ id: number }>(
      this.ds,
      `SELECT p.id FROM persons p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    return { count, ids: rows.map((r) => r.id) };
  }

  /** Ids and names of the project's cohorts among `ids` (deleted ones too), for responses. */
  async names(projectId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: number; name: string }>(
      this.ds,
      `SELECT id, name FROM cohorts WHERE project_id = $1 AND id = ANY($2::int[])`,
      [projectId, [...new Set(ids)].filter((id) => id <= 2_147_483_647)],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
