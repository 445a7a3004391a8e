import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiPaginatedResponse, CurrentActor, CurrentOrganization, RequireScopes } from '../../http/decorators';
import { pageOf, PageQueryDto, Paginated } from '../../http/pagination';
import type { Actor, OrganizationAccess } from '../actor';
import { MembersService } from '../members.service';
import { OrganizationMemberDto, toOrganizationMemberDto, UpdateOrganizationMemberDto } from './tenancy.dto';

/** An organization's members (PostHog: `/api/organizations/:id/members/`, addressed by the user's uuid). */
@ApiTags('organizations')
@Controller('api/organizations/:organization_id/members')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @RequireScopes('organization_member:read')
  @ApiPaginatedResponse(OrganizationMemberDto)
  async list(
    @CurrentOrganization() org: OrganizationAccess,
    @Query() page: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<OrganizationMemberDto>> {
    const { count, rows } = await this.members.list(org.id, page.limit, page.offset);
    return pageOf(
      req,
      page,
      count,
      rows.map((r) => toOrganizationMemberDto(r.membership, r.user)),
    );
  }

  /** Changes a member's level (admins; never your own; owner hands the ownership over). */
  @Patch(':user_uuid')
  @RequireScopes('organization_member:write')
  @ApiOkResponse({ type: OrganizationMemberDto })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentOrganization() org: OrganizationAccess,
    @Param('user_uuid') userUuid: string,
    @Body() body: UpdateOrganizationMemberDto,
  ): Promise<OrganizationMemberDto> {
    const { membership, user } = await this.members.changeLevel(actor, org, userUuid, body.level);
    return toOrganizationMemberDto(membership, user);
  }

  /** Removes a member (admins), or yourself (leaving); the owner cannot be removed. */
  @Delete(':user_uuid')
  @RequireScopes('organization_member:write')
  @HttpCode(204)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @CurrentOrganization() org: OrganizationAccess,
    @Param('user_uuid') userUuid: string,
  ): Promise<void> {
    await this.members.remove(actor, org, userUuid);
  }
}
