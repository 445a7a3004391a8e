import { DomainError, isUniqueViolation, Queryable, queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EventDefinition } from '../domain/event-definition';
import { EventDefinitionListQuery, OrderTerm } from '../domain/list-query';

interface DefinitionRow {
  id: string;
  project_id: number;
  name: string;
  description: string;
  created_at: Date | null;
  last_seen_at: Date | null;
  last_updated_at: Date;
  tags: string[];
  post_to_slack: boolean;
  created_by: number | null;
  volume_30_day: number | null;
}

const COLUMNS = `d.id, d.project_id, d.name, d.description, d.created_at, d.last_seen_at, d.last_updated_at, d.tags, d.post_to_slack,
  d.created_by, d.volume_30_day`;

const UNIQUE_NAME = 'uq_event_definitions_project_name';

function toDefinition(r: DefinitionRow): EventDefinition {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    description: r.description,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    lastUpdatedAt: r.last_updated_at,
    tags: r.tags,
    postToSlack: r.post_to_slack,
    createdBy: r.created_by,
    volume30Day: r.volume_30_day,
  };
}

/**
 * Each ordering reads one index in its own order (see the migration): `last_seen_at` descending
 * puts never-seen definitions last, ascending puts them first, as PostHog does.
 */
function orderBy(terms: readonly OrderTerm[]): string {
  return terms
    .map((t) =>
      t.field === 'name'
        ? `d.name ${t.descending ? 'DESC' : 'ASC'}`
        : `d.last_seen_at ${t.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`,
    )
    .join(', ');
}

/** Event definitions as the API and ingestion read and write them. */
@Injectable()
export class EventDefinitionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One page of the project's definitions matching `query`, with the exact total. */
  async list(
    projectId: number,
    query: EventDefinitionListQuery,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; rows: EventDefinition[] }> {
    const params: unknown[] = [projectId];
    const where = ['d.project_id = $1'];
    // strpos, not ILIKE: the terms match literally, so `%` and `_` in a search need no escaping.
    for (const term of query.searchTerms) {
      params.push(term);
      where.push(`strpos(lower(d.name), lower($${params.length})) > 0`);
    }
    if (query.eventType === 'event_custom') where.push(`d.name NOT LIKE '$%'`);
    if (query.eventType === 'event_posthog') where.push(`d.name LIKE '$%'`);
    const condition = where.join(' AND ');
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*)::int AS count FROM event_definitions d WHERE ${condition}`,
      params,
    );
    const rows = await queryRows<DefinitionRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM event_definitions d WHERE ${condition}
        ORDER BY ${orderBy(query.ordering)}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.limit, page.offset],
    );
    return { count, rows: rows.map(toDefinition) };
  }

  /** The project's definition `id`; with `lock`, its row stays locked until `db`'s transaction ends. */
  async find(db: Queryable, projectId: number, id: string, lock = false): Promise<EventDefinition | null> {
    const rows = await queryRows<DefinitionRow>(
      db,
      `SELECT ${COLUMNS} FROM event_definitions d WHERE d.project_id = $1 AND d.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toDefinition(rows[0]);
  }

  /** Writes the edited fields and `last_updated_at`; a name the project already uses → 400 `unique`. */
  async update(m: EntityManager, d: EventDefinition): Promise<EventDefinition> {
    try {
      const rows = await queryRows<DefinitionRow>(
        m,
        `UPDATE event_definitions d
            SET name = $3, description = $4, created_at = $5, last_seen_at = $6, tags = $7::text[],
                post_to_slack = $8, last_updated_at = now()
          WHERE d.project_id = $1 AND d.id = $2
          RETURNING ${COLUMNS}`,
        [d.projectId, d.id, d.name, d.description, d.createdAt, d.lastSeenAt, d.tags, d.postToSlack],
      );
      return toDefinition(rows[0]);
    } catch (e) {
      if (isUniqueViolation(e, UNIQUE_NAME)) {
        throw DomainError.unique(`Event definition with name '${d.name}' already exists.`, 'name');
      }
      throw e;
    }
  }

  /** Deletes the definition; returns it, or null when the project has no such definition. */
  async delete(m: EntityManager, projectId: number, id: string): Promise<EventDefinition | null> {
    const rows = await queryRows<DefinitionRow>(
      m,
      `DELETE FROM event_definitions d WHERE d.project_id = $1 AND d.id = $2 RETURNING ${COLUMNS}`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toDefinition(rows[0]);
  }

  /**
   * One statement for a batch's names: new names get a definition first seen at `seenAt`;
   * existing ones get `last_seen_at` = `seenAt` unless it is already later (never backwards).
   * Rows are written in the order of `names`, so concurrent writers lock them in one order.
   */
  async upsertSeen(projectId: number, names: readonly string[], seenAt: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO event_definitions (project_id, name, created_at, last_seen_at, last_updated_at)
       SELECT $1::int, n.name, $3::timestamptz, $3::timestamptz, $3::timestamptz
         FROM unnest($2::text[]) WITH ORDINALITY AS n(name, i)
        ORDER BY n.i
       ON CONFLICT ON CONSTRAINT ${UNIQUE_NAME} DO UPDATE
         SET last_seen_at = excluded.last_seen_at
       WHERE event_definitions.last_seen_at IS NULL OR event_definitions.last_seen_at < excluded.last_seen_at`,
      [projectId, [...names], seenAt],
    );
  }

  /** Names of the project's definitions with `post_to_slack` (the partial index holds only those). */
  async postToSlackNames(projectId: number, db: Queryable = this.ds): Promise<string[]> {
    const rows = await queryRows<{ name: string }>(
      db,
      `SELECT name FROM event_definitions WHERE project_id = $1 AND post_to_slack`,
      [projectId],
    );
    return rows.map((r) => r.name);
  }

  /** Ids of every project (the volume refresh goes through them one at a time). */
  async projectIds(): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(this.ds, `SELECT id FROM projects ORDER BY id`);
    return rows.map((r) => r.id);
  }

  /**
   * Refreshes `volume_30_day` of up to `limit` of the project's definitions named after `after`
   * (by name), counting events at or after `since` through the `(project_id, event, timestamp)`
   * index. Writes only the values that changed. Rows an ingestion write holds are skipped (they
   * get their turn next time), so the refresh never waits for ingestion nor deadlocks with it.
   * Returns the last name handled (null: none left).
   */
  async refreshVolumes(
    projectId: number,
    after: string,
    limit: number,
    since: Date,
  ): Promise<{ lastName: string | null; changed: number; seen: number }> {
    const [row] = await queryRows<{ last_name: string | null; changed: number; seen: number }>(
      this.ds,
      `WITH chunk AS (
         SELECT d.id, d.name FROM event_definitions d
          WHERE d.project_id = $1 AND d.name > $2
          ORDER BY d.name
          LIMIT $3
          FOR NO KEY UPDATE SKIP LOCKED
       ), counted AS (
         SELECT c.id,
                (SELECT count(*) FROM events e WHERE e.project_id = $1 AND e.event = c.name AND e.timestamp >= $4) AS n
           FROM chunk c
       ), changed AS (
         UPDATE event_definitions d SET volume_30_day = counted.n
           FROM counted
          WHERE d.id = counted.id AND d.volume_30_day IS DISTINCT FROM counted.n
         RETURNING d.id
       )
       SELECT (SELECT name FROM chunk ORDER BY name DESC LIMIT 1) AS last_name,
              (SELECT count(*)::int FROM changed) AS changed,
              (SELECT count(*)::int FROM chunk) AS seen`,
      [projectId, after, limit, since],
    );
    return { lastName: row.last_name, changed: row.changed, seen: row.seen };
  }
}
