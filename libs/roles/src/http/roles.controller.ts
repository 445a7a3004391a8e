import {
  ApiPaginatedResponse,
  CurrentActor,
  CurrentOrganization,
  pageOf,
  PageQueryDto,
  RequireScopes,
} from '@app/platform';
import type { Actor, OrganizationAccess, Paginated } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RolesService } from '../roles.service';
import {
  CreateRoleDto,
  CreateRoleMembershipDto,
  FeatureFlagAccessDto,
  RoleDto,
  RoleMembershipDto,
  toFeatureFlagAccessDto,
  toRoleDto,
  toRoleMembershipDto,
  UpdateFeatureFlagAccessDto,
  UpdateRoleDto,
} from './roles.dto';

const RoleId = ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'The role id.' });
const MembershipId = ApiParam({ name: 'membership_id', schema: { type: 'string', format: 'uuid' } });

/** Roles of an organization: every member reads them, admins and owners change them. */
@ApiTags('roles')
@Controller('api/organizations/:organization_id/roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  /** Roles of the organization, oldest first. */
  @Get()
  @RequireScopes('organization:read')
  @ApiPaginatedResponse(RoleDto)
  async list(
    @CurrentOrganization() org: OrganizationAccess,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<RoleDto>> {
    const { count, roles } = await this.roles.list(org, query);
    return pageOf(req, query, count, roles.map(toRoleDto));
  }

  /** A new role (admins only). */
  @Post()
  @RequireScopes('organization:write')
  @ApiCreatedResponse({ type: RoleDto })
  async create(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateRoleDto,
  ): Promise<RoleDto> {
    return toRoleDto(await this.roles.create(org, actor, body));
  }

  @Get(':id')
  @RoleId
  @RequireScopes('organization:read')
  @ApiOkResponse({ type: RoleDto })
  async get(@CurrentOrganization() org: OrganizationAccess, @Param('id') id: string): Promise<RoleDto> {
    return toRoleDto(await this.roles.get(org, id));
  }

  /** Renames the role or changes its level (admins only). */
  @Patch(':id')
  @RoleId
  @RequireScopes('organization:write')
  @ApiOkResponse({ type: RoleDto })
  async update(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateRoleDto,
  ): Promise<RoleDto> {
    return toRoleDto(await this.roles.update(org, actor, id, body));
  }

  /** Deletes the role, its memberships and its access to flags (admins only). */
  @Delete(':id')
  @RoleId
  @HttpCode(204)
  @RequireScopes('organization:write')
  @ApiNoContentResponse({ description: 'Deleted.' })
  async remove(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<void> {
    await this.roles.remove(org, actor, id);
  }

  /** The role's members, oldest first. */
  @Get(':id/role_memberships')
  @RoleId
  @RequireScopes('organization:read')
  @ApiPaginatedResponse(RoleMembershipDto)
  async memberships(
    @CurrentOrganization() org: OrganizationAccess,
    @Param('id') id: string,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<RoleMembershipDto>> {
    const { count, members } = await this.roles.memberships(org, id, query);
    return pageOf(req, query, count, members.map(toRoleMembershipDto));
  }

  /** Adds a user of the organization to the role (admins only). */
  @Post(':id/role_memberships')
  @RoleId
  @RequireScopes('organization:write')
  @ApiCreatedResponse({ type: RoleMembershipDto })
  async addMember(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: CreateRoleMembershipDto,
  ): Promise<RoleMembershipDto> {
    return toRoleMembershipDto(await this.roles.addMember(org, actor, id, body.user_uuid));
  }

  /** Removes a member from the role (admins only). */
  @Delete(':id/role_memberships/:membership_id')
  @RoleId
  @MembershipId
  @HttpCode(204)
  @RequireScopes('organization:write')
  @ApiNoContentResponse({ description: 'Removed.' })
  async removeMember(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('membership_id') membershipId: string,
  ): Promise<void> {
    await this.roles.removeMember(org, actor, id, membershipId);
  }
}

/**
 * The organization's default feature-flag access level: 37 (everyone may edit every flag) until
 * an admin sets 21 (members edit only what the rules of role access allow).
 */
@ApiTags('roles')
@Controller('api/organizations/:organization_id/feature_flag_access')
export class FeatureFlagAccessController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequireScopes('organization:read')
  @ApiOkResponse({ type: FeatureFlagAccessDto })
  async get(@CurrentOrganization() org: OrganizationAccess): Promise<FeatureFlagAccessDto> {
    return toFeatureFlagAccessDto(await this.roles.featureFlagAccess(org));
  }

  /** Sets the level (admins only). */
  @Patch()
  @RequireScopes('organization:write')
  @ApiOkResponse({ type: FeatureFlagAccessDto })
  async update(
    @CurrentOrganization() org: OrganizationAccess,
    @CurrentActor() actor: Actor,
    @Body() body: UpdateFeatureFlagAccessDto,
  ): Promise<FeatureFlagAccessDto> {
    return toFeatureFlagAccessDto(await this.roles.setFeatureFlagAccess(org, actor, body.access_level));
  }
}
