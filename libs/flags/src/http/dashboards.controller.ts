import { CurrentProject, RequireScopes, SerialIdPipe } from '@app/platform';
import type { ProjectAccess } from '@app/platform';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { UsageDashboardsService } from '../usage-dashboards.service';
import { DashboardDto, toDashboardDto } from './evaluation.dto';

/** Dashboards: the usage dashboards generated for flags, with their insights. */
@ApiTags('dashboards')
@Controller('api/projects/:project_id/dashboards')
export class DashboardsController {
  constructor(private readonly dashboards: UsageDashboardsService) {}

  @Get(':id')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: DashboardDto })
  async get(@CurrentProject() project: ProjectAccess, @Param('id', SerialIdPipe) id: number): Promise<DashboardDto> {
    const { dashboard, createdBy } = await this.dashboards.dashboard(project.id, id);
    return toDashboardDto(dashboard, createdBy);
  }
}
