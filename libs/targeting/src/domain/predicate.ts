import { parseDateFilter, parseDateProperty, resolveDateFilter } from './dates';
import type { DateFilter } from './dates';
import type { TargetingLimits } from './limits';
import { isPropertyOperator, OPERATOR_TABLE } from './operators';
import type { PropertyOperator } from './operators';
import { compileRegex, ENGINE_MAX_PROGRAM, EvaluationBudget } from './regex';
import type { CompiledRegex } from './regex';
import { compareVersions, parseRequirement, parseVersion, satisfies } from './semver';
import type { RangeOperator, Version, VersionRequirement } from './semver';
import { asciiLower, exactText, isBooleanLike, isTruthy, numberOf, textOf } from './values';

/**
 * One operator with its filter value, parsed once: the form both the in-memory matcher and the
 * SQL compiler read. Building one never fails: a value that cannot be read makes a predicate
 * that never matches (what PostHog's server does with it); `valueProblem` is the save-time check.
 *
 * Semantics (PostHog's flags service; where its implementations disagree docs/compatibility.md says which
 * we follow): a person without the property satisfies only the negative operators (`is_not`,
 * `not_icontains`, `not_starts_with`, `not_ends_with`, `not_regex`, `is_not_set`). A `null` value
 * is the text `null` for the string operators and matches none of the others.
 */
export type Predicate =
  | ExactPredicate
  | { op: 'is_set' }
  | { op: 'is_not_set' }
  | { op: TextOperator; needle: string }
  | { op: 'regex' | 'not_regex'; regex: CompiledRegex | null }
  | { op: 'icontains_multi' | 'not_icontains_multi'; needles: string[] }
  | { op: 'gt' | 'gte' | 'lt' | 'lte'; bound: number | null }
  | { op: 'between' | 'not_between'; range: NumericRange | null }
  | { op: 'is_date_before' | 'is_date_after' | 'is_date_exact'; date: DateFilter }
  | { op: VersionOperator; version: Version | null }
  | { op: 'semver_tilde' | 'semver_caret' | 'semver_wildcard'; requirement: VersionRequirement | null }
  | { op: 'never' };

/** An inclusive numeric range, `[min, max]` with `min <= max`. */
export type NumericRange = { min: number; max: number };

/** `truthy` set: the value is boolean-like and compared by truthiness; else one of `texts`, lowered. */
export type ExactPredicate = { op: 'exact' | 'is_not'; truthy: boolean | null; texts: ReadonlySet<string> };

export type TextOperator =
  'icontains' | 'not_icontains' | 'starts_with' | 'not_starts_with' | 'ends_with' | 'not_ends_with';
export type VersionOperator = 'semver_eq' | 'semver_neq' | 'semver_gt' | 'semver_gte' | 'semver_lt' | 'semver_lte';

/** The operators that read a `null` property value as the text `null`. */
const STRING_OPERATORS: ReadonlySet<string> = new Set(
  Object.entries(OPERATOR_TABLE)
    .filter(([, spec]) => spec.nullAsText)
    .map(([op]) => op),
);

/** Operators that hold for a property the person does not have. */
const MATCH_WHEN_ABSENT: ReadonlySet<string> = new Set(
  Object.entries(OPERATOR_TABLE)
    .filter(([, spec]) => spec.whenAbsent)
    .map(([op]) => op),
);

const RANGES: Record<string, RangeOperator> = {
  semver_tilde: 'tilde',
  semver_caret: 'caret',
  semver_wildcard: 'wildcard',
};

/** `operator` (default `exact`) with `value`; `maxProgram` bounds a regular expression's program. */
export function compilePredicate(
  operator: string | null | undefined,
  value: unknown,
  maxProgram: number = ENGINE_MAX_PROGRAM,
): Predicate {
  const op = operator ?? 'exact';
  if (!isPropertyOperator(op)) return { op: 'never' };
  switch (op) {
    case 'exact':
    case 'is_not':
      return exactPredicate(op, value);
    case 'is_set':
      return { op };
    case 'is_not_set':
      return { op };
    case 'icontains':
    case 'not_icontains':
    case 'starts_with':
    case 'not_starts_with':
    case 'ends_with':
    case 'not_ends_with':
      return { op, needle: asciiLower(textOf(value)) };
    case 'icontains_multi':
    case 'not_icontains_multi':
      // No value at all matches nothing, for both (PostHog's service checks the value first).
      if (value === undefined || value === null) return { op: 'never' };
      return { op, needles: (Array.isArray(value) ? value : [value]).map((v) => asciiLower(textOf(v))) };
    case 'regex':
    case 'not_regex': {
      const compiled = compileRegex(textOf(value), maxProgram);
      return { op, regex: compiled.ok ? compiled.regex : null };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { op, bound: numberOf(value) };
    case 'between':
    case 'not_between':
      if (value === undefined || value === null) return { op: 'never' };
      return { op, range: rangeOf(value) };
    case 'is_date_before':
    case 'is_date_after':
    case 'is_date_exact':
      return { op, date: parseDateFilter(value) };
    case 'semver_tilde':
    case 'semver_caret':
    case 'semver_wildcard':
      return { op, requirement: parseRequirement(RANGES[op], value) };
    default:
      return { op, version: parseVersion(value) };
  }
}

/**
 * `[min, max]` as PostHog's service reads it: two values that parse as numbers (not NaN), min
 * not above max; else null (the filter is invalid: `between` never matches, `not_between` only
 * a person without the property).
 */
export function rangeOf(value: unknown): NumericRange | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [min, max] = value.map(numberOf);
  if (min === null || max === null || min > max) return null;
  return { min, max };
}

function exactPredicate(op: 'exact' | 'is_not', value: unknown): Predicate {
  if (isBooleanLike(value)) return { op, truthy: isTruthy(value), texts: new Set() };
  const values = Array.isArray(value) ? value : [value];
  return { op, truthy: null, texts: new Set(values.map((v) => exactText(v).toLowerCase())) };
}

/** Whether a person (or group) without the property satisfies `p`. */
export function matchesWhenAbsent(p: Predicate): boolean {
  return MATCH_WHEN_ABSENT.has(p.op);
}

/** Whether `operator` (default `exact`) holds for a person without the property. */
export function holdsWhenAbsent(operator: string | null | undefined): boolean {
  return MATCH_WHEN_ABSENT.has(operator || 'exact');
}

export interface MatchContext {
  /** The instant relative dates (`-7d`) count back from. */
  now: number;
  /** The project's time zone (an IANA name): dates without a zone are its wall-clock time. Default UTC. */
  timeZone?: string;
  /** Regular-expression steps left for the request. */
  budget: EvaluationBudget;
}

/** Whether a present property `value` (possibly `null`) satisfies `p`. */
export function matchesValue(p: Predicate, value: unknown, ctx: MatchContext): boolean {
  if (p.op === 'is_set') return true;
  if (p.op === 'is_not_set' || p.op === 'never') return false;
  if (value === null && !STRING_OPERATORS.has(p.op)) return false;
  switch (p.op) {
    case 'exact':
    case 'is_not': {
      const hit = p.truthy !== null ? isTruthy(value) === p.truthy : p.texts.has(exactText(value).toLowerCase());
      return hit === (p.op === 'exact');
    }
    case 'icontains':
      return asciiLower(textOf(value)).includes(p.needle);
    case 'not_icontains':
      return !asciiLower(textOf(value)).includes(p.needle);
    case 'starts_with':
      return asciiLower(textOf(value)).startsWith(p.needle);
    case 'not_starts_with':
      return !asciiLower(textOf(value)).startsWith(p.needle);
    case 'ends_with':
      return asciiLower(textOf(value)).endsWith(p.needle);
    case 'not_ends_with':
      return !asciiLower(textOf(value)).endsWith(p.needle);
    case 'icontains_multi':
    case 'not_icontains_multi': {
      const text = asciiLower(textOf(value));
      return p.needles.some((needle) => text.includes(needle)) === (p.op === 'icontains_multi');
    }
    case 'regex':
    case 'not_regex': {
      // An invalid pattern matches nothing, for both operators; so does one over the budget.
      const found = p.regex?.test(textOf(value), ctx.budget);
      return found === undefined ? false : found === (p.op === 'regex');
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const number = numberOf(value);
      if (number === null || p.bound === null) return false;
      if (p.op === 'gt') return number > p.bound;
      if (p.op === 'gte') return number >= p.bound;
      if (p.op === 'lt') return number < p.bound;
      return number <= p.bound;
    }
    case 'between':
    case 'not_between': {
      // A value that is not a number (NaN included) matches neither operator.
      const number = numberOf(value);
      if (number === null || p.range === null) return false;
      return (number >= p.range.min && number <= p.range.max) === (p.op === 'between');
    }
    case 'is_date_before':
    case 'is_date_after':
    case 'is_date_exact': {
      const at = parseDateProperty(value, ctx.timeZone);
      const bound = resolveDateFilter(p.date, ctx.now, ctx.timeZone);
      if (p.op === 'is_date_before') return at < bound;
      if (p.op === 'is_date_after') return at > bound;
      return at === bound;
    }
    case 'semver_tilde':
    case 'semver_caret':
    case 'semver_wildcard': {
      const version = parseVersion(value);
      return version !== null && p.requirement !== null && satisfies(version, p.requirement);
    }
    default: {
      const version = parseVersion(value);
      if (version === null || p.version === null) return false;
      const order = compareVersions(version, p.version);
      switch (p.op) {
        case 'semver_eq':
          return order === 0;
        case 'semver_neq':
          return order !== 0;
        case 'semver_gt':
          return order > 0;
        case 'semver_gte':
          return order >= 0;
        case 'semver_lt':
          return order < 0;
        default:
          return order <= 0;
      }
    }
  }
}

/** Why a filter value cannot be saved. */
export type ValueProblem =
  | { kind: 'missing' }
  | { kind: 'type'; expected: 'string' | 'scalar' | 'scalars' | 'strings' }
  | { kind: 'range'; reason: keyof typeof RANGE_PROBLEMS }
  | { kind: 'date' }
  | { kind: 'version' }
  | { kind: 'regex_length'; max: number }
  | { kind: 'regex_program'; max: number }
  | { kind: 'regex_syntax'; detail: string }
  | { kind: 'regex_backtracking' };

export interface ValueCheckOptions {
  limits: Pick<TargetingLimits, 'regexMaxLength' | 'regexMaxProgram'>;
  /** Patterns that do not parse are refused (a query parameter) rather than saved to never match. */
  refuseInvalidRegex?: boolean;
  /** Lookarounds and back-references are refused: the filter runs in SQL, which has no budget. */
  refuseBacktracking?: boolean;
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What is wrong with `value` for `operator` (a known property operator), or null. Every
 * reader of a saved filter tolerates anything; this is what the API refuses on save.
 */
export function valueProblem(
  operator: PropertyOperator,
  value: unknown,
  options: ValueCheckOptions,
): ValueProblem | null {
  const kind = OPERATOR_TABLE[operator].value;
  if (kind === 'none') return null;
  if (value === undefined || value === null) return { kind: 'missing' };
  switch (kind) {
    case 'scalars':
      if (isScalar(value) || isObject(value)) return null;
      if (Array.isArray(value) && value.every((v) => isScalar(v) || isObject(v))) return null;
      return { kind: 'type', expected: 'scalars' };
    case 'strings':
      if (isScalar(value)) return null;
      return Array.isArray(value) && value.every(isScalar) ? null : { kind: 'type', expected: 'strings' };
    case 'number':
      return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
        ? null
        : { kind: 'type', expected: 'scalar' };
    case 'range': {
      if (!Array.isArray(value) || value.length !== 2) return { kind: 'range', reason: 'shape' };
      const [min, max] = value.map(numberOf);
      if (min === null || max === null) return { kind: 'range', reason: 'numbers' };
      return min > max ? { kind: 'range', reason: 'order' } : null;
    }
    case 'date':
      if (typeof value !== 'string') return { kind: 'type', expected: 'string' };
      return parseDateFilter(value).kind === 'invalid' ? { kind: 'date' } : null;
    case 'requirement':
      if (typeof value !== 'string') return { kind: 'type', expected: 'string' };
      return parseRequirement(RANGES[operator], value) === null ? { kind: 'version' } : null;
    case 'version':
      if (!isScalar(value) || typeof value === 'boolean') return { kind: 'type', expected: 'string' };
      return parseVersion(value) === null ? { kind: 'version' } : null;
  }
  if (!isScalar(value)) return { kind: 'type', expected: 'scalar' };
  if (operator !== 'regex' && operator !== 'not_regex') return null;
  const pattern = textOf(value);
  const { regexMaxLength, regexMaxProgram } = options.limits;
  if (pattern.length > regexMaxLength) return { kind: 'regex_length', max: regexMaxLength };
  const compiled = compileRegex(pattern, regexMaxProgram);
  if (!compiled.ok) {
    if (compiled.reason === 'too_large') return { kind: 'regex_program', max: regexMaxProgram };
    return options.refuseInvalidRegex ? { kind: 'regex_syntax', detail: compiled.detail } : null;
  }
  return compiled.regex.backtracking && options.refuseBacktracking ? { kind: 'regex_backtracking' } : null;
}

/** PostHog's flags service's messages for an invalid `between` / `not_between` value. */
export const RANGE_PROBLEMS = {
  shape: 'between/not_between operator requires a two-element array [min, max]',
  numbers: 'between/not_between operator requires numeric values',
  order: 'between/not_between operator requires min value to be less than or equal to max value',
} as const;

/** A problem as an English sentence about `subject` (e.g. `Property filter "email" (regex)`). */
export function describeProblem(problem: ValueProblem, subject: string): string {
  switch (problem.kind) {
    case 'missing':
      return `${subject} needs a value.`;
    case 'type':
      return {
        string: `${subject} needs a string value.`,
        scalar: `${subject} needs a string or number value.`,
        scalars: `${subject} needs a string, number, boolean or object, or a list of them.`,
        strings: `${subject} needs a string or a list of strings.`,
      }[problem.expected];
    case 'range':
      return `${subject}: ${RANGE_PROBLEMS[problem.reason]}.`;
    case 'date':
      return `${subject} needs a date or a relative date like -7d.`;
    case 'version':
      return `${subject} needs a version like 1.2.3.`;
    case 'regex_length':
      return `${subject}: regular expressions may be at most ${problem.max} characters long.`;
    case 'regex_program':
      return `${subject}: the regular expression is too large (it compiles to more than ${problem.max} instructions).`;
    case 'regex_syntax':
      return `${subject}: invalid regular expression (${problem.detail}).`;
    case 'regex_backtracking':
      return `${subject}: lookarounds and back-references are supported in feature flag conditions only.`;
  }
}
