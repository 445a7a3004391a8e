import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CachedActorsPageQuery } from '../http/actors-query.dto';
import { PATH_TYPES } from './paths.query';

/** Persons whose paths went through start_point → end_point, or an edge / drop-off of the paths chart. */
export class PathsActorsQueryDto extends CachedActorsPageQuery {
  /** Default $pageview (by $current_url). */
  @Allow()
  @ApiPropertyOptional({ enum: PATH_TYPES })
  path_type?: string;

  /** JSON list of path types (instead of path_type). */
  @Allow()
  include_event_types?: string;

  /** Paths start at its first occurrence in a session. */
  @Allow()
  start_point?: string;

  /** Paths end at its first occurrence (after start_point); paths without it do not count. */
  @Allow()
  end_point?: string;

  /** Steps per path (default 5). */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 2, maximum: 20 })
  step_limit?: string;

  /** An edge’s source node, like 1_/home. */
  @Allow()
  path_start_key?: string;

  /** An edge’s target node, like 2_/pricing. */
  @Allow()
  path_end_key?: string;

  /** Paths that end at this node, like 3_/signup. */
  @Allow()
  path_dropoff_key?: string;

  /** JSON list of path elements (URLs, screens, events) to leave out. */
  @Allow()
  exclude_events?: string;

  /** Not supported (a 400): funnel paths. */
  @Allow()
  funnel_paths?: string;

  /** Not supported (a 400): funnel paths. */
  @Allow()
  funnel_filter?: string;

  /** ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
  @Allow()
  date_from?: string;

  /** ISO date (to the end of that day), date-time or relative. Default now. */
  @Allow()
  date_to?: string;

  /** JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
  @Allow()
  properties?: string;
}
