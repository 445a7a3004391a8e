import { CohortsService, PersonCohortsDto, toCohortDtos } from '@app/cohorts';
import {
  CSV_LIMIT,
  CsvExports,
  pagesFrom,
  pagesOf,
  parseFormat,
  parsePersonRef,
  PERSON_FIELDS,
  queryFilterOptions,
} from '@app/persons';
import {
  absoluteUrl,
  CurrentProject,
  DomainError,
  ExpensiveRoute,
  parseNonNegativeInt,
  RequireScopes,
  TenancyService,
} from '@app/platform';
import type { ProjectAccess } from '@app/platform';
import { TargetingLimits } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';
import { Body, Controller, Get, HttpCode, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import { ActorResultsCache, AnalyticsClock } from '../actor-results.cache';
import { ActorRows, AnalyticsService } from '../analytics.service';
import { parseDateRange } from '../domain/analytics-dates';
import { AnalyticsParams, searchTerm } from '../domain/analytics-params';
import { intervalOf, refreshRequested, resultKey } from '../domain/cached-results';
import { FunnelActorsQueryDto, FunnelCorrelationQueryDto } from '../funnel/funnel.dto';
import { funnelCorrelationQuery, funnelQuery } from '../funnel/funnel.query';
import { LifecycleActorsQueryDto } from '../lifecycle/lifecycle.dto';
import { lifecycleQuery } from '../lifecycle/lifecycle.query';
import { PathsActorsQueryDto } from '../paths/paths.dto';
import { pathsQuery } from '../paths/paths.query';
import type { ActorPaging } from '../persistence/actors.repository';
import { RetentionActorsQueryDto } from '../retention/retention.dto';
import { retentionQuery } from '../retention/retention.query';
import { StickinessActorsQueryDto } from '../stickiness/stickiness.dto';
import { stickinessQuery } from '../stickiness/stickiness.query';
import { TrendsActorsQueryDto } from '../trends/trends.dto';
import { trendsQuery } from '../trends/trends.query';
import { PropertyValuesQueryDto } from '../values/values.dto';
import {
  ACTOR_FIELDS,
  ActorsDto,
  InsightBodyDto,
  PersonActorDto,
  PropertyValueDto,
  RetentionActorsDto,
  ShortActorsDto,
  toActorDto,
} from './actors.dto';
import { PersonCohortsQueryDto } from './person-cohorts.dto';

/** `format` of a persons answer: json or csv (checked first, as PostHog's renderers are). */
const formatOf = (query: { format?: unknown }) => parseFormat(query.format);

/**
 * A route PostHog answers through its cache: its name in the key, and the end of the range it
 * reads at `now`, by which a kept answer ages.
 */
interface CachedRoute {
  name: string;
  dateTo(p: AnalyticsParams, now: Date, timeZone: string): Date;
}

const rangeEnd = (p: AnalyticsParams, now: Date, timeZone: string) =>
  parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone).to;
// A trends point reads to the end of its interval: the current hour's point reaches past now.
const TRENDS: CachedRoute = { name: 'trends', dateTo: (p, now, timeZone) => trendsQuery(p, now, timeZone).range.to };
const FUNNEL: CachedRoute = { name: 'funnel', dateTo: rangeEnd };
const CORRELATION: CachedRoute = { name: 'funnel/correlation', dateTo: rangeEnd };
const PATH: CachedRoute = { name: 'path', dateTo: rangeEnd };

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

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
    private readonly results: ActorResultsCache,
    private readonly clock: AnalyticsClock,
    limits: TargetingLimits,
  ) {
    this.filters = queryFilterOptions(limits);
  }

  @Get('trends')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons behind a trends data point (who did entity_id in date_from–date_to)' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  trends(@CurrentProject() project: ProjectAccess, @Query() query: TrendsActorsQueryDto, @Req() req: Request) {
    return this.actors(project, req, query, {}, TRENDS, (p, now, zone, paging) =>
      this.analytics.trends(project.id, trendsQuery(p, now, zone), paging),
    );
  }

  @Get('funnel')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons who reached (or dropped off before) a funnel step' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  funnel(@CurrentProject() project: ProjectAccess, @Query() query: FunnelActorsQueryDto, @Req() req: Request) {
    return this.actors(project, req, query, {}, FUNNEL, (p, now, zone, paging) =>
      this.analytics.funnel(project.id, funnelQuery(p, now, zone), paging),
    );
  }

  @Post('funnel')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons of a funnel step, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  funnelPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: FunnelActorsQueryDto,
    @Body() body: InsightBodyDto,
    @Req() req: Request,
  ) {
    return this.actors(project, req, query, body, FUNNEL, (p, now, zone, paging) =>
      this.analytics.funnel(project.id, funnelQuery(p, now, zone), paging),
    );
  }

  @Get('funnel/correlation')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Funnel persons, converted or not, who did an event in between' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  correlation(
    @CurrentProject() project: ProjectAccess,
    @Query() query: FunnelCorrelationQueryDto,
    @Req() req: Request,
  ) {
    return this.correlationActors(project, req, query, {});
  }

  @Post('funnel/correlation')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Funnel correlation persons, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  correlationPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: FunnelCorrelationQueryDto,
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
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  path(@CurrentProject() project: ProjectAccess, @Query() query: PathsActorsQueryDto, @Req() req: Request) {
    return this.actors(project, req, query, {}, PATH, (p, now, zone, paging) =>
      this.analytics.paths(project.id, pathsQuery(p, now, zone), paging),
    );
  }

  @Post('path')
  @HttpCode(200)
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Path persons, with the parameters in the body' })
  @ApiBody({ type: InsightBodyDto, required: false })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ActorsDto)))
  pathPost(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PathsActorsQueryDto,
    @Body() body: InsightBodyDto,
    @Req() req: Request,
  ) {
    return this.actors(project, req, query, body, PATH, (p, now, zone, paging) =>
      this.analytics.paths(project.id, pathsQuery(p, now, zone), paging),
    );
  }

  @Get('lifecycle')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons who were new, returning, resurrecting or dormant in the period of target_date' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ShortActorsDto)))
  lifecycle(@CurrentProject() project: ProjectAccess, @Query() query: LifecycleActorsQueryDto, @Req() req: Request) {
    return this.actors(project, req, query, {}, null, (p, now, zone, paging) =>
      this.analytics.lifecycle(project.id, lifecycleQuery(p, now, zone), paging),
    );
  }

  @Get('stickiness')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'Persons active on exactly stickiness_days intervals of the range' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(ShortActorsDto)))
  stickiness(@CurrentProject() project: ProjectAccess, @Query() query: StickinessActorsQueryDto, @Req() req: Request) {
    return this.actors(project, req, query, {}, null, (p, now, zone, paging) =>
      this.analytics.stickiness(project.id, stickinessQuery(p, now, zone), paging),
    );
  }

  @Get('retention')
  @RequireScopes('person:read')
  @ApiOperation({ summary: 'The persons of one retention cohort, with their appearances per period' })
  @ApiOkResponse(ACTORS_OR_CSV(getSchemaPath(RetentionActorsDto)))
  async retention(
    @CurrentProject() project: ProjectAccess,
    @Query() query: RetentionActorsQueryDto,
    @Req() req: Request,
  ): Promise<RetentionActorsDto | StreamableFile> {
    const format = formatOf(query);
    const p = new AnalyticsParams(query, {}, this.filters);
    const q = retentionQuery(p, this.clock.now(), await this.tenancy.timeZone(project.id));
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
  @ApiOkResponse({
    content: {
      'application/json': { schema: { type: 'array', items: { $ref: getSchemaPath(PropertyValueDto) } } },
      'text/csv': { schema: { type: 'string' } },
    },
  })
  @ApiExtraModels(PropertyValueDto)
  async values(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PropertyValuesQueryDto,
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
  @ApiOkResponse({ type: PersonCohortsDto })
  async personCohorts(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PersonCohortsQueryDto,
  ): Promise<PersonCohortsDto> {
    const raw = new AnalyticsParams(query, {}, this.filters).string('person_id');
    if (raw === undefined || raw === '') throw DomainError.required('person_id');
    const ref = parsePersonRef(raw, 'person_id');
    if (!ref) throw DomainError.notFound();
    return { results: await toCohortDtos(await this.cohorts.ofPerson(project.id, ref), this.tenancy) };
  }

  private correlationActors(project: ProjectAccess, req: Request, query: object, body: object) {
    return this.actors(
      project,
      req,
      query,
      body,
      CORRELATION,
      (p, now, zone, paging) =>
        this.analytics.funnelCorrelation(project.id, funnelCorrelationQuery(p, now, zone), paging),
      ['funnel_correlation_person_limit', 'funnel_correlation_person_offset'],
    );
  }

  /**
   * Parses, runs, and answers with PostHog's actors envelope (or CSV). `cached` is set for the routes
   * PostHog answers through its cache (`cached_by_filters`: trends, funnel, correlation, path):
   * their JSON answers are kept (`ActorResultsCache`) and their envelope says so (`is_cached`,
   * `last_refresh`); null for the others, computed every time, with the short envelope.
   */
  private async actors(
    project: ProjectAccess,
    req: Request,
    query: object,
    body: object,
    cached: CachedRoute | null,
    run: (p: AnalyticsParams, now: Date, timeZone: string, paging: ActorPaging) => Promise<ActorRows>,
    aliases?: [string, string],
  ): Promise<ActorsDto | ShortActorsDto | StreamableFile> {
    const format = formatOf(query);
    const p = new AnalyticsParams(query, body as Record<string, unknown>, this.filters);
    const paging = pagingOf(p, format === 'csv', aliases);
    // Dates are read in the project's time zone, as it is now (a change shows at once).
    const timeZone = await this.tenancy.timeZone(project.id);
    if (format === 'csv') {
      const result = await run(p, this.clock.now(), timeZone, paging);
      return this.csv.file(
        'persons.csv',
        ACTOR_FIELDS,
        pagesOf(result.rows, async (rows) => (await this.analytics.actors(project.id, rows)).map(toActorDto)),
      );
    }
    if (cached === null) {
      const result = await run(p, this.clock.now(), timeZone, paging);
      const people = (await this.analytics.actors(project.id, result.rows)).map(toActorDto);
      const results = [{ people, count: people.length }];
      return { results, next: nextUrl(req, paging, result.total), missing_persons: result.missing };
    }
    const sent = p.sent();
    const { answer, isCached, lastRefresh } = await this.results.answer(
      {
        projectId: project.id,
        // The zone is in the key: an answer computed in the zone the project had is not served after a change.
        key: resultKey(project.id, cached.name, sent, query, timeZone),
        refresh: refreshRequested(query, body),
        interval: intervalOf(sent),
        dateTo: (now) => cached.dateTo(p, now, timeZone),
      },
      (now) => run(p, now, timeZone, paging),
    );
    const people = (await this.analytics.actors(project.id, answer.rows)).map(toActorDto);
    return {
      results: [{ people, count: people.length }],
      next: nextUrl(req, paging, answer.total),
      initial: absoluteUrl(req, { [paging.names[1]]: 0 }),
      missing_persons: answer.missing,
      is_cached: isCached,
      last_refresh: lastRefresh.toISOString(),
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
