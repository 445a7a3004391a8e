import { types as pgTypes } from 'pg';
import { DataSource, DataSourceOptions, MigrationExecutor, ObjectLiteral, QueryRunner, ReplicationMode } from 'typeorm';
import { PlatformConfig } from '../config/platform-config';
import { openEmbeddedDatabase, PgTarget } from '../embedded/embedded-database';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

// COUNT(*) and bigserial ids arrive as int8 strings by default; every count we return fits in a double.
pgTypes.setTypeParser(20, (v) => Number(v));

/**
 * What a query on a query runner throws once the runner's connection broke under it (the
 * database stopped or restarted): a connection failure (SQLSTATE 08006), which becomes a 503.
 */
export class ConnectionLostError extends Error {
  readonly code = '08006';
  constructor(cause: unknown) {
    super(`Connection terminated: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ConnectionLostError';
  }
}

interface PgQueryRunner {
  releasePostgresConnection(err?: unknown): Promise<void>;
  query(...args: unknown[]): Promise<unknown>;
  stream(...args: unknown[]): Promise<unknown>;
}

/** Query runners released because their connection failed, with that failure. */
const lostConnections = new WeakMap<QueryRunner, unknown>();

/**
 * When the connection of a query runner fails (the server ends the session, or dies), TypeORM
 * releases the runner at once and hands the broken client back to the pool to be discarded; the
 * runner's next query, often the transaction's COMMIT, then throws "Query runner already
 * released", which says nothing about the database and answered 500. Here such a runner's
 * queries throw a connection failure instead (DataSource.query does the same for
 * `manager.query`, which checks the runner before calling it).
 */
function reportLostConnection(runner: QueryRunner): QueryRunner {
  const pg = runner as unknown as Partial<PgQueryRunner>;
  if (typeof pg.releasePostgresConnection !== 'function') return runner;
  const release = pg.releasePostgresConnection.bind(runner);
  pg.releasePostgresConnection = (err?: unknown) => {
    if (err !== undefined && !runner.isReleased) lostConnections.set(runner, err);
    return release(err);
  };
  for (const method of ['query', 'stream'] as const) {
    const original = pg[method]?.bind(runner);
    if (!original) continue;
    pg[method] = (...args: unknown[]) =>
      lostConnections.has(runner)
        ? Promise.reject(new ConnectionLostError(lostConnections.get(runner)))
        : original(...args);
  }
  return runner;
}

/** A DataSource that also closes what it runs on (the embedded database) when destroyed. */
export class BuntingDataSource extends DataSource {
  /** True when the database is the embedded PGlite (one backend; no statement timeouts). */
  embedded = false;
  /**
   * Set when DATABASE_URL goes through a pooler in transaction mode: the options of a direct
   * connection (DATABASE_DIRECT_URL), for what needs a session of its own (LISTEN, migrations).
   */
  directOptions?: DataSourceOptions;
  /** Whether statements may stay prepared on a connection (`queryPrepared`): PostgreSQL reached directly. */
  preparedStatements = false;
  private onDestroy?: () => Promise<void>;

  setOnDestroy(fn: () => Promise<void>): void {
    this.onDestroy = fn;
  }

  override createQueryRunner(mode?: ReplicationMode): QueryRunner {
    return reportLostConnection(super.createQueryRunner(mode));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeORM's own signature
  override query<T = any>(
    query: string,
    parameters?: unknown[] | ObjectLiteral,
    queryRunner?: QueryRunner,
  ): Promise<T> {
    if (queryRunner && lostConnections.has(queryRunner)) {
      return Promise.reject(new ConnectionLostError(lostConnections.get(queryRunner)));
    }
    return super.query<T>(query, parameters, queryRunner);
  }

  override async destroy(): Promise<void> {
    if (this.isInitialized) await super.destroy();
    const fn = this.onDestroy;
    this.onDestroy = undefined;
    await fn?.();
  }
}

// Arbitrary constant: one advisory lock id shared by every process migrating this database.
const MIGRATION_LOCK = 7_205_301_993;

/**
 * `pooled`: the target is a pooler in transaction mode (PgBouncer), whose server connections
 * change hands at every transaction. It refuses a statement_timeout startup parameter, and a SET
 * on one connection would leak to other clients, so none is sent: the role or the database
 * carries the timeout (ALTER ROLE ... SET statement_timeout), which every session then gets.
 */
export function baseOptions(
  config: PlatformConfig,
  target: PgTarget,
  embedded: boolean,
  pooled = false,
): DataSourceOptions {
  return {
    type: 'postgres',
    ...(target.url
      ? { url: target.url }
      : { host: target.host, port: target.port, username: target.user, database: target.database }),
    namingStrategy: new SnakeNamingStrategy(),
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: 'bunting',
    extra: {
      // PGlite has one backend and runs one transaction at a time: more connections would only
      // queue inside the socket server, where a wait cannot time out like a pool acquisition.
      max: embedded ? 1 : config.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: config.DATABASE_POOL_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      ...(embedded || pooled || config.DATABASE_STATEMENT_TIMEOUT_MS === 0
        ? {}
        : { statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS }),
    },
  };
}

/**
 * Connects to DATABASE_URL, or opens (or attaches to) the embedded database, and runs pending
 * migrations when MIGRATIONS_RUN is on. `options` carries what Nest's TypeORM module adds
 * (entities). With DATABASE_DIRECT_URL, DATABASE_URL is a pooler in transaction mode: migrations
 * run on the direct connection, and the statement timeout the pool's sessions get from the
 * database is checked against DATABASE_STATEMENT_TIMEOUT_MS (a warning when they differ).
 */
export async function openDataSource(
  config: PlatformConfig,
  options: Partial<DataSourceOptions> = {},
  log: (msg: string, level?: 'info' | 'warn') => void = () => {},
): Promise<BuntingDataSource> {
  if (config.DATABASE_DIRECT_URL && !config.DATABASE_URL) {
    throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL: set both, or neither (embedded database)');
  }
  const embedded = config.DATABASE_URL ? undefined : await openEmbeddedDatabase(config.DATA_DIR);
  if (embedded) log(`embedded database (${embedded.mode}) in ${config.DATA_DIR}`);
  const target: PgTarget = embedded ? embedded.target : { url: config.DATABASE_URL };
  const pooled = !embedded && !!config.DATABASE_DIRECT_URL;
  const ds = new BuntingDataSource({
    ...(options as object),
    ...baseOptions(config, target, !!embedded, pooled),
  } as DataSourceOptions);
  ds.embedded = !!embedded;
  ds.preparedStatements = config.DATABASE_PREPARED_STATEMENTS && !embedded && !pooled;
  if (pooled) {
    const direct = baseOptions(config, { url: config.DATABASE_DIRECT_URL }, false);
    ds.directOptions = {
      ...(options as object),
      ...direct,
      extra: { ...(direct.extra as object), max: 1 },
    } as DataSourceOptions;
  }
  if (embedded) ds.setOnDestroy(() => embedded.close());
  try {
    await ds.initialize();
    if (config.MIGRATIONS_RUN) {
      const applied = await runMigrations(ds);
      if (applied.length > 0) log(`applied migrations: ${applied.join(', ')}`);
    }
    if (pooled) await checkPooledStatementTimeout(ds, config, log);
  } catch (e) {
    await ds.destroy().catch(() => {});
    throw e;
  }
  return ds;
}

/**
 * Behind a transaction-mode pooler the statement timeout comes from the role or the database
 * (see baseOptions): says so when what a pooled session gets differs from the setting.
 */
async function checkPooledStatementTimeout(
  ds: DataSource,
  config: PlatformConfig,
  log: (msg: string, level?: 'info' | 'warn') => void,
): Promise<void> {
  const [row] = await ds.query<{ ms: number }[]>(
    `SELECT setting::int AS ms FROM pg_settings WHERE name = 'statement_timeout'`,
  );
  if (row?.ms === config.DATABASE_STATEMENT_TIMEOUT_MS) return;
  log(
    `statement timeout through DATABASE_URL is ${row?.ms} ms, not DATABASE_STATEMENT_TIMEOUT_MS=` +
      `${config.DATABASE_STATEMENT_TIMEOUT_MS}: behind a pooler in transaction mode it comes from the role or ` +
      `the database (ALTER ROLE <user> SET statement_timeout = '${config.DATABASE_STATEMENT_TIMEOUT_MS}ms')`,
    'warn',
  );
}

/**
 * Runs every pending migration in ONE transaction that first takes a transaction-scoped advisory
 * lock: two instances starting together migrate once (the second waits, then finds nothing to
 * do). On the embedded database the socket multiplexer also runs one transaction at a time.
 * Behind a transaction-mode pooler (DATABASE_DIRECT_URL set) they run on the direct connection.
 */
export async function runMigrations(ds: DataSource): Promise<string[]> {
  const directOptions = ds instanceof BuntingDataSource ? ds.directOptions : undefined;
  if (directOptions) {
    // Behind a transaction-mode pooler: on a direct connection of its own, as DDL and locks want.
    const direct = new DataSource(directOptions);
    await direct.initialize();
    try {
      return await runMigrationsOn(direct);
    } finally {
      await direct.destroy();
    }
  }
  return runMigrationsOn(ds);
}

async function runMigrationsOn(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      await runner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const executor = new MigrationExecutor(ds, runner);
      executor.transaction = 'all';
      const done = await executor.executePendingMigrations();
      await runner.commitTransaction();
      return done.map((m) => m.name);
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw e;
    }
  } finally {
    await runner.release();
  }
}
