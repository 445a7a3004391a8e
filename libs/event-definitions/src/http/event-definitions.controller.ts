import { ApiPaginatedResponse, CurrentActor, CurrentProject, pageOf, Paginated, RequireScopes } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { parseChanges } from '../domain/event-definition';
import { EventDefinitionsService } from '../event-definitions.service';
import {
  EventDefinitionDto,
  ListEventDefinitionsQuery,
  toEventDefinitionDto,
  UpdateEventDefinitionDto,
} from './event-definitions.dto';

@ApiTags('event definitions')
@Controller('api/projects/:project_id/event_definitions')
export class EventDefinitionsController {
  constructor(private readonly definitions: EventDefinitionsService) {}

  @Get()
  @RequireScopes('event_definition:read')
  @ApiOperation({ summary: 'List event definitions' })
  @ApiPaginatedResponse(EventDefinitionDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: ListEventDefinitionsQuery,
    @Req() req: Request,
  ): Promise<Paginated<EventDefinitionDto>> {
    const filter = { searchTerms: query.search, eventType: query.event_type, ordering: query.ordering };
    const { count, results } = await this.definitions.list(project.id, filter, query);
    return pageOf(req, query, count, results.map(toEventDefinitionDto));
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
