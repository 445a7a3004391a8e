import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DateRange } from '../domain/analytics-dates';
import type { AnalyticsEntity, Breakdown } from '../domain/analytics-params';
import { assertPostgresRegexes, PropertyFilterGroup, propertyFilterToSql, SqlParams } from '@app/targeting';
import { escapeLike, queryRows } from '@app/platform';

/** One page of the persons behind a data point, before they are loaded. */
export interface ActorPage {
  /** Persons of the data point that still exist (and match `search`). */
  total: number;
  /** Persons of the data point that were deleted since (their events stay). */
  missing: number;
  rows: Array<{ id: number; value: number | null; extra: unknown }>;
}

export interface ActorPaging {
  limit: number;
  offset: number;
  search: string | null;
}

/** How the page is ordered: by person id, or by the data point's value (largest first) then id. */
export type ActorOrder = 'id' | 'value';

/** The persons behind one data point, as SQL: a statement whose `sql` selects `(actor, value, extra)`. */
export interface ActorsSql {
  statement: Statement;
  sql: string;
  order: ActorOrder;
}

/**
 * The SQL of one statement: parameters (`$1` is always the project), the regular expressions its
 * filters use, and helpers that compile the pieces every analytics query shares.
 */
export class Statement {
  readonly params: SqlParams;
  /** The regular expressions of the filters, with the parameter each came from. */
  readonly regexes: Array<{ pattern: string; attr: string }> = [];

  constructor(projectId: number) {
    this.params = new SqlParams([projectId]);
  }

  add(value: unknown): string {
    return this.params.add(value);
  }

  time(date: Date): string {
    return `${this.add(date.toISOString())}::timestamptz`;
  }

  /** `col` within the range. */
  range(range: DateRange, col = 'e.timestamp'): string {
    const parts: string[] = [];
    if (range.from) parts.push(`${col} >= ${this.time(range.from)}`);
    parts.push(`${col} ${range.toInclusive ? '<=' : '<'} ${this.time(range.to)}`);
    return parts.join(' AND ');
  }

  /**
   * A property filter over the event `e` and its person `pp` (as they are now; a deleted person
   * has no properties). 'TRUE' when there is none.
   */
  filter(group: PropertyFilterGroup | null, e = 'e', pp = 'pp', attr = 'properties'): string {
    if (!group) return 'TRUE';
    const compiled = propertyFilterToSql(group, {
      params: this.params,
      source: (leaf) =>
        leaf.type === 'event'
          ? `${e}.properties`
          : leaf.type === 'person'
            ? `coalesce(${pp}.properties, '{}'::jsonb)`
            : undefined,
    });
    this.regexes.push(...compiled.regexes.map((pattern) => ({ pattern, attr })));
    return compiled.sql;
  }

  /** The event is the entity's (by name; an entity without a name is every event) and matches its filters. */
  entity(entity: AnalyticsEntity, attr: string, e = 'e', pp = 'pp'): string {
    const name = entity.id === null ? 'TRUE' : `${e}.event = ${this.add(entity.id)}`;
    return `(${name} AND ${this.filter(entity.properties, e, pp, attr)})`;
  }

  /** A person's events of `entity` within `range` (SQL on e.timestamp) that match the global `properties`. */
  entityEvents(entity: AnalyticsEntity, range: string, properties: PropertyFilterGroup | null): string {
    return [
      `e.project_id = $1`,
      this.names([entity]),
      range,
      `e.person_id IS NOT NULL`,
      this.entity(entity, 'events'),
      this.filter(properties),
    ].join(' AND ');
  }

  /** The events of these entities only: `event = ANY(...)`, which the (project, event, timestamp) index serves. */
  names(entities: AnalyticsEntity[], e = 'e'): string {
    if (entities.some((x) => x.id === null)) return 'TRUE';
    return `${e}.event = ANY(${this.add([...new Set(entities.map((x) => x.id as string))])}::text[])`;
  }

  /** The text of a breakdown property, or NULL when unset/null/empty ("none"). */
  breakdownValue(b: Breakdown, e = 'e', pp = 'pp'): string {
    const props = b.type === 'event' ? `${e}.properties` : `${pp}.properties`;
    return `nullif(${props} ->> ${this.add(b.key)}, '')`;
  }

  breakdown(b: Breakdown | null, e = 'e', pp = 'pp'): string {
    if (!b) return 'TRUE';
    const value = this.breakdownValue(b, e, pp);
    return b.value === null ? `${value} IS NULL` : `${value} = ${this.add(b.value)}`;
  }
}

/** The join to the event's person when the scan's SQL reads it (`pp.properties`); else nothing. */
export function personJoin(sqlText: string, e = 'e', pp = 'pp'): string {
  return new RegExp(`\\b${pp}\\.properties\\b`).test(sqlText)
    ? `LEFT JOIN persons ${pp} ON ${pp}.uuid = ${e}.person_id AND ${pp}.project_id = ${e}.project_id`
    : '';
}

/**
 * The analytics queries over the events store. Each insight (its folder's `*.sql.ts`) computes
 * the set of person uuids behind one data point (a CTE `actors(actor, value, extra)`) from
 * `events`, through the (project_id, event, timestamp) index by event name and time or the
 * (project_id, person_id, timestamp) index per person; `page` then resolves them to existing
 * persons, counts, and cuts one page.
 */
@Injectable()
export class ActorsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Resolves the data point's persons: those deleted since are counted apart, `search` narrows
   * the rest, and one page of ids (with the data point's value and extra) comes back.
   */
  async page({ statement: s, sql: actorsSql, order }: ActorsSql, paging: ActorPaging): Promise<ActorPage> {
    for (const { pattern, attr } of s.regexes) {
      await assertPostgresRegexes((sql, values) => this.ds.query(sql, values), [pattern], attr);
    }
    let shown = 'p.id IS NOT NULL';
    if (paging.search !== null) {
      const pattern = s.add(`%${escapeLike(paging.search)}%`);
      shown += ` AND ((p.properties ->> 'email') ILIKE ${pattern} OR (p.properties ->> 'name') ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM person_distinct_ids d WHERE d.person_id = p.id AND d.distinct_id ILIKE ${pattern}))`;
    }
    const orderBy = order === 'value' ? 'value DESC NULLS LAST, id' : 'id';
    const [row] = await queryRows<{ total: number; missing: number; page: ActorPage['rows'] }>(
      this.ds,
      `WITH actors AS MATERIALIZED (${actorsSql}),
            joined AS MATERIALIZED (
              SELECT a.actor, a.value, a.extra, p.id, (${shown}) AS shown
                FROM actors a LEFT JOIN persons p ON p.uuid = a.actor AND p.project_id = $1)
       SELECT (SELECT count(*) FROM joined WHERE shown)::int AS total,
              (SELECT count(*) FROM joined WHERE id IS NULL)::int AS missing,
              coalesce((SELECT json_agg(json_build_object('id', pg.id, 'value', pg.value, 'extra', pg.extra) ORDER BY pg.ord)
                          FROM (SELECT id, value, extra, row_number() OVER (ORDER BY ${orderBy}) AS ord
                                  FROM joined WHERE shown
                                 ORDER BY ${orderBy}
                                 LIMIT ${s.add(paging.limit)} OFFSET ${s.add(paging.offset)}) pg), '[]'::json) AS page`,
      s.params.values,
    );
    return { total: row.total, missing: row.missing, rows: row.page };
  }

  /** The rows of a statement (the property values list). */
  rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return queryRows<T>(this.ds, sql, params);
  }
}
