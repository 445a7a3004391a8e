/**
 * Flag and cohort definitions as PostHog stores them (and as the engine reads them). Every field
 * a client may have written is optional or loosely typed here: the engine tolerates what the API
 * validation lets through and decides a value for every shape, it never throws on bad data.
 */
import type { PropertyFilter } from '@app/targeting';

export type { Properties, PropertyFilter } from '@app/targeting';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A cohort's property tree: `values` holds either nested groups or leaf filters. */
export interface PropertyGroup {
  type?: 'AND' | 'OR' | string;
  values?: (PropertyGroup | PropertyFilter)[];
}

export interface FlagCondition {
  properties?: PropertyFilter[] | null;
  rollout_percentage?: number | null;
  variant?: string | null;
  /** Per-condition aggregation ("mixed targeting"); absent means the flag's own. */
  aggregation_group_type_index?: number | null;
}

export interface FlagVariant {
  key: string;
  name?: string | null;
  rollout_percentage: number;
}

export interface FlagFilters {
  groups?: FlagCondition[] | null;
  multivariate?: { variants?: FlagVariant[] | null } | null;
  /** `"true"` or a variant key → JSON text (PostHog stores JSON strings; raw JSON is accepted too). */
  payloads?: Record<string, unknown> | null;
  aggregation_group_type_index?: number | null;
  /** Early-access enrolment (legacy form): the first group decides once its properties are set. */
  super_groups?: FlagCondition[] | null;
  /** Early-access enrolment (2025 form): `$feature_enrollment/<key>` decides when set. */
  feature_enrollment?: boolean | null;
  /** Experiment holdout, resolved before the conditions. */
  holdout?: { id: number; exclusion_percentage: number } | null;
  /** Stop at the first condition whose properties match but whose rollout excludes the caller. */
  early_exit?: boolean | null;
}

export interface FlagDefinition {
  id: number;
  key: string;
  active: boolean;
  deleted?: boolean;
  ensure_experience_continuity?: boolean | null;
  /** `device_id` buckets person flags by the device id instead of the distinct id. */
  bucketing_identifier?: string | null;
  version?: number | null;
  filters?: FlagFilters | null;
}

export interface CohortDefinition {
  id: number;
  is_static?: boolean;
  deleted?: boolean;
  /** PostHog's shape: `{properties: {type: 'OR', values: [{type: 'AND', values: [...]}]}}`. */
  filters?: { properties?: PropertyGroup | null } | null;
}

export function isPropertyGroup(value: PropertyGroup | PropertyFilter): value is PropertyGroup {
  return typeof value === 'object' && value !== null && 'values' in value;
}
