import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  assertPostgresRegexes,
  ENGINE_MAX_PROGRAM,
  parsePropertyFilter,
  personMetadataSql,
  PropertyFilterLeaf,
  PropertyFilterNode,
  propertyFilterToSql,
  SqlParams,
  TargetingLimits,
} from '@app/targeting';
import { Cohort, CohortChanges, CohortFilters, cohortIdOf, performedEventWindow } from '../domain/cohort';
import { Queryable, queryRows } from '@app/platform';

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

/** Cohort membership as SQL (see `CohortsRepository.membership`). */
export interface Membership {
  /** `WITH …` (with a trailing newline) or ''. */
  with: string;
  /** One condition over `persons p` per root cohort. */
  conditions: string[];
  /** The regular expressions the statement hands PostgreSQL. */
  regexes: string[];
}

// Saved definitions were checked when saved; read them whatever the limits are now.
const STORED = new TargetingLimits(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ENGINE_MAX_PROGRAM);

/** `node` without its flag-value leaves: PostHog's HogQL drops them (only the flags engine decides them). */
function withoutFlagLeaves<T extends PropertyFilterNode>(node: T): T {
  if (node.kind === 'leaf') return node;
  return { ...node, values: node.values.filter((v) => v.kind !== 'leaf' || v.type !== 'flag').map(withoutFlagLeaves) };
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

  /**
   * `ids` and every cohort they reference, transitively (deleted ones included), in one
   * statement: read level by level, a chain of n cohorts cost n queries on every save.
   * The statement follows every `{"type": "cohort"}` object's `value` at any depth (a superset
   * of the references `cohortLeaves` finds, which decide the edges; extra rows are harmless).
   */
  async withReferences(db: Queryable, projectId: number, ids: readonly number[]): Promise<Map<number, Cohort>> {
    const roots = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
    if (roots.length === 0) return new Map();
    const rows = await queryRows<CohortRow>(
      db,
      `WITH RECURSIVE reached(id) AS (
         SELECT c.id FROM cohorts c WHERE c.project_id = $1 AND c.id = ANY($2::int[])
         UNION
         SELECT c.id
           FROM reached r
           JOIN cohorts s ON s.project_id = $1 AND s.id = r.id
           CROSS JOIN LATERAL jsonb_path_query(s.filters, 'lax $.properties.** ? (@.type == "cohort").value') AS v(value)
           JOIN cohorts c ON c.project_id = $1
                         AND c.id = substring(v.value #>> '{}' from '[0-9]{1,9}')::int
       )
       SELECT ${COLUMNS} FROM cohorts c JOIN reached USING (id) WHERE c.project_id = $1`,
      [projectId, roots],
    );
    return new Map(rows.map((r) => [r.id, toCohort(r)]));
  }

  /** Every live cohort of the project (what flag evaluation compiles). */
  async live(projectId: number, db: Queryable = this.ds): Promise<Cohort[]> {
    const rows = await queryRows<CohortRow>(
      db,
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

  /** Marks the project's live dynamic cohorts among `ids` as calculating; returns them. */
  async markCalculating(projectId: number, ids: readonly number[]): Promise<Cohort[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<CohortRow>(
      this.ds,
      `UPDATE cohorts AS c SET is_calculating = true
        WHERE c.project_id = $1 AND c.id = ANY($2::int[]) AND NOT c.deleted AND NOT c.is_static
        RETURNING ${COLUMNS}`,
      [projectId, ids],
    );
    return rows.map(toCohort);
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
   * Cohort membership as SQL over `persons p`: `condition` tests `p` against each of `roots`;
   * `with` defines one materialised CTE per dynamic cohort they reference, transitively, each
   * compiled once however often it is referenced (a chain of cohorts referencing the previous
   * one twice stays linear). Filters read PostgreSQL's translation of the targeting rules;
   * static cohorts read their membership table; behavioural filters the person's events; flag
   * values (which only the flags engine can decide) count as met, as in PostHog's HogQL. `cohorts`
   * holds the roots and everything they reference (`withReferences`); `scope` narrows the
   * persons the CTEs compute (one person for `ofPerson`). It is called only when a CTE is
   * written, so its parameters are added only when the statement reads them (PostgreSQL
   * refuses a parameter it cannot type because nothing reads it).
   */
  membership(
    projectId: number,
    roots: readonly Cohort[],
    cohorts: ReadonlyMap<number, Cohort>,
    params: SqlParams,
    scope: () => string = () => 'TRUE',
    /** The project's time zone: dates without a zone are its wall-clock time. */
    timeZone = 'UTC',
  ): Membership {
    const project = () => params.once('cohort-project', () => projectId);
    const regexes: string[] = [];
    const ctes: string[] = [];
    const defined = new Set<number>();
    const onPath = new Set<number>();

    const filterOf = (c: Cohort): string => {
      if (!c.filters.properties) return 'FALSE';
      onPath.add(c.id);
      const parsed = withoutFlagLeaves(parsePropertyFilter(c.filters.properties, 'filters', { limits: STORED }));
      const compiled = propertyFilterToSql(parsed, {
        params,
        timeZone,
        attr: 'filters',
        source: (leaf) =>
          leaf.type === 'person'
            ? 'p.properties'
            : leaf.type === 'person_metadata'
              ? personMetadataSql('p')
              : undefined,
        custom: (leaf) => custom(leaf),
      });
      onPath.delete(c.id);
      regexes.push(...compiled.regexes);
      return compiled.sql;
    };
    const reference = (id: number | undefined): string => {
      const c = id === undefined ? undefined : cohorts.get(id);
      if (!c || c.deleted || onPath.has(c.id)) return 'FALSE';
      if (c.isStatic) {
        return `EXISTS (SELECT 1 FROM cohort_static_members m WHERE m.cohort_id = ${params.add(c.id)} AND m.person_id = p.id)`;
      }
      if (!defined.has(c.id)) {
        const condition = filterOf(c);
        defined.add(c.id);
        ctes.push(
          `cohort_${c.id} AS MATERIALIZED (SELECT p.id FROM persons p WHERE p.project_id = ${project()} AND ${scope()} AND ${condition})`,
        );
      }
      return `p.id IN (SELECT id FROM cohort_${c.id})`;
    };
    const custom = (leaf: PropertyFilterLeaf): string | undefined => {
      if (leaf.type === 'cohort') {
        const member = reference(cohortIdOf(leaf.value));
        return leaf.operator === 'not_in' ? `(NOT ${member})` : member;
      }
      if (leaf.type === 'behavioral') {
        const event = params.add(leaf.key);
        const since = `now() - ${params.add(performedEventWindow(leaf.raw))}::interval`;
        const events = `SELECT 1 FROM events e WHERE e.project_id = ${project()} AND e.person_id = p.uuid AND e.event = ${event}`;
        const within = `EXISTS (${events} AND e.timestamp >= ${since})`;
        // First time: within the window, and never before it.
        return leaf.value === 'performed_event_first_time'
          ? `(${within} AND NOT EXISTS (${events} AND e.timestamp < ${since}))`
          : within;
      }
      return undefined;
    };
    const conditions = roots.map((root) => {
      if (root.deleted) return 'FALSE';
      if (root.isStatic) return reference(root.id);
      return filterOf(root);
    });
    return { with: ctes.length === 0 ? '' : `WITH ${ctes.join(',\n')}\n`, conditions, regexes };
  }

  /** Regular expressions PostgreSQL must compile for `membership` (400 naming `filters` when it cannot). */
  async checkRegexes(membership: Membership): Promise<void> {
    await assertPostgresRegexes((text, values) => this.ds.query(text, values), membership.regexes, 'filters');
  }

  /** How many persons of the project the (single) condition of `membership` selects. */
  async countMembers(projectId: number, membership: Membership, params: SqlParams): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `${membership.with}SELECT count(*) AS count FROM persons p
        WHERE p.project_id = ${params.add(projectId)} AND ${membership.conditions[0]}`,
      params.values,
    );
    return count;
  }

  /** One page of the members, newest first, with the exact total. Returns person ids. */
  async memberIds(
    projectId: number,
    membership: Membership,
    params: SqlParams,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; ids: number[] }> {
    const where = `p.project_id = ${params.add(projectId)} AND p.created_at <= now() + interval '1 day' AND ${membership.conditions[0]}`;
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `${membership.with}SELECT count(*) AS count FROM persons p WHERE ${where}`,
      params.values,
    );
    const rows = await queryRows<{ id: number }>(
      this.ds,
      `${membership.with}SELECT p.id FROM persons p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}`,
      params.values,
    );
    return { count, ids: rows.map((r) => r.id) };
  }

  /** Which of `membership`'s conditions person `personId` meets, in one statement. */
  async memberOf(projectId: number, personId: number, membership: Membership, params: SqlParams): Promise<boolean[]> {
    if (membership.conditions.length === 0) return [];
    const tests = membership.conditions.map((condition, i) => `(${condition}) AS m${i}`).join(', ');
    const [row] = await queryRows<Record<string, boolean>>(
      this.ds,
      `${membership.with}SELECT ${tests} FROM persons p WHERE p.project_id = ${params.add(projectId)} AND p.id = ${params.add(personId)}`,
      params.values,
    );
    return membership.conditions.map((_, i) => row?.[`m${i}`] === true);
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
