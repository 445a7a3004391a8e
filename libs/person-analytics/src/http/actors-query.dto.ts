import { FORMAT_DESCRIPTION } from '@app/persons';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

// The insights' query DTOs declare every parameter once, for the OpenAPI document and the
// whitelist, and keep each value as sent (text, or a list when repeated): the insight's parse
// reads them, a POST body's value first, because its rules span parameters (a step number within
// the funnel's steps, a breakdown value required with a breakdown) and PostHog's first error
// follows that parse.

/** One page of the persons behind a data point, as JSON or CSV. */
export class ActorsPageQuery {
  @Allow()
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format?: string;

  /** Persons per page (default 100, at most 1000; CSV: 10,000). */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit?: string;

  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  offset?: string;

  /** Only persons whose email or name property, or one of whose distinct ids, contains it (any case). */
  @Allow()
  search?: string;
}

export const INTERVALS = ['hour', 'day', 'week', 'month'];

/**
 * A page of an insight's persons that PostHog answers from its cache (trends, funnel,
 * correlation, path): the two parameters that bypass it, and the interval a kept answer ages by.
 */
export class CachedActorsPageQuery extends ActorsPageQuery {
  /** Compute again instead of serving a kept answer (true, 1, yes, empty, or one of PostHog's refresh modes); the new answer is kept. */
  @Allow()
  @ApiPropertyOptional({ type: 'string', example: 'true' })
  refresh?: string;

  /** Part of the cache key: a new value misses the answers kept under the others. */
  @Allow()
  cache_invalidation_key?: string;

  /** Default day; weeks start on Sunday, UTC. A kept answer ages by it (stale after 1 hour for an hour, 6 for a day, a day for a week, 2 for a month). */
  @Allow()
  @ApiPropertyOptional({ enum: INTERVALS })
  interval?: string;
}

export const BREAKDOWN_TYPES = ['event', 'person'];
