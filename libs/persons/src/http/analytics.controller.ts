import {
  absoluteUrl,
  CurrentProject,
  ExpensiveRoute,
  DomainError,
  parseNonNegativeInt,
  RequireScopes,
  TenancyService,
} from '@app/platform';
import type { ProjectAccess } from '@app/platform';
import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, Req, StreamableFile } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { ApiQueryOptions } from '@nestjs/swagger';
import type { Request } from 'express';
import { ActorRows, AnalyticsService } from '../analytics.service';
import { TargetingLimits } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';
import { CohortsService } from '../cohorts.service';
import { queryFilterOptions } from '../domain/query-filters';
import { parsePersonRef } from '../domain/person';
import {
  AnalyticsParams,
  funnelCorrelationQuery,
  funnelQuery,
  lifecycleQuery,
  pathsQuery,
  retentionQuery,
  searchTerm,
  stickinessQuery,
  trendsQuery,
} from '../domain/analytics-params';
import type { ActorPaging } from '../persistence/analytics.queries';
import { PersonCohortsDto, toCohortDtos } from './cohorts.dto';
import { CsvExports, pagesFrom, pagesOf } from './csv';
import {
  ACTOR_FIELDS,
  ActorsDto,
  InsightBodyDto,
  PersonActorDto,
  PropertyValueDto,
  RetentionActorsDto,
  ShortActorsDto,
  toActorDto,
} from './analytics.dto';
import { CSV_LIMIT, FORMAT_DESCRIPTION, parseFormat } from './export.dto';

const FORMAT_QUERY = ApiQuery({
  name: 'format',
  required: false,
  enum: ['json', 'csv'],
  description: FORMAT_DESCRIPTION,
});
const formatOf = (query: QueryParams) => parseFormat(query.format);
import { PERSON_FIELDS } from './persons.dto';

type QueryParams = Record<string, unknown>;
type Envelope = 'full' | 'short';

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

function queries(...specs: ApiQueryOptions[]): MethodDecorator {
  return applyDecorators(...specs.map((s) => ApiQuery({ required: false, ...s })));
}

const JSON_TEXT = { type: 'string' } as const;
const PAGING: ApiQueryOptions[] = [
  {
    name: 'limit',
    schema: { type: 'integer', minimum: 0 },
    description: 'Persons per page (default 100, at most 1000; CSV: 10,000).',
  },
  { name: 'offset', schema: { type: 'integer', minimum: 0 } },
  {
    name: 'search',
    description: 'Only persons whose email or name property, or one of whose distinct ids, contains it (any case).',
  },
];
const DATES: ApiQueryOptions[] = [
  {
    name: 'date_from',
    description: 'ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d.',
  },
  { name: 'date_to', description: 'ISO date (to the end of that day), date-time or relative. Default now.' },
];
const INTERVAL: ApiQueryOptions = {
  name: 'interval',
  enum: ['hour', 'day', 'week', 'month'],
  description: 'Default day; weeks start on Sunday, UTC.',
};
const PROPERTIES: ApiQueryOptions = {
  name: 'properties',
  schema: JSON_TEXT,
  description:
    'JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event.',
};
const ENTITY: ApiQueryOptions[] = [
  { name: 'entity_id', description: 'The event (series) of the data point.' },
  { name: 'entity_type', enum: ['events'], description: 'events (actions are not supported).' },
  {
    name: 'events',
    schema: JSON_TEXT,
    description:
      'JSON list of series; the one whose id is entity_id lends its property filters (or the first, without entity_id).',
  },
];
const FUNNEL: ApiQueryOptions[] = [
  {
    name: 'events',
    schema: JSON_TEXT,
    description:
      'Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}].',
  },
  { name: 'funnel_order_type', enum: ['ordered', 'strict', 'unordered'], description: 'Default ordered.' },
  {
    name: 'funnel_window_days',
    schema: { type: 'integer', minimum: 1 },
    description: 'Conversion window (default 14 days).',
  },
  { name: 'funnel_window_interval', schema: { type: 'integer', minimum: 1 } },
  { name: 'funnel_window_interval_unit', enum: ['second', 'minute', 'hour', 'day', 'week', 'month'] },
  ...DATES,
  PROPERTIES,
  {
    name: 'breakdown',
    description: 'A property; with funnel_step_breakdown, only attempts whose first step had that value.',
  },
  { name: 'breakdown_type', enum: ['event', 'person'] },
  { name: 'funnel_step_breakdown', description: 'The breakdown value ($$_posthog_breakdown_null_$$: not set).' },
];

const FUNNEL_STEP: ApiQueryOptions[] = [
  {
    name: 'funnel_step',
    schema: { type: 'integer' },
    description:
      'Required (unless funnel_custom_steps or funnel trends): N ≥ 1 reached step N; -N dropped off before step N.',
  },
  {
    name: 'funnel_custom_steps',
    schema: JSON_TEXT,
    description: 'JSON list of steps: persons whose furthest step is one of them.',
  },
  { name: 'funnel_viz_type', enum: ['steps', 'trends', 'time_to_convert'] },
  { name: 'entrance_period_start', description: 'Funnel trends: the period (of interval) the persons entered in.' },
  { name: 'drop_off', schema: { type: 'boolean' }, description: 'Funnel trends: those who did not convert.' },
  {
    name: 'funnel_to_step',
    schema: { type: 'integer', minimum: 1 },
    description: 'Funnel trends: the step (0-based) that counts as converted; default the last.',
  },
  INTERVAL,
];

const CORRELATION_QUERIES: ApiQueryOptions[] = [
  {
    name: 'funnel_correlation_person_entity',
    required: true,
    schema: JSON_TEXT,
    description:
      'JSON {"id": "event", "type": "events", "properties": [...]}: the event done between entering and converting.',
  },
  {
    name: 'funnel_correlation_person_converted',
    enum: ['TRUE', 'FALSE'],
    description: 'Converted persons, or the others (default both).',
  },
  { name: 'funnel_correlation_person_limit', schema: { type: 'integer', minimum: 0 }, description: 'Alias of limit.' },
  {
    name: 'funnel_correlation_person_offset',
    schema: { type: 'integer', minimum: 0 },
    description: 'Alias of offset.',
  },
];

const PATH_QUERIES: ApiQueryOptions[] = [
  {
    name: 'path_type',
    enum: ['$pageview', '$screen', 'custom_event'],
    description: 'Default $pageview (by $current_url).',
  },
  { name: 'include_event_types', schema: JSON_TEXT, description: 'JSON list of path types (instead of path_type).' },
  { name: 'start_point', description: 'Paths start at its first occurrence in a session.' },
  {
    name: 'end_point',
    description: 'Paths end at its first occurrence (after start_point); paths without it do not count.',
  },
  {
    name: 'step_limit',
    schema: { type: 'integer', minimum: 2, maximum: 20 },
    description: 'Steps per path (default 5).',
  },
  { name: 'path_start_key', description: 'An edge’s source node, like 1_/home.' },
  { name: 'path_end_key', description: 'An edge’s target node, like 2_/pricing.' },
  { name: 'path_dropoff_key', description: 'Paths that end at this node, like 3_/signup.' },
  {
    name: 'exclude_events',
    schema: JSON_TEXT,
    description: 'JSON list of path elements (URLs, screens, events) to leave out.',
  },
  ...DATES,
  PROPERTIES,
];

const ACTORS_OR_CSV = (model: string) => ({
  content: {
    'application/json': { schema: { $ref: model } },
    'text/csv': { schema: { type: 'string' } },
  },
});

/**
 * PostHog's persons-modal endpoints: the persons behind one data point of an insight, computed
 * over the stored events. Registered before the persons controller, whose `:id` routes would
 * otherwise take `/persons/trends` and the like.
 */
@ApiTags('persons')
@ApiExtraModels(ActorsDto, ShortActorsDto, RetentionActorsDto, PersonActorDto)
@ExpensiveRoute()
@Controller('api/projects/:project_id/persons')
export class AnalyticsController {
  private readonly filters: ParseOptions;

  constructor(
    private readonly analytics: AnalyticsService,
    private readonly cohorts: CohortsService,
    private readonly tenancy: TenancyService,
    private readonly csv: CsvExports,
    limits: TargetingLimits,
  ) {
    this.filters = queryFilterOptions(limits);
  }

  @Get('trends')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons behind a trends data point (who did entity_id in date_from–date_to)' })
  @queries(
    ...ENTITY,
    { name: 'entity_math', enum: ['total', 'dau', 'weekly_active', 'monthly_active'] },
    ...DATES,
    INTERVAL,
    PROPERTIES,
    { name: 'breakdown', description: 'A property; with breakdown_value, only events (or persons) with that value.' },
    { name: 'breakdown_type', enum: ['event', 'person'] },
    { name: 'breakdown_value', description: 'Required with breakdown ($$_posthog_breakdown_null_$$: not set).' },
    ...PAGING,
  )
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  trends(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.actors(project, req, query, {}, 'full', (p, now, paging) =>
      this.analytics.trends(project.id, trendsQuery(p, now), paging),
    );
  }

  @Get('funnel')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons who reached (or dropped off before) a funnel step' })
  @queries(...FUNNEL, ...FUNNEL_STEP, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  funnel(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.actors(project, req, query, {}, 'full', (p, now, paging) =>
      this.analytics.funnel(project.id, funnelQuery(p, now), paging),
    );
  }

  @Post('funnel')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons of a funnel step, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @queries(...FUNNEL, ...FUNNEL_STEP, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  funnelPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Body() body: InsightBodyDto,
    @Req() req: Request,
  ) {
    return this.actors(project, req, query, body, 'full', (p, now, paging) =>
      this.analytics.funnel(project.id, funnelQuery(p, now), paging),
    );
  }

  @Get('funnel/correlation')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Funnel persons, converted or not, who did an event in between' })
  @queries(...FUNNEL, ...CORRELATION_QUERIES, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  correlation(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.correlationActors(project, req, query, {});
  }

  @Post('funnel/correlation')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Funnel correlation persons, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @queries(...FUNNEL, ...CORRELATION_QUERIES, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  correlationPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Body() body: InsightBodyDto,
    @Req() req: Request,
  ) {
    return this.correlationActors(project, req, query, body);
  }

  @Get('path')
  @RequireScopes('person:read')
  @ApiOperation({
    summary: 'Persons whose paths went through start_point → end_point, or an edge / drop-off of the paths chart',
  })
  @queries(...PATH_QUERIES, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  path(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.actors(project, req, query, {}, 'full', (p, now, paging) =>
      this.analytics.paths(project.id, pathsQuery(p, now), paging),
    );
  }

  @Post('path')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Path persons, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @queries(...PATH_QUERIES, ...PAGING)
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  pathPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Body() body: InsightBodyDto,
    @Req() req: Request,
  ) {
    return this.actors(project, req, query, body, 'full', (p, now, paging) =>
      this.analytics.paths(project.id, pathsQuery(p, now), paging),
    );
  }

  @Get('lifecycle')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons who were new, returning, resurrecting or dormant in the period of target_date' })
  @queries(
    { name: 'target_date', required: true, description: 'A date in the period (the bar of the lifecycle chart).' },
    { name: 'lifecycle_type', required: true, enum: ['new', 'returning', 'resurrecting', 'dormant'] },
    ...ENTITY,
    INTERVAL,
    PROPERTIES,
    ...DATES,
    ...PAGING,
  )
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ShortActorsDto)))
  lifecycle(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.actors(project, req, query, {}, 'short', (p, now, paging) =>
      this.analytics.lifecycle(project.id, lifecycleQuery(p, now), paging),
    );
  }

  @Get('stickiness')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons active on exactly stickiness_days intervals of the range' })
  @queries(
    { name: 'stickiness_days', required: true, schema: { type: 'integer', minimum: 1 } },
    ...ENTITY,
    INTERVAL,
    ...DATES,
    PROPERTIES,
    ...PAGING,
  )
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ShortActorsDto)))
  stickiness(@CurrentProject() project: ProjectAccess, @Query() query: QueryParams, @Req() req: Request) {
    return this.actors(project, req, query, {}, 'short', (p, now, paging) =>
      this.analytics.stickiness(project.id, stickinessQuery(p, now), paging),
    );
  }

  @Get('retention')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'The persons of one retention cohort, with their appearances per period' })
  @queries(
    {
      name: 'target_entity',
      schema: JSON_TEXT,
      description: 'JSON {"id": "$pageview", "type": "events"} (the default).',
    },
    {
      name: 'returning_entity',
      schema: JSON_TEXT,
      description: 'JSON entity; default the first of events, else target_entity.',
    },
    {
      name: 'retention_type',
      enum: ['retention_recurring', 'retention_first_time'],
      description: 'Default retention_recurring.',
    },
    { name: 'period', enum: ['Hour', 'Day', 'Week', 'Month'], description: 'Default Day.' },
    { name: 'total_intervals', schema: { type: 'integer', minimum: 1, maximum: 400 }, description: 'Default 11.' },
    {
      name: 'selected_interval',
      schema: { type: 'integer', minimum: 0 },
      description: 'The cohort (0: the oldest period). Default 0.',
    },
    { name: 'date_to', description: 'A date in the last period. Default now.' },
    PROPERTIES,
    ...PAGING,
  )
  @FORMAT_QUERY
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(RetentionActorsDto)))
  async retention(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
    @Req() req: Request,
  ): Promise<RetentionActorsDto | StreamableFile> {
    const format = formatOf(query);
    const p = new AnalyticsParams(query, {}, this.filters);
    const q = retentionQuery(p, new Date());
    const paging = pagingOf(p, format === 'csv');
    const result = await this.analytics.retention(project.id, q, paging);
    if (format === 'csv') {
      return this.csv.file(
        'retention.csv',
        [...PERSON_FIELDS, 'appearances'],
        pagesOf(result.rows, async (rows) =>
          (await this.analytics.actors(project.id, rows)).map((a) => ({
            ...toActorDto(a),
            appearances: a.appearances,
          })),
        ),
      );
    }
    const actors = await this.analytics.actors(project.id, result.rows);
    return {
      result: actors.map((a) => ({ person: toActorDto(a), appearances: a.appearances! })),
      next: nextUrl(req, paging, result.total),
      missing_persons: result.missing,
    };
  }

  @Get('values')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Values of a person property, most common first, with how many persons have each' })
  @queries(
    { name: 'key', description: 'The person property (no key: an empty list).' },
    { name: 'value', description: 'Only values containing this (any case).' },
    { name: 'limit', schema: { type: 'integer', minimum: 0 }, description: 'Default 100, at most 1000.' },
    { name: 'offset', schema: { type: 'integer', minimum: 0 } },
  )
  @FORMAT_QUERY
  @ApiOkResponse({
    content: {
      'application/json': { schema: { type: 'array', items: { $ref: getSchemaPath(PropertyValueDto) } } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  @ApiExtraModels(PropertyValueDto)
  async values(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
  ): Promise<PropertyValueDto[] | StreamableFile> {
    const format = formatOf(query);
    const p = new AnalyticsParams(query, {}, this.filters);
    const key = p.string('key');
    const value = p.string('value');
    const paging = pagingOf(p, format === 'csv');
    const rows =
      key === undefined || key === ''
        ? []
        : await this.analytics.values(project.id, key, value === undefined || value === '' ? null : value, paging);
    return format === 'csv' ? this.csv.file('values.csv', ['name', 'count'], pagesFrom(rows)) : rows;
  }

  @Get('cohorts')
  @RequireScopes('person:read', 'cohort:read')
  @ApiOperation({ summary: 'The live cohorts a person belongs to (static membership and dynamic conditions)' })
  @queries({ name: 'person_id', required: true, description: 'The person: integer id or uuid.' })
  @ApiOkResponse({ type: PersonCohortsDto })
  async personCohorts(
    @CurrentProject() project: ProjectAccess,
    @Query() query: QueryParams,
  ): Promise<PersonCohortsDto> {
    const raw = new AnalyticsParams(query, {}, this.filters).string('person_id');
    if (raw === undefined || raw === '') throw DomainError.required('person_id');
    const ref = parsePersonRef(raw, 'person_id');
    if (!ref) throw DomainError.notFound();
    return { results: await toCohortDtos(await this.cohorts.ofPerson(project.id, ref), this.tenancy) };
  }

  private correlationActors(project: ProjectAccess, req: Request, query: QueryParams, body: object) {
    return this.actors(
      project,
      req,
      query,
      body,
      'full',
      (p, now, paging) => this.analytics.funnelCorrelation(project.id, funnelCorrelationQuery(p, now), paging),
      ['funnel_correlation_person_limit', 'funnel_correlation_person_offset'],
    );
  }

  /** Parses, runs, and answers with PostHog's actors envelope (or CSV). */
  private async actors(
    project: ProjectAccess,
    req: Request,
    query: QueryParams,
    body: object,
    envelope: Envelope,
    run: (p: AnalyticsParams, now: Date, paging: ActorPaging) => Promise<ActorRows>,
    aliases?: [string, string],
  ): Promise<ActorsDto | ShortActorsDto | StreamableFile> {
    const format = formatOf(query);
    const p = new AnalyticsParams(query, body as Record<string, unknown>, this.filters);
    const paging = pagingOf(p, format === 'csv', aliases);
    const result = await run(p, new Date(), paging);
    if (format === 'csv') {
      return this.csv.file(
        'persons.csv',
        ACTOR_FIELDS,
        pagesOf(result.rows, async (rows) => (await this.analytics.actors(project.id, rows)).map(toActorDto)),
      );
    }
    const people = (await this.analytics.actors(project.id, result.rows)).map(toActorDto);
    const next = nextUrl(req, paging, result.total);
    const results = [{ people, count: people.length }];
    if (envelope === 'short') return { results, next, missing_persons: result.missing };
    return {
      results,
      next,
      initial: absoluteUrl(req, { [paging.names[1]]: 0 }),
      missing_persons: result.missing,
      is_cached: false,
      last_refresh: new Date().toISOString(),
    };
  }
}

/** limit/offset (or their aliases) with the defaults and caps of persons lists. */
function pagingOf(
  p: AnalyticsParams,
  csv: boolean,
  aliases?: [string, string],
): ActorPaging & { names: [string, string] } {
  const plain = p.paging();
  const alias = aliases ? p.paging(aliases[0], aliases[1]) : {};
  // Correlation pages with its aliases (PostHog's next URLs use them); plain limit/offset work too.
  const [limitName, offsetName] = aliases ?? ['limit', 'offset'];
  const fallback = csv ? CSV_LIMIT : DEFAULT_LIMIT;
  const limit = parseNonNegativeInt(
    alias.limit ?? plain.limit,
    alias.limit !== undefined ? limitName : 'limit',
    fallback,
  );
  return {
    limit: Math.min(limit === 0 ? fallback : limit, csv ? CSV_LIMIT : MAX_LIMIT),
    offset: parseNonNegativeInt(alias.offset ?? plain.offset, alias.offset !== undefined ? offsetName : 'offset', 0),
    search: searchTerm(p),
    names: [limitName, offsetName],
  };
}

function nextUrl(req: Request, paging: ActorPaging & { names: [string, string] }, total: number): string | null {
  const { limit, offset, names } = paging;
  return offset + limit < total ? absoluteUrl(req, { [names[0]]: limit, [names[1]]: offset + limit }) : null;
}
