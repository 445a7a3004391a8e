import { escapeLike, queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DateRange } from '../domain/analytics-dates';
import {
  AnalyticsEntity,
  Breakdown,
  FunnelActorsQuery,
  FunnelCorrelationQuery,
  FunnelQuery,
  LifecycleQuery,
  PathKey,
  PathsQuery,
  RetentionQuery,
  StickinessQuery,
  TrendsActorsQuery,
} from '../domain/analytics-params';
import { assertPostgresRegexes, PropertyFilterGroup, propertyFilterToSql, SqlParams } from '@app/targeting';

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
type ActorOrder = 'id' | 'value';

/**
 * The SQL of one statement: parameters (`$1` is always the project), the regular expressions its
 * filters use, and helpers that compile the pieces every analytics query shares.
 */
class Statement {
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
function personJoin(sqlText: string, e = 'e', pp = 'pp'): string {
  return new RegExp(`\\b${pp}\\.properties\\b`).test(sqlText)
    ? `LEFT JOIN persons ${pp} ON ${pp}.uuid = ${e}.person_id AND ${pp}.project_id = ${e}.project_id`
    : '';
}

/**
 * The analytics queries over the events store. Each computes the set of person uuids behind one
 * data point (a CTE `actors(actor, value, extra)`) from `events`, through the
 * (project_id, event, timestamp) index by event name and time or the
 * (project_id, person_id, timestamp) index per person; `page` then resolves them to existing
 * persons, counts, and cuts one page.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Persons who did the entity within the range: value = their number of such events. */
  trends(projectId: number, q: TrendsActorsQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const where = `${s.entityEvents(q.entity, s.range(q.range), q.properties)} AND ${s.breakdown(q.breakdown)}`;
    const actors = `
      SELECT e.person_id AS actor, count(*)::float8 AS value, NULL::jsonb AS extra
        FROM events e ${personJoin(where)}
       WHERE ${where}
       GROUP BY e.person_id`;
    return this.page(s, actors, 'value', paging);
  }

  /** Persons of one funnel step, drop-off or (funnel trends) entrance period. */
  funnel(projectId: number, q: FunnelActorsQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const n = q.steps.length;
    const entrance =
      q.selection.kind === 'trends' ? { from: q.selection.entranceFrom, to: q.selection.entranceTo } : undefined;
    const best = this.funnelBest(s, q, entrance);
    let condition: string;
    if (q.selection.kind === 'trends') {
      condition = `steps ${q.selection.converted ? '>=' : '<'} ${s.add(q.selection.toStep)}`;
    } else if (Array.isArray(q.selection.steps)) {
      condition = `steps = ANY(${s.add(q.selection.steps)}::int[])`;
    } else {
      condition = `steps >= ${s.add(Math.min(q.selection.steps.atLeast, n))}`;
    }
    const actors = `${best} SELECT actor, NULL::float8 AS value, NULL::jsonb AS extra FROM best WHERE ${condition}`;
    return this.page(s, actors, 'id', paging);
  }

  /**
   * Funnel persons (converted or not, as asked) who did the correlation event after entering the
   * funnel and before converting (non-converters: before the window closed).
   */
  funnelCorrelation(projectId: number, q: FunnelCorrelationQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const n = q.steps.length;
    const best = this.funnelBest(s, q);
    const converted = q.converted === null ? 'TRUE' : q.converted ? `b.steps = ${n}` : `b.steps < ${n}`;
    const event = [
      `c.project_id = $1`,
      `c.person_id = b.actor`,
      s.entity(q.entity, 'funnel_correlation_person_entity', 'c', 'pc'),
      `c.timestamp > b.t1`,
      `c.timestamp < coalesce(b.t_final, b.t1 + ${s.add(q.window)}::interval)`,
      s.range(q.range, 'c.timestamp'),
      s.filter(q.properties, 'c', 'pc'),
    ].join(' AND ');
    const actors = `${best}
      SELECT b.actor, NULL::float8 AS value, NULL::jsonb AS extra
        FROM best b
       WHERE ${converted}
         AND EXISTS (SELECT 1 FROM events c ${personJoin(event, 'c', 'pc')} WHERE ${event})`;
    return this.page(s, actors, 'id', paging);
  }

  /**
   * `WITH … best AS (actor, steps, t1, t_final)`: per person, the furthest step reached within
   * the window (the earliest such attempt), when it started and when it converted.
   */
  private funnelBest(s: Statement, q: FunnelQuery, entrance?: { from: Date; to: Date }): string {
    const n = q.steps.length;
    const window = `${s.add(q.window)}::interval`;
    const idx = Array.from({ length: n }, (_, i) => i + 1);
    const stepFlags = q.steps.map((step, i) => `${s.entity(step, 'events')} AS s${i + 1}`).join(', ');
    const global = s.filter(q.properties);
    const bv = q.breakdown ? `, ${s.breakdownValue(q.breakdown)} AS bv` : '';
    const startCondition = [
      q.breakdown ? (q.breakdown.value === null ? 'x1.bv IS NULL' : `x1.bv = ${s.add(q.breakdown.value)}`) : 'TRUE',
      entrance ? `x1.ts >= ${s.time(entrance.from)} AND x1.ts < ${s.time(entrance.to)}` : 'TRUE',
    ].join(' AND ');
    const range = s.range(q.range);
    // The lowest step an event is: at one instant, events of earlier steps come first.
    const firstStep = `CASE ${idx.map((k) => `WHEN s${k} THEN ${k}`).join(' ')} END AS fs`;

    let ev: string;
    if (q.order === 'strict') {
      // Strict: the steps are consecutive among ALL the person's events, so read every event of
      // the persons who did the first step (by person, through the person index).
      const first = q.steps[0];
      const firstWhere = [
        `e1.project_id = $1`,
        first.id === null ? 'TRUE' : `e1.event = ${s.add(first.id)}`,
        s.range(q.range, 'e1.timestamp'),
        'e1.person_id IS NOT NULL',
      ].join(' AND ');
      const where = [
        `e.project_id = $1`,
        range,
        `e.person_id IS NOT NULL`,
        global,
        // An array, not a join: the planner reads each of these persons' events through
        // (project_id, person_id, timestamp) rather than every event of the range.
        `e.person_id = ANY(ARRAY(SELECT DISTINCT e1.person_id FROM events e1 WHERE ${firstWhere}))`,
      ].join(' AND ');
      ev = `SELECT x.*, ${firstStep} FROM (
              SELECT e.person_id AS actor, e.timestamp AS ts, e.uuid AS id, ${stepFlags}${bv}
                FROM events e ${personJoin(where + stepFlags + bv)} WHERE ${where}) x`;
    } else {
      const where = [`e.project_id = $1`, s.names(q.steps), range, `e.person_id IS NOT NULL`, global].join(' AND ');
      ev = `SELECT x.*, ${firstStep} FROM (
              SELECT e.person_id AS actor, e.timestamp AS ts, e.uuid AS id, ${stepFlags}${bv}
                FROM events e ${personJoin(where + stepFlags + bv)} WHERE ${where}) x
             WHERE ${idx.map((k) => `s${k}`).join(' OR ')}`;
    }
    const best = `best AS (SELECT DISTINCT ON (actor) actor, steps, t1, t_final FROM scored ORDER BY actor, steps DESC, t1)`;
    const deadline = `x1.ts + ${window}`;

    // Every window below reads a person's events newest first, with a frame that starts at the
    // partition's start ("the events after this one" in time): PostgreSQL aggregates such a
    // frame incrementally, where a frame that ends at UNBOUNDED FOLLOWING is recomputed for
    // every row (quadratic in a busy person's events).
    const newestFirst = `PARTITION BY actor ORDER BY ts DESC, fs DESC, id DESC`;

    if (q.order === 'unordered') {
      // Any order: from each step event, the first event of every step at or after it; the
      // steps whose first event is within the window count.
      const firsts = idx
        .map(
          (k) =>
            `min(ts) FILTER (WHERE s${k}) OVER (PARTITION BY actor ORDER BY ts DESC RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS f${k}`,
        )
        .join(', ');
      const within = (k: number) => `coalesce(x1.f${k} <= ${deadline}, false)`;
      return `WITH ev AS MATERIALIZED (${ev}),
        scored AS (SELECT x1.actor, x1.ts AS t1, ${idx.map((k) => `${within(k)}::int`).join(' + ')} AS steps,
                          CASE WHEN ${idx.map(within).join(' AND ')} THEN greatest(${idx.map((k) => `x1.f${k}`).join(', ')}) END AS t_final
                     FROM (SELECT ev.*, ${firsts} FROM ev) x1
                    WHERE ${startCondition}),
        ${best}`;
    }

    // Ordered and strict: from each event of step k, the greedy chain onwards — its own time,
    // then the chain of the first later event of step k+1 (strict: of the very next event) —
    // built from the last step back, as arrays of epoch seconds. The chain of a first-step
    // event lists when each step was reached; those within the window count.
    const epoch = `ARRAY[extract(epoch FROM ts)::float8]`;
    let levels = `SELECT ev.*, row_number() OVER w AS rn, CASE WHEN s${n} THEN ${epoch} END AS g${n} FROM ev WINDOW w AS (${newestFirst})`;
    for (let k = n - 1; k >= 1; k--) {
      const next =
        q.order === 'strict'
          ? `lag(g${k + 1}) OVER w`
          : // The smallest -rn among later events is the earliest of them; its chain follows.
            `(min(ARRAY[-rn::float8] || g${k + 1}) FILTER (WHERE g${k + 1} IS NOT NULL) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))[2:]`;
      levels = `SELECT l.*, CASE WHEN s${k} THEN ${epoch} || coalesce(${next}, '{}') END AS g${k}
                  FROM (${levels}) l WINDOW w AS (${newestFirst})`;
    }
    // Chains are in time order: step k was reached in the window when its time is within it.
    const reached = (k: number) => `coalesce(x1.g1[${k}] <= extract(epoch FROM ${deadline}), false)`;
    const steps = ['1', ...idx.slice(1).map((k) => `${reached(k)}::int`)].join(' + ');
    return `WITH ev AS MATERIALIZED (${ev}),
      scored AS (SELECT x1.actor, x1.ts AS t1, ${steps} AS steps,
                        CASE WHEN ${reached(n)} THEN to_timestamp(x1.g1[${n}]) END AS t_final
                   FROM (${levels}) x1
                  WHERE x1.s1 AND ${startCondition}),
      ${best}`;
  }

  /** Persons whose session paths match the query's points and keys. */
  paths(projectId: number, q: PathsQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const types = q.types.map((t) => (t === 'custom_event' ? `e.event NOT LIKE '$%'` : `e.event = ${s.add(t)}`));
    const where = [
      `e.project_id = $1`,
      `(${types.join(' OR ')})`,
      s.range(q.range),
      `e.person_id IS NOT NULL`,
      s.filter(q.properties),
    ].join(' AND ');
    // Pageviews by URL without a trailing slash, screens by name, custom events by name.
    const element = `CASE WHEN e.event = '$pageview' THEN regexp_replace(e.properties ->> '$current_url', '(.)/$', '\\1')
                          WHEN e.event = '$screen' THEN e.properties ->> '$screen_name'
                          ELSE e.event END`;
    const exclude = q.exclude.length > 0 ? `AND el <> ALL(${s.add(q.exclude)}::text[])` : '';
    const start = q.startPoint === null ? 'TRUE' : `el = ${s.add(q.startPoint)}`;
    const end = q.endPoint === null ? null : s.add(q.endPoint);
    const limit = s.add(q.stepLimit);
    const person = `PARTITION BY actor ORDER BY ts, id`;
    const session = `PARTITION BY actor, session ORDER BY ts, id`;
    // Only an end point: keep the last steps before it; otherwise the first ones.
    const endOnly = q.endPoint !== null && q.startPoint === null;
    const keep = endOnly ? `idx > len - ${limit}` : `idx <= ${limit}`;
    const position = endOnly ? `idx - greatest(len - ${limit}, 0)` : 'idx';
    const key = (k: PathKey) => `i = ${s.add(k.index)} AND el = ${s.add(k.element)}`;
    // Conditions on one node of a session's path; a person counts when one session has a node
    // meeting each of them.
    const conditions: string[] = [];
    if (q.startKey && q.endKey) {
      conditions.push(
        q.endKey.index === q.startKey.index + 1
          ? `${key(q.startKey)} AND next_el = ${s.add(q.endKey.element)}`
          : 'FALSE',
      );
    } else if (q.startKey) {
      conditions.push(`${key(q.startKey)} AND i < plen`);
    } else if (q.endKey) {
      conditions.push(`${key(q.endKey)} AND i > 1`);
    }
    if (q.dropoffKey) conditions.push(`${key(q.dropoffKey)} AND i = plen`);
    const having = conditions.length > 0 ? conditions.map((c) => `bool_or(${c})`).join(' AND ') : 'TRUE';
    // Window functions only, each over one person's (or session's) events in time order: no
    // self-joins, which the planner cannot size on a CTE.
    const actors = `
      WITH pe AS MATERIALIZED (
             SELECT e.person_id AS actor, e.timestamp AS ts, e.uuid AS id, ${element} AS el
               FROM events e ${personJoin(where)} WHERE ${where}),
           gaps AS (SELECT *, lag(ts) OVER (${person}) AS prev_ts FROM pe WHERE el IS NOT NULL AND el <> '' ${exclude}),
           sessions AS (SELECT *, sum(CASE WHEN prev_ts IS NULL OR ts - prev_ts > interval '30 minutes' THEN 1 ELSE 0 END)
                                    OVER (${person}) AS session FROM gaps),
           collapsed AS (SELECT * FROM (SELECT *, lag(el) OVER (${session}) AS prev_el FROM sessions) x
                          WHERE prev_el IS DISTINCT FROM el),
           started AS (SELECT * FROM (SELECT *, bool_or(${start}) OVER (${session} ROWS UNBOUNDED PRECEDING) AS on_path
                                        FROM collapsed) x WHERE on_path),
           ended AS (${
             end === null
               ? 'SELECT *, true AS reaches_end FROM started'
               : `SELECT *, bool_or(el = ${end}) OVER (PARTITION BY actor, session) AS reaches_end FROM (
                    SELECT *, coalesce(bool_or(el = ${end}) OVER (${session} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false) AS past_end
                      FROM started) x WHERE NOT past_end`
           }),
           numbered AS (SELECT *, row_number() OVER (${session}) AS idx, count(*) OVER (PARTITION BY actor, session) AS len
                          FROM ended WHERE reaches_end),
           nodes AS (SELECT actor, session, el, ${position} AS i, least(len, ${limit}) AS plen,
                            lead(el) OVER (${session}) AS next_el
                       FROM numbered WHERE ${keep})
      SELECT DISTINCT actor, NULL::float8 AS value, NULL::jsonb AS extra
        FROM (SELECT actor FROM nodes GROUP BY actor, session HAVING ${having}) matched`;
    return this.page(s, actors, 'id', paging);
  }

  /** Persons in one lifecycle bar (the statuses are defined on `LifecycleQuery`). */
  lifecycle(projectId: number, q: LifecycleQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const period = s.time(q.period);
    const next = s.time(q.next);
    const where = s.entityEvents(
      q.entity,
      `e.timestamp >= ${s.time(q.previous)} AND e.timestamp < ${next}`,
      q.properties,
    );
    const createdNow = `coalesce(p.created_at >= ${period} AND p.created_at < ${next}, false)`;
    const condition = {
      new: `a.cur AND ${createdNow}`,
      returning: `a.cur AND a.prev AND NOT ${createdNow}`,
      resurrecting: `a.cur AND NOT a.prev AND NOT ${createdNow}`,
      dormant: `a.prev AND NOT a.cur`,
    }[q.type];
    const actors = `
      WITH act AS MATERIALIZED (
        SELECT e.person_id AS actor, bool_or(e.timestamp >= ${period}) AS cur, bool_or(e.timestamp < ${period}) AS prev
          FROM events e ${personJoin(where)}
         WHERE ${where}
         GROUP BY e.person_id)
      SELECT a.actor, NULL::float8 AS value, NULL::jsonb AS extra
        FROM act a LEFT JOIN persons p ON p.uuid = a.actor AND p.project_id = $1
       WHERE ${condition}`;
    return this.page(s, actors, 'id', paging);
  }

  /** Persons active on exactly `days` distinct intervals of the range. */
  stickiness(projectId: number, q: StickinessQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const where = s.entityEvents(q.entity, s.range(q.range), q.properties);
    // Weeks start on Sunday: shifted by a day, PostgreSQL's Monday weeks line up.
    const bucket =
      q.interval === 'week'
        ? `date_trunc('week', e.timestamp + interval '1 day', 'UTC')`
        : `date_trunc('${q.interval}', e.timestamp, 'UTC')`;
    const actors = `
      SELECT e.person_id AS actor, NULL::float8 AS value, NULL::jsonb AS extra
        FROM events e ${personJoin(where)}
       WHERE ${where}
       GROUP BY e.person_id
      HAVING count(DISTINCT ${bucket}) = ${s.add(q.days)}`;
    return this.page(s, actors, 'id', paging);
  }

  /**
   * One retention cohort with its appearances: value = the number of periods with activity
   * (the cohort's own period included), extra = the later periods (1, 2, …) with a returning event.
   */
  retention(projectId: number, q: RetentionQuery, paging: ActorPaging): Promise<ActorPage> {
    const s = new Statement(projectId);
    const [start, end, last] = [s.time(q.bounds[0]), s.time(q.bounds[1]), s.time(q.bounds[q.bounds.length - 1])];
    const target = `(${s.names([q.target])} AND ${s.entity(q.target, 'target_entity')})`;
    const returning = `(${s.names([q.returning])} AND ${s.entity(q.returning, 'returning_entity')})`;
    // First-time cohorts need every earlier target event (to know the first one).
    const targetTime = q.firstTime ? `e.timestamp < ${end}` : `e.timestamp >= ${start} AND e.timestamp < ${end}`;
    const later = `e.timestamp >= ${end} AND e.timestamp < ${last}`;
    const where = [
      `e.project_id = $1`,
      `e.person_id IS NOT NULL`,
      s.filter(q.properties),
      `((${target} AND ${targetTime}) OR (${returning} AND ${later}))`,
    ].join(' AND ');
    const cohort = q.firstTime
      ? `min(e.timestamp) FILTER (WHERE ${target}) >= ${start} AND min(e.timestamp) FILTER (WHERE ${target}) < ${end}`
      : `bool_or(${target} AND ${targetTime})`;
    // k: the period of a returning event, 1 for the one after the cohort's.
    const period = `width_bucket(e.timestamp, ${s.add(q.bounds.map((d) => d.toISOString()))}::timestamptz[]) - 1`;
    const returned = `${returning} AND ${later}`;
    // One pass over both events, one group per person: no join the planner could misjudge.
    const actors = `
      SELECT e.person_id AS actor, (1 + count(DISTINCT ${period}) FILTER (WHERE ${returned}))::float8 AS value,
             coalesce(jsonb_agg(DISTINCT ${period}) FILTER (WHERE ${returned}), '[]'::jsonb) AS extra
        FROM events e ${personJoin(where)}
       WHERE ${where}
       GROUP BY e.person_id
      HAVING ${cohort}`;
    return this.page(s, actors, 'value', paging);
  }

  /** Values of a person property with how many persons have each, most common first. */
  async values(
    projectId: number,
    key: string,
    contains: string | null,
    page: { limit: number; offset: number },
  ): Promise<Array<{ name: string; count: number }>> {
    const s = new Statement(projectId);
    const k = s.add(key);
    const where = [
      `p.project_id = $1`,
      `p.properties ? ${k}`,
      `jsonb_typeof(p.properties -> ${k}) <> 'null'`,
      `p.properties ->> ${k} <> ''`,
      contains === null ? 'TRUE' : `p.properties ->> ${k} ILIKE ${s.add(`%${escapeLike(contains)}%`)}`,
    ].join(' AND ');
    return queryRows(
      this.ds,
      `SELECT CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}' ELSE v::text END AS name, count
         FROM (SELECT p.properties -> ${k} AS v, count(*)::int AS count FROM persons p WHERE ${where} GROUP BY 1) x
        ORDER BY count DESC, name
        LIMIT ${s.add(page.limit)} OFFSET ${s.add(page.offset)}`,
      s.params.values,
    );
  }

  /**
   * Resolves the data point's persons: those deleted since are counted apart, `search` narrows
   * the rest, and one page of ids (with the data point's value and extra) comes back.
   */
  private async page(s: Statement, actorsSql: string, order: ActorOrder, paging: ActorPaging): Promise<ActorPage> {
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
}
