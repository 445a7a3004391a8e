import {
  DomainError,
  envelopeOf,
  fromHttpException,
  JsonLogger,
  statusOf,
  translateDatabaseError,
} from '@app/platform';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { OFREP_ERROR_CODES } from '../domain/ofrep';
import type { OfrepErrorCode } from '../domain/ofrep';

/**
 * OFREP's error bodies instead of PostHog's envelope: `{key, errorCode, errorDetails}` (no `key`
 * on the bulk endpoint), with the status OFREP gives each case (400, 401, 404, 429 with
 * Retry-After, 5xx).
 */
@Catch()
export class OfrepErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const error =
      exception instanceof DomainError
        ? exception
        : exception instanceof HttpException
          ? fromHttpException(exception, req)
          : translateDatabaseError(exception);
    let status = 500;
    let body: { errorCode: OfrepErrorCode; errorDetails: string };
    if (error) {
      status = statusOf(error);
      const code = (OFREP_ERROR_CODES as readonly string[]).includes(error.code)
        ? (error.code as OfrepErrorCode)
        : error.kind === 'invalid'
          ? 'INVALID_CONTEXT'
          : 'GENERAL';
      body = { errorCode: code, errorDetails: envelopeOf(error).detail };
      if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(error.retryAfter));
      if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
    } else {
      this.logger.entry('error', 'unhandled error', {
        error: (exception as Error)?.message ?? String(exception),
        stack: (exception as Error)?.stack,
        method: req.method,
        path: req.path,
      });
      body = { errorCode: 'GENERAL', errorDetails: 'A server error occurred.' };
    }
    const key = (req.params as Record<string, string | undefined>).key;
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).json(key === undefined ? body : { key, ...body });
  }
}
