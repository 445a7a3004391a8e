import {
  ActivityPageDto,
  activityPageOf,
  ApiPaginatedResponse,
  ApiPagingQuery,
  CurrentActor,
  CurrentProject,
  DomainError,
  ErrorEnvelope,
  pageOf,
  parseActivityPageQuery,
  parsePageQuery,
  RequireScopes,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FLAG_ORDER_FIELDS } from '../domain/flag-list';
import { FlagsService } from '../flags.service';
import { CreateFlagDto, FlagDto, toFlagDto, UpdateFlagDto } from './flags.dto';

/** Flag ids are positive int4s; anything else names no flag. */
export function parseFlagId(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw DomainError.notFound();
  return Number(id);
}

const ACTIVITY_QUERY = [
  ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 }, description: 'Default 1.' }),
  ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 0 }, description: 'Default 10.' }),
];
const ActivityPaging = (): MethodDecorator => (target, key, descriptor) => {
  ACTIVITY_QUERY.forEach((d) => d(target, key, descriptor));
};

@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class FlagsController {
  constructor(private readonly flags: FlagsService) {}

  /** Live (non-deleted) flags of the project, newest first unless `order` says otherwise. */
  @Get()
  @RequireScopes('feature_flag:read')
  @ApiPagingQuery()
  @ApiQuery({ name: 'active', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'search', required: false, description: 'Case-insensitive substring of the key or the name.' })
  @ApiQuery({ name: 'type', required: false, enum: ['boolean', 'multivariant', 'experiment'] })
  @ApiQuery({ name: 'created_by_id', required: false, schema: { type: 'integer' } })
  @ApiQuery({ name: 'tags', required: false, description: 'JSON list of tags (or one tag): flags with any of them.' })
  @ApiQuery({
    name: 'order',
    required: false,
    enum: FLAG_ORDER_FIELDS.flatMap((f) => [f, `-${f}`]),
    description: 'Default -created_at.',
  })
  @ApiPaginatedResponse(FlagDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<Paginated<FlagDto>> {
    const page = parsePageQuery(query);
    const { count, flags } = await this.flags.list(project, actor, query, page);
    return pageOf(req, page, count, flags.map(toFlagDto));
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
  @ActivityPaging()
  @ApiOkResponse({ type: ActivityPageDto })
  async allActivity(
    @CurrentProject() project: ProjectAccess,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<ActivityPageDto> {
    const paging = parseActivityPageQuery(query);
    const { total, results } = await this.flags.activity(project, undefined, paging);
    return activityPageOf(req, paging, total, results);
  }

  /** A flag by id, soft-deleted ones included. */
  @Get(':id')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: FlagDto })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.get(project, actor, parseFlagId(id)));
  }

  /** Changes the given fields. `deleted: true` soft-deletes, `deleted: false` restores. */
  @Patch(':id')
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: FlagDto })
  @ApiResponse({ status: 409, type: ErrorEnvelope, description: '`version` is not the current one.' })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateFlagDto,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.update(project, actor, parseFlagId(id), body));
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
  @ActivityPaging()
  @ApiOkResponse({ type: ActivityPageDto })
  async activity(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<ActivityPageDto> {
    const paging = parseActivityPageQuery(query);
    const { total, results } = await this.flags.activity(project, parseFlagId(id), paging);
    return activityPageOf(req, paging, total, results);
  }
}
