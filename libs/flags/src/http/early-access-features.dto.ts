import { ANY_JSON, DomainError, IsOmittable, QueryParam, toUserBasic, UserBasicDto } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsBoolean, IsInt, IsString, ValidateBy } from 'class-validator';
import { EARLY_ACCESS_STAGES, isEarlyAccessStage } from '../domain/early-access-feature';
import type { EarlyAccessStage } from '../domain/early-access-feature';
import { EVALUATION_RUNTIMES } from '../domain/evaluation-runtime';
import { pyRepr } from '../domain/flag.errors';
import type { Flag } from '../domain/flag';
import type { EarlyAccessInput, EarlyAccessView } from '../early-access-features.service';
import type { PublicEarlyAccessFeature } from '../persistence/early-access-features.repository';
import { FlagFiltersDto } from './flags.dto';

/** One of PostHog's stages; anything else in DRF's `ChoiceField` words. */
function IsStage(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStage',
      validator: {
        validate: (value: unknown) => isEarlyAccessStage(value),
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          return `"${typeof value === 'string' ? value : pyRepr(value)}" is not a valid choice.`;
        },
      },
    },
    { context: { code: 'invalid_choice' } },
  );
}

const STAGE_DOC = {
  enum: EARLY_ACCESS_STAGES,
  description:
    'Moving into an active stage (alpha, beta, general-availability) turns the flag on for persons who enrolled (`$feature_enrollment/<flag key>`); any other stage turns that off.',
};

export class CreateEarlyAccessFeatureDto implements EarlyAccessInput {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  name: string;

  @ApiPropertyOptional({ description: 'Shown to persons in the opt-in UI.' })
  @IsOmittable()
  @IsString()
  description?: string;

  @ApiProperty(STAGE_DOC)
  @IsStage()
  stage: EarlyAccessStage;

  @ApiPropertyOptional({ maxLength: 800, description: 'An http(s) URL, or blank.' })
  @IsOmittable()
  @IsString()
  documentation_url?: string;

  @ApiPropertyOptional({ ...ANY_JSON, description: 'Any JSON but null; `{}` by default.' })
  @Allow() // checked by the domain rules
  payload?: unknown;

  /**
   * A live flag of the project to link: not linked to another feature, not group-based, not
   * multivariate. Without it, a flag keyed by the slug of `name` is created.
   */
  @ApiPropertyOptional({ type: 'integer' })
  @IsOmittable()
  @IsInt()
  feature_flag_id?: number;
}

export class UpdateEarlyAccessFeatureDto implements EarlyAccessInput {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  description?: string;

  @ApiPropertyOptional(STAGE_DOC)
  @IsOmittable()
  @IsStage()
  stage?: EarlyAccessStage;

  @ApiPropertyOptional({ maxLength: 800 })
  @IsOmittable()
  @IsString()
  documentation_url?: string;

  @ApiPropertyOptional({ ...ANY_JSON, description: 'Replaces the payload; null stores `{}`.' })
  @Allow()
  payload?: unknown;

  /** With `stage: general-availability`: the flag is turned on for everyone (its enrolment condition goes). */
  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  rollout_to_all?: boolean;
}

/** The feature's flag (PostHog's MinimalFeatureFlagSerializer). */
export class EarlyAccessFlagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', description: 'The project id.' }) team_id: number;
  @ApiProperty() name: string;
  @ApiProperty() key: string;
  @ApiProperty({ type: FlagFiltersDto }) filters: object;
  @ApiProperty() deleted: boolean;
  @ApiProperty() active: boolean;
  @ApiProperty() ensure_experience_continuity: boolean;
  @ApiProperty() has_encrypted_payloads: boolean;
  @ApiProperty({ type: 'integer' }) version: number;
  @ApiProperty({ type: String, enum: EVALUATION_RUNTIMES, nullable: true }) evaluation_runtime: string | null;
  @ApiProperty({ type: [String] }) evaluation_contexts: string[];
}

export class EarlyAccessFeatureDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: EarlyAccessFlagDto, nullable: true }) feature_flag: EarlyAccessFlagDto | null;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: EARLY_ACCESS_STAGES }) stage: string;
  @ApiProperty() documentation_url: string;
  @ApiProperty(ANY_JSON) payload: unknown;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
}

function toFlag(flag: Flag): EarlyAccessFlagDto {
  return {
    id: flag.id,
    team_id: flag.projectId,
    name: flag.name,
    key: flag.key,
    filters: flag.filters,
    deleted: flag.deleted,
    active: flag.active,
    ensure_experience_continuity: flag.ensureExperienceContinuity,
    has_encrypted_payloads: flag.hasEncryptedPayloads,
    version: flag.version,
    evaluation_runtime: flag.evaluationRuntime ?? 'all',
    evaluation_contexts: flag.evaluationContexts,
  };
}

export function toEarlyAccessFeatureDto(view: EarlyAccessView): EarlyAccessFeatureDto {
  const { feature } = view;
  return {
    id: feature.id,
    feature_flag: view.flag ? toFlag(view.flag) : null,
    name: feature.name,
    description: feature.description,
    stage: feature.stage,
    documentation_url: feature.documentationUrl,
    // PostHog's `get_payload`: an empty payload reads `{}`.
    payload: feature.payload || {},
    created_at: feature.createdAt.toISOString(),
    created_by: toUserBasic(view.createdBy),
  };
}

/** A query parameter given once as text; absent: undefined. */
function optionalToken(raw: unknown, name: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw DomainError.invalid(`${name} must be given once.`, name);
  return raw;
}

/** Every value of a repeatable text parameter (`?stage=alpha&stage=beta`). */
function textList(raw: unknown, name: string): string[] {
  if (raw === undefined) return [];
  const values = Array.isArray(raw) ? raw : [raw];
  if (!values.every((v): v is string => typeof v === 'string')) {
    throw DomainError.invalid(`${name} must be text.`, name);
  }
  return values;
}

export class PublicEarlyAccessQuery {
  /** The project token (phc_…), as posthog-js sends it. */
  @QueryParam(optionalToken)
  @ApiPropertyOptional()
  token?: string;

  /** posthog-js's older name of the token. */
  @QueryParam(optionalToken)
  @ApiPropertyOptional()
  api_key?: string;

  /** Repeatable: the stages to list (`getEarlyAccessFeatures(cb, force, stages)`); `beta` when none. */
  @QueryParam(textList)
  @ApiPropertyOptional({ type: [String], enum: EARLY_ACCESS_STAGES })
  stage: string[];
}

/** A feature as posthog-js reads it (its `EarlyAccessFeature` type). */
export class PublicEarlyAccessFeatureDto implements PublicEarlyAccessFeature {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: EARLY_ACCESS_STAGES }) stage: EarlyAccessStage;
  @ApiProperty() documentationUrl: string;
  @ApiProperty({ description: "The flag's key: `updateEarlyAccessFeatureEnrollment(flagKey, …)`." }) flagKey: string;
  @ApiProperty(ANY_JSON) payload: unknown;
}

export class PublicEarlyAccessResponseDto {
  @ApiProperty({ type: [PublicEarlyAccessFeatureDto] }) earlyAccessFeatures: PublicEarlyAccessFeatureDto[];
}
