import { Matches } from 'class-validator';
import { EnvBoolean, EnvInt, EnvOptional, EnvString, EnvTrustProxy } from './env';
import { PlatformConfig } from './platform-config';

/** Variables of a process that serves HTTP. */
export class HttpConfig extends PlatformConfig {
  @EnvInt(0, 65535)
  PORT = 8000;

  @EnvString()
  HOST = '0.0.0.0';

  /**
   * The address users reach the service at: the start banner, and the `next`/`previous` links of
   * lists unless a trusted proxy says otherwise. Default http://localhost:PORT.
   */
  @EnvOptional()
  @EnvString()
  @Matches(/^https?:\/\/\S+$/, { message: 'PUBLIC_URL must be an http:// or https:// URL' })
  PUBLIC_URL?: string;

  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host headers are believed (Express's `trust proxy`).
   * Default none: the client is the socket's peer and links are built from PUBLIC_URL.
   */
  @EnvTrustProxy()
  TRUST_PROXY: boolean | number | string = false;

  /** Largest JSON body on the management API, in bytes (larger → 413). */
  @EnvInt(1024, 100 * 1024 * 1024)
  MAX_BODY_BYTES = 1024 * 1024;

  /** Largest body on the ingestion and SDK endpoints after decompression, in bytes. */
  @EnvInt(1024, 500 * 1024 * 1024)
  INGESTION_MAX_BODY_BYTES = 20 * 1024 * 1024;

  @EnvBoolean()
  RATE_LIMIT_ENABLED = true;

  /** Requests per minute per user (all of the user's personal API keys together). */
  @EnvInt(1)
  RATE_LIMIT_PER_MINUTE = 480;

  /** Requests per hour per user (all of the user's personal API keys together). */
  @EnvInt(1)
  RATE_LIMIT_PER_HOUR = 4800;

  /**
   * Failed authentications (a personal API key or project token that names nothing) per client
   * address and minute before that address gets 429; 0 turns the throttle off.
   */
  @EnvInt(0)
  AUTH_FAILURES_PER_MINUTE = 60;

  /**
   * Most flags in one `dependency_chain` of the local-evaluation definitions (a dependency and
   * everything it depends on); a longer chain ships empty and SDKs ask the server.
   */
  @EnvInt(1, 100_000)
  FLAG_DEPENDENCY_CHAIN_MAX = 100;

  /**
   * Most flag keys in all the `dependency_chain` lists of one definitions response; flags are
   * served cheapest first and one that no longer fits ships its chains empty.
   */
  @EnvInt(0, 10_000_000)
  FLAG_DEPENDENCY_CHAINS_TOTAL_MAX = 100_000;

  /**
   * Most columns a CSV export flattens out of nested values (properties, distinct ids); further
   * ones are left out, and a last column says which rows lost values.
   */
  @EnvInt(1, 100_000)
  CSV_MAX_COLUMNS = 1_000;

  /**
   * Seconds between two writes of the flags' evaluation counts and last_called_at (counted in
   * memory meanwhile; a crash loses at most this much).
   */
  @EnvInt(1, 86_400)
  FLAG_CALLS_FLUSH_SECONDS = 60;

  /** On SIGTERM, how long in-flight requests may take before the process exits anyway. */
  @EnvInt(0, 600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /**
   * On SIGTERM, how long the server still takes requests (answering them with `Connection:
   * close`, `/_readyz` 503) before it stops accepting connections.
   */
  @EnvInt(0, 60_000)
  SHUTDOWN_GRACE_MS = 1_000;
}
