import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CachedActorsPageQuery, BREAKDOWN_TYPES } from '../http/actors-query.dto';
import { FUNNEL_ORDERS } from './funnel.query';

/** The funnel itself: its steps, order, window, dates, filters and breakdown. */
export class FunnelQueryDto extends CachedActorsPageQuery {
  /** Required. JSON list of steps [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}]. */
  @Allow()
  events?: string;

  /** Not supported (a 400 unless an empty list): use events. */
  @Allow()
  actions?: string;

  /** Default ordered. */
  @Allow()
  @ApiPropertyOptional({ enum: FUNNEL_ORDERS })
  funnel_order_type?: string;

  /** Conversion window (default 14 days). */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  funnel_window_days?: string;

  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  funnel_window_interval?: string;

  @Allow()
  @ApiPropertyOptional({ enum: ['second', 'minute', 'hour', 'day', 'week', 'month'] })
  funnel_window_interval_unit?: string;

  /** ISO date (a whole UTC day), date-time, relative (-7d, -2w, -1m, -1y, -3h) or all. Default -7d. */
  @Allow()
  date_from?: string;

  /** ISO date (to the end of that day), date-time or relative. Default now. */
  @Allow()
  date_to?: string;

  /** JSON: event and person property filters (a list, AND-ed, or {type, values} groups); type defaults to event. */
  @Allow()
  properties?: string;

  /** A property; with funnel_step_breakdown, only attempts whose first step had that value. */
  @Allow()
  breakdown?: string;

  @Allow()
  @ApiPropertyOptional({ enum: BREAKDOWN_TYPES })
  breakdown_type?: string;

  /** The breakdown value ($$_posthog_breakdown_null_$$: not set). */
  @Allow()
  funnel_step_breakdown?: string;
}

/** Persons of one funnel step, drop-off or (funnel trends) entrance period. */
export class FunnelActorsQueryDto extends FunnelQueryDto {
  /** Required (unless funnel_custom_steps or funnel trends): N ≥ 1 reached step N; -N dropped off before step N. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer' })
  funnel_step?: string;

  /** JSON list of steps: persons whose furthest step is one of them. */
  @Allow()
  funnel_custom_steps?: string;

  @Allow()
  @ApiPropertyOptional({ enum: ['steps', 'trends', 'time_to_convert'] })
  funnel_viz_type?: string;

  /** Funnel trends: the period (of interval) the persons entered in. */
  @Allow()
  entrance_period_start?: string;

  /** Funnel trends: those who did not convert. */
  @Allow()
  @ApiPropertyOptional({ type: 'boolean' })
  drop_off?: string;

  /** Funnel trends: the step (0-based) that counts as converted; default the last. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  funnel_to_step?: string;
}

/** Funnel persons, converted or not, who did an event in between. */
export class FunnelCorrelationQueryDto extends FunnelQueryDto {
  /** JSON {"id": "event", "type": "events", "properties": [...]}: the event done between entering and converting. */
  @Allow()
  @ApiProperty({ type: String })
  funnel_correlation_person_entity: string;

  /** Converted persons, or the others (default both). */
  @Allow()
  @ApiPropertyOptional({ enum: ['TRUE', 'FALSE'] })
  funnel_correlation_person_converted?: string;

  /** Alias of limit. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  funnel_correlation_person_limit?: string;

  /** Alias of offset. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  funnel_correlation_person_offset?: string;
}
