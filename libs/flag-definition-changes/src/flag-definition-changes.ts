import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client, ClientConfig } from 'pg';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { BuntingDataSource, JsonLogger, metrics } from '@app/platform';

/** Projects whose definitions changed; `all` after a gap in what this process heard. */
export type DefinitionChangeListener = (projects: readonly number[] | 'all') => void;

const CHANNEL = 'bunting_flag_definitions';
const PENDING = 'bunting.changedProjects';
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

const notificationsReceived = metrics.counter(
  'flag_definition_notifications_total',
  'Flag-definition change notifications received from other instances (LISTEN/NOTIFY).',
);
const listeningGauge = metrics.gauge(
  'flag_definition_notifications_listening',
  '1 while this process LISTENs for flag-definition changes, 0 while that connection is down.',
);

/**
 * Stripes of a project's version. A write bumps its connection's stripe, so writers on different
 * connections of the pool seldom wait for each other's commit; the version is the stripes' sum.
 */
export const VERSION_STRIPES = 16;

/**
 * Bumps the projects' version stripes (in id order, so that writers lock them in one order) and
 * NOTIFYs. Each commit adds one to each project's sum: the version changes with every change.
 */
async function bumpVersions(db: Pick<EntityManager, 'query'>, projectIds: number[]): Promise<void> {
  await db.query(
    `WITH bumped AS (
       INSERT INTO flag_definition_versions AS v (project_id, stripe, version)
       SELECT id, pg_backend_pid() % $3, 1 FROM unnest($1::int[]) AS p(id) ORDER BY id
       ON CONFLICT (project_id, stripe) DO UPDATE SET version = v.version + 1, changed_at = now()
       RETURNING project_id)
     SELECT pg_notify($2, project_id::text) FROM bumped`,
    [projectIds, CHANNEL, VERSION_STRIPES],
  );
}

/**
 * "The flag definitions of project P changed": flags, cohorts and group types, whatever context
 * wrote them. Writers call `record(m, projectId)` inside their transaction; it
 *
 * - bumps the project's version in `flag_definition_versions` in that transaction, right before
 *   its commit (a version other instances compare against, as a backstop for lost notifications),
 * - NOTIFYs other instances on PostgreSQL (delivered at commit, dropped on rollback),
 * - tells listeners in this process right after the commit, before the writer answers, so the
 *   next request sees the change.
 *
 * On the embedded database one process owns the data, so the local signal is all there is.
 */
@Injectable()
export class FlagDefinitionChanges implements EntitySubscriberInterface, OnApplicationShutdown {
  private readonly listeners = new Set<DefinitionChangeListener>();
  private client: Client | undefined;
  private listening = false;
  private stopped = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly logger: JsonLogger,
  ) {
    ds.subscribers.push(this);
  }

  /**
   * In the writer's transaction: marks the project, and the version is bumped (with the NOTIFY)
   * right before the commit, once per project, wherever the writer called this. A stripe's lock
   * serialises the project's writers on one connection stripe, so it is the transaction's last lock,
   * held for the commit alone: taken earlier, it made writers queue for the rest of each other's
   * work, and could close a deadlock with a lock taken after it (a key index entry, a graph lock).
   * Without a transaction, at once.
   */
  async record(m: EntityManager, projectId: number): Promise<void> {
    const runner = m.queryRunner;
    if (runner?.isTransactionActive) {
      const pending = (runner.data[PENDING] ??= new Set<number>()) as Set<number>;
      pending.add(projectId);
      return;
    }
    await bumpVersions(m, [projectId]);
    this.emit([projectId]);
  }

  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    // A savepoint's release: the outermost commit bumps.
    if ((runner as unknown as { transactionDepth: number }).transactionDepth > 1) return;
    const pending = runner.data[PENDING] as Set<number> | undefined;
    if (pending && pending.size > 0) await bumpVersions(runner, [...pending]);
  }

  /**
   * Whether other processes may change this database: false on the embedded database, whose
   * owning process sees every change itself.
   */
  get shared(): boolean {
    return !(this.ds as BuntingDataSource).embedded;
  }

  /**
   * Whether this process hears other instances' changes right now: its LISTEN connection is up
   * (always true on the embedded database, where there are no other instances).
   */
  get hearing(): boolean {
    return !this.shared || this.client !== undefined;
  }

  /** The project's current version (0 before its first change). */
  async version(projectId: number): Promise<number> {
    const rows: Array<{ version: string | null }> = await this.ds.query(
      `SELECT sum(version) AS version FROM flag_definition_versions WHERE project_id = $1`,
      [projectId],
    );
    return Number(rows[0]?.version ?? 0);
  }

  /**
   * Calls `listener` for every change, this process's and (on PostgreSQL) other instances'.
   * Returns the unsubscribe function.
   */
  subscribe(listener: DefinitionChangeListener): () => void {
    this.listeners.add(listener);
    if (!this.listening && this.shared) {
      this.listening = true;
      void this.connect();
    }
    return () => this.listeners.delete(listener);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint: the outer transaction decides
    const pending = runner.data[PENDING] as Set<number> | undefined;
    if (!pending) return;
    delete runner.data[PENDING];
    this.emit([...pending]);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data[PENDING];
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private emit(projects: readonly number[] | 'all'): void {
    for (const listener of this.listeners) listener(projects);
  }

  /** A connection of its own that LISTENs; reconnects with back-off, then reports a gap. */
  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client(this.clientConfig());
    client.on('notification', (message) => {
      notificationsReceived.inc();
      const id = Number(message.payload);
      if (Number.isSafeInteger(id)) this.emit([id]);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.stopped) {
        await client.end().catch(() => {});
        return;
      }
      const reconnected = this.reconnectDelay > RECONNECT_MIN_MS;
      this.client = client;
      listeningGauge.set(1);
      this.reconnectDelay = RECONNECT_MIN_MS;
      // Changes made while we were not listening were missed.
      if (reconnected) this.emit('all');
    } catch (e) {
      this.logger.entry('warn', 'flag definition notifications unavailable', { error: String(e) });
      this.lost(client);
    }
  }

  private lost(client: Client): void {
    if (this.client === client) {
      this.client = undefined;
      listeningGauge.set(0);
    }
    client.removeAllListeners('end');
    client.end().catch(() => {});
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /** Behind a pooler in transaction mode, LISTEN needs a session of its own: the direct connection. */
  private clientConfig(): ClientConfig {
    const options = ((this.ds as BuntingDataSource).directOptions ?? this.ds.options) as {
      url?: string;
      host?: string;
      port?: number;
      username?: string;
      database?: string;
    };
    const base: ClientConfig = options.url
      ? { connectionString: options.url }
      : { host: options.host, port: options.port, user: options.username, database: options.database };
    return { ...base, application_name: 'bunting-listen' };
  }
}
