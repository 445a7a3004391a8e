import {
  ANY_JSON,
  DomainError,
  IsOmittable,
  pageLimit,
  pageOffset,
  QueryParam,
  toUserBasic,
  UserBasicDto,
} from '@app/platform';
import type { UserRecord } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsString, ValidateBy, ValidateIf } from 'class-validator';
import {
  MAX_PENDING_SCHEDULED_CHANGES,
  MIN_RECURRENCE_MINUTES,
  RECURRENCE_INTERVALS,
  SCHEDULED_MODELS,
  SCHEDULED_OPERATIONS,
} from '../domain/scheduled-change';
import type { ScheduleInput } from '../domain/scheduled-change';
import type { ScheduledChangeView } from '../scheduled-changes.service';

/** A string, or an integer (PostHog's UI sends the flag id as a number; DRF keeps its text). */
function IsStringOrInteger(): PropertyDecorator {
  return ValidateBy({
    name: 'isStringOrInteger',
    validator: {
      validate: (value: unknown) => typeof value === 'string' || Number.isSafeInteger(value),
      defaultMessage: () => 'Not a valid string.',
    },
  });
}

const PAYLOAD_DOC = {
  ...ANY_JSON,
  description:
    "The change: `{operation, value}` with operation `update_status` (value true/false), `add_release_condition` (value `{groups}`, appended to the flag's conditions) or `update_variants` (value `{variants, payloads}`, rollouts summing to 100).",
  example: { operation: 'update_status', value: true },
};

/** Fields in PostHog's validation order. */
export class CreateScheduledChangeDto implements ScheduleInput {
  @ApiProperty({ oneOf: [{ type: 'string', maxLength: 200 }, { type: 'integer' }], description: 'The flag id.' })
  @IsStringOrInteger()
  record_id: string | number;

  @ApiProperty({ enum: SCHEDULED_MODELS })
  @IsString()
  model_name: string;

  @ApiProperty(PAYLOAD_DOC)
  @IsObject()
  payload: Record<string, unknown>;

  @ApiProperty({
    format: 'date-time',
    description: `When to apply the change; in the future. A project holds at most ${MAX_PENDING_SCHEDULED_CHANGES} pending changes (400 naming this field past it).`,
  })
  @IsString()
  scheduled_at: string;

  @ApiPropertyOptional({ default: false, description: 'Only update_status recurs.' })
  @IsOmittable()
  @IsBoolean()
  is_recurring?: boolean;

  @ApiPropertyOptional({ enum: RECURRENCE_INTERVALS, nullable: true })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  recurrence_interval?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 100,
    description: `Five cron fields, read in UTC (instead of recurrence_interval); at most once every ${MIN_RECURRENCE_MINUTES} minutes (one value in the minute field).`,
  })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  cron_expression?: string | null;

  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'A recurring change stops after it.',
  })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  end_date?: string | null;
}

export class UpdateScheduledChangeDto implements ScheduleInput {
  @ApiPropertyOptional({ oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'Cannot change.' })
  @IsOmittable()
  @IsStringOrInteger()
  record_id?: string | number;

  @ApiPropertyOptional({ enum: SCHEDULED_MODELS, description: 'Cannot change.' })
  @IsOmittable()
  @IsString()
  model_name?: string;

  @ApiPropertyOptional(PAYLOAD_DOC)
  @IsOmittable()
  @IsObject()
  payload?: Record<string, unknown>;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOmittable()
  @IsString()
  scheduled_at?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  is_recurring?: boolean;

  @ApiPropertyOptional({ enum: RECURRENCE_INTERVALS, nullable: true })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  recurrence_interval?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    type: String,
    maxLength: 100,
    description: `At most once every ${MIN_RECURRENCE_MINUTES} minutes.`,
  })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  cron_expression?: string | null;

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  @IsOmittable()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  end_date?: string | null;
}

export class ScheduledChangeDto {
  @ApiProperty() id: number;
  @ApiProperty() team_id: number;
  @ApiProperty() record_id: string;
  @ApiProperty({ enum: SCHEDULED_MODELS }) model_name: string;
  @ApiProperty({ ...ANY_JSON, description: `operation: one of ${SCHEDULED_OPERATIONS.join(', ')}` }) payload: unknown;
  @ApiProperty({ format: 'date-time', description: "A recurring change's next run." }) scheduled_at: string;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Set once the change is over (applied or failed).',
  })
  executed_at: string | null;
  @ApiProperty({ nullable: true, type: String }) failure_reason: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({
    type: UserBasicDto,
    nullable: true,
    description:
      'The user the change runs as (whose rights it is checked against when it runs): its creator, or the organization admin who edited it last. Only the creator and organization admins may edit or delete a change.',
  })
  run_as: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty() is_recurring: boolean;
  @ApiProperty({ enum: RECURRENCE_INTERVALS, nullable: true, type: String }) recurrence_interval: string | null;
  @ApiProperty({ nullable: true, type: String }) cron_expression: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_executed_at: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) end_date: string | null;
  @ApiProperty({ description: 'Schedules are read in UTC.' }) timezone: string;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toScheduledChangeDto({ change, createdBy, runAs }: ScheduledChangeView): ScheduledChangeDto {
  return {
    id: change.id,
    team_id: change.projectId,
    record_id: change.recordId,
    model_name: change.modelName,
    payload: change.payload,
    scheduled_at: change.scheduledAt.toISOString(),
    executed_at: iso(change.executedAt),
    failure_reason: change.failureReason,
    created_at: change.createdAt.toISOString(),
    created_by: toUserBasic(createdBy as UserRecord | null),
    run_as: toUserBasic(runAs as UserRecord | null),
    updated_at: change.updatedAt.toISOString(),
    is_recurring: change.isRecurring,
    recurrence_interval: change.recurrenceInterval,
    cron_expression: change.cronExpression,
    last_executed_at: iso(change.lastExecutedAt),
    end_date: iso(change.endDate),
    timezone: 'UTC',
  };
}

function optionalText(raw: unknown, name: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw DomainError.invalid(`${name} must be given once.`, name);
  return raw;
}

/** The list's query: the page, then the filters. */
export class ListScheduledChangesQuery {
  @QueryParam(pageLimit())
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Results per page (default 100, at most 1000).' })
  limit: number;

  @QueryParam(pageOffset)
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Index of the first result.' })
  offset: number;

  /** Filter by model type ("FeatureFlag"). */
  @QueryParam(optionalText)
  model_name?: string;

  /** Filter by the id of a flag. */
  @QueryParam(optionalText)
  record_id?: string;
}
