import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CachedActorsPageQuery, BREAKDOWN_TYPES } from '../http/actors-query.dto';
import { ENTITY_MATHS } from './trends.query';

/** Persons behind a trends data point. */
export class TrendsActorsQueryDto extends CachedActorsPageQuery {
  /** The event (series) of the data point. */
  @Allow()
  entity_id?: string;

  /** events (actions are not supported). */
  @Allow()
  @ApiPropertyOptional({ enum: ['events'] })
  entity_type?: string;

  /** JSON list of series; the one whose id is entity_id lends its property filters (or the first, without entity_id). */
  @Allow()
  events?: string;

  @Allow()
  @ApiPropertyOptional({ enum: ENTITY_MATHS })
  entity_math?: string;

  /** ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
  @Allow()
  date_from?: string;

  /** ISO date (to the end of that day), date-time or relative. Default now. */
  @Allow()
  date_to?: string;

  /** JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
  @Allow()
  properties?: string;

  /** A property; with breakdown_value, only events (or persons) with that value. */
  @Allow()
  breakdown?: string;

  @Allow()
  @ApiPropertyOptional({ enum: BREAKDOWN_TYPES })
  breakdown_type?: string;

  /** Required with breakdown ($$_posthog_breakdown_null_$$: not set). */
  @Allow()
  breakdown_value?: string;
}
