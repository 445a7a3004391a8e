import {
  ActivityPageDto,
  activityPageOf,
  ActivityPageQuery,
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  ErrorEnvelope,
  pageJson,
  RequireScopes,
  SerialIdPipe,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FlagsService } from '../flags.service';
import { CreateFlagDto, FlagDto, flagDtosJson, ListFlagsQuery, toFlagDto, UpdateFlagDto } from './flags.dto';

@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class FlagsController {
  constructor(private readonly flags: FlagsService) {}

  /** Live (non-deleted) flags of the project, newest first unless `order` says otherwise. */
  @Get()
  @RequireScopes('feature_flag:read')
  @ApiPaginatedResponse(FlagDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Query() query: ListFlagsQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { count, flags } = await this.flags.list(project, actor, query);
    // Written as text: what is the flags' own is serialised once per version (flagDtosJson).
    res.type('application/json').send(pageJson(req, query, count, flagDtosJson(flags)));
  }

  @Post()
  @RequireScopes('feature_flag:write')
  @ApiCreatedResponse({ type: FlagDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateFlagDto,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.create(project, actor, body));
  }

  /** Activity of every flag of the project, newest first. */
  @Get('activity')
  @RequireScopes('activity_log:read')
  @ApiOkResponse({ type: ActivityPageDto })
  async allActivity(
    @CurrentProject() project: ProjectAccess,
    @Query() query: ActivityPageQuery,
    @Req() req: Request,
  ): Promise<ActivityPageDto> {
    const { total, results } = await this.flags.activity(project, undefined, query);
    return activityPageOf(req, query, total, results);
  }

  /** A flag by id, soft-deleted ones included. */
  @Get(':id')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: FlagDto })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.get(project, actor, id));
  }

  /** Changes the given fields. `deleted: true` soft-deletes, `deleted: false` restores. */
  @Patch(':id')
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: FlagDto })
  @ApiResponse({ status: 409, type: ErrorEnvelope, description: '`version` is not the current one.' })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Body() body: UpdateFlagDto,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.update(project, actor, id, body));
  }

  /** Hard delete is not allowed (PATCH `deleted: true` instead): always 405 with an empty body. */
  @Delete(':id')
  @RequireScopes('feature_flag:write')
  @HttpCode(405)
  @ApiResponse({ status: 405, description: 'Always; empty body. Nothing changes.' })
  refuseDelete(@Res() res: Response): void {
    res.status(405).end();
  }

  /** Activity of one flag, newest first. */
  @Get(':id/activity')
  @RequireScopes('activity_log:read')
  @ApiOkResponse({ type: ActivityPageDto })
  async activity(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Query() query: ActivityPageQuery,
    @Req() req: Request,
  ): Promise<ActivityPageDto> {
    const { total, results } = await this.flags.activity(project, id, query);
    return activityPageOf(req, query, total, results);
  }
}
