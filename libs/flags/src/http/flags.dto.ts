import { ANY_JSON, IsOmittable, pageLimit, pageOffset, QueryParam, toUserBasic, UserBasicDto } from '@app/platform';
import { FILTER_OPERATORS } from '@app/targeting';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  ValidateBy,
  ValidationOptions,
} from 'class-validator';
import { hasCohortConditions, withCohortNames } from '../domain/filters';
import { FLAG_ORDER_FIELDS, flagListParams } from '../domain/flag-list';
import type { FlagListOrder, FlagListQuery, FlagType } from '../domain/flag-list';
import { isSimpleFlag, rolloutPercentage } from '../domain/flag';
import { EVALUATION_RUNTIMES, isEvaluationRuntime } from '../domain/evaluation-runtime';
import type { EvaluationRuntime } from '../domain/evaluation-runtime';
import { pyRepr } from '../domain/flag.errors';
import type { FlagStatus } from '../domain/flag-status';
import type { Flag } from '../domain/flag';
import type { CopyFlagsInput, CopyResult, FlagInput, FlagView } from '../flags.service';
import type { UserRecord, UserSummary } from '@app/platform';

/** An object, a list (PostHog's UI sends `[]`) or null. */
function IsJsonContainerOrNull(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJsonContainerOrNull',
      validator: {
        validate: (value: unknown) => value === null || typeof value === 'object',
        defaultMessage: () => 'Expected an object, a list or null.',
      },
    },
    options,
  );
}

/** `server`, `client`, `all` or null; anything else in DRF's `ChoiceField` words. */
function IsEvaluationRuntimeOrNull(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEvaluationRuntimeOrNull',
      validator: {
        validate: (value: unknown) => value === null || isEvaluationRuntime(value),
        defaultMessage: (args) => {
          const value: unknown = args?.value;
          return `"${typeof value === 'string' ? value : pyRepr(value)}" is not a valid choice.`;
        },
      },
    },
    { context: { code: 'invalid_choice' } },
  );
}

// ---- filters (documentation only: validated by the domain rules, stored as sent) ----

export class PropertyFilterDto {
  @ApiProperty({
    description: 'Property name; for `type: flag` the id of the flag depended on; for cohorts `id`.',
    anyOf: [{ type: 'string' }, { type: 'integer' }],
  })
  key: string | number;

  @ApiPropertyOptional({
    ...ANY_JSON,
    description: 'A string, number, boolean or list of them (exact/is_not); a string for other operators.',
  })
  value?: unknown;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: [...FILTER_OPERATORS, null],
    description: 'Default `exact`.',
  })
  operator?: string | null;

  @ApiProperty({ enum: ['person', 'cohort', 'group', 'flag'] })
  type: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'For `type: group`.' })
  group_type_index?: number | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'For cohort properties: not in the cohort.' })
  negation?: boolean | null;

  @ApiPropertyOptional({ description: "Cohort properties, in responses: the cohort's name." })
  cohort_name?: string;
}

export class FlagConditionDto {
  @ApiPropertyOptional({ type: [PropertyFilterDto], description: 'All must match (AND).' })
  properties?: PropertyFilterDto[];

  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: 100, description: 'null = 100.' })
  rollout_percentage?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Variant served when this condition matches.' })
  variant?: string | null;
}

export class FlagVariantDto {
  @ApiProperty() key: string;
  @ApiPropertyOptional({ type: String, nullable: true }) name?: string | null;
  @ApiPropertyOptional({ type: Number, minimum: 0, maximum: 100 }) rollout_percentage?: number;
}

export class MultivariateDto {
  @ApiPropertyOptional({ type: [FlagVariantDto], description: 'Rollout percentages sum to 100.' })
  variants?: FlagVariantDto[];
}

export class FlagFiltersDto {
  @ApiProperty({ type: [FlagConditionDto], description: 'Condition groups, OR-ed.' })
  groups: FlagConditionDto[];

  @ApiPropertyOptional({ type: MultivariateDto, nullable: true })
  multivariate?: MultivariateDto | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', nullable: true },
    description: 'Variant key (or "true" for boolean flags) → JSON-encoded payload.',
  })
  payloads?: Record<string, string | null>;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 4, description: 'null = per person.' })
  aggregation_group_type_index?: number | null;

  @ApiPropertyOptional({
    type: [FlagConditionDto],
    nullable: true,
    description: 'Early-access enrolment conditions (person properties only).',
  })
  super_groups?: FlagConditionDto[] | null;

  @ApiPropertyOptional({
    type: [FlagConditionDto],
    nullable: true,
    description: 'Holdout conditions (person properties only).',
  })
  holdout_groups?: FlagConditionDto[] | null;
}

/** On create `groups` may be left out (one condition for everyone); on update its absence means "keep". */
export class FlagFiltersInputDto extends PartialType(FlagFiltersDto) {}

// ---- requests ----

const FILTERS_DOC = {
  type: FlagFiltersInputDto,
  description:
    "Release conditions in PostHog's shape. On create, missing `groups` means one condition for everyone. On update, `filters` without `groups` is ignored; with `groups` it replaces the stored object.",
};

/** Fields in the order PostHog validates them: the first failing one is reported. */
export class CreateFlagDto implements FlagInput {
  @ApiPropertyOptional({ description: "The flag's description (PostHog keeps the field name `name`)." })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiProperty({
    maxLength: 400,
    pattern: '^[a-zA-Z0-9_-]+$',
    description: 'Unique among the live flags of the project.',
  })
  @IsString()
  key: string;

  @ApiPropertyOptional(FILTERS_DOC)
  @IsOmittable()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  deleted?: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOmittable()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  ensure_experience_continuity?: boolean;

  @ApiPropertyOptional({ ...ANY_JSON, description: 'Free-form JSON object or list, or null.' })
  @IsOmittable()
  @IsJsonContainerOrNull()
  rollback_conditions?: unknown;

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  performed_rollback?: boolean;

  @ApiPropertyOptional({ type: [String], description: 'Trimmed, lower-cased, de-duplicated; replaces all tags.' })
  @IsOmittable()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @ApiPropertyOptional({ type: 'integer', isArray: true, description: 'Dashboard ids of the project.' })
  @IsOmittable()
  @IsArray()
  @IsInt({ each: true })
  analytics_dashboards?: number[];

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  has_enriched_analytics?: boolean;

  /** A flag that only carries its `true` payload, read with `GET …/feature_flags/:key/remote_config`. */
  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  is_remote_configuration?: boolean;

  /** Store the payloads encrypted (needs FLAGS_SECRET_KEYS); they read back decrypted only with a personal API key. */
  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  has_encrypted_payloads?: boolean;

  /** Which SDKs are served the flag: server-side ones, client-side ones (browsers, mobile) or all. */
  @ApiPropertyOptional({ type: String, enum: EVALUATION_RUNTIMES, nullable: true, default: 'all' })
  @IsOmittable()
  @IsEvaluationRuntimeOrNull()
  evaluation_runtime?: EvaluationRuntime | null;

  /** Served only to SDKs that send one of these `evaluation_contexts` (or none); replaces them all. At most 50. */
  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsArray()
  evaluation_contexts?: string[];
}

export class UpdateFlagDto implements FlagInput {
  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional({ maxLength: 400, pattern: '^[a-zA-Z0-9_-]+$' })
  @IsOmittable()
  @IsString()
  key?: string;

  @ApiPropertyOptional(FILTERS_DOC)
  @IsOmittable()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'true: soft delete; false: restore (400 if the key is taken meanwhile).' })
  @IsOmittable()
  @IsBoolean()
  deleted?: boolean;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: 'integer', description: 'The version you last read; if the flag has moved on: 409.' })
  @IsOmittable()
  @IsInt()
  version?: number;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  ensure_experience_continuity?: boolean;

  @ApiPropertyOptional({ ...ANY_JSON, description: 'Free-form JSON object or list, or null.' })
  @IsOmittable()
  @IsJsonContainerOrNull()
  rollback_conditions?: unknown;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  performed_rollback?: boolean;

  @ApiPropertyOptional({ type: [String] })
  @IsOmittable()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @ApiPropertyOptional({ type: 'integer', isArray: true })
  @IsOmittable()
  @IsArray()
  @IsInt({ each: true })
  analytics_dashboards?: number[];

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  has_enriched_analytics?: boolean;

  /** A flag that only carries its `true` payload, read with `GET …/feature_flags/:key/remote_config`. */
  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  is_remote_configuration?: boolean;

  /** Store the payloads encrypted (needs FLAGS_SECRET_KEYS); they read back decrypted only with a personal API key. */
  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  has_encrypted_payloads?: boolean;

  /** Which SDKs are served the flag: server-side ones, client-side ones (browsers, mobile) or all. */
  @ApiPropertyOptional({ type: String, enum: EVALUATION_RUNTIMES, nullable: true })
  @IsOmittable()
  @IsEvaluationRuntimeOrNull()
  evaluation_runtime?: EvaluationRuntime | null;

  /** Served only to SDKs that send one of these `evaluation_contexts` (or none); replaces them all. At most 50. */
  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsArray()
  evaluation_contexts?: string[];
}

export class CopyFlagsDto implements CopyFlagsInput {
  @ApiProperty({ description: 'Key of the live flag to copy.' })
  @IsString()
  @IsNotEmpty({ message: 'This field may not be blank.', context: { code: 'blank' } })
  feature_flag_key: string;

  @ApiProperty({ type: 'integer', description: 'Project (of this organization) holding the flag.' })
  @IsInt()
  from_project: number;

  @ApiProperty({ type: 'integer', isArray: true, description: 'Projects of this organization to copy it to.' })
  @IsArray()
  @ArrayNotEmpty({ message: 'This list may not be empty.', context: { code: 'empty' } })
  @IsInt({ each: true })
  target_project_ids: number[];

  @ApiPropertyOptional({ description: 'Accepted for compatibility; there are no schedules to copy.' })
  @IsOmittable()
  @IsBoolean()
  copy_schedule?: boolean;
}

// ---- responses ----

export class FlagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ description: "The flag's description." }) name: string;
  @ApiProperty() key: string;
  @ApiProperty({ type: FlagFiltersDto }) filters: object;
  @ApiProperty() deleted: boolean;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: 'integer', description: '1 on create, +1 per change.' }) version: number;
  @ApiProperty({ type: UserBasicDto, nullable: true }) last_modified_by: UserBasicDto | null;
  @ApiProperty({ description: 'One condition, no properties, person-based.' }) is_simple_flag: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "The simple flag's rollout; null otherwise." })
  rollout_percentage: number | null;
  @ApiProperty() ensure_experience_continuity: boolean;
  @ApiProperty({ type: 'integer', isArray: true }) experiment_set: number[];
  @ApiProperty({ type: 'object', additionalProperties: true }) surveys: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) features: Record<string, unknown>;
  @ApiProperty({ ...ANY_JSON }) rollback_conditions: unknown;
  @ApiProperty() performed_rollback: boolean;
  @ApiProperty() can_edit: boolean;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: 'integer', nullable: true, description: 'Set by `POST …/:id/dashboard`.' })
  usage_dashboard: number | null;
  @ApiProperty({ type: 'integer', isArray: true }) analytics_dashboards: number[];
  @ApiProperty() has_enriched_analytics: boolean;
  @ApiProperty() is_remote_configuration: boolean;
  @ApiProperty() has_encrypted_payloads: boolean;
  @ApiProperty({ type: String, enum: EVALUATION_RUNTIMES, nullable: true, description: 'null behaves as all.' })
  evaluation_runtime: EvaluationRuntime | null;
  @ApiProperty({ type: [String] }) evaluation_contexts: string[];
  @ApiProperty({
    format: 'date-time',
    type: String,
    nullable: true,
    description:
      'The last evaluation by an SDK (/flags, /decide, OFREP, local-evaluation polls), written every FLAG_CALLS_FLUSH_SECONDS.',
  })
  last_called_at: string | null;
  @ApiProperty({
    enum: ['active', 'stale', 'deleted'],
    description:
      "PostHog's status: stale when on and not called for 30 days, or never called and fully rolled out for 30 days.",
  })
  status: FlagStatus;
}

/** What a flag's response shows beside its row: its users, the caller's rights, the time, its cohorts' names. */
interface FlagDtoContext {
  filters: unknown;
  created_by: unknown;
  last_modified_by: unknown;
  can_edit: unknown;
  status: unknown;
}

function flagDtoOf(flag: Flag, context: FlagDtoContext): FlagDto {
  return {
    id: flag.id,
    name: flag.name,
    key: flag.key,
    filters: context.filters as object,
    deleted: flag.deleted,
    active: flag.active,
    created_by: context.created_by as UserBasicDto | null,
    created_at: flag.createdAt.toISOString(),
    version: flag.version,
    last_modified_by: context.last_modified_by as UserBasicDto | null,
    is_simple_flag: isSimpleFlag(flag.filters),
    rollout_percentage: rolloutPercentage(flag.filters),
    ensure_experience_continuity: flag.ensureExperienceContinuity,
    experiment_set: [],
    surveys: {},
    features: {},
    rollback_conditions: flag.rollbackConditions,
    performed_rollback: flag.performedRollback,
    can_edit: context.can_edit as boolean,
    tags: flag.tags,
    usage_dashboard: flag.usageDashboardId,
    analytics_dashboards: flag.analyticsDashboards,
    has_enriched_analytics: flag.hasEnrichedAnalytics,
    is_remote_configuration: flag.isRemoteConfiguration,
    has_encrypted_payloads: flag.hasEncryptedPayloads,
    evaluation_runtime: flag.evaluationRuntime,
    evaluation_contexts: flag.evaluationContexts,
    last_called_at: flag.lastCalledAt ? flag.lastCalledAt.toISOString() : null,
    status: context.status as FlagStatus,
  };
}

export function toFlagDto(view: FlagView): FlagDto {
  return flagDtoOf(view.flag, {
    filters: withCohortNames(view.flag.filters, view.cohortNames),
    created_by: toUserBasic(view.createdBy),
    last_modified_by: toUserBasic(view.lastModifiedBy),
    can_edit: view.canEdit,
    status: view.status,
  });
}

// A string no stored flag can hold (PostgreSQL's text and jsonb refuse NUL), in JSON as `"\u0000<slot>\u0000"`.
const SLOT = (name: keyof FlagDtoContext) => `\u0000${name}\u0000`;
const SLOTS = /"\\u0000(\w+)\\u0000"/;

/**
 * `JSON.stringify(toFlagDto(view))` split around the parts that are not the flag's own: even
 * entries are JSON text, odd ones name a `FlagDtoContext` field. The flag's filters are its own
 * unless they have cohort conditions. Kept per flag object: the list's flags are shared between
 * requests while their row is unchanged (`FlagsRepository.page`).
 */
const templates = new WeakMap<Flag, string[]>();

function templateOf(flag: Flag): string[] {
  let template = templates.get(flag);
  if (template === undefined) {
    template = JSON.stringify(
      flagDtoOf(flag, {
        filters: hasCohortConditions(flag.filters) ? SLOT('filters') : flag.filters,
        created_by: SLOT('created_by'),
        last_modified_by: SLOT('last_modified_by'),
        can_edit: SLOT('can_edit'),
        status: SLOT('status'),
      }),
    ).split(SLOTS);
    templates.set(flag, template);
  }
  return template;
}

/**
 * The JSON of `views.map(toFlagDto)`'s elements, byte for byte, from each flag's template: a page
 * of the list serialises only the parts that are not the flags' own, and each user once.
 */
export function flagDtosJson(views: readonly FlagView[]): string[] {
  const users = new Map<UserSummary | null, string>();
  const userJson = (user: UserSummary | null) => {
    let json = users.get(user);
    if (json === undefined) users.set(user, (json = JSON.stringify(toUserBasic(user))));
    return json;
  };
  return views.map((view) => {
    const template = templateOf(view.flag);
    let json = template[0];
    for (let i = 1; i < template.length; i += 2) {
      switch (template[i] as keyof FlagDtoContext) {
        case 'filters':
          json += JSON.stringify(withCohortNames(view.flag.filters, view.cohortNames));
          break;
        case 'created_by':
          json += userJson(view.createdBy);
          break;
        case 'last_modified_by':
          json += userJson(view.lastModifiedBy);
          break;
        case 'can_edit':
          json += view.canEdit ? 'true' : 'false';
          break;
        case 'status':
          json += JSON.stringify(view.status);
          break;
      }
      json += template[i + 1];
    }
    return json;
  });
}

/** A flag as the organization-level endpoint lists it. */
export class OrganizationFlagDto {
  @ApiProperty({ type: 'integer' }) flag_id: number;
  @ApiProperty({ type: 'integer', description: 'The project id (PostHog: team).' }) team_id: number;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({ type: FlagFiltersDto }) filters: object;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() active: boolean;
}

export function toOrganizationFlagDto(row: { flag: Flag; createdBy: UserRecord | null }): OrganizationFlagDto {
  return {
    flag_id: row.flag.id,
    team_id: row.flag.projectId,
    created_by: toUserBasic(row.createdBy),
    filters: row.flag.filters,
    created_at: row.flag.createdAt.toISOString(),
    active: row.flag.active,
  };
}

export class CopyFailureDto {
  @ApiProperty({ type: 'integer' }) project_id: number;
  @ApiProperty({ description: 'Why this target failed.' }) errors: string;
}

export class CopyFlagsResultDto {
  @ApiProperty({ type: [FlagDto], description: 'The flag as created or updated in each target.' })
  success: FlagDto[];
  @ApiProperty({ type: [CopyFailureDto] }) failed: CopyFailureDto[];
}

export function toCopyResultDto(result: CopyResult): CopyFlagsResultDto {
  return { success: result.success.map(toFlagDto), failed: result.failed };
}

/** The flags list's query, in the order PostHog checks it: the page, then the filters. */
export class ListFlagsQuery implements FlagListQuery {
  /** Results per page (default 100, at most 1000). */
  @QueryParam(pageLimit())
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit: number;

  /** Index of the first result. */
  @QueryParam(pageOffset)
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  offset: number;

  /** `STALE`: on and not evaluated for 30 days, or never evaluated and rolled out to everyone for 30 days. */
  @QueryParam(flagListParams.active)
  @ApiPropertyOptional({ type: String, enum: ['true', 'false', 'STALE'] })
  active?: boolean | 'STALE';

  /** Case-insensitive substring of the key or the name. */
  @QueryParam(flagListParams.search)
  search?: string;

  @QueryParam(flagListParams.type)
  @ApiPropertyOptional({ enum: ['boolean', 'multivariant', 'experiment'] })
  type?: FlagType;

  @QueryParam(flagListParams.createdById)
  @ApiPropertyOptional({ type: 'integer' })
  created_by_id?: number;

  /** JSON list of tags (or one tag): flags with any of them. */
  @QueryParam(flagListParams.tags)
  @ApiPropertyOptional({ type: String })
  tags?: string[];

  /** `true`: the deleted flags instead of the live ones (Bunting's; PostHog lists live flags only). */
  @QueryParam(flagListParams.deleted)
  @ApiPropertyOptional({ type: String, enum: ['true', 'false'] })
  deleted?: boolean;

  /** Default -created_at. */
  @QueryParam(flagListParams.order)
  @ApiPropertyOptional({ type: String, enum: FLAG_ORDER_FIELDS.flatMap((f) => [f, `-${f}`]) })
  order: FlagListOrder;
}
