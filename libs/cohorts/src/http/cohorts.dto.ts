import { IsOmittable, toUserBasic, UserBasicDto } from '@app/platform';
import type { TenancyService, UserRecord } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsBoolean, IsObject, IsString } from 'class-validator';
import type { Cohort } from '../domain/cohort';
import type { CohortInput } from '../cohorts.service';

const FILTERS_DOC = {
  type: 'object' as const,
  additionalProperties: true,
  description:
    '`{"properties": {"type": "AND"|"OR", "values": [...]}}`: nested groups whose leaves are person properties ' +
    '(`{key, type: "person", operator, value}`), cohorts (`{key: "id", type: "cohort", value: <id>}`) or ' +
    '`{type: "behavioral", value: "performed_event", key: <event>, time_value, time_interval}`; any leaf may ' +
    'have `negation: true`. `{}` for static cohorts.',
};

const GROUPS_DOC = {
  type: 'array' as const,
  items: { type: 'object' as const, additionalProperties: true },
  description:
    'Legacy form: `[{properties: [...]}]`, OR-ed groups of AND-ed properties (`event_id` + `days`: performed that event). Used when `filters` is absent.',
};

export class CreateCohortDto implements CohortInput {
  @ApiPropertyOptional({ maxLength: 400 })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  description?: string;

  @ApiPropertyOptional(GROUPS_DOC)
  @IsOmittable()
  @IsArray()
  groups?: unknown[];

  @ApiPropertyOptional(FILTERS_DOC)
  @IsOmittable()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({ default: false, description: 'A list of persons instead of filters.' })
  @IsOmittable()
  @IsBoolean()
  is_static?: boolean;
}

export class UpdateCohortDto implements CohortInput {
  @ApiPropertyOptional({ maxLength: 400 })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  description?: string;

  @ApiPropertyOptional(GROUPS_DOC)
  @IsOmittable()
  @IsArray()
  groups?: unknown[];

  @ApiPropertyOptional({ ...FILTERS_DOC, description: 'Replaces the definition (dynamic cohorts only).' })
  @IsOmittable()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'true: soft delete; false: restore.' })
  @IsOmittable()
  @IsBoolean()
  deleted?: boolean;

  @ApiPropertyOptional({ description: 'Cannot change; sending the current value is accepted.' })
  @IsOmittable()
  @IsBoolean()
  is_static?: boolean;
}

export class AddPersonsToStaticCohortDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'Person uuids; unknown ones are skipped.' })
  @IsArray()
  person_ids: string[];
}

export class CohortDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty(GROUPS_DOC) groups: unknown[];
  @ApiProperty(FILTERS_DOC) filters: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'HogQL cohorts are not supported: always null.',
  })
  query: null;
  @ApiProperty({ description: 'The count is being (re)calculated, or a static cohort is being filled.' })
  is_calculating: boolean;
  @ApiProperty() is_static: boolean;
  @ApiProperty() deleted: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Persons in the cohort at the last calculation.' })
  count: number | null;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_calculation: string | null;
  @ApiProperty({ type: 'integer' }) errors_calculating: number;
  @ApiProperty({ type: 'integer', description: '+1 per definition change.' }) version: number;
  @ApiProperty({ type: 'integer', isArray: true }) experiment_set: number[];
}

export function toCohortDto(cohort: Cohort, createdBy: UserRecord | null): CohortDto {
  return {
    id: cohort.id,
    name: cohort.name,
    description: cohort.description,
    groups: cohort.groups,
    filters: cohort.filters as Record<string, unknown>,
    query: null,
    is_calculating: cohort.isCalculating,
    is_static: cohort.isStatic,
    deleted: cohort.deleted,
    count: cohort.count,
    created_by: toUserBasic(createdBy),
    created_at: cohort.createdAt.toISOString(),
    last_calculation: cohort.lastCalculation?.toISOString() ?? null,
    errors_calculating: cohort.errorsCalculating,
    version: cohort.version,
    experiment_set: [],
  };
}

export class AddedPersonsDto {
  @ApiProperty({ enum: [true] }) success: boolean;
  @ApiProperty({ type: 'integer', description: 'Persons newly added.' }) added: number;
}

/** Cohorts as responses, with their creators loaded in one query. */
export async function toCohortDtos(cohorts: readonly Cohort[], tenancy: TenancyService): Promise<CohortDto[]> {
  const users = await tenancy.getUsers(cohorts.flatMap((c) => (c.createdById === null ? [] : [c.createdById])));
  return cohorts.map((c) => toCohortDto(c, c.createdById === null ? null : (users.get(c.createdById) ?? null)));
}

export class PersonCohortsDto {
  @ApiProperty({ type: [CohortDto], description: 'The live cohorts the person belongs to.' }) results: CohortDto[];
}
