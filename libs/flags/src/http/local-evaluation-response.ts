import { gzip } from 'node:zlib';
import { DomainError } from '@app/platform';
import type { Actor } from '@app/platform';
import type { Request, Response } from 'express';
import type { LocalEvaluationBody } from '../domain/project-snapshot';
import { etagMatches } from '../domain/sdk-request';
import type { FlagEvaluationService } from '../flag-evaluation.service';

/** `send_cohorts`: present without a value or truthy → true; `false`/`0` → false. */
export function sendCohortsOf(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'string') throw DomainError.invalid('send_cohorts must be given once.', 'send_cohorts');
  return !['false', '0', 'no'].includes(value.toLowerCase());
}

/** The definitions' paths: posthog-node ≥ 5.29.4, then the one older versions use. */
export const DEFINITIONS_PATHS = ['/flags/definitions', '/api/feature_flag/local_evaluation'] as const;

export interface DefinitionsInput {
  token: string | undefined;
  sendCohorts: boolean;
}

/** The definitions of `input.token`'s project for `actor`, answered on `res` (200 or 304). */
export async function sendDefinitions(
  evaluation: FlagEvaluationService,
  actor: Actor,
  input: DefinitionsInput,
  req: Request,
  res: Response,
): Promise<void> {
  const body = await evaluation.definitionsForToken(actor, input.token, input.sendCohorts);
  sendLocalEvaluation(res, body, req.headers['if-none-match']);
}

/**
 * A definitions body made once per change: its strong ETag, and 304 without a body when the
 * client already has it.
 */
export function sendLocalEvaluation(res: Response, body: LocalEvaluationBody, ifNoneMatch: string | undefined): void {
  res.setHeader('ETag', body.etag);
  res.setHeader('Cache-Control', 'private, must-revalidate');
  res.vary('Accept-Encoding'); // beside the SDK CORS middleware's `Origin`
  if (etagMatches(ifNoneMatch, body.etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type('application/json');
  const gzipped = body.json.length >= GZIP_MIN_BYTES && res.req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const compressed = gzipped ? gzippedBody(body) : undefined;
  if (compressed === undefined) {
    res.send(body.json);
    return;
  }
  res.setHeader('Content-Encoding', 'gzip');
  res.send(compressed);
}

/** Smaller bodies gain nothing from compression (the `compression` middleware's default threshold). */
const GZIP_MIN_BYTES = 1024;

/**
 * The gzip form of a cached body (what posthog-node's fetch asks for with `accept-encoding: gzip,
 * deflate`): made once per body, off the event loop; until it is ready, the body goes uncompressed.
 * Both forms carry the body's ETag, as Express's `compression` does, so a client's `If-None-Match`
 * matches whichever form it got (the responses are private, and no range is served).
 */
function gzippedBody(body: LocalEvaluationBody): Buffer | undefined {
  const known = compressed.get(body);
  if (known === undefined) {
    compressed.set(body, 'pending');
    gzip(body.json, (error, result) => {
      if (error) compressed.delete(body);
      else compressed.set(body, result);
    });
  }
  return known instanceof Buffer ? known : undefined;
}

const compressed = new WeakMap<LocalEvaluationBody, Buffer | 'pending'>();
