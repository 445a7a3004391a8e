import { parseDateFilter, parseDateProperty, resolveDateFilter } from './dates';
import type { Properties, PropertyFilter } from './property-filter';
import { compileRegex } from './regex';
import { caretRange, compareVersions, inRange, parseVersion, tildeRange, wildcardRange } from './semver';
import type { Version, VersionRange } from './semver';

/**
 * Property operators, compiled once per filter (regexes, dates, versions parsed up front).
 *
 * Semantics: PostHog's "override" matching, which posthog-node mirrors when it evaluates locally,
 * and, for everything the SDK leaves to the server, PostHog's server rules. The server sees the
 * person's full stored properties, so an absent key is a fact, not a gap: it fails `exact`,
 * `icontains`, `regex`, `gt`…, dates and versions, and satisfies `is_not`, `not_icontains`,
 * `not_regex` and `is_not_set`. Anything unparsable (a bad regex, date or version, an unknown
 * operator) never matches.
 */
export type PropertyMatcher = (properties: Properties, now: number) => boolean;

const STRING_OPERATORS = new Set([
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
]);

/** Operators that hold for a property the person does not have. */
const MATCH_WHEN_ABSENT = new Set([
  'is_not',
  'not_icontains',
  'not_starts_with',
  'not_ends_with',
  'not_regex',
  'is_not_set',
]);

export function compilePropertyMatcher(filter: PropertyFilter): PropertyMatcher {
  const key = filter.key;
  const operator = filter.operator || 'exact';
  const whenAbsent = MATCH_WHEN_ABSENT.has(operator);
  const onValue = compileValueTest(operator, filter.value);
  const nullable = STRING_OPERATORS.has(operator);
  return (properties, now) => {
    const value = Object.prototype.hasOwnProperty.call(properties, key) ? properties[key] : undefined;
    if (value === undefined) return whenAbsent;
    if (operator === 'is_set') return true;
    if (operator === 'is_not_set') return false;
    // `null` is text ("null") for the string operators and never matches the others.
    if (value === null && !nullable) return false;
    return onValue(value, now);
  };
}

type ValueTest = (value: unknown, now: number) => boolean;

const never: ValueTest = () => false;

function compileValueTest(operator: string, filterValue: unknown): ValueTest {
  switch (operator) {
    case 'exact':
    case 'is_not': {
      const exact = compileExact(filterValue);
      return operator === 'exact' ? exact : (value) => !exact(value);
    }
    case 'is_set':
    case 'is_not_set':
      return never; // decided before the value is read
    case 'icontains':
    case 'not_icontains':
    case 'starts_with':
    case 'not_starts_with':
    case 'ends_with':
    case 'not_ends_with':
      return compileText(operator, filterValue);
    case 'regex':
    case 'not_regex': {
      const regex = compileRegex(String(filterValue));
      if (!regex) return never; // an invalid pattern matches nothing, for both operators
      const wanted = operator === 'regex';
      // A pattern that exhausts its step budget counts as invalid too.
      return (value) => {
        const found = regex.test(String(value));
        return found === undefined ? false : found === wanted;
      };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compileOrdering(operator, filterValue);
    case 'is_date_before':
    case 'is_date_after':
    case 'is_date_exact': {
      const filter = parseDateFilter(filterValue);
      if (filter.kind === 'invalid') return never;
      return (value, now) => {
        const at = parseDateProperty(value);
        const bound = resolveDateFilter(filter, now);
        if (operator === 'is_date_before') return at < bound;
        if (operator === 'is_date_after') return at > bound;
        return at === bound;
      };
    }
    case 'semver_eq':
    case 'semver_neq':
    case 'semver_gt':
    case 'semver_gte':
    case 'semver_lt':
    case 'semver_lte':
      return compileVersionComparison(operator, parseVersion(filterValue));
    case 'semver_tilde':
      return compileVersionRange(tildeRange(filterValue));
    case 'semver_caret':
      return compileVersionRange(caretRange(filterValue));
    case 'semver_wildcard':
      return compileVersionRange(wildcardRange(filterValue));
    default:
      return never;
  }
}

// ---- exact / is_not ---------------------------------------------------------------------------

/** `true`/`false` in any case, booleans, or a list of only those (the empty list included). */
function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return lower === 'true' || lower === 'false';
  }
  return Array.isArray(value) && value.every(isBooleanLike);
}

function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() === 'true';
  return Array.isArray(value) && value.every(isTruthy);
}

function compileExact(filterValue: unknown): (value: unknown) => boolean {
  if (isBooleanLike(filterValue)) {
    const expected = isTruthy(filterValue);
    return (value) => isTruthy(value) === expected;
  }
  if (Array.isArray(filterValue)) {
    const accepted = new Set(filterValue.map((item) => exactText(item).toLowerCase()));
    return (value) => accepted.has(exactText(value).toLowerCase());
  }
  const expected = exactText(filterValue).toLowerCase();
  return (value) => exactText(value).toLowerCase() === expected;
}

/** Strings as they are; everything else as compact JSON with sorted keys (`30`, `true`, `null`). */
export function exactText(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort(compareCodePoints)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(String(value));
}

function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0) as number);
  const right = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] - right[i];
  }
  return left.length - right.length;
}

// ---- text -------------------------------------------------------------------------------------

/** PostHog folds only ASCII for the substring operators ("ÄB" does not contain "ä"). */
function asciiLower(value: unknown): string {
  return String(value).replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function compileText(operator: string, filterValue: unknown): ValueTest {
  const needle = asciiLower(filterValue);
  switch (operator) {
    case 'icontains':
      return (value) => asciiLower(value).includes(needle);
    case 'not_icontains':
      return (value) => !asciiLower(value).includes(needle);
    case 'starts_with':
      return (value) => asciiLower(value).startsWith(needle);
    case 'not_starts_with':
      return (value) => !asciiLower(value).startsWith(needle);
    case 'ends_with':
      return (value) => asciiLower(value).endsWith(needle);
    default:
      return (value) => !asciiLower(value).endsWith(needle);
  }
}

// ---- gt / gte / lt / lte ----------------------------------------------------------------------

/** Numerically when both sides read as numbers (`parseFloat`), else as strings ("abd" > "abc"). */
function compileOrdering(operator: string, filterValue: unknown): ValueTest {
  const filterNumber = typeof filterValue === 'number' ? filterValue : parseFloat(String(filterValue));
  const filterText = String(filterValue);
  const holds = orderingTest(operator);
  return (value) => {
    const number = typeof value === 'number' ? value : parseFloat(String(value));
    if (Number.isFinite(number) && Number.isFinite(filterNumber)) return holds(number, filterNumber);
    return holds(String(value), filterText);
  };
}

function orderingTest(operator: string): <T extends number | string>(a: T, b: T) => boolean {
  switch (operator) {
    case 'gt':
      return (a, b) => a > b;
    case 'gte':
      return (a, b) => a >= b;
    case 'lt':
      return (a, b) => a < b;
    default:
      return (a, b) => a <= b;
  }
}

// ---- versions ---------------------------------------------------------------------------------

function compileVersionComparison(operator: string, target: Version | null): ValueTest {
  if (!target) return never;
  const holds: (order: number) => boolean = {
    semver_eq: (o: number) => o === 0,
    semver_neq: (o: number) => o !== 0,
    semver_gt: (o: number) => o > 0,
    semver_gte: (o: number) => o >= 0,
    semver_lt: (o: number) => o < 0,
    semver_lte: (o: number) => o <= 0,
  }[operator] as (order: number) => boolean;
  return (value) => {
    const version = parseVersion(value);
    return version !== null && holds(compareVersions(version, target));
  };
}

function compileVersionRange(range: VersionRange | null): ValueTest {
  if (!range) return never;
  return (value) => {
    const version = parseVersion(value);
    return version !== null && inRange(version, range);
  };
}
