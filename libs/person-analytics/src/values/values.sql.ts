import { escapeLike } from '@app/platform';
import { Statement } from '../persistence/actors.repository';

/** Values of a person property with how many persons have each, most common first. */
export function propertyValuesSql(
  projectId: number,
  key: string,
  contains: string | null,
  page: { limit: number; offset: number },
): { sql: string; params: unknown[] } {
  const s = new Statement(projectId);
  const k = s.add(key);
  const where = [
    `p.project_id = $1`,
    `p.properties ? ${k}`,
    `jsonb_typeof(p.properties -> ${k}) <> 'null'`,
    `p.properties ->> ${k} <> ''`,
    contains === null ? 'TRUE' : `p.properties ->> ${k} ILIKE ${s.add(`%${escapeLike(contains)}%`)}`,
  ].join(' AND ');
  return {
    sql: `SELECT CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}' ELSE v::text END AS name, count
       FROM (SELECT p.properties -> ${k} AS v, count(*)::int AS count FROM persons p WHERE ${where} GROUP BY 1) x
      ORDER BY count DESC, name
      LIMIT ${s.add(page.limit)} OFFSET ${s.add(page.offset)}`,
    params: s.params.values,
  };
}
