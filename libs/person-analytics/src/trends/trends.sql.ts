import type { TrendsActorsQuery } from './trends.query';
import { ActorsSql, personJoin, Statement } from '../persistence/actors.repository';

/** Persons who did the entity within the range: value = their number of such events. */
export function trendsActors(projectId: number, q: TrendsActorsQuery): ActorsSql {
  const s = new Statement(projectId);
  const where = `${s.entityEvents(q.entity, s.range(q.range), q.properties)} AND ${s.breakdown(q.breakdown)}`;
  const actors = `
    SELECT e.person_id AS actor, count(*)::float8 AS value, NULL::jsonb AS extra
      FROM events e ${personJoin(where)}
     WHERE ${where}
     GROUP BY e.person_id`;
  return { statement: s, sql: actors, order: 'value' };
}
