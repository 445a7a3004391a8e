import { FastRoute, HttpConfig } from '@app/platform';
import type { INestApplicationContext } from '@nestjs/common';
import type { Request } from 'express';
import { FlagEvaluationService } from '../flag-evaluation.service';
import { DEFINITIONS_PATHS, DefinitionsInput, sendCohortsOf, sendDefinitions } from './local-evaluation-response';
import { answerEvaluation, EVALUATION_CONTENT_TYPE } from './sdk-answers';

/**
 * The SDK calls served ahead of Nest (see `FastRoute`) by the same functions as `SdkController`'s
 * routes, which stay the documented ones and answer every other form of these requests.
 */
export function sdkFastRoutes(app: INestApplicationContext): ReadonlyArray<FastRoute<unknown>> {
  const evaluation = app.get(FlagEvaluationService);
  const config = app.get(HttpConfig);
  return [
    definitionsRoute(evaluation),
    evaluationRoute('/flags', (req, v) => answerEvaluation(evaluation, config, 'flags', req, v)),
    evaluationRoute('/decide', (req, v) => answerEvaluation(evaluation, config, 'decide', req, v)),
  ];
}

/** The definitions as SDKs poll them: `?token=…`, optionally `&send_cohorts` (no other field). */
function definitionsRoute(evaluation: FlagEvaluationService): FastRoute<DefinitionsInput> {
  return {
    method: 'get',
    paths: DEFINITIONS_PATHS,
    scopes: ['feature_flag:read'],
    projectSecret: true,
    accept(req) {
      const query = req.query; // a getter that parses on each read (Express 5)
      const { token, send_cohorts: sendCohorts } = query;
      for (const key in query) if (key !== 'token' && key !== 'send_cohorts') return undefined;
      if (typeof token !== 'string' || (sendCohorts !== undefined && typeof sendCohorts !== 'string')) {
        return undefined;
      }
      return { token, sendCohorts: sendCohortsOf(sendCohorts) };
    },
    handle: (input, req, res, actor) => sendDefinitions(evaluation, actor, input, req, res),
  };
}

/** Remote evaluation (`/flags`, `/decide`; public: the project token is in the body), `?v` given at most once. */
function evaluationRoute(
  path: string,
  answer: (req: Request, v: string | undefined) => Promise<string>,
): FastRoute<{ v: string | undefined }> {
  return {
    method: 'post',
    paths: [path],
    scopes: 'public',
    accept(req) {
      const v = req.query.v;
      return v === undefined || typeof v === 'string' ? { v } : undefined;
    },
    async handle(input, req, res) {
      const body = await answer(req, input.v);
      // As the Nest route answers (`@HttpCode(200)`, `@Header('Content-Type', …)`).
      res.status(200).setHeader('Content-Type', EVALUATION_CONTENT_TYPE);
      res.send(body);
    },
  };
}
