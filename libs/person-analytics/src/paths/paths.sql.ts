import type { PathKey, PathsQuery } from './paths.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons whose session paths match the query's points and keys. */
export function pathsActors(projectId: number, q: PathsQuery): ActorsSql {
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
      q.endKey.index === q.startKey.index + 1 ? `${key(q.startKey)} AND next_el = ${s.add(q.endKey.element)}` : 'FALSE',
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
  return { statement: s, sql: actors, order: 'id' };
}
