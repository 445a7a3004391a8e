import { ApiPaginatedResponse, CurrentActor, CurrentProject, DomainError, pageOf, RequireScopes } from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  Patch,
  PipeTransform,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ScheduledChangesService } from '../scheduled-changes.service';
import {
  CreateScheduledChangeDto,
  ListScheduledChangesQuery,
  ScheduledChangeDto,
  toScheduledChangeDto,
  UpdateScheduledChangeDto,
} from './scheduled-changes.dto';

/** Scheduled-change ids are positive int8s (as PostHog's BigAutoField); anything else names none. */
@Injectable()
export class ScheduledChangeIdPipe implements PipeTransform<string, number> {
  transform(id: string): number {
    if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw DomainError.notFound();
    return Number(id);
  }
}

/**
 * Scheduled changes to flags (PostHog's `scheduled_changes` API): applied by the worker (or the
 * API with SCHEDULER_ENABLED) within a minute of `scheduled_at`, as the user they run as (their
 * creator, or the organization admin who edited them last).
 */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/scheduled_changes')
export class ScheduledChangesController {
  constructor(private readonly changes: ScheduledChangesService) {}

  /** The project's scheduled changes, latest schedule first. */
  @Get()
  @RequireScopes('feature_flag:read')
  @ApiPaginatedResponse(ScheduledChangeDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: ListScheduledChangesQuery,
    @Req() req: Request,
  ): Promise<Paginated<ScheduledChangeDto>> {
    const filter = { modelName: query.model_name, recordId: query.record_id };
    const { count, changes } = await this.changes.list(project, filter, query);
    return pageOf(req, query, count, changes.map(toScheduledChangeDto));
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
  async get(
    @CurrentProject() project: ProjectAccess,
    @Param('id', ScheduledChangeIdPipe) id: number,
  ): Promise<ScheduledChangeDto> {
    return toScheduledChangeDto(await this.changes.get(project, id));
  }

  /**
   * Changes the given fields; the target (`record_id`, `model_name`) is fixed, an executed one-time
   * change too. Only its creator and organization admins may (403 otherwise); the change then runs
   * as the editor.
   */
  @Patch(':id')
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: ScheduledChangeDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', ScheduledChangeIdPipe) id: number,
    @Body() body: UpdateScheduledChangeDto,
  ): Promise<ScheduledChangeDto> {
    return toScheduledChangeDto(await this.changes.update(project, actor, id, body));
  }

  /** Only its creator and organization admins may (403 otherwise). */
  @Delete(':id')
  @HttpCode(204)
  @RequireScopes('feature_flag:write')
  @ApiNoContentResponse()
  async delete(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', ScheduledChangeIdPipe) id: number,
  ): Promise<void> {
    await this.changes.delete(project, actor, id);
  }
}
