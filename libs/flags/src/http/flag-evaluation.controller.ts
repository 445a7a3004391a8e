import { toCohortDto } from '@app/cohorts';
import { CurrentActor, CurrentProject, ExpensiveRoute, RequireScopes, SerialIdPipe } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiExtension,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { FlagEvaluationService } from '../flag-evaluation.service';
import { FlagToolsService } from '../flag-tools.service';
import type { DashboardOutcome } from '../flag-tools.service';
import {
  BlastRadiusDto,
  BlastRadiusRequestDto,
  DashboardOutcomeDto,
  EvaluationReasonDto,
  EvaluationReasonsQuery,
  GroupsQuery,
  LocalEvaluationDto,
  MyFlagDto,
  SendCohortsQuery,
  StaticCohortForFlagDto,
  toEvaluationReasons,
  toMyFlags,
} from './evaluation.dto';
import { sendDefinitions } from './definitions-response';

/** Answers `{success}` with 200, or PostHog's `{success: false, error}` with 400. */
function sendOutcome(res: Response, outcome: DashboardOutcome): DashboardOutcome {
  if (!outcome.success) res.status(400);
  return outcome;
}

/**
 * The flag helpers of a project: evaluation for a distinct id or the caller, the local-evaluation
 * definitions, blast radius, static cohorts from a flag, usage dashboards. Registered before the
 * flags controller, whose `GET :id` would otherwise take `evaluation_reasons` for an id.
 */
@ApiTags('feature flags')
@ApiExtraModels(EvaluationReasonDto)
@Controller('api/projects/:project_id/feature_flags')
export class FlagEvaluationController {
  constructor(
    private readonly evaluation: FlagEvaluationService,
    private readonly tools: FlagToolsService,
  ) {}

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
   * `send_cohorts`) the cohorts. Strong ETag; a matching `If-None-Match` gets 304.
   */
  @Get('local_evaluation')
  @RequireScopes('feature_flag:read')
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
    sendDefinitions(res, body, ifNoneMatch);
  }

  /** How many persons (or groups) a condition's properties match, out of how many. */
  @Post('user_blast_radius')
  @HttpCode(200)
  @RequireScopes('feature_flag:read')
  @ExpensiveRoute()
  @ApiOkResponse({ type: BlastRadiusDto })
  async blastRadius(
    @CurrentProject() project: ProjectAccess,
    @Body() body: BlastRadiusRequestDto,
  ): Promise<BlastRadiusDto> {
    return this.tools.blastRadius(project, body);
  }

  /**
   * A static cohort of the persons the flag is on for. It answers at once with the cohort
   * (`is_calculating: true`); its persons are added in the background.
   */
  @Post(':id/create_static_cohort_for_flag')
  @RequireScopes('feature_flag:write', 'cohort:write')
  // expensive work, admitted by the service: the filling outlives the request
  @ApiExtension('x-expensive', true)
  @ApiCreatedResponse({ type: StaticCohortForFlagDto })
  async staticCohort(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<StaticCohortForFlagDto> {
    const { cohort, createdBy } = await this.tools.createStaticCohortForFlag(project, actor, id);
    return { cohort: toCohortDto(cohort, createdBy) };
  }

  /** Creates a usage dashboard for the flag (a new one each time) and links it as `usage_dashboard`. */
  @Post(':id/dashboard')
  @HttpCode(200)
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: DashboardOutcomeDto })
  @ApiBadRequestResponse({ type: DashboardOutcomeDto, description: '`{success: false, error}`.' })
  async dashboard(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DashboardOutcome> {
    return sendOutcome(res, await this.tools.createUsageDashboard(project, actor, id));
  }

  /**
   * Adds the `$feature_view` / `$feature_interaction` insights to the usage dashboard. 400
   * `{success: false, error}` when there is no usage dashboard, it has them already, or the flag
   * has no enriched analytics.
   */
  @Post(':id/enrich_usage_dashboard')
  @HttpCode(200)
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: DashboardOutcomeDto })
  @ApiBadRequestResponse({ type: DashboardOutcomeDto, description: '`{success: false, error}`.' })
  async enrichUsageDashboard(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DashboardOutcome> {
    return sendOutcome(res, await this.tools.enrichUsageDashboard(project, actor, id));
  }
}
