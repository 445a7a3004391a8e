import { DomainError } from '../errors/domain-error';

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
  driverError?: PgLikeError;
}

function pgError(error: unknown): PgLikeError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as PgLikeError;
  return e.driverError ?? e;
}

/** True when `error` is a unique violation (23505), optionally of the named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/**
 * True when `error` says a connection's prepared statement is no longer usable: gone (26000, e.g.
 * a proxy dropped the session's statements), or its result changed under it (0A000 "cached plan
 * must not change result type": another instance's migration altered a column it returns).
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const e = pgError(error);
  return (
    e?.code === '26000' || (e?.code === '0A000' && !!e.message?.includes('cached plan must not change result type'))
  );
}

/** True when `error` is a foreign-key violation (23503), optionally of the named constraint. */
export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'ENOENT', // unix socket of a stopped embedded database
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '40001', // serialization_failure: safe to retry
  '40P01', // deadlock_detected: safe to retry
  '3D000', // the database does not exist (yet): the server is misconfigured, not the request
  '28000', // invalid_authorization_specification
  '28P01', // invalid_password
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is not established',
  'connect ECONNREFUSED',
  'Cannot use a pool after calling end',
  'does not allow connections',
  'not currently accepting connections',
];

/**
 * Maps failures a client did not cause but can retry (database down, pool exhausted, statement
 * timeout) and values the database refuses to store (class 22) to domain errors. Returns
 * undefined for anything else, which stays a 500.
 */
export function translateDatabaseError(error: unknown): DomainError | undefined {
  const e = pgError(error);
  if (!e) return undefined;
  const code = e.code ?? '';
  if (code === '57014') {
    return new DomainError('timeout', 'timeout', 'The database took too long to answer; try again.', null, 1);
  }
  if (
    CONNECTION_CODES.has(code) ||
    // 08P01 (protocol_violation) is a statement the server refused, e.g. one with more than
    // 65535 parameters: the database is fine, the statement is our bug (a logged 500).
    (code.startsWith('08') && code !== '08P01') ||
    CONNECTION_MESSAGES.some((m) => (e.message ?? '').includes(m))
  ) {
    return new DomainError(
      'unavailable',
      'service_unavailable',
      'The database is unavailable; try again shortly.',
      null,
      1,
    );
  }
  if (code.startsWith('22')) {
    return DomainError.invalid(
      'A value in the request cannot be stored (for example a NUL byte or an out-of-range number).',
    );
  }
  return undefined;
}
