import { CurrentActor, CurrentProject, DomainError, QueryParam, RequireScopes, SerialIdPipe } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { FlagsService } from '../flags.service';
import type { Response } from 'express';
import { UsageDashboardsService } from '../usage-dashboards.service';
import type { DashboardOutcome } from '../usage-dashboards.service';
import { DashboardOutcomeDto } from './evaluation.dto';

/** Answers `{success}` with 200, or PostHog's `{success: false, error}` with 400. */
function sendOutcome(res: Response, outcome: DashboardOutcome): DashboardOutcome {
  if (!outcome.success) res.status(400);
  return outcome;
}

/** Days of evaluation counts one request may ask for. */
const MAX_DAYS = 365;

function days(raw: unknown, name: string): number {
  if (raw === undefined) return 30;
  const text = Array.isArray(raw) ? undefined : String(raw);
  if (text === undefined || !/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > MAX_DAYS) {
    throw DomainError.invalid(`${name} must be a whole number of days from 1 to ${MAX_DAYS}.`, name);
  }
  return Number(text);
}

export class EvaluationCountsQuery {
  /** Days up to today (UTC) to count, default 30. */
  @QueryParam(days)
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_DAYS })
  days: number;
}

export class EvaluationCountDto {
  @ApiProperty({ format: 'date', description: 'A day (UTC).' }) date: string;
  @ApiProperty({ type: 'integer' }) count: number;
}

export class EvaluationCountsDto {
  @ApiProperty({ type: [EvaluationCountDto], description: 'Oldest day first; days without calls count 0.' })
  results: EvaluationCountDto[];
  @ApiProperty({ type: 'integer' }) total: number;
}

/** A flag's usage dashboard: created, enriched with the `$feature_view` insights, and its daily evaluations. */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class UsageDashboardsController {
  constructor(
    private readonly dashboards: UsageDashboardsService,
    private readonly flags: FlagsService,
  ) {}

  /**
   * SDK evaluations of the flag per day (`/flags`, `/decide`, OFREP, local-evaluation polls),
   * written every FLAG_CALLS_FLUSH_SECONDS: the counts the usage dashboard shows.
   */
  @Get(':id/evaluations')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: EvaluationCountsDto })
  async evaluations(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Query() query: EvaluationCountsQuery,
  ): Promise<EvaluationCountsDto> {
    const results = await this.flags.evaluationsPerDay(project, id, query.days);
    return { results, total: results.reduce((sum, r) => sum + r.count, 0) };
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
    return sendOutcome(res, await this.dashboards.createUsageDashboard(project, actor, id));
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
    return sendOutcome(res, await this.dashboards.enrichUsageDashboard(project, actor, id));
  }
}
