import { ApiProperty } from '@nestjs/swagger';
import { DomainError, DomainErrorKind } from './domain-error';

/** PostHog's flat error body (drf-exceptions-hog): exactly these four keys. */
export class ErrorEnvelope {
  @ApiProperty({
    enum: ['validation_error', 'authentication_error', 'invalid_request', 'throttled_error', 'server_error'],
  })
  type: string;

  @ApiProperty({ example: 'invalid_input' })
  code: string;

  @ApiProperty({ example: 'This field is required.' })
  detail: string;

  @ApiProperty({ type: String, nullable: true, example: 'key' })
  attr: string | null;
}

const KIND: Record<DomainErrorKind, { status: number; type: string }> = {
  invalid: { status: 400, type: 'validation_error' },
  unauthenticated: { status: 401, type: 'authentication_error' },
  forbidden: { status: 403, type: 'authentication_error' },
  not_found: { status: 404, type: 'invalid_request' },
  method_not_allowed: { status: 405, type: 'invalid_request' },
  // PostHog's Conflict exception declares no default type, so drf-exceptions-hog reports it as
  // server_error; clients that match on it keep working.
  conflict: { status: 409, type: 'server_error' },
  payload_too_large: { status: 413, type: 'invalid_request' },
  unsupported_media_type: { status: 415, type: 'invalid_request' },
  throttled: { status: 429, type: 'throttled_error' },
  unavailable: { status: 503, type: 'server_error' },
  timeout: { status: 504, type: 'server_error' },
};

export function statusOf(error: DomainError): number {
  return KIND[error.kind].status;
}

export function envelopeOf(error: DomainError): ErrorEnvelope {
  return { type: KIND[error.kind].type, code: error.code, detail: error.detail, attr: error.attr };
}

export const INTERNAL_ERROR: ErrorEnvelope = {
  type: 'server_error',
  code: 'error',
  detail: 'A server error occurred.',
  attr: null,
};
