import { nestsDeeperThan } from '@app/platform/domain/json';
import { DomainError } from '@app/platform/errors/domain-error';
import { COHORT_OPERATORS, FLAG_DEPENDENCY_OPERATOR, PROPERTY_OPERATORS, PropertyOperator } from './operators';

/** A bag of person, group or event properties. */
export type Properties = Readonly<Record<string, unknown>>;

/**
 * A property filter as PostHog stores it: in a flag's conditions, a cohort's groups and the
 * persons and analytics queries. Fields a client may have written are loosely typed: every
 * reader decides a value for every shape.
 */
export interface PropertyFilter {
  key: string | number;
  value?: unknown;
  operator?: string | null;
  /** `person` (default), `group`, `cohort`, `flag`, `event`, `behavioral`. */
  type?: string | null;
  group_type_index?: number | null;
  negation?: boolean | null;
  /** Flag dependencies: the keys to evaluate first, ending with this key. */
  dependency_chain?: string[];
  /** Kept as sent (`cohort_name` in responses, a behavioural filter's time window, labels). */
  [extra: string]: unknown;
}

/** What a filter leaf may use: the property operators, plus those of cohort and flag filters. */
export const FILTER_OPERATORS: readonly string[] = [
  ...PROPERTY_OPERATORS,
  ...COHORT_OPERATORS.filter((op) => op !== 'exact'),
  FLAG_DEPENDENCY_OPERATOR,
];
export type FilterOperator = PropertyOperator | (typeof COHORT_OPERATORS)[number] | typeof FLAG_DEPENDENCY_OPERATOR;

export interface PropertyFilterLeaf {
  kind: 'leaf';
  key: string;
  /** `person` when the filter names none. */
  type: string;
  operator: FilterOperator;
  value: unknown;
  negation: boolean;
  groupTypeIndex: number | null;
  /** The filter as sent, for fields only some types have (a behavioural filter's time window). */
  raw: Readonly<Record<string, unknown>>;
}

export interface PropertyFilterGroup {
  kind: 'group';
  type: 'AND' | 'OR';
  values: PropertyFilterNode[];
}

export type PropertyFilterNode = PropertyFilterLeaf | PropertyFilterGroup;

const MAX_DEPTH = 10;
const MAX_LEAVES = 500;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Parses PostHog's property-filter JSON: a list of filters (AND-ed), or `{type: "AND"|"OR",
 * values: [...]}` nested. A filter without `operator` is `exact`, without `type` a person
 * filter. Every malformed part is a 400 naming `attr`: invalid JSON, unknown operators, `null`
 * or wrong-typed values, unparsable dates.
 */
export function parsePropertyFilter(input: unknown, attr = 'properties'): PropertyFilterGroup {
  let raw = input;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw DomainError.invalid('Properties are not valid JSON.', attr);
    }
  }
  let leaves = 0;
  const fail = (detail: string): never => {
    throw DomainError.invalid(detail, attr);
  };
  if (nestsDeeperThan(raw)) fail('Property filters nest too deeply.');

  const group = (value: unknown, depth: number): PropertyFilterGroup => {
    if (depth > MAX_DEPTH) fail(`Property groups nest at most ${MAX_DEPTH} deep.`);
    if (depth === 0 && isPlainObject(value) && 'key' in value)
      return { kind: 'group', type: 'AND', values: [node(value, 1)] };
    if (Array.isArray(value)) return { kind: 'group', type: 'AND', values: value.map((v) => node(v, depth + 1)) };
    if (!isPlainObject(value)) return fail('Properties must be a list of filters or a {type, values} group.');
    const type = typeof value.type === 'string' ? value.type.toUpperCase() : undefined;
    if (type !== 'AND' && type !== 'OR') return fail('A property group type must be AND or OR.');
    if (!Array.isArray(value.values)) return fail('A property group needs a values list.');
    return { kind: 'group', type, values: value.values.map((v) => node(v, depth + 1)) };
  };

  const node = (value: unknown, depth: number): PropertyFilterNode => {
    if (isPlainObject(value) && Array.isArray(value.values) && (value.type === 'AND' || value.type === 'OR')) {
      return group(value, depth);
    }
    if (Array.isArray(value)) return group(value, depth);
    if (!isPlainObject(value)) return fail('Each property filter must be an object.');
    if (++leaves > MAX_LEAVES) fail(`At most ${MAX_LEAVES} property filters.`);
    return leaf(value);
  };

  const leaf = (value: Record<string, unknown>): PropertyFilterLeaf => {
    const key = value.key;
    if (typeof key !== 'string' || key === '') fail('Each property filter needs a key.');
    const type = value.type === undefined || value.type === null ? 'person' : value.type;
    if (typeof type !== 'string') return fail(`Property filter type must be a string.`);
    const operator = value.operator === undefined || value.operator === null ? 'exact' : value.operator;
    if (typeof operator !== 'string' || !FILTER_OPERATORS.includes(operator)) {
      return fail(`Unknown operator "${String(operator)}" for property "${String(key)}".`);
    }
    const negation = value.negation ?? false;
    if (typeof negation !== 'boolean') fail(`negation of property "${String(key)}" must be a boolean.`);
    let groupTypeIndex: number | null = null;
    if (value.group_type_index !== undefined && value.group_type_index !== null) {
      const gti = value.group_type_index;
      if (typeof gti !== 'number' || !Number.isInteger(gti) || gti < 0 || gti > 4) {
        fail(`group_type_index of property "${String(key)}" must be an integer from 0 to 4.`);
      }
      groupTypeIndex = gti as number;
    }
    const parsed: PropertyFilterLeaf = {
      kind: 'leaf',
      key: key as string,
      type,
      operator: operator as FilterOperator,
      value: value.value,
      negation: negation as boolean,
      groupTypeIndex,
      raw: value,
    };
    checkValue(parsed, fail);
    return parsed;
  };

  const parsed = group(raw ?? [], 0);
  // Nothing stored contains NUL (ingestion replaces it), and PostgreSQL text cannot hold it.
  if (JSON.stringify(raw ?? []).includes('\\u0000')) fail('Property filters cannot contain NUL characters.');
  return parsed;
}

function checkValue(leaf: PropertyFilterLeaf, fail: (detail: string) => never): void {
  const { operator, value, key } = leaf;
  const what = `Property filter "${key}" (${operator})`;
  if (operator === 'is_set' || operator === 'is_not_set') return;
  if (value === undefined || value === null) fail(`${what} needs a value.`);
  switch (operator) {
    case 'exact':
    case 'is_not':
      if (Array.isArray(value)) {
        if (!value.every((v) => isScalar(v) || isPlainObject(v))) fail(`${what}: list values must be scalars.`);
      } else if (!isScalar(value) && !isPlainObject(value)) fail(`${what} has a value of the wrong type.`);
      return;
    case 'regex':
    case 'not_regex':
      if (typeof value !== 'string') fail(`${what} needs a regular expression string.`);
      return;
    case 'is_date_exact':
    case 'is_date_before':
    case 'is_date_after':
      if (parseFilterDate(value, new Date()) === undefined) fail(`${what} needs a date or a relative date like -7d.`);
      return;
    case 'in':
    case 'not_in':
    case 'flag_evaluates_to':
      return;
    case 'semver_eq':
    case 'semver_neq':
    case 'semver_gt':
    case 'semver_gte':
    case 'semver_lt':
    case 'semver_lte':
    case 'semver_tilde':
    case 'semver_caret':
    case 'semver_wildcard':
      if (semverBounds(operator, value) === undefined) fail(`${what} needs a version like 1.2.3.`);
      return;
    default:
      if (!isScalar(value)) fail(`${what} needs a string or number value.`);
  }
}

const RELATIVE_DATE = /^-?(\d{1,4})([hdwmy])$/;

function addMonthsClamped(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * A date filter's value: relative (`-7d`, `3h`, `2w`, `1m`, `1y`: always that long before
 * `now`) or an absolute date (a date-time without zone is UTC). Undefined when neither.
 */
export function parseFilterDate(value: unknown, now: Date): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const relative = RELATIVE_DATE.exec(value.trim());
  if (relative) {
    const n = Number(relative[1]);
    const t = now.getTime();
    switch (relative[2]) {
      case 'h':
        return new Date(t - n * 3_600_000);
      case 'd':
        return new Date(t - n * 86_400_000);
      case 'w':
        return new Date(t - n * 7 * 86_400_000);
      case 'm':
        return addMonthsClamped(now, -n);
      default:
        return addMonthsClamped(now, -12 * n);
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || value.length > 64) return undefined;
  const text = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
    ? `${value.replace(' ', 'T')}Z`
    : value;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return undefined;
  const date = new Date(ms);
  return date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999 ? date : undefined;
}

/** Every leaf of a filter, depth first. */
export function filterLeaves(filter: PropertyFilterNode): PropertyFilterLeaf[] {
  return filter.kind === 'leaf' ? [filter] : filter.values.flatMap(filterLeaves);
}

export type Semver = [number, number, number];

const SEMVER_CORE = /^(0|[1-9]\d{0,8})(?:\.(0|[1-9]\d{0,8}))?(?:\.(0|[1-9]\d{0,8}))?$/;

/** `v1.2.3-beta+build` → [1, 2, 3]; missing parts are 0; leading zeros are invalid. */
export function parseSemver(value: unknown): Semver | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const core = String(value).trim().replace(/^[vV]/, '').split('+')[0].split('-')[0];
  const m = SEMVER_CORE.exec(core);
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : undefined;
}

/**
 * A semver filter as a half-open range [lo, hi) of versions (`hi` undefined: unbounded), or
 * `exclude` for semver_neq. Tilde: same minor; caret: same left-most non-zero part (npm);
 * wildcard: `1.*` or `1.2.*`.
 */
export function semverBounds(
  operator: FilterOperator,
  value: unknown,
): { lo?: Semver; hi?: Semver; loInclusive?: boolean; hiInclusive?: boolean; exclude?: Semver } | undefined {
  if (operator === 'semver_wildcard') {
    const m =
      typeof value === 'string' ? /^[vV]?(0|[1-9]\d{0,8})(?:\.(0|[1-9]\d{0,8}))?\.\*$/.exec(value.trim()) : null;
    if (!m) return undefined;
    const major = Number(m[1]);
    if (m[2] === undefined) return { lo: [major, 0, 0], loInclusive: true, hi: [major + 1, 0, 0] };
    const minor = Number(m[2]);
    return { lo: [major, minor, 0], loInclusive: true, hi: [major, minor + 1, 0] };
  }
  // `^1.2.3` / `~1.2.3` mean the same as `1.2.3` for caret / tilde.
  const bare =
    (operator === 'semver_caret' || operator === 'semver_tilde') && typeof value === 'string'
      ? value.trim().replace(/^[\^~]/, '')
      : value;
  const v = parseSemver(bare);
  if (!v) return undefined;
  const [major, minor, patch] = v;
  switch (operator) {
    case 'semver_eq':
      return { lo: v, loInclusive: true, hi: v, hiInclusive: true };
    case 'semver_neq':
      return { exclude: v };
    case 'semver_gt':
      return { lo: v, loInclusive: false };
    case 'semver_gte':
      return { lo: v, loInclusive: true };
    case 'semver_lt':
      return { hi: v, hiInclusive: false };
    case 'semver_lte':
      return { hi: v, hiInclusive: true };
    case 'semver_tilde':
      return { lo: v, loInclusive: true, hi: [major, minor + 1, 0] };
    case 'semver_caret':
      if (major > 0) return { lo: v, loInclusive: true, hi: [major + 1, 0, 0] };
      if (minor > 0) return { lo: v, loInclusive: true, hi: [0, minor + 1, 0] };
      return { lo: v, loInclusive: true, hi: [0, 0, patch + 1] };
    default:
      return undefined;
  }
}
