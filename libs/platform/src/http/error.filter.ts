import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { translateDatabaseError } from '../database/pg-errors';
import { DomainError } from '../errors/domain-error';
import { INTERNAL_ERROR } from '../errors/error-envelope';
import { JsonLogger } from '../observability/json-logger';
import { RouteTable } from './route-table';
import { sendDomainError, sendEnvelope } from './send-error';

/** Maps what Nest itself throws (unmatched route, built-in pipes) to a domain error. */
export function fromHttpException(e: HttpException, req: Request, routes?: RouteTable): DomainError {
  const status = e.getStatus();
  const response = e.getResponse();
  const message =
    typeof response === 'object' && response !== null && 'message' in response
      ? String((response as { message: unknown }).message)
      : e.message;
  switch (status) {
    case 400:
      return DomainError.invalid(message);
    case 401:
      return new DomainError('unauthenticated', 'not_authenticated', 'Authentication credentials were not provided.');
    case 403:
      return DomainError.forbidden('You do not have permission to perform this action.');
    case 404: {
      const allowed = routes?.allowedMethods(req.path);
      if (allowed && !allowed.includes(req.method)) {
        return new DomainError('method_not_allowed', 'method_not_allowed', `Method "${req.method}" not allowed.`);
      }
      return DomainError.notFound();
    }
    case 405:
      return new DomainError('method_not_allowed', 'method_not_allowed', `Method "${req.method}" not allowed.`);
    case 413:
      return new DomainError('payload_too_large', 'payload_too_large', 'Request body is too large.');
    case 415:
      return new DomainError('unsupported_media_type', 'unsupported_media_type', message);
    case 429:
      return new DomainError('throttled', 'throttled', 'Request was throttled.', null, 1);
    default:
      return status >= 500
        ? new DomainError(
            'unavailable',
            'service_unavailable',
            'The service is unavailable; try again shortly.',
            null,
            1,
          )
        : DomainError.invalid(message);
  }
}

/**
 * The one place errors become HTTP: PostHog's `{type, code, detail, attr}` envelope with the
 * right status. Unknown errors are logged with the request id and answered 500 with nothing
 * internal in the body.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(
    private readonly logger: JsonLogger,
    private readonly routes: RouteTable,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(exception, ctx.getRequest<Request>(), ctx.getResponse<Response>());
  }

  /** Answers `exception` on `res` (Nest's routes through `catch`, the `FastRoute`s directly). */
  answer(exception: unknown, req: Request, res: Response): void {
    const error = this.toDomainError(exception, req);
    if (error) {
      if (error.kind === 'unavailable' || error.kind === 'timeout') {
        this.logger.entry('warn', 'database unavailable', {
          error: String((exception as Error)?.message ?? exception),
        });
      }
      sendDomainError(res, error);
      return;
    }
    this.logger.entry('error', 'unhandled error', {
      error: (exception as Error)?.message ?? String(exception),
      stack: (exception as Error)?.stack,
      method: req.method,
      path: req.path,
    });
    sendEnvelope(res, 500, INTERNAL_ERROR);
  }

  private toDomainError(exception: unknown, req: Request): DomainError | undefined {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof HttpException) return fromHttpException(exception, req, this.routes);
    return translateDatabaseError(exception);
  }
}
