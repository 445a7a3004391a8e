import { DomainError } from '@app/platform/errors/domain-error';
import { checkText } from '@app/platform/domain/text';
import type { FlagFilters } from './filters';
import { isMultivariate } from './flag';
import type { Flag } from './flag';

/** PostHog's stages (products/early_access_features/backend/models.py), in its order. */
export const EARLY_ACCESS_STAGES = ['draft', 'concept', 'alpha', 'beta', 'general-availability', 'archived'] as const;
export type EarlyAccessStage = (typeof EARLY_ACCESS_STAGES)[number];

/** The stages whose flag serves enrolled persons (PostHog's `ActiveStage`; concept only gauges interest). */
export const ACTIVE_STAGES: readonly EarlyAccessStage[] = ['alpha', 'beta', 'general-availability'];

/** What the public endpoint lists when the request names no stage (PostHog's default). */
export const DEFAULT_PUBLIC_STAGES: readonly string[] = ['beta'];

/** The activity log's scope (PostHog's model name). */
export const EARLY_ACCESS_SCOPE = 'EarlyAccessFeature';

export const NAME_MAX_LENGTH = 200;
/** Features a project may have (a bound on the public list every page load reads; PostHog has none). */
export const FEATURES_PER_PROJECT_MAX = 500;
export const DOCUMENTATION_URL_MAX_LENGTH = 800;
const PAYLOAD_MAX_DEPTH = 32;

export interface EarlyAccessFeature {
  id: string;
  projectId: number;
  flagId: number;
  name: string;
  description: string;
  stage: EarlyAccessStage;
  documentationUrl: string;
  payload: unknown;
  createdById: number | null;
  createdAt: Date;
}

/** What a create or a PATCH may set (absent: unchanged). */
export interface EarlyAccessChanges {
  name?: string;
  description?: string;
  stage?: EarlyAccessStage;
  documentationUrl?: string;
  payload?: unknown;
}

export function isActiveStage(stage: string): boolean {
  return (ACTIVE_STAGES as readonly string[]).includes(stage);
}

export function isEarlyAccessStage(value: unknown): value is EarlyAccessStage {
  return typeof value === 'string' && (EARLY_ACCESS_STAGES as readonly string[]).includes(value);
}

export function checkName(name: string): string {
  return checkText(name, 'name', NAME_MAX_LENGTH);
}

export function checkDescription(description: string): string {
  if (description.includes('\u0000')) {
    throw DomainError.invalid('Null characters are not allowed.', 'description', 'null_characters_not_allowed');
  }
  return description;
}

/** DRF's URLField: blank allowed, else an http(s) or ftp(s) URL with a host, at most 800 characters. */
export function checkDocumentationUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  if ([...trimmed].length > DOCUMENTATION_URL_MAX_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${DOCUMENTATION_URL_MAX_LENGTH} characters.`,
      'documentation_url',
      'max_length',
    );
  }
  let parsed: URL | undefined;
  try {
    parsed = /\s/.test(trimmed) ? undefined : new URL(trimmed);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:', 'ftp:', 'ftps:'].includes(parsed.protocol) || parsed.hostname === '') {
    throw DomainError.invalid('Enter a valid URL.', 'documentation_url', 'invalid');
  }
  return trimmed;
}

/** Any JSON but null (PostHog: `allow_null=False`), of bounded depth and storable (no NUL, finite numbers). */
export function checkPayload(payload: unknown): unknown {
  if (payload === null) throw DomainError.invalid('This field may not be null.', 'payload', 'null');
  const stack: Array<[unknown, number]> = [[payload, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (depth > PAYLOAD_MAX_DEPTH) {
      throw DomainError.invalid(`Nesting deeper than ${PAYLOAD_MAX_DEPTH} levels is not allowed.`, 'payload');
    }
    if (typeof v === 'string' && v.includes('\u0000')) {
      throw DomainError.invalid('Null characters are not allowed.', 'payload', 'null_characters_not_allowed');
    }
    if (typeof v === 'number' && !Number.isFinite(v)) throw DomainError.invalid('Numbers must be finite.', 'payload');
    if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) {
          throw DomainError.invalid('Null characters are not allowed.', 'payload', 'null_characters_not_allowed');
        }
        stack.push([child, depth + 1]);
      }
    }
  }
  return payload;
}

/**
 * Django's `slugify`, which PostHog keys a feature's new flag with: accents folded to ASCII, what
 * is not a letter, digit, underscore, hyphen or space dropped, lower case, runs of spaces and
 * hyphens made one hyphen, leading and trailing hyphens and underscores stripped.
 */
export function slugify(name: string): string {
  // Non-ASCII dropped after folding; Python's \s on text also matches the separators U+001C–U+001F.
  const ascii = [...name.normalize('NFKD')]
    .filter((c) => c.charCodeAt(0) < 128)
    .map((c) => (c.charCodeAt(0) >= 0x1c && c.charCodeAt(0) <= 0x1f ? ' ' : c))
    .join('');
  return ascii
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/** The name PostHog gives a feature's new flag. */
export function flagNameFor(featureName: string): string {
  return `Feature Flag for Early Access Feature ${featureName}`;
}

/** The filters of a feature's new flag: off for everyone but the enrolled when the stage is active. */
export function newFlagFilters(stage: EarlyAccessStage): FlagFilters {
  const filters: FlagFilters = { groups: [{ properties: [], rollout_percentage: 0, variant: null }] };
  if (isActiveStage(stage)) filters.feature_enrollment = true;
  return filters;
}

/**
 * PostHog's `_set_enrollment_filters`: `feature_enrollment` set (true: the person's
 * `$feature_enrollment/<flag key>` decides; null: it does not) and the legacy `super_groups` gone.
 */
export function enrollmentFilters(
  filters: FlagFilters,
  enrolled: true | null,
  overrides: Partial<FlagFilters> = {},
): FlagFilters {
  const out: FlagFilters = { ...filters, feature_enrollment: enrolled, ...overrides };
  delete out.super_groups;
  return out;
}

/**
 * How a stage change rewrites the flag's filters (PostHog's `EarlyAccessFeatureSerializer.update`),
 * or undefined when it leaves the flag alone: to general availability with `rollout_to_all`, on
 * for everyone; into an active stage, enrolment on; to any inactive stage, enrolment off.
 */
export function filtersForStageChange(
  from: EarlyAccessStage,
  to: EarlyAccessStage | undefined,
  rolloutToAll: boolean,
  filters: FlagFilters,
): FlagFilters | undefined {
  if (to === undefined) return undefined;
  if (from !== to && to === 'general-availability' && rolloutToAll) {
    return enrollmentFilters(filters, null, { groups: [{ properties: [], rollout_percentage: 100 }] });
  }
  if (!isActiveStage(from) && isActiveStage(to)) return enrollmentFilters(filters, true);
  if (!isActiveStage(to)) return enrollmentFilters(filters, null);
  return undefined;
}

/** The errors of linking `flag` to a new feature, in PostHog's order; `linked`: another feature has it. */
export function checkLinkableFlag(flag: Flag | null, linked: boolean): Flag {
  if (!flag || flag.deleted) {
    throw DomainError.invalid('Feature Flag with this ID does not exist', 'feature_flag_id', 'does_not_exist');
  }
  if (linked) throw EarlyAccessErrors.flagLinked(flag.key);
  if ((flag.filters.aggregation_group_type_index ?? null) !== null) {
    throw DomainError.invalid(
      'Group-based feature flags are not supported for Early Access Features.',
      'feature_flag_id',
    );
  }
  if (isMultivariate(flag.filters)) {
    throw DomainError.invalid(
      'Multivariate feature flags are not supported for Early Access Features.',
      'feature_flag_id',
    );
  }
  return flag;
}

export const EarlyAccessErrors = {
  tooMany: () =>
    DomainError.invalid(
      `A project may have at most ${FEATURES_PER_PROJECT_MAX} early-access features; delete one first.`,
      null,
      'limit_reached',
    ),
  flagLinked: (key: string) =>
    DomainError.invalid(
      `Linked feature flag ${key} already has a feature attached to it.`,
      'feature_flag_id',
      'unique',
    ),
  flagInUse: () =>
    DomainError.invalid(
      'Cannot delete a feature flag that is in use with early access features. Please delete the early access feature before deleting the flag.',
      'deleted',
    ),
};

/** The activity entry's view of a feature: the fields a change diff names. */
export const EARLY_ACCESS_ACTIVITY_FIELDS = ['name', 'description', 'stage', 'documentation_url', 'payload'] as const;

export function earlyAccessSnapshot(f: EarlyAccessFeature): Record<string, unknown> {
  return {
    name: f.name,
    description: f.description,
    stage: f.stage,
    documentation_url: f.documentationUrl,
    payload: f.payload,
  };
}
