import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANY_JSON } from '../http/openapi-schemas';
import { activityLimit, activityPage } from '../http/pagination';
import { QueryParam } from '../http/validators';
import type { ActivityEntry } from './activity-log.service';

/** OpenAPI of the activity entries every context's activity endpoints return (PostHog's shape). */
export class ActivityChangeDto {
  @ApiProperty({ example: 'FeatureFlag' }) type: string;
  @ApiProperty({ example: 'changed', description: 'created, deleted, changed, …' }) action: string;
  @ApiPropertyOptional() field?: string;
  @ApiPropertyOptional({ ...ANY_JSON }) before?: unknown;
  @ApiPropertyOptional({ ...ANY_JSON }) after?: unknown;
}

export class ActivityDetailDto {
  @ApiPropertyOptional({ anyOf: [{ type: 'string', nullable: true }, { type: 'integer' }] }) id?:
    string | number | null;
  @ApiProperty({ type: [ActivityChangeDto], nullable: true }) changes: ActivityChangeDto[] | null;
  @ApiProperty({ ...ANY_JSON }) merge: unknown;
  @ApiProperty({ ...ANY_JSON }) trigger: unknown;
  @ApiProperty({ type: String, nullable: true, description: 'The object’s name (a flag’s key, a person’s uuid, …).' })
  name: string | null;
  @ApiProperty({ type: String, nullable: true }) short_id: string | null;
  @ApiProperty({ type: String, nullable: true }) type: string | null;
}

export class ActivityUserDto {
  @ApiProperty() first_name: string;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiPropertyOptional() is_system?: boolean;
}

export class ActivityEntryDto implements ActivityEntry {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: ActivityUserDto }) user: ActivityUserDto;
  @ApiProperty({ example: 'updated', description: 'created, updated, deleted, split_person, …' }) activity: string;
  @ApiProperty({ example: 'FeatureFlag' }) scope: string;
  @ApiProperty({ type: String, nullable: true, description: 'The object’s id.' }) item_id: string | null;
  @ApiProperty({ type: ActivityDetailDto }) detail: ActivityDetailDto;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** `page`/`limit` paging, as PostHog's activity endpoints answer. */
export class ActivityPageDto {
  @ApiProperty({ type: [ActivityEntryDto] }) results: ActivityEntryDto[];
  @ApiProperty({ type: String, format: 'uri', nullable: true }) next: string | null;
  @ApiProperty({ type: String, format: 'uri', nullable: true }) previous: string | null;
  @ApiProperty({ type: 'integer' }) total_count: number;
}

/** The page of an activity list. */
export class ActivityPageQuery {
  /** Default 10. */
  @QueryParam(activityLimit)
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit: number;

  /** Default 1. */
  @QueryParam(activityPage)
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  page: number;
}
