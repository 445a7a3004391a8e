import {
  ApiPaginatedResponse,
  ApiPagingQuery,
  CurrentActor,
  CurrentProject,
  pageOf,
  Paginated,
  parsePageQuery,
  RequireScopes,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { parseChanges } from '../domain/event-definition';
import { EVENT_TYPES, parseListQuery } from '../domain/list-query';
import { EventDefinitionsService } from '../event-definitions.service';
import { EventDefinitionDto, toEventDefinitionDto, UpdateEventDefinitionDto } from './event-definitions.dto';

@ApiTags('event definitions')
@Controller('api/projects/:project_id/event_definitions')
export class EventDefinitionsController {
  constructor(private readonly definitions: EventDefinitionsService) {}

  @Get()
  @RequireScopes('event_definition:read')
  @ApiOperation({ summary: 'List event definitions' })
  @ApiPagingQuery()
  @ApiQuery({
    name: 'search',
    required: false,
    description: 'Space-separated terms; each must occur in the name (any case, taken literally).',
  })
  @ApiQuery({
    name: 'event_type',
    required: false,
    enum: EVENT_TYPES,
    description:
      'event / all: every definition (default); event_custom: names not starting with $; event_posthog: the others.',
  })
  @ApiQuery({
    name: 'ordering',
    required: false,
    schema: { type: 'string', example: '-last_seen_at' },
    description:
      'name or last_seen_at, - for descending, comma-separated for several. Default: -last_seen_at (never seen last), then name.',
  })
  @ApiPaginatedResponse(EventDefinitionDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<Paginated<EventDefinitionDto>> {
    const page = parsePageQuery(query);
    const { count, results } = await this.definitions.list(project.id, parseListQuery(query), page);
    return pageOf(req, page, count, results.map(toEventDefinitionDto));
  }

  @Get(':id')
  @RequireScopes('event_definition:read')
  @ApiOperation({ summary: 'Retrieve an event definition' })
  @ApiOkResponse({ type: EventDefinitionDto })
  async get(@CurrentProject() project: ProjectAccess, @Param('id') id: string): Promise<EventDefinitionDto> {
    return toEventDefinitionDto(await this.definitions.get(project.id, id));
  }

  @Patch(':id')
  @RequireScopes('event_definition:write')
  @ApiOperation({ summary: 'Update an event definition' })
  @ApiOkResponse({ type: EventDefinitionDto })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Body() body: UpdateEventDefinitionDto,
  ): Promise<EventDefinitionDto> {
    return toEventDefinitionDto(await this.definitions.update(actor, project, id, parseChanges(body)));
  }

  /** Removes the definition only; its events stay, and the next one of that name creates it again. */
  @Delete(':id')
  @RequireScopes('event_definition:write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an event definition' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  async delete(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
  ): Promise<void> {
    await this.definitions.delete(actor, project, id);
  }
}
