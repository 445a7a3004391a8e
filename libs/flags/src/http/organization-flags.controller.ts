import { CurrentActor, CurrentOrganization, RequireScopes } from '@app/platform';
import type { Actor, OrganizationAccess } from '@app/platform';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FlagsService } from '../flags.service';
import {
  CopyFlagsDto,
  CopyFlagsResultDto,
  OrganizationFlagDto,
  toCopyResultDto,
  toOrganizationFlagDto,
} from './flags.dto';

@ApiTags('feature flags')
@Controller('api/organizations/:organization_id/feature_flags')
export class OrganizationFlagsController {
  constructor(private readonly flags: FlagsService) {}

  /**
   * Copies a live flag to other projects of this organization: a live flag with the same key
   * there is updated, otherwise one is created. Always 200; each target is in `success` or
   * `failed` (targets outside the organization fail as "does not exist").
   */
  @Post('copy_flags')
  @HttpCode(200)
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: CopyFlagsResultDto })
  async copy(
    @CurrentOrganization() organization: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CopyFlagsDto,
  ): Promise<CopyFlagsResultDto> {
    return toCopyResultDto(await this.flags.copy(organization, actor, body));
  }

  /** The live flags with this key in every project of the organization (`[]` when none). */
  @Get(':feature_flag_key')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: [OrganizationFlagDto] })
  async byKey(
    @CurrentOrganization() organization: OrganizationAccess,
    @Param('feature_flag_key') key: string,
  ): Promise<OrganizationFlagDto[]> {
    return (await this.flags.inOrganization(organization.id, key)).map(toOrganizationFlagDto);
  }
}
