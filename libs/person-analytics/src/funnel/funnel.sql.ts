import type { FunnelActorsQuery, FunnelCorrelationQuery, FunnelQuery } from './funnel.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons of one funnel step, drop-off or (funnel trends) entrance period. */
export function funnelActors(projectId: number, q: FunnelActorsQuery): ActorsSql {
  const s = new Statement(projectId);
  const n = q.steps.length;
  const entrance =
    q.selection.kind === 'trends' ? { from: q.selection.entranceFrom, to: q.selection.entranceTo } : undefined;
  const best = funnelBest(s, q, entrance);
  let condition: string;
  if (q.selection.kind === 'trends') {
    condition = `steps ${q.selection.converted ? '>=' : '<'} ${s.add(q.selection.toStep)}`;
  } else if (Array.isArray(q.selection.steps)) {
    condition = `steps = ANY(${s.add(q.selection.steps)}::int[])`;
  } else {
    condition = `steps >= ${s.add(Math.min(q.selection.steps.atLeast, n))}`;
  }
  const actors = `${best} SELECT actor, NULL::float8 AS value, NULL::jsonb AS extra FROM best WHERE ${condition}`;
  return { statement: s, sql: actors, order: 'id' };
}

/**
 * Funnel persons (converted or not, as asked) who did the correlation event after entering the
 * funnel and before converting (non-converters: before the window closed).
 */
export function funnelCorrelationActors(projectId: number, q: FunnelCorrelationQuery): ActorsSql {
  const s = new Statement(projectId);
  const n = q.steps.length;
  const best = funnelBest(s, q);
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
  return { statement: s, sql: actors, order: 'id' };
}

/**
 * `WITH … best AS (actor, steps, t1, t_final)`: per person, the furthest step reached within
 * the window (the earliest such attempt), when it started and when it converted.
 */
function funnelBest(s: Statement, q: FunnelQuery, entrance?: { from: Date; to: Date }): string {
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
