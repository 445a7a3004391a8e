import { DataSource, EntityManager } from 'typeorm';

export type Queryable = Pick<EntityManager | DataSource, 'query'>;

/**
 * The rows of a statement. TypeORM returns `[rows, affected]` for UPDATE and DELETE and the
 * rows for everything else; this always returns the rows.
 */
export async function queryRows<T>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await db.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
