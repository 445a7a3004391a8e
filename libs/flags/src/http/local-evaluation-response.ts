import { DomainError } from '@app/platform';
import type { Response } from 'express';
import type { LocalEvaluationBody } from '../domain/project-snapshot';
import { etagMatches } from '../domain/sdk-request';

/** `send_cohorts`: present without a value or truthy → true; `false`/`0` → false. */
export function sendCohortsOf(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'string') throw DomainError.invalid('send_cohorts must be given once.', 'send_cohorts');
  return !['false', '0', 'no'].includes(value.toLowerCase());
}

/**
 * A definitions body made once per change: its strong ETag, and 304 without a body when the
 * client already has it.
 */
export function sendLocalEvaluation(res: Response, body: LocalEvaluationBody, ifNoneMatch: string | undefined): void {
  res.setHeader('ETag', body.etag);
  res.setHeader('Cache-Control', 'private, must-revalidate');
  if (etagMatches(ifNoneMatch, body.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json').send(body.json);
}
