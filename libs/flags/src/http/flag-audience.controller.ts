import { toCohortDto } from '@app/cohorts';
import { CurrentActor, CurrentProject, ExpensiveRoute, RequireScopes, SerialIdPipe } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtension, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FlagAudienceService } from '../flag-audience.service';
import { BlastRadiusDto, BlastRadiusRequestDto, StaticCohortForFlagDto } from './evaluation.dto';

/** Who a flag reaches: the blast radius of a condition, and a static cohort of a flag's persons. */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class FlagAudienceController {
  constructor(private readonly audience: FlagAudienceService) {}

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
    return this.audience.blastRadius(project, body);
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
    const { cohort, createdBy } = await this.audience.createStaticCohortForFlag(project, actor, id);
    return { cohort: toCohortDto(cohort, createdBy) };
  }
}
