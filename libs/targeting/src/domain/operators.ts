/**
 * The operators of PostHog's person and group property filters: one list for flag targeting
 * (validated on save, evaluated by the flags engine), cohorts and the persons list (translated to
 * SQL). Each context implements every one of them; their tests hold them to this list.
 */
export const PROPERTY_OPERATORS = [
  'exact',
  'is_not',
  'icontains',
  'not_icontains',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
  'regex',
  'not_regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'is_set',
  'is_not_set',
  'is_date_exact',
  'is_date_before',
  'is_date_after',
  'semver_eq',
  'semver_neq',
  'semver_gt',
  'semver_gte',
  'semver_lt',
  'semver_lte',
  'semver_tilde',
  'semver_caret',
  'semver_wildcard',
] as const;
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number];

/** Operators of a `type: cohort` filter (membership). */
export const COHORT_OPERATORS = ['exact', 'in', 'not_in'] as const;

/** The operator of a `type: flag` filter (a flag dependency). */
export const FLAG_DEPENDENCY_OPERATOR = 'flag_evaluates_to';

/** Operators whose filter value must be a string. */
export const TEXT_VALUE_OPERATORS: ReadonlySet<string> = new Set([
  'icontains',
  'not_icontains',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
  'regex',
  'not_regex',
  'gt',
  'gte',
  'lt',
  'lte',
]);

export const DATE_OPERATORS: ReadonlySet<string> = new Set(['is_date_exact', 'is_date_before', 'is_date_after']);

export function isPropertyOperator(value: unknown): value is PropertyOperator {
  return typeof value === 'string' && (PROPERTY_OPERATORS as readonly string[]).includes(value);
}
