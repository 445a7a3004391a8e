import { CurrentActor, CurrentProject, RequireScopes, SerialIdPipe } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { UsageDashboardsService } from '../usage-dashboards.service';
import type { DashboardOutcome } from '../usage-dashboards.service';
import { DashboardOutcomeDto } from './evaluation.dto';

/** Answers `{success}` with 200, or PostHog's `{success: false, error}` with 400. */
function sendOutcome(res: Response, outcome: DashboardOutcome): DashboardOutcome {
  if (!outcome.success) res.status(400);
  return outcome;
}

/** A flag's usage dashboard: created, and enriched with the `$feature_view` insights. */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class UsageDashboardsController {
  constructor(private readonly dashboards: UsageDashboardsService) {}

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
