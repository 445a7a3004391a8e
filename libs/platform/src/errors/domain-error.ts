/**
 * The only error type services and domain code throw. The HTTP filter turns it into PostHog's
 * envelope `{type, code, detail, attr}`; the worker and the CLI print `detail`.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'throttled'
  | 'unavailable'
  | 'timeout';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    readonly detail: string,
    readonly attr: string | null = null,
    /** Seconds until a retry may succeed (throttled, unavailable). */
    readonly retryAfter?: number,
  ) {
    super(detail);
    this.name = 'DomainError';
  }

  static invalid(detail: string, attr: string | null = null, code = 'invalid_input'): DomainError {
    return new DomainError('invalid', code, detail, attr);
  }

  static required(attr: string): DomainError {
    return new DomainError('invalid', 'required', 'This field is required.', attr);
  }

  static notFound(detail = 'Not found.'): DomainError {
    return new DomainError('not_found', 'not_found', detail);
  }

  static forbidden(detail: string, code = 'permission_denied'): DomainError {
    return new DomainError('forbidden', code, detail);
  }

  static conflict(detail: string): DomainError {
    return new DomainError('conflict', 'conflict', detail);
  }

  /** 429 with Retry-After, in PostHog's words. */
  static throttled(retryAfterSeconds: number): DomainError {
    return new DomainError(
      'throttled',
      'throttled',
      `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
      null,
      retryAfterSeconds,
    );
  }

  static unique(detail: string, attr: string): DomainError {
    return new DomainError('invalid', 'unique', detail, attr);
  }
}
