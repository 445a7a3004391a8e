import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ActorsPageQuery, INTERVALS } from '../http/actors-query.dto';

/** Persons active on exactly stickiness_days intervals of the range. */
export class StickinessActorsQueryDto extends ActorsPageQuery {
  @Allow()
  @ApiProperty({ type: 'integer', minimum: 1 })
  stickiness_days: string;

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

  /** Default day; weeks start on Sunday, UTC. */
  @Allow()
  @ApiPropertyOptional({ enum: INTERVALS })
  interval?: string;

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
