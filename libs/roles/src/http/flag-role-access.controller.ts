import {
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  PageQueryDto,
  pageOf,
  RequireScopes,
  SerialIdPipe,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { FlagRoleAccessService } from '../flag-role-access.service';
import { CreateFlagRoleAccessDto, FlagRoleAccessDto, toFlagRoleAccessDto } from './roles.dto';

/**
 * The roles that may edit a flag even when their level is "view only". Reading needs
 * `feature_flag:read`; writing needs `feature_flag:write` and the right to edit the flag's roles
 * (the creator, an organization admin, an organization at level 37, or a role with level 37).
 */
@ApiTags('feature flags')
@ApiParam({ name: 'feature_flag_id', schema: { type: 'integer', minimum: 1 }, description: 'The flag id.' })
@Controller('api/projects/:project_id/feature_flags/:feature_flag_id/role_access')
export class FlagRoleAccessController {
  constructor(private readonly access: FlagRoleAccessService) {}

  @Get()
  @RequireScopes('feature_flag:read')
  @ApiPaginatedResponse(FlagRoleAccessDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('feature_flag_id', SerialIdPipe) flagId: number,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<FlagRoleAccessDto>> {
    const { count, results } = await this.access.list(project, actor, flagId, query);
    return pageOf(req, query, count, results.map(toFlagRoleAccessDto));
  }

  @Post()
  @RequireScopes('feature_flag:write')
  @ApiCreatedResponse({ type: FlagRoleAccessDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('feature_flag_id', SerialIdPipe) flagId: number,
    @Body() body: CreateFlagRoleAccessDto,
  ): Promise<FlagRoleAccessDto> {
    return toFlagRoleAccessDto(await this.access.create(project, actor, flagId, body.role_id));
  }

  @Get(':id')
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 }, description: 'The role-access id.' })
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: FlagRoleAccessDto })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('feature_flag_id', SerialIdPipe) flagId: number,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<FlagRoleAccessDto> {
    return toFlagRoleAccessDto(await this.access.get(project, actor, flagId, id));
  }

  @Delete(':id')
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 }, description: 'The role-access id.' })
  @HttpCode(204)
  @RequireScopes('feature_flag:write')
  @ApiNoContentResponse({ description: 'Removed.' })
  async remove(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('feature_flag_id', SerialIdPipe) flagId: number,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<void> {
    await this.access.remove(project, actor, flagId, id);
  }
}
