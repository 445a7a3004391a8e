import { nestsDeeperThan } from '@app/platform/domain/json';
import { DomainError } from '@app/platform/errors/domain-error';
import { DEFAULT_TARGETING_LIMITS, TargetingLimits } from './limits';
import { COHORT_OPERATORS, FLAG_DEPENDENCY_OPERATOR, isPropertyOperator, PROPERTY_OPERATORS } from './operators';
import type { PropertyOperator } from './operators';
import { compilePredicate, describeProblem, valueProblem } from './predicate';
import type { Predicate, ValueCheckOptions } from './predicate';

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

/** The leaf types whose filters test a property (the others name a cohort, a flag, events). */
const PROPERTY_TYPES: ReadonlySet<string> = new Set(['person', 'group', 'event', 'person_metadata']);

/**
 * The person's own fields a `person_metadata` filter may name (PostHog's PERSON_METADATA_FIELDS):
 * `created_at`, the person's creation as ISO 8601 UTC text (`2024-06-01T10:30:00.000Z`).
 */
export const PERSON_METADATA_FIELDS: readonly string[] = ['created_at'];

/** What is wrong with `key` as a `person_metadata` filter's key, or null. */
export function personMetadataProblem(key: unknown): string | null {
  return typeof key === 'string' && PERSON_METADATA_FIELDS.includes(key)
    ? null
    : `"${String(key).slice(0, 100)}" is not a person field a filter can read: ${PERSON_METADATA_FIELDS.join(', ')}.`;
}

export interface PropertyFilterLeaf {
  kind: 'leaf';
  key: string;
  /** `person` when the filter names none. */
  type: string;
  operator: FilterOperator;
  value: unknown;
  negation: boolean;
  groupTypeIndex: number | null;
  /** The operator and value parsed, for property leaves (`never` for cohort, flag, behavioural ones). */
  predicate: Predicate;
  /** The filter as sent, for fields only some types have (a behavioural filter's time window). */
  raw: Readonly<Record<string, unknown>>;
}

export interface PropertyFilterGroup {
  kind: 'group';
  type: 'AND' | 'OR';
  values: PropertyFilterNode[];
}

export type PropertyFilterNode = PropertyFilterLeaf | PropertyFilterGroup;

export interface ParseOptions extends Partial<Omit<ValueCheckOptions, 'limits'>> {
  limits?: TargetingLimits;
}

const MAX_DEPTH = 10;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses PostHog's property-filter JSON: a list of filters (AND-ed), or `{type: "AND"|"OR",
 * values: [...]}` nested. A filter without `operator` is `exact`, without `type` a person
 * filter. Every malformed part is a 400 naming `attr`: invalid JSON, unknown operators, `null`
 * or wrong-typed values, unparsable dates and versions, too many filters, oversized regular
 * expressions (and, with the options, invalid ones or ones SQL cannot run).
 */
export function parsePropertyFilter(
  input: unknown,
  attr = 'properties',
  options: ParseOptions = {},
): PropertyFilterGroup {
  const limits = options.limits ?? DEFAULT_TARGETING_LIMITS;
  const check: ValueCheckOptions = { ...options, limits };
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
    if (++leaves > limits.maxConditions) fail(`At most ${limits.maxConditions} property filters.`);
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
    const metadataProblem = type === 'person_metadata' ? personMetadataProblem(key) : null;
    if (metadataProblem) fail(metadataProblem);
    const property = PROPERTY_TYPES.has(type) && isPropertyOperator(operator);
    if (property) {
      const problem = valueProblem(operator, value.value, check);
      if (problem) fail(describeProblem(problem, `Property filter "${key as string}" (${operator})`));
    } else if (PROPERTY_TYPES.has(type)) {
      fail(`The '${operator}' operator is not valid for ${type} properties.`);
    }
    return {
      kind: 'leaf',
      key: key as string,
      type,
      operator: operator as FilterOperator,
      value: value.value,
      negation: negation as boolean,
      groupTypeIndex,
      predicate: property ? compilePredicate(operator, value.value, limits.regexMaxProgram) : { op: 'never' },
      raw: value,
    };
  };

  const parsed = group(raw ?? [], 0);
  // Nothing stored contains NUL (ingestion replaces it), and PostgreSQL text cannot hold it.
  if (JSON.stringify(raw ?? []).includes('\\u0000')) fail('Property filters cannot contain NUL characters.');
  return parsed;
}

/** Every leaf of a filter, depth first. */
export function filterLeaves(filter: PropertyFilterNode): PropertyFilterLeaf[] {
  return filter.kind === 'leaf' ? [filter] : filter.values.flatMap(filterLeaves);
}
