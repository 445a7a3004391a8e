import type { DataSource, EntityManager } from 'typeorm';

/** What raw SQL runs on: the data source, or a transaction's manager. */
export type Queryable = Pick<EntityManager | DataSource, 'query'>;

/**
 * Rows of a raw query. TypeORM's `query()` returns plain rows for SELECT but `[rows, rowCount]`
 * for UPDATE and DELETE (also with RETURNING); this always gives the rows.
 */
export async function queryRows<T = Record<string, unknown>>(
  runner: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result: unknown = await runner.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

/** `LIKE` pattern text matching `text` literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
