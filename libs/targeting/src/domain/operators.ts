/**
 * The operators of PostHog's person and group property filters, in one typed table: flag targeting
 * (validated on save, evaluated by the flags engine), cohorts and the persons list (translated to
 * SQL) all read it. Each context implements every one of them; their tests hold them to this table.
 *
 * - `value`: what a filter value must be on save (`string`: text only, PostHog's
 *   `invalid_value`; `number`: a number or a string; `range`: `[min, max]`; `strings`: a text or
 *   a list; `scalars`: anything `exact` takes; `date`, `version`, `requirement`; `none`).
 * - `whenAbsent`: whether a person without the property satisfies it.
 * - `nullAsText`: whether a `null` property value reads as the text `null` (else it matches nothing).
 */
export interface OperatorSpec {
  value: 'none' | 'scalars' | 'string' | 'strings' | 'number' | 'range' | 'date' | 'version' | 'requirement';
  whenAbsent: boolean;
  nullAsText: boolean;
}

export const OPERATOR_TABLE = {
  exact: { value: 'scalars', whenAbsent: false, nullAsText: true },
  is_not: { value: 'scalars', whenAbsent: true, nullAsText: true },
  icontains: { value: 'string', whenAbsent: false, nullAsText: true },
  not_icontains: { value: 'string', whenAbsent: true, nullAsText: true },
  icontains_multi: { value: 'strings', whenAbsent: false, nullAsText: true },
  not_icontains_multi: { value: 'strings', whenAbsent: true, nullAsText: true },
  starts_with: { value: 'string', whenAbsent: false, nullAsText: true },
  not_starts_with: { value: 'string', whenAbsent: true, nullAsText: true },
  ends_with: { value: 'string', whenAbsent: false, nullAsText: true },
  not_ends_with: { value: 'string', whenAbsent: true, nullAsText: true },
  regex: { value: 'string', whenAbsent: false, nullAsText: true },
  not_regex: { value: 'string', whenAbsent: true, nullAsText: true },
  gt: { value: 'number', whenAbsent: false, nullAsText: false },
  gte: { value: 'number', whenAbsent: false, nullAsText: false },
  lt: { value: 'number', whenAbsent: false, nullAsText: false },
  lte: { value: 'number', whenAbsent: false, nullAsText: false },
  between: { value: 'range', whenAbsent: false, nullAsText: false },
  not_between: { value: 'range', whenAbsent: true, nullAsText: false },
  is_set: { value: 'none', whenAbsent: false, nullAsText: false },
  is_not_set: { value: 'none', whenAbsent: true, nullAsText: false },
  is_date_exact: { value: 'date', whenAbsent: false, nullAsText: false },
  is_date_before: { value: 'date', whenAbsent: false, nullAsText: false },
  is_date_after: { value: 'date', whenAbsent: false, nullAsText: false },
  semver_eq: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_neq: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_gt: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_gte: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_lt: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_lte: { value: 'version', whenAbsent: false, nullAsText: false },
  semver_tilde: { value: 'requirement', whenAbsent: false, nullAsText: false },
  semver_caret: { value: 'requirement', whenAbsent: false, nullAsText: false },
  semver_wildcard: { value: 'requirement', whenAbsent: false, nullAsText: false },
} as const satisfies Record<string, OperatorSpec>;

export type PropertyOperator = keyof typeof OPERATOR_TABLE;

export const PROPERTY_OPERATORS = Object.keys(OPERATOR_TABLE) as PropertyOperator[];

/** Operators of a `type: cohort` filter (membership). */
export const COHORT_OPERATORS = ['exact', 'in', 'not_in'] as const;

/** The operator of a `type: flag` filter (a flag dependency). */
export const FLAG_DEPENDENCY_OPERATOR = 'flag_evaluates_to';

function operatorsWhere(test: (spec: OperatorSpec) => boolean): ReadonlySet<string> {
  return new Set(PROPERTY_OPERATORS.filter((op) => test(OPERATOR_TABLE[op])));
}

/** Operators whose filter value must be a string (PostHog's `invalid_value` check on save). */
export const TEXT_VALUE_OPERATORS = operatorsWhere((s) => s.value === 'string');

export const DATE_OPERATORS = operatorsWhere((s) => s.value === 'date');

export function isPropertyOperator(value: unknown): value is PropertyOperator {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(OPERATOR_TABLE, value);
}
