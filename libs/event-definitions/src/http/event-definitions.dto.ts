import {
  IsOmittable,
  MAX_TAG_LENGTH,
  pageLimit,
  pageOffset,
  QueryParam,
  toUserBasic,
  UserBasicDto,
} from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { EventDefinitionPatch, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../domain/event-definition';
import type { EventDefinitionView } from '../event-definitions.service';
import { EVENT_TYPES, parseEventType, parseOrdering, parseSearch } from '../domain/list-query';
import type { EventType, OrderTerm } from '../domain/list-query';

/** Optional, but null is a value (and refused by the type check), unlike IsOptional. */

/** Some character other than white space, and no NUL. */
const NOT_BLANK = '^[^\\u0000]*\\S[^\\u0000]*$';
const NO_NUL = '^[^\\u0000]*$';

export class EventDefinitionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ maxLength: MAX_NAME_LENGTH, example: '$pageview' }) name: string;
  @ApiProperty({
    maxLength: MAX_DESCRIPTION_LENGTH,
    example: 'A page was viewed.',
    description: "What the event means; '' when nobody wrote one.",
  })
  description: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'First seen by ingestion.' })
  created_at: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Last seen by ingestion, refreshed at most once an hour per definition.',
  })
  last_seen_at: string | null;
  @ApiProperty({ format: 'date-time', description: 'When the definition was created or last edited.' })
  last_updated_at: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'boolean' }],
    example: false,
    description: 'Always false for an event. PostHog’s schema types this field as a string; the value is a boolean.',
  })
  is_action: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'Always null for an event.' })
  action_id: number | null;
  @ApiProperty({ example: false, description: 'Always false for an event.' }) is_calculating: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Always null for an event.' })
  last_calculated_at: string | null;
  @ApiProperty({ type: UserBasicDto, nullable: true, description: 'Null for definitions ingestion created.' })
  created_by: UserBasicDto | null;
  @ApiProperty() post_to_slack: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Events of this name in the last 30 days, as of the last scheduled refresh; null before it.',
  })
  volume_30_day: number | null;
}

export function toEventDefinitionDto(d: EventDefinitionView): EventDefinitionDto {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    created_at: d.createdAt?.toISOString() ?? null,
    last_seen_at: d.lastSeenAt?.toISOString() ?? null,
    last_updated_at: d.lastUpdatedAt.toISOString(),
    tags: d.tags,
    is_action: false,
    action_id: null,
    is_calculating: false,
    last_calculated_at: null,
    created_by: toUserBasic(d.creator),
    post_to_slack: d.postToSlack,
    volume_30_day: d.volume30Day,
  };
}

/** Fields in the order PostHog validates them; others are ignored. */
export class UpdateEventDefinitionDto implements EventDefinitionPatch {
  @ApiPropertyOptional({
    maxLength: MAX_NAME_LENGTH,
    pattern: NOT_BLANK,
    description: 'Trimmed; unique in the project; no NUL characters.',
  })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_DESCRIPTION_LENGTH,
    pattern: NO_NUL,
    description: "Trimmed; no NUL characters; null or '' clears it.",
  })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'ISO 8601; no zone: UTC.' })
  @IsOptional()
  @IsString()
  created_at?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'ISO 8601; no zone: UTC.' })
  @IsOptional()
  @IsString()
  last_seen_at?: string | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', maxLength: MAX_TAG_LENGTH, pattern: NOT_BLANK },
    description: 'Trimmed, lower-cased, de-duplicated; replaces all tags.',
  })
  @IsOmittable()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  post_to_slack?: boolean;
}

/** The list's query: the page, then the filters and the order. */
export class ListEventDefinitionsQuery {
  @QueryParam(pageLimit())
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Results per page (default 100, at most 1000).' })
  limit: number;

  @QueryParam(pageOffset)
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Index of the first result.' })
  offset: number;

  /** event / all: every definition (default); event_custom: names not starting with $; event_posthog: the others. */
  @QueryParam(parseEventType)
  @ApiPropertyOptional({ enum: EVENT_TYPES })
  event_type: EventType;

  /** Space-separated terms; each must occur in the name (any case, taken literally). */
  @QueryParam(parseSearch)
  @ApiPropertyOptional({ type: String })
  search: string[];

  /**
   * name or last_seen_at, - for descending, comma-separated for several. Default: -last_seen_at (never seen last), then name.
   */
  @QueryParam(parseOrdering)
  @ApiPropertyOptional({ type: 'string', example: '-last_seen_at' })
  ordering: OrderTerm[];
}
