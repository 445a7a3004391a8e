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

/** Where a statement kept prepared can run: the data source (a `BuntingDataSource` says whether it may), or a manager of it. */
export type PreparingQueryable = EntityManager | DataSource;

/**
 * Rows of a query that PostgreSQL keeps prepared under `name` on each connection: parsed once,
 * and planned once when its generic plan is as good, instead of at every call. For the
 * statements a hot path runs on every request (ingestion's: about a tenth of PostgreSQL's CPU per
 * /batch). Each name must always carry the same `sql` (pg refuses another text under a name it
 * has prepared). Unprepared where the data source does not allow it (`preparedStatements`): the
 * embedded database, whose one backend outlives the pool's connections (a new connection would
 * prepare a name that exists), and a pooler in transaction mode (a server connection changes
 * hands between a client's transactions).
 */
export async function queryPrepared<T = Record<string, unknown>>(
  runner: PreparingQueryable,
  name: string,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const source = ('dataSource' in runner ? runner.dataSource : runner) as DataSource & { preparedStatements?: boolean };
  if (source.preparedStatements !== true) return queryRows<T>(runner, sql, params);
  // TypeORM hands its query text to pg's client.query as it is, and pg reads a config object there.
  return queryRows<T>(runner, { name, text: sql } as unknown as string, params);
}

/** `LIKE` pattern text matching `text` literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
