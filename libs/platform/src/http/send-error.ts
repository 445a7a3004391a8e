import type { Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { envelopeOf, ErrorEnvelope, statusOf } from '../errors/error-envelope';

export function sendEnvelope(res: Response, status: number, body: ErrorEnvelope, retryAfter?: number): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  res.status(status).json(body);
}

export function sendDomainError(res: Response, error: DomainError): void {
  sendEnvelope(res, statusOf(error), envelopeOf(error), error.retryAfter);
}
