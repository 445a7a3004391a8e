import { activityLimit, activityPage, ANY_JSON, DomainError, QueryParam } from '@app/platform';
import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { parseDateFilter, resolveDateFilter } from '@app/targeting';
import { Allow, IsObject, IsOptional, IsString } from 'class-validator';
import { displayName, parsePersonRef } from '../domain/person';
import type { PersonRef } from '../domain/person';
import type { Person } from '../persistence/persons.repository';
import type { PersonsService } from '../persons.service';
import { pagesOf } from './csv';
import { ExportPageQuery, FORMAT_DESCRIPTION, parseFormat, queryText } from './export.dto';
import type { ExportFormat } from './export.dto';

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

/** The persons `ids` names, as response rows, read a page at a time (for CSV exports). */
export function personPages(persons: PersonsService, projectId: number, ids: readonly number[]) {
  return pagesOf(ids, async (page) => (await persons.byIds(projectId, page)).map(toPersonDto));
}

/** A person in a path: integer id or uuid (400 otherwise; null: a number no person can have). */
@Injectable()
export class PersonRefPipe implements PipeTransform<string, PersonRef | null> {
  transform(id: string): PersonRef | null {
    return parsePersonRef(id);
  }
}

/** `delete_events`: absent or false/0 → false; true/1 or present without a value → true. */
function deleteEventsOf(raw: unknown, name: string): boolean {
  const value = queryText(raw, name);
  if (value === undefined) return false;
  const v = value.toLowerCase();
  if (['', 'true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  throw DomainError.invalid('delete_events must be true or false.', name);
}

function dateParam(raw: unknown, name: string): Date | undefined {
  const text = queryText(raw, name);
  if (text === undefined || text === '') return undefined;
  const filter = parseDateFilter(text);
  if (filter.kind === 'invalid') {
    throw DomainError.invalid(`${name} must be a date (ISO 8601) or a relative date like -7d.`, name);
  }
  return new Date(resolveDateFilter(filter, Date.now()));
}

/** The persons list: a page (or CSV), then the filters. */
export class PersonsListQuery extends ExportPageQuery {
  /**
   * JSON: a list of property filters `[{"key", "value", "operator", "type": "person"}]` (AND) or `{"type": "AND"|"OR", "values": [...]}`. Operators as in feature flags.
   */
  @QueryParam(queryText)
  properties?: string;

  /** Only the person with this distinct id. */
  @QueryParam(queryText)
  distinct_id?: string;

  /** Only persons whose email property is exactly this. */
  @QueryParam(queryText)
  email?: string;

  /** Email property contains it (any case), or a distinct id or the uuid equals it. */
  @QueryParam(queryText)
  search?: string;
}

export class PersonsActivityQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** Default 10. */
  @QueryParam(activityLimit)
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit: number;

  /** Default 1. */
  @QueryParam(activityPage)
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  page: number;
}

export class DeletePersonQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** Also delete the person’s events, in the next scheduled deletion batch. */
  @QueryParam(deleteEventsOf)
  @ApiPropertyOptional({ type: 'boolean' })
  delete_events: boolean;
}

// The body wins: these query parameters are read (with queryText) only when the body lacks them.
export class DeletePropertyQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** The property to remove, when not in the body. */
  @Allow()
  @ApiPropertyOptional({ type: String })
  $unset?: unknown;
}

export class UpdatePropertyQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** The property, when not in the body. */
  @Allow()
  @ApiPropertyOptional({ type: String })
  key?: unknown;

  /** The value (a string), when not in the body. */
  @Allow()
  @ApiPropertyOptional({ type: String })
  value?: unknown;
}

export class PropertiesTimelineQuery {
  @QueryParam(parseFormat)
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format: ExportFormat;

  /** ISO date-time or relative (-7d). */
  @QueryParam(dateParam)
  @ApiPropertyOptional({ type: String })
  date_from?: Date;

  /** ISO date-time or relative (-1d). */
  @QueryParam(dateParam)
  @ApiPropertyOptional({ type: String })
  date_to?: Date;

  /** Property filters (JSON); the keys of its person filters are the crucial properties. */
  @QueryParam(queryText)
  properties?: string;

  /** A person property that counts as crucial too. */
  @QueryParam(queryText)
  breakdown?: string;
}
