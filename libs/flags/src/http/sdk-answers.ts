import { decodeLargeSdkPayload, HttpConfig } from '@app/platform';
import type { Request } from 'express';
import { parseFlagsRequest, tokenOf } from '../domain/sdk-request';
import type { FlagEvaluationService } from '../flag-evaluation.service';
import { flagsResponseJson, toDecideResponse, toLegacyFlagsResponse } from './sdk.dto';

/** What the evaluation endpoints answer with, through Nest's routes and the fast ones alike. */
export const EVALUATION_CONTENT_TYPE = 'application/json; charset=utf-8';

/** From which `?v` each evaluation endpoint answers the `/flags` v2 body, and its older body below it. */
const EVALUATION_ANSWERS = {
  flags: { v2From: 2, older: toLegacyFlagsResponse },
  decide: { v2From: 4, older: toDecideResponse },
} as const;

/** `?v=` of an SDK request; NaN when absent or not a number. */
function versionOf(value: unknown): number {
  return typeof value === 'string' ? Number(value) : NaN;
}

/**
 * `POST /flags` or `/decide`: the body decoded and evaluated in its token's project, answered as
 * JSON text: the `/flags` v2 body from the endpoint's version on, else its older body.
 */
export async function answerEvaluation(
  evaluation: FlagEvaluationService,
  config: HttpConfig,
  endpoint: keyof typeof EVALUATION_ANSWERS,
  req: Request,
  v: unknown,
): Promise<string> {
  const payload = await decodeLargeSdkPayload(req, config.INGESTION_MAX_BODY_BYTES);
  const projectId = await evaluation.projectIdByToken(tokenOf(payload));
  const evaluated = await evaluation.evaluate(projectId, parseFlagsRequest(payload, req.headers), endpoint);
  const { v2From, older } = EVALUATION_ANSWERS[endpoint];
  const version = versionOf(v);
  return version >= v2From ? flagsResponseJson(evaluated) : JSON.stringify(older(evaluated, version));
}
