import { AcceptsProjectSecret, CurrentActor, ErrorEnvelope, HttpConfig, Public, RequireScopes } from '@app/platform';
import type { Actor } from '@app/platform';
import { Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FlagEvaluationService } from '../flag-evaluation.service';
import { DEFINITIONS_PATHS, sendDefinitions } from './local-evaluation-response';
import { answerEvaluation, EVALUATION_CONTENT_TYPE } from './sdk-answers';
import { LocalEvaluationDto } from './evaluation.dto';
import {
  DecideResponseDto,
  DecideV1ResponseDto,
  DecideV2ResponseDto,
  DefinitionsQuery,
  FlagDetailDto,
  FLAGS_REQUEST_SCHEMA,
  FlagsResponseDto,
  LegacyFlagsResponseDto,
} from './sdk.dto';

const SDK_BODY = [
  ApiConsumes('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
  ApiBody({ schema: FLAGS_REQUEST_SCHEMA }),
  ApiQuery({ name: 'compression', required: false, enum: ['gzip-js', 'gzip', 'base64'] }),
  ApiResponse({ status: 400, type: ErrorEnvelope, description: 'Malformed body, or a field of the wrong type.' }),
  ApiResponse({ status: 401, type: ErrorEnvelope, description: 'Missing or unknown project token.' }),
];
const SdkBody = (): MethodDecorator => (target, key, descriptor) => {
  SDK_BODY.forEach((d) => d(target, key, descriptor));
};

const DEFINITIONS_RESPONSES = [
  ApiHeader({ name: 'If-None-Match', required: false }),
  ApiOkResponse({ type: LocalEvaluationDto, headers: { ETag: { schema: { type: 'string' } } } }),
  ApiResponse({ status: 304, description: 'The definitions did not change since that ETag.' }),
  ApiResponse({
    status: 401,
    type: ErrorEnvelope,
    description: 'Missing or invalid personal API key, or a token that names no project of its user.',
  }),
];
const Definitions = (): MethodDecorator => (target, key, descriptor) => {
  DEFINITIONS_RESPONSES.forEach((d) => d(target, key, descriptor));
};

/**
 * What PostHog SDKs call: remote evaluation (`/flags`, legacy `/decide`, project token in the
 * body, any origin) and the definitions for local evaluation (personal API key + project token,
 * both paths posthog-node versions use). Each handler decodes, calls the evaluation service once
 * and maps the answer, so it can run as a plain Express handler as well.
 */
@ApiTags('sdk')
@ApiExtraModels(FlagDetailDto, FlagsResponseDto, LegacyFlagsResponseDto)
@Controller()
export class SdkController {
  constructor(
    private readonly evaluation: FlagEvaluationService,
    private readonly config: HttpConfig,
  ) {}

  @Post('flags')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Evaluate flags for a distinct id (SDK endpoint, project token in the body)',
    description:
      'Active flags only. `?v=2` (what posthog-node and posthog-js send): `{flags: {key: {enabled, variant, reason, metadata}}}`; without `v` or below 2: the legacy `{featureFlags, featureFlagPayloads}`. Stored person and group properties count, under the request’s own. Any origin may call it (CORS).',
  })
  @ApiQuery({ name: 'v', required: false, description: 'Response version: 2 (default shape of SDKs) or 1.' })
  @SdkBody()
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(FlagsResponseDto) }, { $ref: getSchemaPath(LegacyFlagsResponseDto) }] },
  })
  @Header('Content-Type', EVALUATION_CONTENT_TYPE)
  async flags(@Req() req: Request, @Query('v') v: unknown): Promise<string> {
    return answerEvaluation(this.evaluation, this.config, 'flags', req, v);
  }

  @Post('decide')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Evaluate flags, legacy endpoint (SDK endpoint, project token in the body)',
    description:
      'As PostHog answers each version, with a minimal `config`: without `v` or `?v=1`, `featureFlags` is the list of the enabled flags’ keys; `?v=2`, a map of the enabled flags only; `?v=3` (posthog-node 3.x), every flag’s value with `featureFlagPayloads`; `?v=4` and up: the `/flags` v2 body.',
  })
  @ApiQuery({
    name: 'v',
    required: false,
    description: 'Response version (1: enabled keys; 2: enabled values; 3: legacy; 4: as /flags?v=2).',
  })
  @SdkBody()
  @ApiOkResponse({
    // anyOf: the v3 body is also a v2 one (a map of values), with more fields.
    schema: {
      anyOf: [
        { $ref: getSchemaPath(DecideV1ResponseDto) },
        { $ref: getSchemaPath(DecideV2ResponseDto) },
        { $ref: getSchemaPath(DecideResponseDto) },
        { $ref: getSchemaPath(FlagsResponseDto) },
      ],
    },
  })
  @ApiExtraModels(DecideV1ResponseDto, DecideV2ResponseDto, DecideResponseDto)
  @Header('Content-Type', EVALUATION_CONTENT_TYPE)
  async decide(@Req() req: Request, @Query('v') v: unknown): Promise<string> {
    return answerEvaluation(this.evaluation, this.config, 'decide', req, v);
  }

  /** posthog-node ≥ 5.29.4: the project's definitions for local evaluation. */
  @Get(DEFINITIONS_PATHS[0])
  @RequireScopes('feature_flag:read')
  @AcceptsProjectSecret()
  @ApiOperation({ summary: 'Flag definitions for local evaluation (posthog-node ≥ 5.29.4)' })
  @Definitions()
  async definitions(
    @CurrentActor() actor: Actor,
    @Query() query: DefinitionsQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendDefinitions(this.evaluation, actor, { token: query.token, sendCohorts: query.send_cohorts }, req, res);
  }

  /** posthog-node before 5.29.4: the same definitions on PostHog's older path. */
  @Get(DEFINITIONS_PATHS[1])
  @RequireScopes('feature_flag:read')
  @AcceptsProjectSecret()
  @ApiOperation({ summary: 'Flag definitions for local evaluation (posthog-node 3.x – 5.29.3)' })
  @Definitions()
  async legacyDefinitions(
    @CurrentActor() actor: Actor,
    @Query() query: DefinitionsQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendDefinitions(this.evaluation, actor, { token: query.token, sendCohorts: query.send_cohorts }, req, res);
  }
}
