import {
  ActivityEntryDto,
  ActivityPage,
  ActivityPageDto,
  activityPageOf,
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  DomainError,
  ExpensiveRoute,
  pageOf,
  Paginated,
  RequireScopes,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  StreamableFile,
} from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request } from 'express';
import type { PersonRef } from '../domain/person';
import { filterLeaves, parsePropertyFilter, TargetingLimits } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';
import { queryFilterOptions } from '../domain/query-filters';
import { PersonsService } from '../persons.service';
import { CsvExports, pagesFrom } from './csv';
import { exportPage, FormatQuery, queryText } from './export.dto';
import {
  DeletePersonQuery,
  DeletePropertyDto,
  DeletePropertyQuery,
  PERSON_FIELDS,
  PersonDto,
  personPages,
  PersonRefPipe,
  PersonsActivityQuery,
  PersonsListQuery,
  PropertiesTimelineDto,
  PropertiesTimelineQuery,
  SplitPersonDto,
  SuccessDto,
  toPersonDto,
  UpdatePersonDto,
  UpdatePropertyDto,
  UpdatePropertyQuery,
} from './persons.dto';

const PERSON_OR_CSV = {
  'application/json': { schema: { $ref: getSchemaPath(PersonDto) } },
  'text/csv': { schema: { type: 'string' } },
};

@ApiTags('persons')
@ApiExtraModels(PersonDto)
@Controller('api/projects/:project_id/persons')
export class PersonsController {
  private readonly filters: ParseOptions;

  constructor(
    private readonly persons: PersonsService,
    private readonly csv: CsvExports,
    limits: TargetingLimits,
  ) {
    this.filters = queryFilterOptions(limits);
  }

  /** Persons of the project, newest first. */
  @Get()
  @RequireScopes('person:read')
  // a count and a page over the project's persons, unless it looks up one distinct id (indexed)
  @ExpensiveRoute((req) => typeof req.query.distinct_id === 'string')
  @ApiOperation({ summary: 'List persons' })
  @ApiPaginatedResponse(PersonDto, {
    csv: { description: 'The paginated envelope of persons, or CSV (up to 10,000 rows by default) with format=csv.' },
  })
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PersonsListQuery,
    @Req() req: Request,
  ): Promise<Paginated<PersonDto> | StreamableFile> {
    const page = exportPage(query);
    const { properties } = query;
    const filter = {
      distinctId: query.distinct_id,
      email: query.email,
      search: query.search,
      properties:
        properties === undefined || properties === ''
          ? undefined
          : parsePropertyFilter(properties, 'properties', this.filters),
    };
    if (query.format === 'csv') {
      const ids = await this.persons.listIds(project.id, filter, page);
      return this.csv.file('persons.csv', PERSON_FIELDS, personPages(this.persons, project.id, ids));
    }
    const { count, rows } = await this.persons.list(project.id, filter, page);
    return pageOf(req, page, count, rows.map(toPersonDto));
  }

  /** Activity entries of every person of the project, newest first. */
  @Get('activity')
  @RequireScopes('activity_log:read')
  @ApiOperation({ summary: 'Activity of all persons' })
  @ApiExtraModels(ActivityEntryDto)
  @ApiOkResponse({ type: ActivityPageDto })
  async allActivity(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PersonsActivityQuery,
    @Req() req: Request,
  ): Promise<ActivityPage<unknown>> {
    const { total, results } = await this.persons.activityOf(project.id, undefined, query);
    return activityPageOf(req, query, total, results);
  }

  @Get(':id')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Retrieve a person by integer id or uuid' })
  @ApiOkResponse({ content: PERSON_OR_CSV })
  async get(
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: FormatQuery,
  ): Promise<PersonDto | StreamableFile> {
    const person = toPersonDto(await this.persons.get(project.id, ref));
    return query.format === 'csv' ? this.csv.file('person.csv', PERSON_FIELDS, pagesFrom([person])) : person;
  }

  /** Merges `properties` into the person's properties (listed keys overwritten, others kept). */
  @Patch(':id')
  @RequireScopes('person:write')
  @ApiOperation({ summary: 'Update person properties (merge)' })
  @ApiOkResponse({ type: PersonDto })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() _query: FormatQuery,
    @Body() body: UpdatePersonDto,
  ): Promise<PersonDto> {
    return toPersonDto(await this.persons.updateProperties(actor, project, ref, body.properties));
  }

  /** Deletes the person and its distinct ids; `delete_events=true` queues the deletion of its events. */
  @Delete(':id')
  @RequireScopes('person:write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a person' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  async delete(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: DeletePersonQuery,
  ): Promise<void> {
    await this.persons.delete(actor, project, ref, query.delete_events);
  }

  @Get(':id/activity')
  @RequireScopes('activity_log:read')
  @ApiOperation({ summary: 'Activity of one person' })
  @ApiOkResponse({ type: ActivityPageDto })
  async activity(
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: PersonsActivityQuery,
    @Req() req: Request,
  ): Promise<ActivityPage<unknown>> {
    const { total, results } = await this.persons.activityOf(project.id, ref, query);
    return activityPageOf(req, query, total, results);
  }

  /** Removes one property. */
  @Post(':id/delete_property')
  @RequireScopes('person:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a person property ({"$unset": key})' })
  @ApiBody({ type: DeletePropertyDto, required: false })
  @ApiOkResponse({ type: PersonDto })
  async deleteProperty(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: DeletePropertyQuery,
    @Body() body: DeletePropertyDto,
  ): Promise<PersonDto> {
    const key = body.$unset ?? queryText(query.$unset, '$unset');
    if (key === undefined) throw DomainError.required('$unset');
    return toPersonDto(await this.persons.deleteProperty(actor, project, ref, key));
  }

  @Get(':id/properties_timeline')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Where the person’s properties changed, from its $set events' })
  @ApiOkResponse({ type: PropertiesTimelineDto })
  async propertiesTimeline(
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: PropertiesTimelineQuery,
  ): Promise<PropertiesTimelineDto> {
    const { date_from: from, date_to: to, properties, breakdown } = query;
    const keys = new Set<string>();
    if (properties !== undefined && properties !== '') {
      for (const leaf of filterLeaves(parsePropertyFilter(properties, 'properties', this.filters)))
        if (leaf.type === 'person') keys.add(leaf.key);
    }
    if (breakdown) keys.add(breakdown);
    const timeline = await this.persons.propertiesTimeline(project.id, ref, {
      from,
      to,
      crucialKeys: keys.size > 0 ? [...keys] : undefined,
    });
    return {
      points: timeline.points.map((p) => ({
        timestamp: p.timestamp.toISOString(),
        properties: p.properties,
        relevant_event_count: p.relevantEventCount,
      })),
      crucial_property_keys: timeline.crucialPropertyKeys,
      effective_date_from: timeline.effectiveDateFrom.toISOString(),
      effective_date_to: timeline.effectiveDateTo.toISOString(),
    };
  }

  /** Gives every distinct id but the main one a person of its own, at once. */
  @Post(':id/split')
  @RequireScopes('person:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Split a person' })
  @ApiBody({ type: SplitPersonDto, required: false })
  @ApiOkResponse({ type: SuccessDto })
  async split(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() _query: FormatQuery,
    @Body() body: SplitPersonDto,
  ): Promise<SuccessDto> {
    await this.persons.split(actor, project, ref, body.main_distinct_id);
    return { success: true };
  }

  /** Sets one property. */
  @Post(':id/update_property')
  @RequireScopes('person:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a person property ({key, value})' })
  @ApiBody({ type: UpdatePropertyDto, required: false })
  @ApiOkResponse({ type: PersonDto })
  async updateProperty(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id', PersonRefPipe) ref: PersonRef | null,
    @Query() query: UpdatePropertyQuery,
    @Body() body: UpdatePropertyDto,
  ): Promise<PersonDto> {
    const value = body.value !== undefined ? body.value : queryText(query.value, 'value');
    if (value === undefined) throw DomainError.required('value');
    if (value === null) throw DomainError.invalid('This field may not be null.', 'value', 'null');
    const key = body.key ?? queryText(query.key, 'key');
    if (key === undefined) throw DomainError.required('key');
    if (key === '') throw DomainError.invalid('This field may not be blank.', 'key', 'blank');
    return toPersonDto(await this.persons.updateProperty(actor, project, ref, key, value));
  }
}
