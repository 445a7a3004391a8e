import { CohortDto } from '@app/cohorts';
import { DomainError, QueryParam, toUserBasic, UserBasicDto } from '@app/platform';
import type { UserRecord } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { Dashboard } from '../domain/dashboard';
import { evaluationReasonsCode } from '../domain/evaluation';
import { parseGroupsQuery } from '../domain/sdk-request';
import { sendCohortsOf } from './local-evaluation-response';
import type { DefinitionFlag } from '../domain/project-snapshot';
import type { Evaluated, FlagValue } from '../flag-evaluation.service';
import { FlagFiltersDto } from './flags.dto';

/** A flag's value: a variant key, or true/false. */
export const FLAG_VALUE = { oneOf: [{ type: 'boolean' }, { type: 'string' }] };

export class EvaluationDto {
  @ApiProperty({
    description:
      '`condition_match`, `no_condition_match`, `out_of_rollout_bound`, `no_group_type`, ' +
      '`super_condition_value`, `holdout_condition_value`, `disabled` (inactive flag), `missing_dependency`.',
  })
  reason: string;

  @ApiProperty({ type: 'integer', nullable: true, description: "The deciding condition's index in `filters.groups`." })
  condition_index: number | null;
}

export class EvaluationReasonDto {
  @ApiProperty({ ...FLAG_VALUE, description: 'The variant key, or true/false.' }) value: boolean | string;
  @ApiProperty({ type: EvaluationDto }) evaluation: EvaluationDto;
}

export function toEvaluationReasons(evaluated: Evaluated): Record<string, EvaluationReasonDto> {
  const out: Record<string, EvaluationReasonDto> = {};
  for (const r of evaluated.results) {
    out[r.key] = {
      value: r.value,
      evaluation: { reason: evaluationReasonsCode(r.reason.code), condition_index: r.reason.condition_index },
    };
  }
  return out;
}

/** A flag as the local-evaluation and `my_flags` endpoints show it. */
export class MinimalFlagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', description: 'The project id.' }) team_id: number;
  @ApiProperty({ description: "The flag's description." }) name: string;
  @ApiProperty() key: string;
  @ApiProperty({ type: FlagFiltersDto }) filters: object;
  @ApiProperty({ enum: [false] }) deleted: boolean;
  @ApiProperty() active: boolean;
  @ApiProperty() ensure_experience_continuity: boolean;
  @ApiProperty() has_encrypted_payloads: boolean;
  @ApiProperty({ type: 'integer' }) version: number;
}

export class MyFlagDto {
  @ApiProperty({ type: MinimalFlagDto }) feature_flag: MinimalFlagDto;
  @ApiProperty({ ...FLAG_VALUE, description: "The caller's value: the variant key, or true/false." })
  value: boolean | string;
}

export function toMyFlags(values: FlagValue[]): MyFlagDto[] {
  return values.map(({ flag, value }) => ({ feature_flag: minimalFlag(flag), value }));
}

function minimalFlag(flag: DefinitionFlag): MinimalFlagDto {
  return {
    id: flag.id,
    team_id: flag.team_id,
    name: flag.name,
    key: flag.key,
    filters: flag.filters as Record<string, unknown>,
    deleted: false,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    has_encrypted_payloads: flag.has_encrypted_payloads,
    version: flag.version,
  };
}

export class LocalEvaluationDto {
  @ApiProperty({
    type: [MinimalFlagDto],
    description:
      'Every live flag, inactive ones included. Conditions come in evaluation order (variant overrides first); flag dependencies carry `dependency_chain`.',
  })
  flags: MinimalFlagDto[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Group type index → group type name.',
    example: { '0': 'company' },
  })
  group_type_mapping: Record<string, string>;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: true },
    description:
      'With send_cohorts: cohort id → its property group, for every dynamic cohort the flags use (nested ones included). Otherwise `{}`.',
  })
  cohorts: Record<string, unknown>;
}

export class BlastRadiusRequestDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'A condition: `{properties: [...], rollout_percentage?}` (the rollout is not applied).',
  })
  @Allow() // checked by the flag filter rules, in PostHog's words
  condition: unknown;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 4,
    description: 'Count groups of this type instead of persons.',
  })
  @Allow()
  group_type_index?: number | null;
}

export class BlastRadiusDto {
  @ApiProperty({ type: 'integer' }) users_affected: number;
  @ApiProperty({ type: 'integer' }) total_users: number;
}

export class StaticCohortForFlagDto {
  @ApiProperty({ type: CohortDto, description: 'Static; `is_calculating` until its persons are added.' })
  cohort: CohortDto;
}

export class DashboardOutcomeDto {
  @ApiProperty() success: boolean;
  @ApiPropertyOptional({ description: 'Why nothing was done (with `success: false`).' }) error?: string;
}

export class InsightDto {
  @ApiProperty({ type: 'integer', description: 'The tile id.' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "The insight's query (PostHog's trends filters).",
  })
  filters: Record<string, unknown>;
}

export class DashboardTileDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: InsightDto }) insight: InsightDto;
}

export class DashboardDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) filters: Record<string, unknown>;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: [DashboardTileDto] }) tiles: DashboardTileDto[];
  @ApiProperty() deleted: boolean;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toDashboardDto(dashboard: Dashboard, createdBy: UserRecord | null): DashboardDto {
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    filters: dashboard.filters,
    tags: dashboard.tags,
    tiles: dashboard.tiles.map((t) => ({ id: t.id, insight: { id: t.id, ...t.insight } })),
    deleted: dashboard.deleted,
    created_by: toUserBasic(createdBy),
    created_at: dashboard.createdAt.toISOString(),
  };
}

/** Group type → group key. */
export interface GroupKeys {
  [groupType: string]: string;
}

/** The groups a flag is evaluated for. */
export class GroupsQuery {
  /** JSON object of group type → group key, e.g. `{"company": "acme"}`. */
  @QueryParam(parseGroupsQuery)
  @ApiPropertyOptional({ type: String })
  groups: GroupKeys;
}

export class EvaluationReasonsQuery {
  @QueryParam((raw) => {
    if (typeof raw !== 'string' || raw === '') {
      throw DomainError.invalid('distinct_id is required', 'distinct_id', 'required');
    }
    return raw;
  })
  @ApiProperty({ type: String })
  distinct_id: string;

  /** JSON object of group type → group key, e.g. `{"company": "acme"}`. */
  @QueryParam(parseGroupsQuery)
  @ApiPropertyOptional({ type: String })
  groups: GroupKeys;
}

export class SendCohortsQuery {
  /**
   * Present (with no value, or true): the cohorts come along. Absent: `cohorts` is `{}` and flags using one plain cohort have it rewritten into person-property conditions.
   */
  @QueryParam(sendCohortsOf)
  @ApiPropertyOptional({ type: String })
  send_cohorts: boolean;
}
