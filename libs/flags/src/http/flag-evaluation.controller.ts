import { AcceptsProjectSecret, CurrentActor, CurrentProject, RequireScopes } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { FlagEvaluationService } from '../flag-evaluation.service';
import {
  EvaluationReasonDto,
  EvaluationReasonsQuery,
  GroupsQuery,
  LocalEvaluationDto,
  MyFlagDto,
  SendCohortsQuery,
  toEvaluationReasons,
  toMyFlags,
} from './evaluation.dto';
import { sendLocalEvaluation } from './local-evaluation-response';

/**
 * Flag values outside the SDK endpoints: for a distinct id with the reasons, for the caller, and
 * the local-evaluation payload. Registered before the flags controller, whose `GET :id` would
 * otherwise take `evaluation_reasons` for an id.
 */
@ApiTags('feature flags')
@ApiExtraModels(EvaluationReasonDto)
@Controller('api/projects/:project_id/feature_flags')
export class FlagEvaluationController {
  constructor(private readonly evaluation: FlagEvaluationService) {}

  /**
   * Every live flag's value for `distinct_id` (stored person properties; `groups` for group
   * flags) and why: inactive flags as `disabled`.
   */
  @Get('evaluation_reasons')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({
    description: 'Flag key → value and reason.',
    schema: { type: 'object', additionalProperties: { $ref: getSchemaPath(EvaluationReasonDto) } },
  })
  async evaluationReasons(
    @CurrentProject() project: ProjectAccess,
    @Query() query: EvaluationReasonsQuery,
  ): Promise<Record<string, EvaluationReasonDto>> {
    return toEvaluationReasons(await this.evaluation.evaluationReasons(project.id, query.distinct_id, query.groups));
  }

  /** The caller's own value of every live flag, evaluated for the user behind the key, newest flag first. */
  @Get('my_flags')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: [MyFlagDto] })
  async myFlags(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Query() query: GroupsQuery,
  ): Promise<MyFlagDto[]> {
    return toMyFlags(await this.evaluation.myFlags(project.id, actor, query.groups));
  }

  /**
   * What SDKs need to evaluate locally: every live flag, the group types and (with
   * `send_cohorts`) the cohorts. Strong ETag; a matching `If-None-Match` gets 304. A personal
   * API key, or the project's secret token (phs_…).
   */
  @Get('local_evaluation')
  @RequireScopes('feature_flag:read')
  @AcceptsProjectSecret()
  @ApiHeader({ name: 'If-None-Match', required: false })
  @ApiOkResponse({ type: LocalEvaluationDto, headers: { ETag: { schema: { type: 'string' } } } })
  @ApiResponse({ status: 304, description: 'The definitions did not change since that ETag.' })
  async localEvaluation(
    @CurrentProject() project: ProjectAccess,
    @Query() query: SendCohortsQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const body = await this.evaluation.localEvaluation(project.id, query.send_cohorts);
    sendLocalEvaluation(res, body, ifNoneMatch);
  }
}
