import type { StickinessQuery } from './stickiness.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons active on exactly `days` distinct intervals of the range. */
export function stickinessActors(projectId: number, q: StickinessQuery): ActorsSql {
  const s = new Statement(projectId);
  const where = s.entityEvents(q.entity, s.range(q.range), q.properties);
  // Local calendar periods, counted as wall-clock times in the project's zone (hours as instants:
  // the repeated autumn hour is two). Weeks start on Sunday: shifted by a day, PostgreSQL's
  // Monday weeks line up. The range stays on e.timestamp, which the index and partitions serve.
  const zone = `${s.add(q.timeZone)}::text`;
  const bucket =
    q.interval === 'hour'
      ? `date_trunc('hour', e.timestamp, ${zone})`
      : q.interval === 'week'
        ? `date_trunc('week', (e.timestamp AT TIME ZONE ${zone}) + interval '1 day')`
        : `date_trunc('${q.interval}', e.timestamp AT TIME ZONE ${zone})`;
  const actors = `
    SELECT e.person_id AS actor, NULL::float8 AS value, NULL::jsonb AS extra
      FROM events e ${personJoin(where)}
     WHERE ${where}
     GROUP BY e.person_id
    HAVING count(DISTINCT ${bucket}) = ${s.add(q.days)}`;
  return { statement: s, sql: actors, order: 'id' };
}
