import { DomainError } from '@app/platform/errors/domain-error';
import type { EvaluationRuntime } from './evaluation-runtime';
import { FlagFilters } from './filters';
import { FlagErrors } from './flag.errors';

export const FLAG_KEY_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const FLAG_KEY_MAX_LENGTH = 400;
/** The activity log's scope for flags (PostHog's model name). */
export const FLAG_SCOPE = 'FeatureFlag';

export interface Flag {
  id: number;
  projectId: number;
  key: string;
  /** PostHog keeps the description in `name`. */
  name: string;
  filters: FlagFilters;
  active: boolean;
  deleted: boolean;
  version: number;
  ensureExperienceContinuity: boolean;
  rollbackConditions: unknown;
  performedRollback: boolean;
  hasEnrichedAnalytics: boolean;
  /** A flag that only carries a payload, read with `remote_config` (PostHog's `is_remote_configuration`). */
  isRemoteConfiguration: boolean;
  /** Its payloads are stored as Fernet tokens (`FlagPayloadCodec`). */
  hasEncryptedPayloads: boolean;
  tags: string[];
  /** Which SDKs are served the flag (PostHog's `evaluation_runtime`); null behaves as `all`. */
  evaluationRuntime: EvaluationRuntime | null;
  /** Served only to SDKs naming one of these (none: everywhere). */
  evaluationContexts: string[];
  /** The dashboard `…/dashboard` generated for the flag's usage. */
  usageDashboardId: number | null;
  analyticsDashboards: number[];
  createdById: number | null;
  lastModifiedById: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** The last evaluation the call counter flushed; null if never called. */
  lastCalledAt: Date | null;
}

/** What a create or an update may set; everything else is derived or bookkeeping. */
export interface FlagChanges {
  name?: string;
  key?: string;
  filters?: FlagFilters;
  deleted?: boolean;
  active?: boolean;
  ensureExperienceContinuity?: boolean;
  rollbackConditions?: unknown;
  performedRollback?: boolean;
  hasEnrichedAnalytics?: boolean;
  isRemoteConfiguration?: boolean;
  hasEncryptedPayloads?: boolean;
  tags?: string[];
  analyticsDashboards?: number[];
  evaluationRuntime?: EvaluationRuntime | null;
  evaluationContexts?: string[];
}

/** One condition, no properties, person-based: SDKs can evaluate it from the rollout alone. */
export function isSimpleFlag(filters: FlagFilters): boolean {
  const groups = filters.groups ?? [];
  return (
    groups.length === 1 &&
    groups.every((g) => (g.properties ?? []).length === 0) &&
    (filters.aggregation_group_type_index ?? null) === null
  );
}

/** The single condition's rollout of a simple flag; null otherwise. */
export function rolloutPercentage(filters: FlagFilters): number | null {
  return isSimpleFlag(filters) ? (filters.groups[0].rollout_percentage ?? null) : null;
}

export function isMultivariate(filters: FlagFilters): boolean {
  return (filters.multivariate?.variants ?? []).length > 0;
}

export function checkName(name: string): string {
  if (name.includes('\u0000')) throw FlagErrors.nullCharacters('name');
  return name;
}

/**
 * Key format errors, as DRF reports them: blank, too long, then the allowed characters. (PostHog
 * checks uniqueness before the characters; a key with other characters is never taken, so the
 * answer is the same.)
 */
export function checkKeyFormat(key: string): string {
  if (key.trim().length === 0) throw FlagErrors.blank('key');
  if (key.length > FLAG_KEY_MAX_LENGTH) throw FlagErrors.maxLength('key', FLAG_KEY_MAX_LENGTH);
  if (!FLAG_KEY_PATTERN.test(key)) throw FlagErrors.keyFormat();
  return key;
}

/** `rollback_conditions` is free-form JSON (an object, or the list PostHog's UI sends) or null. */
export function checkRollbackConditions(value: unknown): unknown {
  if (value === null) return null;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) {
      throw DomainError.invalid('Numbers must be finite.', 'rollback_conditions');
    }
    if (typeof v === 'string' && v.includes('\u0000')) throw FlagErrors.nullCharacters('rollback_conditions');
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= 32) throw DomainError.invalid('Nested too deeply.', 'rollback_conditions');
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) throw FlagErrors.nullCharacters('rollback_conditions');
      stack.push([child, depth + 1]);
    }
  }
  return value;
}

/** The flag after `changes`. Switching a flag on clears `performed_rollback`, as in PostHog. */
export function applyChanges(flag: Flag, changes: FlagChanges): Flag {
  const next: Flag = { ...flag };
  for (const [field, value] of Object.entries(changes) as Array<[keyof FlagChanges, unknown]>) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }
  if (changes.active === true) next.performedRollback = false;
  return next;
}

/** Fields the activity log diffs, under PostHog's names. */
export const FLAG_ACTIVITY_FIELDS = [
  'name',
  'key',
  'filters',
  'deleted',
  'active',
  'version',
  'ensure_experience_continuity',
  'rollback_conditions',
  'performed_rollback',
  'tags',
  'has_enriched_analytics',
  'analytics_dashboards',
  'evaluation_runtime',
  'evaluation_contexts',
  'is_remote_configuration',
  'has_encrypted_payloads',
] as const;

export function activitySnapshot(flag: Flag): Record<(typeof FLAG_ACTIVITY_FIELDS)[number], unknown> {
  return {
    name: flag.name,
    key: flag.key,
    filters: flag.filters,
    deleted: flag.deleted,
    active: flag.active,
    version: flag.version,
    ensure_experience_continuity: flag.ensureExperienceContinuity,
    rollback_conditions: flag.rollbackConditions,
    performed_rollback: flag.performedRollback,
    tags: flag.tags,
    has_enriched_analytics: flag.hasEnrichedAnalytics,
    analytics_dashboards: flag.analyticsDashboards,
    evaluation_runtime: flag.evaluationRuntime,
    evaluation_contexts: flag.evaluationContexts,
    is_remote_configuration: flag.isRemoteConfiguration,
    has_encrypted_payloads: flag.hasEncryptedPayloads,
  };
}
