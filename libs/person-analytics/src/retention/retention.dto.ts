import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ActorsPageQuery } from '../http/actors-query.dto';
import { MAX_RETENTION_INTERVALS } from './retention.query';

/** The persons of one retention cohort, with their appearances per period. */
export class RetentionActorsQueryDto extends ActorsPageQuery {
  /** JSON {"id": "$pageview", "type": "events"} (the default). */
  @Allow()
  target_entity?: string;

  /** JSON entity; default the first of events, else target_entity. */
  @Allow()
  returning_entity?: string;

  /** JSON list of series: the first is the returning entity when returning_entity is not given. */
  @Allow()
  events?: string;

  /** Default retention_recurring. */
  @Allow()
  @ApiPropertyOptional({ enum: ['retention_recurring', 'retention_first_time'] })
  retention_type?: string;

  /** Default Day. */
  @Allow()
  @ApiPropertyOptional({ enum: ['Hour', 'Day', 'Week', 'Month'] })
  period?: string;

  /** Default 11. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_RETENTION_INTERVALS })
  total_intervals?: string;

  /** The cohort (0: the oldest period). Default 0. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  selected_interval?: string;

  /** A date in the last period. Default now. */
  @Allow()
  date_to?: string;

  /** JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
  @Allow()
  properties?: string;
}
