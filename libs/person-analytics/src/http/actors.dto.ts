import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { Actor } from '../analytics.service';
import { PERSON_FIELDS, PersonDto, toPersonDto } from '@app/persons';

/** A person as the persons modal lists it: the person, plus PostHog's actor fields. */
export class PersonActorDto extends PersonDto {
  @ApiProperty({ enum: ['person'] }) type: 'person';
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Always empty: session recordings are not stored here.',
  })
  matched_recordings: object[];
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Trends: the person’s number of events in the data point (the list is ordered by it). Else null.',
  })
  value_at_data_point: number | null;
}

/** The CSV columns of actor lists. */
export const ACTOR_FIELDS = [...PERSON_FIELDS, 'value_at_data_point'] as const;

export function toActorDto(actor: Actor): PersonActorDto {
  return {
    ...toPersonDto(actor.person),
    type: 'person',
    matched_recordings: [],
    value_at_data_point: actor.value,
  };
}

export class ActorsResultDto {
  @ApiProperty({ type: [PersonActorDto] }) people: PersonActorDto[];
  @ApiProperty({ type: 'integer', description: 'The number of persons in `people` (this page).' }) count: number;
}

export class ActorsDto {
  @ApiProperty({ type: [ActorsResultDto], description: 'One entry.' }) results: ActorsResultDto[];
  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'The next page, while there is one.' })
  next: string | null;
  @ApiProperty({ format: 'uri', description: 'The first page.' }) initial: string;
  @ApiProperty({
    type: 'integer',
    description: 'Persons of the data point that were deleted since: their events count, they are not listed.',
  })
  missing_persons: number;
  @ApiProperty({ description: 'Whether the answer was kept from an earlier request (see `refresh`).' })
  is_cached: boolean;
  @ApiProperty({ format: 'date-time', description: 'When the answer was computed.' }) last_refresh: string;
}

export class ShortActorsDto {
  @ApiProperty({ type: [ActorsResultDto], description: 'One entry.' }) results: ActorsResultDto[];
  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'The next page, while there is one.' })
  next: string | null;
  @ApiProperty({
    type: 'integer',
    description: 'Persons of the data point that were deleted since: their events count, they are not listed.',
  })
  missing_persons: number;
}

export class RetentionAppearanceDto {
  @ApiProperty({ type: PersonActorDto }) person: PersonActorDto;
  @ApiProperty({
    type: 'array',
    items: { type: 'integer', enum: [0, 1] },
    description: 'Per period from the cohort’s own (always 1) to the last: 1 when the person returned.',
  })
  appearances: number[];
}

export class RetentionActorsDto {
  @ApiProperty({ type: [RetentionAppearanceDto] }) result: RetentionAppearanceDto[];
  @ApiProperty({ type: String, format: 'uri', nullable: true }) next: string | null;
  @ApiProperty({ type: 'integer', description: 'Cohort members deleted since.' }) missing_persons: number;
}

export class PropertyValueDto {
  @ApiProperty({ description: 'The value as text (objects and lists as JSON).' }) name: string;
  @ApiProperty({ type: 'integer', description: 'Persons with this value.' }) count: number;
}

const JSON_OR_TEXT = {
  oneOf: [{ type: 'string' }, { type: 'array', items: {} }, { type: 'object', additionalProperties: true }],
};
const NUMBER_OR_TEXT = { oneOf: [{ type: 'integer' }, { type: 'string' }] };

/**
 * POST bodies of funnel, correlation and path persons: the same parameters as the query string
 * (a body value wins), JSON values as JSON or as JSON text. Parsed and validated by name, so the
 * fields are only declared here.
 */
export class InsightBodyDto {
  @ApiPropertyOptional({
    ...JSON_OR_TEXT,
    description: 'Funnel steps: [{"id": "$pageview", "type": "events", "order": 0, "properties": [...]}].',
  })
  @Allow()
  events?: unknown;
  @ApiPropertyOptional({ ...JSON_OR_TEXT, description: 'Event and person property filters.' })
  @Allow()
  properties?: unknown;
  @ApiPropertyOptional() @Allow() date_from?: string;
  @ApiPropertyOptional() @Allow() date_to?: string;
  @ApiPropertyOptional() @Allow() interval?: string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_step?: number | string;
  @ApiPropertyOptional({ ...JSON_OR_TEXT, description: 'Not supported (a 400 unless empty): use events.' })
  @Allow()
  actions?: unknown;
  @ApiPropertyOptional(JSON_OR_TEXT) @Allow() funnel_custom_steps?: unknown;
  @ApiPropertyOptional({ enum: ['ordered', 'strict', 'unordered'] }) @Allow() funnel_order_type?: string;
  @ApiPropertyOptional({ enum: ['steps', 'trends', 'time_to_convert'] }) @Allow() funnel_viz_type?: string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_window_days?: number | string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_window_interval?: number | string;
  @ApiPropertyOptional() @Allow() funnel_window_interval_unit?: string;
  @ApiPropertyOptional() @Allow() funnel_step_breakdown?: string;
  @ApiPropertyOptional() @Allow() breakdown?: string;
  @ApiPropertyOptional({ enum: ['event', 'person'] }) @Allow() breakdown_type?: string;
  @ApiPropertyOptional() @Allow() entrance_period_start?: string;
  @ApiPropertyOptional({ oneOf: [{ type: 'boolean' }, { type: 'string' }] }) @Allow() drop_off?: boolean | string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_to_step?: number | string;
  @ApiPropertyOptional(JSON_OR_TEXT) @Allow() funnel_correlation_person_entity?: unknown;
  @ApiPropertyOptional() @Allow() funnel_correlation_person_converted?: string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_correlation_person_limit?: number | string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() funnel_correlation_person_offset?: number | string;
  @ApiPropertyOptional() @Allow() path_type?: string;
  @ApiPropertyOptional(JSON_OR_TEXT) @Allow() include_event_types?: unknown;
  @ApiPropertyOptional(JSON_OR_TEXT) @Allow() exclude_events?: unknown;
  @ApiPropertyOptional() @Allow() start_point?: string;
  @ApiPropertyOptional() @Allow() end_point?: string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() step_limit?: number | string;
  @ApiPropertyOptional() @Allow() path_start_key?: string;
  @ApiPropertyOptional() @Allow() path_end_key?: string;
  @ApiPropertyOptional() @Allow() path_dropoff_key?: string;
  @ApiPropertyOptional({ description: 'Not supported (a 400).' }) @Allow() funnel_paths?: string;
  @ApiPropertyOptional({ ...JSON_OR_TEXT, description: 'Not supported (a 400).' }) @Allow() funnel_filter?: unknown;
  @ApiPropertyOptional() @Allow() search?: string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() limit?: number | string;
  @ApiPropertyOptional(NUMBER_OR_TEXT) @Allow() offset?: number | string;
  @ApiPropertyOptional({
    oneOf: [{ type: 'boolean' }, { type: 'string' }],
    description: 'Compute again (when the query string has none).',
  })
  @Allow()
  refresh?: boolean | string;
  @ApiPropertyOptional() @Allow() cache_invalidation_key?: string;
}
