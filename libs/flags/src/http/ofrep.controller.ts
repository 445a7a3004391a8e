import { decodeSdkPayload, DomainError, ErrorEnvelope, HttpConfig, Public, sdkBodyError } from '@app/platform';
import { Controller, Headers, HttpCode, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ofrepError, parseOfrepRequest } from '../domain/ofrep';
import { strongEtag } from '../domain/project-snapshot';
import { etagMatches } from '../domain/sdk-request';
import { FlagEvaluationService } from '../flag-evaluation.service';
import { OfrepErrorFilter } from './ofrep-error.filter';
import { OfrepBulkDto, OfrepErrorDto, OfrepEvaluationRequestDto, OfrepSuccessDto, toOfrepResults } from './sdk.dto';

const ERRORS = [
  ApiResponse({
    status: 400,
    type: OfrepErrorDto,
    description: 'PARSE_ERROR, TARGETING_KEY_MISSING or INVALID_CONTEXT.',
  }),
  ApiResponse({ status: 401, type: OfrepErrorDto, description: 'Missing or unknown project token.' }),
  ApiResponse({ status: 429, type: OfrepErrorDto, description: 'Too many failed authentications; see Retry-After.' }),
  ApiResponse({ status: 413, type: ErrorEnvelope, description: 'Body too large (refused before OFREP reads it).' }),
  ApiResponse({ status: 503, type: OfrepErrorDto, description: 'Database unavailable; see Retry-After.' }),
  ApiResponse({ status: 504, type: OfrepErrorDto, description: 'The database took too long.' }),
];
const OfrepErrors = (): MethodDecorator => (target, key, descriptor) => {
  ERRORS.forEach((d) => d(target, key, descriptor));
};

/** The project token of an OFREP request: `Authorization: Bearer phc_…` or `X-API-Key`. */
function tokenOf(authorization: string | undefined, apiKey: string | undefined): string | undefined {
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return bearer ?? (apiKey || undefined);
}

/**
 * The OpenFeature Remote Evaluation Protocol (OFREP 0.3): evaluate one flag, or every flag at
 * once (with ETag / 304 for polling providers). The project token authenticates; errors use
 * OFREP's bodies. Any origin may call them (CORS).
 */
@ApiTags('ofrep')
@ApiBearerAuth()
@ApiHeader({ name: 'Authorization', required: false, description: '`Bearer <project token>` (or X-API-Key).' })
@UseFilters(OfrepErrorFilter)
@Controller('ofrep/v1/evaluate/flags')
export class OfrepController {
  constructor(
    private readonly evaluation: FlagEvaluationService,
    private readonly config: HttpConfig,
  ) {}

  @Post(':key')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate one flag (OFREP)' })
  @ApiBody({ type: OfrepEvaluationRequestDto })
  @ApiOkResponse({ type: OfrepSuccessDto })
  @ApiResponse({ status: 404, type: OfrepErrorDto, description: 'FLAG_NOT_FOUND: no live flag with this key.' })
  @OfrepErrors()
  async evaluate(
    @Param('key') key: string,
    @Req() req: Request,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
  ): Promise<OfrepSuccessDto> {
    const projectId = await this.projectOf(authorization, apiKey);
    const request = parseOfrepRequest(this.body(req), req.headers);
    const evaluated = await this.evaluation.evaluateLive(projectId, request, 'ofrep', key);
    if (evaluated.results.length === 0) throw ofrepError('FLAG_NOT_FOUND', `Flag '${key}' was not found.`);
    return toOfrepResults(evaluated)[0];
  }

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Evaluate every flag (OFREP bulk); ETag, 304 on If-None-Match' })
  @ApiHeader({ name: 'If-None-Match', required: false })
  @ApiBody({ type: OfrepEvaluationRequestDto })
  @ApiOkResponse({ type: OfrepBulkDto, headers: { ETag: { schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'The answers did not change since that ETag.' })
  @OfrepErrors()
  async evaluateAll(
    @Req() req: Request,
    @Res() res: Response,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
  ): Promise<void> {
    const projectId = await this.projectOf(authorization, apiKey);
    const request = parseOfrepRequest(this.body(req), req.headers);
    const evaluated = await this.evaluation.evaluateLive(projectId, request, 'ofrep_bulk');
    const json = JSON.stringify({ flags: toOfrepResults(evaluated) });
    const etag = strongEtag(json);
    res.setHeader('ETag', etag);
    if (etagMatches(ifNoneMatch, etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type('application/json').send(json);
  }

  private projectOf(authorization: string | undefined, apiKey: string | undefined): Promise<number> {
    return this.evaluation.projectIdByToken(tokenOf(authorization, apiKey));
  }

  /** The JSON body (read raw so that even a malformed one gets OFREP's error body). */
  private body(req: Request): unknown {
    if (!sdkBodyError(req) && (!Buffer.isBuffer(req.body) || req.body.length === 0)) return {};
    try {
      return decodeSdkPayload(req, this.config.INGESTION_MAX_BODY_BYTES);
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'invalid') throw ofrepError('PARSE_ERROR', e.detail);
      throw e;
    }
  }
}
