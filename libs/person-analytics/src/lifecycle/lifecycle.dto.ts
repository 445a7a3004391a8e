import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ActorsPageQuery, INTERVALS } from '../http/actors-query.dto';
import { LIFECYCLE_TYPES } from './lifecycle.query';

/** Persons who were new, returning, resurrecting or dormant in the period of target_date. */
export class LifecycleActorsQueryDto extends ActorsPageQuery {
  /** A date in the period (the bar of the lifecycle chart). */
  @Allow()
  @ApiProperty({ type: String })
  target_date: string;

  @Allow()
  @ApiProperty({ enum: LIFECYCLE_TYPES })
  lifecycle_type: string;

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

  /** JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
  @Allow()
  properties?: string;

  /** ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
  @Allow()
  date_from?: string;

  /** ISO date (to the end of that day), date-time or relative. Default now. */
  @Allow()
  date_to?: string;
}
