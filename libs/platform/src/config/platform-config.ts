import { Matches, ValidateBy } from 'class-validator';
import { EnvBoolean, EnvCron, EnvEnum, EnvInt, EnvOptional, EnvString, EnvTimeZone } from './env';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables every process (api, worker, cli) reads, scheduled jobs' included. Apps extend this with their own. */
export class PlatformConfig {
  /** Variables whose empty value means something (not "use the default"). */
  static keepEmpty: readonly string[] = ['EVENT_DELETION_CRON'];

  /** PostgreSQL to use. Unset: the embedded PGlite database under DATA_DIR. */
  @EnvOptional()
  @EnvString()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_URL?: string;

  /**
   * A direct connection to the same PostgreSQL, for when DATABASE_URL goes through a pooler in
   * transaction mode (PgBouncer): LISTEN and migrations use it, and DATABASE_URL's connections
   * are then opened without a statement_timeout startup parameter (give the role or database
   * that setting instead; see docs/scale.md). Unset: DATABASE_URL is used for everything.
   */
  @EnvOptional()
  @EnvString()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL' })
  DATABASE_DIRECT_URL?: string;

  /**
   * Keys of flags' encrypted payloads (PostHog's FLAGS_SECRET_KEYS), comma-separated: the first
   * encrypts, every one decrypts (rotation). Unset: a flag cannot be given `has_encrypted_payloads`.
   */
  @EnvOptional()
  @EnvString()
  FLAGS_SECRET_KEYS?: string;

  /** Folder of the embedded database (used only without DATABASE_URL). */
  @EnvString()
  DATA_DIR = './.data';

  /**
   * Redis, for running several instances: rate limits and failed-authentication counts are then
   * shared by all of them. Unset: each instance counts its own (in memory).
   */
  @EnvOptional()
  @EnvString()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /** Prefix of Bunting's keys in Redis (several deployments may share one Redis). */
  @EnvString()
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits, ":", "_" or "-"' })
  REDIS_KEY_PREFIX = 'bunting';

  /** Connections in the pool. */
  @EnvInt(1, 500)
  DATABASE_POOL_SIZE = 10;

  /** How long a request waits for a free connection before it gets 503. */
  @EnvInt(100, 600_000)
  DATABASE_POOL_TIMEOUT_MS = 5_000;

  /**
   * Keep the hot paths' statements prepared on each connection (`queryPrepared`). Off by itself on
   * the embedded database and with DATABASE_DIRECT_URL (a pooler in transaction mode); turn it off
   * for anything else between Bunting and PostgreSQL that does not keep a session's statements,
   * or for PGlite reached by URL (its one backend keeps them across connections).
   */
  @EnvBoolean()
  DATABASE_PREPARED_STATEMENTS = true;

  /** Statement timeout on PostgreSQL (0 = none); a query over it gets 504. */
  @EnvInt(0, 3_600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 30_000;

  /** Run pending migrations at start (under an advisory lock). */
  @EnvBoolean()
  MIGRATIONS_RUN = true;

  @EnvEnum(LOG_LEVELS)
  LOG_LEVEL: LogLevel = 'info';

  /**
   * How far V8 lets the old generation grow past the live heap before its next full
   * collection, in percent (V8's --heap-growing-percent). 0: V8's own factor, up to 4×.
   * A growth factor, not a cap: a large request makes the heap larger, never crashes it.
   */
  @EnvInt(0, 400)
  @ValidateBy(
    {
      name: 'heapGrowth',
      // Below 10 (a factor under V8's own least, 1.1) would collect the whole heap at every growth.
      validator: { validate: (v) => v === 0 || (typeof v === 'number' && v >= 10) },
    },
    { message: "HEAP_GROWTH_PERCENT must be 0 (V8's own factor) or 10 to 400" },
  )
  HEAP_GROWTH_PERCENT = 50;

  /**
   * Expensive requests and background jobs (insight persons, CSV exports, blast radius, cohort
   * persons, static cohorts, cohort counts) that may run at once, each holding one connection.
   * Default half the pool; at most DATABASE_POOL_SIZE - 1, so the rest stays for everything else.
   */
  @EnvOptional()
  @EnvInt(1, 500)
  EXPENSIVE_CONCURRENCY?: number;

  /** How long an admitted expensive request waits for one of those slots before it gets 429. */
  @EnvInt(0, 600_000)
  EXPENSIVE_QUEUE_TIMEOUT_MS = 30_000;

  /** Expensive requests one user may have running at once (all of its keys together); more get 429. */
  @EnvInt(1, 1000)
  EXPENSIVE_CONCURRENCY_PER_USER = 2;

  /** Expensive requests and static-cohort fills one project may have running at once; more get 429. */
  @EnvInt(1, 1000)
  EXPENSIVE_CONCURRENCY_PER_PROJECT = 4;

  /** Personal API keys one user may hold (PostHog: 10), whoever creates them (API or CLI). */
  @EnvInt(1, 10_000)
  PERSONAL_API_KEYS_PER_USER = 10;

  /** Days a console session lasts from its sign-in (PostHog/Django: 14). */
  @EnvInt(1, 365)
  SESSION_MAX_AGE_DAYS = 14;

  /**
   * Failed sign-ins one account (an email address, whichever way it is spelled) may have from one
   * client address per 15 minutes; past it sign-ins as that account from that address get 429
   * until the window is over. Other addresses keep their own count, up to
   * SIGN_IN_FAILURES_PER_ACCOUNT. Counted per instance, or by every instance with REDIS_URL.
   */
  @EnvInt(1, 10_000)
  SIGN_IN_FAILURES_PER_EMAIL = 10;

  /**
   * Failed sign-ins one account may have from all addresses together per 15 minutes: the ceiling
   * that holds a guesser with many addresses (and the only way someone else can hold the account
   * up, which takes this many guesses from at least this / SIGN_IN_FAILURES_PER_EMAIL addresses).
   */
  @EnvInt(1, 100_000)
  SIGN_IN_FAILURES_PER_ACCOUNT = 100;

  /** Failed sign-ins per client address and minute, whatever the accounts (IPv6 per /64); past it 429. */
  @EnvInt(1, 100_000)
  SIGN_IN_FAILURES_PER_ADDRESS = 60;

  // --- Scheduled jobs: run by the worker, and by the API when SCHEDULER_ENABLED ---------------

  /** Minutes between two refreshes of the event definitions' volume_30_day. */
  @EnvInt(1, 10_080)
  EVENT_DEFINITION_VOLUME_REFRESH_MINUTES = 60;

  /** Seconds between two passes of the scheduled flag changes (a change runs within this of its time). */
  @EnvInt(1, 3_600)
  SCHEDULED_CHANGES_INTERVAL_SECONDS = 60;

  // Webhooks and Slack messages (libs/webhooks): delivered by the worker, and by the API when
  // SCHEDULER_ENABLED; the private-address rule is checked by every process that saves a target.

  /** Let webhook and Slack targets resolve to loopback, private, link-local or metadata addresses. */
  @EnvBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** Milliseconds one delivery attempt may take (connection, request and response together). */
  @EnvInt(100, 60_000)
  WEBHOOK_TIMEOUT_MS = 5_000;

  /** Milliseconds before the first retry; each later retry waits twice as long (jittered, at most 1 h), for 24 h. */
  @EnvInt(1, 3_600_000)
  WEBHOOK_RETRY_BASE_MS = 5_000;

  /** Milliseconds between two looks for due deliveries. */
  @EnvInt(10, 3_600_000)
  WEBHOOK_POLL_INTERVAL_MS = 1_000;

  /** Deliveries one process sends at once, all projects together. */
  @EnvInt(1, 1_000)
  WEBHOOK_CONCURRENCY = 16;

  /** Deliveries of one project in flight at once, across processes (so a slow receiver holds only these). */
  @EnvInt(1, 100)
  WEBHOOK_CONCURRENCY_PER_PROJECT = 2;

  /**
   * Deliveries of one organization in flight at once, across processes: the rest of
   * WEBHOOK_CONCURRENCY stays free for other organizations when one's receivers hang.
   */
  @EnvInt(1, 1_000)
  WEBHOOK_CONCURRENCY_PER_ORGANIZATION = 8;

  /** Unsent Slack messages one project may have in the outbox; past it, new ones are dropped (and counted). */
  @EnvInt(1, 10_000_000)
  WEBHOOK_SLACK_PENDING_MAX = 10_000;

  /** Days a delivered or failed webhook or Slack message is kept in the outbox before the delivery runner deletes it. */
  @EnvInt(1, 3650)
  WEBHOOK_RETENTION_DAYS = 30;

  // Events are partitioned by month; the worker keeps the months ahead and drops expired ones.

  /** Months of event partitions made ahead of the current one (events of later months wait in the default partition). */
  @EnvInt(1, 120)
  EVENT_PARTITIONS_AHEAD_MONTHS = 3;

  /**
   * Months of events kept, the current one included: older months are dropped whole (and older
   * events of the default partition deleted) by the partitions job, at start and every hour.
   * 0: keep every event.
   */
  @EnvInt(0, 1200)
  EVENTS_RETENTION_MONTHS = 0;

  // The event-deletion batch (also run by hand with the CLI).

  /** When the batch runs: five-field cron (default Sunday 05:00); empty turns the schedule off. */
  @EnvCron()
  EVENT_DELETION_CRON = '0 5 * * 0';

  /** The time zone EVENT_DELETION_CRON is read in. */
  @EnvTimeZone()
  EVENT_DELETION_TIMEZONE = 'UTC';

  /** Events deleted per transaction by the batch. */
  @EnvInt(1, 1_000_000)
  EVENT_DELETION_CHUNK_SIZE = 10_000;
}
