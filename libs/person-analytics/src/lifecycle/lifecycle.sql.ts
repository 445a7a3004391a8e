import type { LifecycleQuery } from './lifecycle.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons in one lifecycle bar (the statuses are defined on `LifecycleQuery`). */
export function lifecycleActors(projectId: number, q: LifecycleQuery): ActorsSql {
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
  return { statement: s, sql: actors, order: 'id' };
}
