import {
  ActivityEntryDto,
  ActivityPage,
  ActivityPageDto,
  activityPageOf,
  ApiPaginatedResponse,
  ApiPagingQuery,
  CurrentActor,
  CurrentProject,
  DomainError,
  ExpensiveRoute,
  pageOf,
  Paginated,
  parseActivityPageQuery,
  parsePageQuery,
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
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { parsePersonRef } from '../domain/person';
import { filterLeaves, parseDateFilter, parsePropertyFilter, resolveDateFilter, TargetingLimits } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';
import { queryFilterOptions } from '../domain/query-filters';
import { PersonsService } from '../persons.service';
import { CsvExports, pagesFrom, pagesOf } from './csv';
import {
  DeletePropertyDto,
  PERSON_FIELDS,
  PersonDto,
  PropertiesTimelineDto,
  SplitPersonDto,
  SuccessDto,
  toPersonDto,
  UpdatePersonDto,
  UpdatePropertyDto,
} from './persons.dto';

type QueryParams = Record<string, unknown>;

// PostHog's CSV export limit.
export const CSV_LIMIT = 10_000;

function single(query: QueryParams, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw DomainError.invalid(`${name} must be given once, as a string.`, name);
  if (value.includes('\u0000')) throw DomainError.invalid(`${name} cannot contain NUL characters.`, name);
  return value;
}

export function formatOf(query: QueryParams): 'json' | 'csv' {
  const format = single(query, 'format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw DomainError.invalid('format must be json or csv.', 'format');
  return format;
}

/** `delete_events`: absent or false/0 → false; true/1 or present without a value → true. */
function deleteEventsOf(query: QueryParams): boolean {
  const value = single(query, 'delete_events');
  if (value === undefined) return false;
  const v = value.toLowerCase();
  if (['', 'true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw DomainError.invalid('delete_events must be true or false.', 'delete_events');
}

function dateParam(query: QueryParams, name: string): Date | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  const filter = parseDateFilter(raw);
  if (filter.kind === 'invalid') {
    throw DomainError.invalid(`${name} must be a date (ISO 8601) or a relative date like -7d.`, name);
  }
  return new Date(resolveDateFilter(filter, Date.now()));
}

/** The persons `ids` names, as response rows, read a page at a time (for CSV exports). */
export function personPages(persons: PersonsService, projectId: number, ids: readonly number[]) {
  return pagesOf(ids, async (page) => (await persons.byIds(projectId, page)).map(toPersonDto));
}

export const FORMAT_QUERY = ApiQuery({
  name: 'format',
  required: false,
  enum: ['json', 'csv'],
  description:
    'csv: text/csv with a header row; nested fields become dotted columns (properties.email, distinct_ids.0), at most CSV_MAX_COLUMNS of them (then a last omitted_values column); cells that would run as spreadsheet formulas start with a quote.',
});

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
  @ApiPagingQuery()
  @ApiQuery({ name: 'distinct_id', required: false, description: 'Only the person with this distinct id.' })
  @ApiQuery({ name: 'email', required: false, description: 'Only persons whose email property is exactly this.' })
  @ApiQuery({
    name: 'search',
    required: false,
    description: 'Email property contains it (any case), or a distinct id or the uuid equals it.',
  })
  @ApiQuery({
    name: 'properties',
    required: false,
    description:
      'JSON: a list of property filters `[{"key", "value", "operator", "type": "person"}]` (AND) or `{"type": "AND"|"OR", "values": [...]}`. Operators as in feature flags.',
  })
  @FORMAT_QUERY
  @ApiPaginatedResponse(PersonDto, {
    csv: { description: 'The paginated envelope of persons, or CSV (up to 10,000 rows by default) with format=csv.' },
  })
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Req() req: Request,
  ): Promise<Paginated<PersonDto> | StreamableFile> {
    const format = formatOf(query);
    const page = parsePageQuery(query, format === 'csv' ? { limit: CSV_LIMIT, max: CSV_LIMIT } : {});
    const properties = single(query, 'properties');
    const filter = {
      distinctId: single(query, 'distinct_id'),
      email: single(query, 'email'),
      search: single(query, 'search'),
      properties:
        properties === undefined || properties === ''
          ? undefined
          : parsePropertyFilter(properties, 'properties', this.filters),
    };
    if (format === 'csv') {
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
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 0 } })
  @ApiExtraModels(ActivityEntryDto)
  @ApiOkResponse({ type: ActivityPageDto })
  async allActivity(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Req() req: Request,
  ): Promise<ActivityPage<unknown>> {
    formatOf(query);
    const paging = parseActivityPageQuery(query);
    const { total, results } = await this.persons.activityOf(project.id, undefined, paging);
    return activityPageOf(req, paging, total, results);
  }

  @Get(':id')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Retrieve a person by integer id or uuid' })
  @FORMAT_QUERY
  @ApiOkResponse({ content: PERSON_OR_CSV })
  async get(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
  ): Promise<PersonDto | StreamableFile> {
    const format = formatOf(query);
    const person = toPersonDto(await this.persons.get(project.id, parsePersonRef(id)));
    return format === 'csv' ? this.csv.file('person.csv', PERSON_FIELDS, pagesFrom([person])) : person;
  }

  /** Merges `properties` into the person's properties (listed keys overwritten, others kept). */
  @Patch(':id')
  @RequireScopes('person:write')
  @ApiOperation({ summary: 'Update person properties (merge)' })
  @FORMAT_QUERY
  @ApiOkResponse({ type: PersonDto })
  async update(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
    @Body() body: UpdatePersonDto,
  ): Promise<PersonDto> {
    formatOf(query);
    return toPersonDto(await this.persons.updateProperties(actor, project, parsePersonRef(id), body.properties));
  }

  /** Deletes the person and its distinct ids; `delete_events=true` queues the deletion of its events. */
  @Delete(':id')
  @RequireScopes('person:write')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a person' })
  @FORMAT_QUERY
  @ApiQuery({
    name: 'delete_events',
    required: false,
    schema: { type: 'boolean' },
    description: 'Also delete the person’s events, in the next scheduled deletion batch.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  async delete(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
  ): Promise<void> {
    formatOf(query);
    await this.persons.delete(actor, project, parsePersonRef(id), deleteEventsOf(query));
  }

  @Get(':id/activity')
  @RequireScopes('activity_log:read')
  @ApiOperation({ summary: 'Activity of one person' })
  @ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({ name: 'limit', required: false, schema: { type: 'integer', minimum: 0 } })
  @ApiOkResponse({ type: ActivityPageDto })
  async activity(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
    @Req() req: Request,
  ): Promise<ActivityPage<unknown>> {
    formatOf(query);
    const ref = parsePersonRef(id);
    const paging = parseActivityPageQuery(query);
    const { total, results } = await this.persons.activityOf(project.id, ref, paging);
    return activityPageOf(req, paging, total, results);
  }

  /** Removes one property. */
  @Post(':id/delete_property')
  @RequireScopes('person:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a person property ({"$unset": key})' })
  @ApiQuery({ name: '$unset', required: false, description: 'The property to remove, when not in the body.' })
  @ApiBody({ type: DeletePropertyDto, required: false })
  @FORMAT_QUERY
  @ApiOkResponse({ type: PersonDto })
  async deleteProperty(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
    @Body() body: DeletePropertyDto,
  ): Promise<PersonDto> {
    formatOf(query);
    const ref = parsePersonRef(id);
    const key = body.$unset ?? single(query, '$unset');
    if (key === undefined) throw DomainError.required('$unset');
    return toPersonDto(await this.persons.deleteProperty(actor, project, ref, key));
  }

  @Get(':id/properties_timeline')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Where the person’s properties changed, from its $set events' })
  @ApiQuery({ name: 'date_from', required: false, description: 'ISO date-time or relative (-7d).' })
  @ApiQuery({ name: 'date_to', required: false, description: 'ISO date-time or relative (-1d).' })
  @ApiQuery({
    name: 'properties',
    required: false,
    description: 'Property filters (JSON); the keys of its person filters are the crucial properties.',
  })
  @ApiQuery({ name: 'breakdown', required: false, description: 'A person property that counts as crucial too.' })
  @FORMAT_QUERY
  @ApiOkResponse({ type: PropertiesTimelineDto })
  async propertiesTimeline(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
  ): Promise<PropertiesTimelineDto> {
    formatOf(query);
    const ref = parsePersonRef(id);
    const from = dateParam(query, 'date_from');
    const to = dateParam(query, 'date_to');
    const properties = single(query, 'properties');
    const breakdown = single(query, 'breakdown');
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
  @FORMAT_QUERY
  @ApiOkResponse({ type: SuccessDto })
  async split(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
    @Body() body: SplitPersonDto,
  ): Promise<SuccessDto> {
    formatOf(query);
    await this.persons.split(actor, project, parsePersonRef(id), body.main_distinct_id);
    return { success: true };
  }

  /** Sets one property. */
  @Post(':id/update_property')
  @RequireScopes('person:write')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a person property ({key, value})' })
  @ApiQuery({ name: 'key', required: false, description: 'The property, when not in the body.' })
  @ApiQuery({ name: 'value', required: false, description: 'The value (a string), when not in the body.' })
  @ApiBody({ type: UpdatePropertyDto, required: false })
  @FORMAT_QUERY
  @ApiOkResponse({ type: PersonDto })
  async updateProperty(
    @CurrentActor() actor: Actor,
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: QueryParams,
    @Body() body: UpdatePropertyDto,
  ): Promise<PersonDto> {
    formatOf(query);
    const ref = parsePersonRef(id);
    const value = body.value !== undefined ? body.value : single(query, 'value');
    if (value === undefined) throw DomainError.required('value');
    if (value === null) throw DomainError.invalid('This field may not be null.', 'value', 'null');
    const key = body.key ?? single(query, 'key');
    if (key === undefined) throw DomainError.required('key');
    if (key === '') throw DomainError.invalid('This field may not be blank.', 'key', 'blank');
    return toPersonDto(await this.persons.updateProperty(actor, project, ref, key, value));
  }
}
