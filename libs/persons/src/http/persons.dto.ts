import { ANY_JSON } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { displayName } from '../domain/person';
import type { Person } from '../persistence/persons.repository';

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
