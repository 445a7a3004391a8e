import type { RetentionQuery } from './retention.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/**
 * One retention cohort with its appearances: value = the number of periods with activity
 * (the cohort's own period included), extra = the later periods (1, 2, …) with a returning event.
 */
export function retentionActors(projectId: number, q: RetentionQuery): ActorsSql {
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
  return { statement: s, sql: actors, order: 'value' };
}
