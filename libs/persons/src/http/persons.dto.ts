import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { displayName } from '../domain/person';
import type { Person } from '../persistence/persons.repository';

const ANY_JSON = {
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', additionalProperties: true },
    { type: 'array', items: {} },
  ],
};

export class PersonDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'Integer id (use it, or the uuid, in paths).' }) id: number;
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ description: 'First of the email/name/username properties, else a distinct id.' }) name: string;
  @ApiProperty({ type: [String], description: 'Oldest first; at most 1000.' }) distinct_ids: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) properties: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ description: 'True once an $identify or alias linked this person to another distinct id.' })
  is_identified: boolean;
}

/** The fields of a person response, in order (the CSV columns follow it). */
export const PERSON_FIELDS = [
  'id',
  'uuid',
  'name',
  'created_at',
  'is_identified',
  'distinct_ids',
  'properties',
] as const;

export function toPersonDto(p: Person): PersonDto {
  return {
    id: p.id,
    uuid: p.uuid,
    name: displayName(p.properties, p.distinctIds, p.id),
    distinct_ids: p.distinctIds,
    properties: p.properties,
    created_at: p.createdAt.toISOString(),
    is_identified: p.isIdentified,
  };
}

export class UpdatePersonDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Merged into the person’s properties.' })
  @IsObject()
  properties: Record<string, unknown>;
}

export class UpdatePropertyDto {
  @ApiPropertyOptional({
    ...ANY_JSON,
    description: 'The new value (any JSON but null). Also accepted as a query parameter.',
  })
  @IsOptional()
  value?: unknown;

  @ApiPropertyOptional({ description: 'The property to set. Also accepted as a query parameter.' })
  @IsOptional()
  @IsString()
  key?: string;
}

export class DeletePropertyDto {
  @ApiPropertyOptional({ description: 'The property to remove. Also accepted as a query parameter.' })
  @IsOptional()
  @IsString()
  $unset?: string;
}

export class SplitPersonDto {
  @ApiPropertyOptional({
    description:
      'The distinct id that stays with this person (it keeps its properties). Omitted: the oldest id stays and the properties are cleared.',
  })
  @IsOptional()
  @IsString()
  main_distinct_id?: string;
}

export class SuccessDto {
  @ApiProperty({ example: true }) success: boolean;
}

class ActivityUserDto {
  @ApiProperty() first_name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiPropertyOptional() is_system?: boolean;
}

class ActivityChangeDto {
  @ApiProperty({ example: 'Person' }) type: string;
  @ApiProperty({ example: 'changed' }) action: string;
  @ApiPropertyOptional() field?: string;
  @ApiPropertyOptional({ ...ANY_JSON, nullable: true }) before?: unknown;
  @ApiPropertyOptional({ ...ANY_JSON, nullable: true }) after?: unknown;
}

class ActivityDetailDto {
  @ApiProperty({ type: [ActivityChangeDto], nullable: true }) changes: ActivityChangeDto[] | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) merge: unknown;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) trigger: unknown;
  @ApiProperty({ type: String, nullable: true, description: 'The person’s uuid.' }) name: string | null;
  @ApiProperty({ type: String, nullable: true }) short_id: string | null;
  @ApiProperty({ type: String, nullable: true }) type: string | null;
}

export class PersonActivityEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: ActivityUserDto }) user: ActivityUserDto;
  @ApiProperty({ enum: ['updated', 'deleted', 'split_person', 'delete_property'] }) activity: string;
  @ApiProperty({ example: 'Person' }) scope: string;
  @ApiProperty({ type: String, nullable: true, description: 'The person’s integer id.' }) item_id: string | null;
  @ApiProperty({ type: ActivityDetailDto }) detail: ActivityDetailDto;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class PersonActivityPageDto {
  @ApiProperty({ type: [PersonActivityEntryDto] }) results: PersonActivityEntryDto[];
  @ApiProperty({ type: String, format: 'uri', nullable: true }) next: string | null;
  @ApiProperty({ type: String, format: 'uri', nullable: true }) previous: string | null;
  @ApiProperty({ type: 'integer' }) total_count: number;
}

export class TimelinePointDto {
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) properties: Record<string, unknown>;
  @ApiProperty({ type: 'integer', description: 'Events from this point until the next one.' })
  relevant_event_count: number;
}

export class PropertiesTimelineDto {
  @ApiProperty({ type: [TimelinePointDto] }) points: TimelinePointDto[];
  @ApiProperty({ type: [String] }) crucial_property_keys: string[];
  @ApiProperty({ format: 'date-time' }) effective_date_from: string;
  @ApiProperty({ format: 'date-time' }) effective_date_to: string;
}
