import { escapeLike, isUniqueViolation, queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { SqlParams } from '@app/targeting';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { DependencyFlag, flagDependencyIds } from '../domain/filters';
import type { DefinitionFlag } from '../domain/project-snapshot';
import { redactPayloads } from '../domain/payload-encryption';
import { Flag, FlagChanges } from '../domain/flag';
import { FlagErrors } from '../domain/flag.errors';
import { FlagListFilter, FlagListOrder } from '../domain/flag-list';
import { FlagRecord } from './flag.record';

const KEY_INDEX = 'uq_feature_flags_project_key';

function toFlag(r: FlagRecord): Flag {
  return {
    id: r.id,
    projectId: r.projectId,
    key: r.key,
    name: r.name,
    filters: r.filters,
    active: r.active,
    deleted: r.deleted,
    version: r.version,
    ensureExperienceContinuity: r.ensureExperienceContinuity,
    rollbackConditions: r.rollbackConditions ?? null,
    performedRollback: r.performedRollback,
    hasEnrichedAnalytics: r.hasEnrichedAnalytics,
    isRemoteConfiguration: r.isRemoteConfiguration,
    hasEncryptedPayloads: r.hasEncryptedPayloads,
    tags: r.tags,
    evaluationRuntime: r.evaluationRuntime,
    evaluationContexts: r.evaluationContexts,
    usageDashboardId: r.usageDashboardId,
    analyticsDashboards: r.analyticsDashboards,
    createdById: r.createdById,
    lastModifiedById: r.lastModifiedById,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    lastCalledAt: r.lastCalledAt ?? null,
  };
}

const ORDER_COLUMNS: Record<FlagListOrder['field'], string> = {
  created_at: 'f.created_at',
  key: 'f.key',
  name: 'f.name',
  active: 'f.active',
  id: 'f.id',
  version: 'f.version',
};

/**
 * Listed flags kept between list requests, each under its row version: PostgreSQL's `xmin` (the
 * transaction that wrote the row as it is now) and `ctid` (where that row version lies). Every
 * write of the row changes both, whoever makes it. The hour's bound keeps `xmin`'s 32-bit
 * wraparound out of reach; `ctid` makes a reused transaction id (a database restored to an
 * earlier point under a running API) match only a row version written at the same place.
 */
const LISTED_MAX = 5_000;
const LISTED_TTL_MS = 3_600_000;
/** What the kept flags may take, estimated from their JSON (parsed objects and their serialised template). */
const LISTED_MAX_BYTES = 32 * 1024 * 1024;
const ROW_VERSION = `f.xmin::text || ':' || f.ctid::text AS "rowVersion"`;

type VersionedRecord = FlagRecord & { rowVersion: string };

/** Objects and arrays frozen all the way down: listed flags are shared by every request that lists them. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** A kept flag's estimated memory: its stored JSON four times over (objects, template), and a fixed part. */
function keptBytes(flag: Flag): number {
  const json = JSON.stringify([flag.key, flag.name, flag.filters, flag.rollbackConditions, flag.tags]);
  return 4 * json.length + 2_000;
}

function translateKeyViolation(e: unknown): never {
  if (isUniqueViolation(e, KEY_INDEX)) throw FlagErrors.keyTaken();
  throw e;
}

/** Flags in PostgreSQL. Every query is scoped by project (or by the organization's projects). */
@Injectable()
export class FlagsRepository {
  /** Every column of a flag under its `FlagRecord` name (plain SQL rows read as records). */
  private readonly columns: string;
  /** Flags read for the list, by id, with the row version they were read at (see `page`). */
  private readonly listed = new LRUCache<number, { version: string; flag: Flag }>({
    max: LISTED_MAX,
    ttl: LISTED_TTL_MS,
    maxSize: LISTED_MAX_BYTES,
    sizeCalculation: (kept) => keptBytes(kept.flag),
  });

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    this.columns = ds
      .getMetadata(FlagRecord)
      .columns.map((c) => `f.${c.databaseName} AS "${c.propertyName}"`)
      .join(', ');
  }

  private qb(m?: EntityManager): SelectQueryBuilder<FlagRecord> {
    return (m ?? this.ds.manager).getRepository(FlagRecord).createQueryBuilder('f');
  }

  /**
   * The list's statements: live (or, with `filter.deleted`, deleted) flags of the project matching `filter`, in `order` (ties newest id
   * first), one page of them (one row more than the page, to tell whether it is the last) and
   * their count. The default order reads `ix_feature_flags_project_deleted_created` backwards and
   * stops at the page's end. Plain SQL: TypeORM's query building and hydration were a fifth of the
   * list's CPU.
   */
  listStatements(projectId: number, filter: FlagListFilter, order: FlagListOrder, limit: number, offset: number) {
    const params = new SqlParams([projectId]);
    const where = ['f.project_id = $1', `f.deleted = ${filter.deleted === true}`];
    if (filter.active === 'STALE') {
      // PostHog's stale flags: on and not called for 30 days; or, never called, made more than 30
      // days ago and rolled out to everyone (flag_fully_rolled_out, the same rule as flagStatus).
      const before = params.add(filter.staleBefore);
      where.push(
        `f.active AND (f.last_called_at < ${before}
           OR (f.last_called_at IS NULL AND f.created_at < ${before} AND flag_fully_rolled_out(f.filters)))`,
      );
    } else if (filter.active !== undefined) where.push(`f.active = ${params.add(filter.active)}`);
    if (filter.createdById !== undefined) where.push(`f.created_by_id = ${params.add(filter.createdById)}`);
    if (filter.search !== undefined) {
      const pattern = params.add(`%${escapeLike(filter.search)}%`);
      where.push(`(f.key ILIKE ${pattern} OR f.name ILIKE ${pattern})`);
    }
    if (filter.type === 'boolean') {
      where.push(`coalesce(f.filters #> '{multivariate,variants}', '[]'::jsonb) IN ('[]'::jsonb, 'null'::jsonb)`);
    } else if (filter.type === 'multivariant') {
      where.push(`coalesce(f.filters #> '{multivariate,variants}', '[]'::jsonb) NOT IN ('[]'::jsonb, 'null'::jsonb)`);
    } else if (filter.type === 'experiment') {
      where.push('false'); // no experiments yet
    }
    if (filter.tags !== undefined && filter.tags.length > 0) where.push(`f.tags && ${params.add(filter.tags)}::text[]`);
    const direction = order.descending ? 'DESC' : 'ASC';
    const orderBy = [`${ORDER_COLUMNS[order.field]} ${direction}`];
    if (order.field !== 'id') orderBy.push(`f.id ${direction}`);
    const condition = where.join(' AND ');
    const count: [string, unknown[]] = [
      `SELECT count(*) AS count FROM feature_flags f WHERE ${condition}`,
      [...params.values],
    ];
    const rest = `FROM feature_flags f WHERE ${condition}
        ORDER BY ${orderBy.join(', ')} LIMIT ${params.add(limit + 1)} OFFSET ${params.add(offset)}`;
    const page: [string, unknown[]] = [`SELECT ${this.columns}, ${ROW_VERSION} ${rest}`, params.values];
    const versions: [string, unknown[]] = [`SELECT f.id, ${ROW_VERSION} ${rest}`, params.values];
    return { page, versions, count };
  }

  /**
   * One page of the list and the count of the whole list. A page that reaches the list's end
   * gives the count itself (most projects' lists are one page); only others count.
   *
   * The page is read as ids and row versions first, and the flags come from those kept since an
   * earlier list at the same version: reading and parsing a hundred rows of filters was a third of
   * the list's CPU. The rows missing there are read by id; if one changed in between, the page is
   * read again whole, so a page is always one statement's view of the table.
   */
  async page(
    projectId: number,
    filter: FlagListFilter,
    order: FlagListOrder,
    limit: number,
    offset: number,
  ): Promise<{ count: number; flags: Flag[] }> {
    const statements = this.listStatements(projectId, filter, order, limit, offset);
    let rows: Array<{ id: number; rowVersion: string }> = await queryRows(this.ds, ...statements.versions);
    let flags = await this.listedAt(projectId, rows.slice(0, limit));
    if (flags === undefined) {
      const records = await queryRows<VersionedRecord>(this.ds, ...statements.page);
      rows = records;
      flags = records.slice(0, limit).map((r) => this.remember(r));
    }
    const last = rows.length <= limit && (rows.length > 0 || offset === 0);
    const count = last
      ? offset + rows.length
      : (await queryRows<{ count: number }>(this.ds, ...statements.count))[0].count;
    return { count, flags };
  }

  /** The flags at these row versions, from the kept ones or read by id; undefined if one changed since. */
  private async listedAt(
    projectId: number,
    rows: Array<{ id: number; rowVersion: string }>,
  ): Promise<Flag[] | undefined> {
    const kept = (r: { id: number; rowVersion: string }) => {
      const entry = this.listed.get(r.id);
      return entry?.version === r.rowVersion && entry.flag.projectId === projectId ? entry.flag : undefined;
    };
    const missing = rows.filter((r) => kept(r) === undefined).map((r) => r.id);
    if (missing.length > 0) {
      const records = await queryRows<VersionedRecord>(this.ds, ...this.rowsStatement(projectId, missing));
      for (const r of records) this.remember(r);
    }
    const flags: Flag[] = [];
    for (const r of rows) {
      const flag = kept(r);
      if (flag === undefined) return undefined;
      flags.push(flag);
    }
    return flags;
  }

  /** The flags of the project with these ids, with their row versions (the list's read of the rows it does not keep). */
  rowsStatement(projectId: number, ids: number[]): [string, unknown[]] {
    return [
      `SELECT ${this.columns}, ${ROW_VERSION} FROM feature_flags f WHERE f.project_id = $1 AND f.id = ANY($2::int[])`,
      [projectId, ids],
    ];
  }

  private remember(r: VersionedRecord): Flag {
    const flag = frozen(toFlag(r));
    this.listed.set(r.id, { version: r.rowVersion, flag });
    return flag;
  }

  /** A flag of the project by id, deleted or not; locked for update when `m` is a transaction. */
  async findById(projectId: number, id: number, m?: EntityManager, lock = false): Promise<Flag | null> {
    const qb = this.qb(m).where('f.project_id = :projectId AND f.id = :id', { projectId, id });
    if (lock) qb.setLock('pessimistic_write');
    const row = await qb.getOne();
    return row ? toFlag(row) : null;
  }

  /** The flags of the project with these ids (deleted ones too), by id. */
  async byIds(projectId: number, ids: readonly number[]): Promise<Map<number, Flag>> {
    if (ids.length === 0) return new Map();
    const rows = await this.qb()
      .where('f.project_id = :projectId AND f.id IN (:...ids)', { projectId, ids: [...new Set(ids)] })
      .getMany();
    return new Map(rows.map((r) => [r.id, toFlag(r)]));
  }

  /** The live flag of the project with this key. */
  async findLiveByKey(projectId: number, key: string, m?: EntityManager): Promise<Flag | null> {
    const row = await this.qb(m)
      .where('f.project_id = :projectId AND f.key = :key AND NOT f.deleted', { projectId, key })
      .getOne();
    return row ? toFlag(row) : null;
  }

  async keyTaken(projectId: number, key: string, exceptId: number | undefined, m?: EntityManager): Promise<boolean> {
    const qb = this.qb(m)
      .select('f.id')
      .where('f.project_id = :projectId AND f.key = :key AND NOT f.deleted', { projectId, key });
    if (exceptId !== undefined) qb.andWhere('f.id <> :exceptId', { exceptId });
    return (await qb.getCount()) > 0;
  }

  /**
   * Live flags reachable from `ids` through flag dependencies (for existence and cycle checks), in
   * one statement whatever the depth. It follows `dependency_ids` (kept by PostgreSQL from the
   * filters); `flagDependencyIds` then decides the edges.
   */
  async dependencyGraph(projectId: number, ids: number[], m?: EntityManager): Promise<Map<number, DependencyFlag>> {
    // Ids beyond int4 name no flag (and would make PostgreSQL reject the query).
    const start = [...new Set(ids)].filter((id) => id <= 2_147_483_647);
    if (start.length === 0) return new Map();
    const rows = await queryRows<{ id: number; key: string; active: boolean; filters: unknown }>(
      m ?? this.ds,
      `WITH RECURSIVE reach(id) AS (
         SELECT unnest($2::int[])
         UNION
         SELECT ref.id
           FROM reach r
           JOIN feature_flags f ON f.project_id = $1 AND f.id = r.id AND NOT f.deleted
          CROSS JOIN LATERAL unnest(f.dependency_ids) AS ref(id)
       )
       SELECT f.id, f.key, f.active, f.filters
         FROM reach r
         JOIN feature_flags f ON f.project_id = $1 AND f.id = r.id AND NOT f.deleted`,
      [projectId, start],
    );
    return new Map(
      rows.map((r) => [r.id, { id: r.id, key: r.key, active: r.active, dependsOn: flagDependencyIds(r.filters) }]),
    );
  }

  /**
   * Live, active flags of the project whose conditions depend on flag `id`: `dependency_ids`
   * names the candidates, and the service's reading of a key (`flagDependencyIds`) decides, so a
   * key spelt `"012"` or `" 12 "` counts as it does when the graph is checked.
   */
  async dependents(projectId: number, id: number, m?: EntityManager): Promise<Array<{ id: number; key: string }>> {
    const rows = await queryRows<{ id: number; key: string; filters: unknown }>(
      m ?? this.ds,
      `SELECT f.id, f.key, f.filters FROM feature_flags f
        WHERE f.project_id = $1 AND NOT f.deleted AND f.active AND f.id <> $2 AND $2 = ANY(f.dependency_ids)
        ORDER BY f.id`,
      [projectId, id],
    );
    return rows.filter((r) => flagDependencyIds(r.filters).includes(id)).map((r) => ({ id: r.id, key: r.key }));
  }

  async insert(
    m: EntityManager,
    projectId: number,
    userId: number,
    values: Required<Pick<FlagChanges, 'key' | 'name' | 'filters'>> & FlagChanges,
  ): Promise<Flag> {
    const repo = m.getRepository(FlagRecord);
    const record = repo.create({
      projectId,
      key: values.key,
      name: values.name,
      filters: values.filters,
      active: values.active ?? true,
      deleted: values.deleted ?? false,
      version: 1,
      ensureExperienceContinuity: values.ensureExperienceContinuity ?? false,
      rollbackConditions: values.rollbackConditions ?? null,
      performedRollback: values.active === true ? false : (values.performedRollback ?? false),
      hasEnrichedAnalytics: values.hasEnrichedAnalytics ?? false,
      isRemoteConfiguration: values.isRemoteConfiguration ?? false,
      hasEncryptedPayloads: values.hasEncryptedPayloads ?? false,
      tags: values.tags ?? [],
      evaluationRuntime: values.evaluationRuntime === undefined ? 'all' : values.evaluationRuntime,
      evaluationContexts: values.evaluationContexts ?? [],
      analyticsDashboards: values.analyticsDashboards ?? [],
      createdById: userId,
      lastModifiedById: userId,
    });
    try {
      return toFlag(await repo.save(record));
    } catch (e) {
      translateKeyViolation(e);
    }
  }

  /** Writes every changeable field of `flag` (the caller bumped its version). */
  async save(m: EntityManager, flag: Flag): Promise<Flag> {
    try {
      const [row] = await queryRows<FlagRecord>(
        m,
        `UPDATE feature_flags f
            SET key = $3, name = $4, filters = $5::jsonb, active = $6, deleted = $7, version = $8,
                ensure_experience_continuity = $9, rollback_conditions = $10::jsonb, performed_rollback = $11,
                has_enriched_analytics = $12, tags = $13::text[], analytics_dashboards = $14::int[],
                last_modified_by_id = $15, is_remote_configuration = $16, has_encrypted_payloads = $17,
                evaluation_runtime = $18, evaluation_contexts = $19::text[],
                updated_at = now()
          WHERE f.id = $1 AND f.project_id = $2
         RETURNING ${this.columns}`,
        [
          flag.id,
          flag.projectId,
          flag.key,
          flag.name,
          JSON.stringify(flag.filters),
          flag.active,
          flag.deleted,
          flag.version,
          flag.ensureExperienceContinuity,
          flag.rollbackConditions === null ? null : JSON.stringify(flag.rollbackConditions),
          flag.performedRollback,
          flag.hasEnrichedAnalytics,
          flag.tags,
          flag.analyticsDashboards,
          flag.lastModifiedById,
          flag.isRemoteConfiguration,
          flag.hasEncryptedPayloads,
          flag.evaluationRuntime,
          flag.evaluationContexts,
        ],
      );
      return toFlag(row);
    } catch (e) {
      translateKeyViolation(e);
    }
  }

  /**
   * Every live flag of the project as flag evaluation reads it, newest first (what `my_flags`
   * lists): `ix_feature_flags_project_deleted_created` backwards.
   */
  async liveDefinitions(projectId: number): Promise<DefinitionFlag[]> {
    const rows = await this.qb()
      .select([
        ...['f.id', 'f.key', 'f.name', 'f.filters', 'f.active', 'f.ensureExperienceContinuity', 'f.version'],
        'f.hasEncryptedPayloads',
        ...['f.evaluationRuntime', 'f.evaluationContexts'],
      ])
      .where('f.project_id = :projectId AND f.deleted = false', { projectId })
      .orderBy('f.created_at', 'DESC')
      .addOrderBy('f.id', 'DESC')
      .getMany();
    return rows.map((r) => ({
      id: r.id,
      team_id: projectId,
      name: r.name,
      key: r.key,
      // The SDK endpoints never ship an encrypted payload, nor its ciphertext.
      filters: (r.hasEncryptedPayloads ? redactPayloads(r.filters) : r.filters) as DefinitionFlag['filters'],
      deleted: false,
      active: r.active,
      ensure_experience_continuity: r.ensureExperienceContinuity,
      has_encrypted_payloads: r.hasEncryptedPayloads,
      version: r.version,
      ...(r.evaluationRuntime === null ? {} : { evaluation_runtime: r.evaluationRuntime }),
      evaluation_contexts: r.evaluationContexts,
    }));
  }

  /** Links the flag to its generated usage dashboard (not a change of the flag: no version, no activity). */
  async setUsageDashboard(m: EntityManager, projectId: number, flagId: number, dashboardId: number): Promise<void> {
    await m.getRepository(FlagRecord).update({ id: flagId, projectId }, { usageDashboardId: dashboardId });
  }

  /** Live flags with this key in every project of the organization, oldest project first. */
  async liveByKeyInOrganization(organizationId: string, key: string): Promise<Flag[]> {
    const rows = await this.qb()
      .innerJoin('projects', 'p', 'p.id = f.project_id')
      .where('p.organization_id = :organizationId AND f.key = :key AND NOT f.deleted', { organizationId, key })
      .orderBy('f.project_id')
      .getMany();
    return rows.map(toFlag);
  }
}
