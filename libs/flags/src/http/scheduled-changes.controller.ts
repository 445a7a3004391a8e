import {
  ApiPaginatedResponse,
  ApiPagingQuery,
  CurrentActor,
  CurrentProject,
  DomainError,
  pageOf,
  parsePageQuery,
  RequireScopes,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ScheduledChangesService } from '../scheduled-changes.service';
import {
  CreateScheduledChangeDto,
  ScheduledChangeDto,
  toScheduledChangeDto,
  UpdateScheduledChangeDto,
} from './scheduled-changes.dto';

/** Scheduled-change ids are positive int8s (as PostHog's BigAutoField); anything else names none. */
function parseScheduledChangeId(id: string): number {
  if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw DomainError.notFound();
  return Number(id);
}

function optionalText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw DomainError.invalid(`${name} must be given once.`, name);
  return value;
}

/**
 * Scheduled changes to flags (PostHog's `scheduled_changes` API): applied by the worker (or the
 * API with SCHEDULER_ENABLED) within a minute of `scheduled_at`, as the user who scheduled them.
 */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/scheduled_changes')
export class ScheduledChangesController {
  constructor(private readonly changes: ScheduledChangesService) {}

  /** The project's scheduled changes, latest schedule first. */
  @Get()
  @RequireScopes('feature_flag:read')
  @ApiPagingQuery()
  @ApiQuery({ name: 'model_name', required: false, description: 'Filter by model type ("FeatureFlag").' })
  @ApiQuery({ name: 'record_id', required: false, description: 'Filter by the id of a flag.' })
  @ApiPaginatedResponse(ScheduledChangeDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<Paginated<ScheduledChangeDto>> {
    const page = parsePageQuery(query);
    const filter = { modelName: optionalText(query, 'model_name'), recordId: optionalText(query, 'record_id') };
    const { count, changes } = await this.changes.list(project, filter, page);
    return pageOf(req, page, count, changes.map(toScheduledChangeDto));
  }

  @Post()
  @RequireScopes('feature_flag:write')
  @ApiCreatedResponse({ type: ScheduledChangeDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateScheduledChangeDto,
  ): Promise<ScheduledChangeDto> {
    return toScheduledChangeDto(await this.changes.create(project, actor, body));
  }

  @Get(':id')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: ScheduledChangeDto })
  async get(@CurrentProject() project: ProjectAccess, @Param('id') id: string): Promise<ScheduledChangeDto> {
    return toScheduledChangeDto(await this.changes.get(project, parseScheduledChangeId(id)));
  }

  /** Changes the given fields; the target (`record_id`, `model_name`) is fixed, an executed one-time change too. */
  @Patch(':id')
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: ScheduledChangeDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateScheduledChangeDto,
  ): Promise<ScheduledChangeDto> {
    return toScheduledChangeDto(await this.changes.update(project, actor, parseScheduledChangeId(id), body));
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScopes('feature_flag:write')
  @ApiNoContentResponse()
  async delete(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
  ): Promise<void> {
    await this.changes.delete(project, actor, parseScheduledChangeId(id));
  }
}
