import type { StickinessQuery } from './stickiness.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons active on exactly `days` distinct intervals of the range. */
export function stickinessActors(projectId: number, q: StickinessQuery): ActorsSql {
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
  return { statement: s, sql: actors, order: 'id' };
}
