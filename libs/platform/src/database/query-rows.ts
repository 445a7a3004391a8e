import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import { isStalePreparedStatement } from './pg-errors';

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

/** Names whose prepared statement went stale on a connection (pg's client): unprepared there from then on. */
const staleOn = new WeakMap<object, Set<string>>();

/**
 * Rows of a query that PostgreSQL keeps prepared under `name` on each connection: parsed once,
 * and planned once when its generic plan is as good, instead of at every call. For the statements
 * a hot path runs on every request (ingestion's, `/flags`' person lookup, the project lookup of
 * every admin request). Each name must always carry the same `sql` (pg refuses another text under
 * a name it has prepared).
 *
 * Unprepared where the data source does not allow it (`preparedStatements`): on the embedded
 * database, whose one backend outlives the pool's connections (a new connection would prepare a
 * name that exists), behind a pooler in transaction mode (a server connection changes hands
 * between a client's transactions), and with DATABASE_PREPARED_STATEMENTS=false. A statement that
 * went stale on its connection fails that one query with 503 (the transaction it was in is lost;
 * SDKs retry) and runs unprepared on that connection afterwards.
 */
export async function queryPrepared<T = Record<string, unknown>>(
  runner: PreparingQueryable,
  name: string,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const source = ('dataSource' in runner ? runner.dataSource : runner) as DataSource & { preparedStatements?: boolean };
  if (source.preparedStatements !== true) return queryRows<T>(runner, sql, params);
  if ('queryRunner' in runner && runner.queryRunner) return preparedOn<T>(runner.queryRunner, name, sql, params);
  // Outside a transaction: a runner of its own (as DataSource.query takes one), so the connection is known.
  const own = source.createQueryRunner();
  try {
    return await preparedOn<T>(own, name, sql, params);
  } finally {
    await own.release();
  }
}

async function preparedOn<T>(runner: QueryRunner, name: string, sql: string, params: unknown[]): Promise<T[]> {
  const client = (await runner.connect()) as object;
  let stale = staleOn.get(client);
  if (stale?.has(name)) return queryRows<T>(runner.manager, sql, params);
  try {
    // TypeORM hands its query text to pg's client.query as it is, and pg reads a config object there.
    return await queryRows<T>(runner.manager, { name, text: sql } as unknown as string, params);
  } catch (e) {
    if (!isStalePreparedStatement(e)) throw e;
    if (!stale) staleOn.set(client, (stale = new Set()));
    stale.add(name);
    throw new DomainError(
      'unavailable',
      'service_unavailable',
      'A prepared database statement went out of date (the schema changed); try again.',
      null,
      1,
    );
  }
}

/** `LIKE` pattern text matching `text` literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
