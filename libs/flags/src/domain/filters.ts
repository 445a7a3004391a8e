import { DomainError } from '@app/platform/errors/domain-error';
import {
  COHORT_OPERATORS,
  DATE_OPERATORS,
  describeProblem,
  isPropertyOperator,
  personMetadataProblem,
  RANGE_PROBLEMS,
  TEXT_VALUE_OPERATORS,
  valueProblem,
} from '@app/targeting';
import type { PropertyFilter, TargetingLimits } from '@app/targeting';
import { dependencyCycle } from './evaluation/dependencies';
import { invalidFilters, pyRepr } from './flag.errors';

/**
 * A flag's release conditions, stored exactly in PostHog's JSON shape so the evaluation engine
 * reads them unchanged. Keys this service does not know are kept as sent.
 */
export interface FlagFilters {
  groups: FlagCondition[];
  multivariate?: { variants: FlagVariant[] } | null;
  /** Variant key (or `"true"` for boolean flags) → JSON-encoded payload. */
  payloads?: Record<string, string | null>;
  aggregation_group_type_index?: number | null;
  super_groups?: FlagCondition[] | null;
  holdout_groups?: FlagCondition[] | null;
  [extra: string]: unknown;
}

export interface FlagCondition {
  properties?: PropertyFilter[];
  rollout_percentage?: number | null;
  variant?: string | null;
  [extra: string]: unknown;
}

export interface FlagVariant {
  key: string;
  name?: string | null;
  rollout_percentage?: number;
  [extra: string]: unknown;
}

export type { PropertyFilter };

/** A live flag of the project that a flag-type property may point at. */
export interface DependencyFlag {
  id: number;
  key: string;
  active: boolean;
  /** Ids of the flags its own filters depend on. */
  dependsOn: number[];
}

/** Checks a cohort a `type: cohort` property points at; returns the error to report, or null. */
export type CohortCheck = (cohortId: number) => DomainError | null;
export const ACCEPT_ANY_COHORT: CohortCheck = () => null;

/** What flag validation knows of a cohort a flag points at (absent from the map: none exists). */
export interface CohortFacts {
  name: string;
  deleted: boolean;
  /** It, or a cohort it contains, filters on events. */
  behavioral: boolean;
}

/** PostHog's checks of a referenced cohort: it exists in the project, live, and is not behavioural. */
export function cohortCheck(cohorts: ReadonlyMap<number, CohortFacts>): CohortCheck {
  return (id) => {
    const cohort = cohorts.get(id);
    if (!cohort || cohort.deleted) {
      return DomainError.invalid(`Cohort with id ${id} does not exist`, 'filters', 'cohort_does_not_exist');
    }
    if (cohort.behavioral) {
      return DomainError.invalid(
        `Cohort '${cohort.name}' with filters on events cannot be used in feature flags.`,
        'filters',
        'behavioral_cohort_found',
      );
    }
    return null;
  };
}

export interface FiltersContext {
  /** The flag being changed (absent on create): a flag cannot depend on itself. */
  flagId?: number;
  flagKey: string;
  /** Live flags of the project reachable from the filters' flag properties (see `flagDependencyIds`). */
  flags: ReadonlyMap<number, DependencyFlag>;
  cohorts: CohortCheck;
  limits: TargetingLimits;
}

export const MAX_PROPERTY_VALUES = 1000;
export const MAX_GROUP_TYPE_INDEX = 4;
const MAX_DEPTH = 32;

const COHORT_OPS: ReadonlySet<string> = new Set(COHORT_OPERATORS);

/** The conditions of a flag created without any: everyone, no rollout limit. */
export function defaultFilters(): FlagFilters {
  return { groups: [{ properties: [], rollout_percentage: null }] };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPercentage = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 100;
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function operatorOf(p: Json): string {
  return p.operator === undefined || p.operator === null ? 'exact' : (p.operator as string);
}

/** An integer id given as a number or a string of digits, as PostHog's `safe_int` reads it. */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) {
    const n = Number(value.trim());
    if (n > 0) return n;
  }
  return undefined;
}

/**
 * Ids of the flags that `filters` depends on (flag-type properties of its groups). Tolerant of
 * any input: the service calls it on unvalidated bodies to know which flags to load.
 */
export function flagDependencyIds(filters: unknown): number[] {
  const ids = new Set<number>();
  if (!isObject(filters) || !Array.isArray(filters.groups)) return [];
  for (const group of filters.groups) {
    if (!isObject(group) || !Array.isArray(group.properties)) continue;
    for (const p of group.properties) {
      if (!isObject(p) || p.type !== 'flag') continue;
      const id = parseId(p.key);
      if (id !== undefined) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * The properties of every condition of `filters` (groups, super groups, holdout groups), read
 * tolerantly of any input: what is not an object is skipped.
 */
function conditionProperties(filters: unknown): Json[] {
  if (!isObject(filters)) return [];
  const out: Json[] = [];
  for (const list of [filters.groups, filters.super_groups, filters.holdout_groups]) {
    if (!Array.isArray(list)) continue;
    for (const group of list) {
      if (!isObject(group) || !Array.isArray(group.properties)) continue;
      for (const p of group.properties) if (isObject(p)) out.push(p);
    }
  }
  return out;
}

/**
 * Whether `filters` has a flag or cohort condition: an edge of the project's dependency graphs.
 * A condition whose id does not read still counts, so that a writer never skips the graph lock
 * it needs.
 */
export function hasDependencyConditions(filters: unknown): boolean {
  return conditionProperties(filters).some((p) => p.type === 'flag' || p.type === 'cohort');
}

/** The cohort properties of `filters`' conditions (tolerant of any input, like `flagDependencyIds`). */
function cohortProperties(filters: unknown): Json[] {
  return conditionProperties(filters).filter((p) => p.type === 'cohort');
}

/** Whether `filters` has a cohort condition (its responses then carry the cohorts' names). */
export function hasCohortConditions(filters: unknown): boolean {
  return cohortProperties(filters).length > 0;
}

/** Ids of the cohorts `filters` points at. */
export function flagCohortIds(filters: unknown): number[] {
  const ids = new Set<number>();
  for (const p of cohortProperties(filters)) {
    const id = parseId(p.value);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** `filters` with each cohort property's id replaced through `ids` (a copy in another project). */
export function remapCohortIds(filters: FlagFilters, ids: ReadonlyMap<number, number>): FlagFilters {
  return mapCohortProperties(filters, (p) => {
    const id = parseId(p.value);
    return id !== undefined && ids.has(id) ? { ...p, value: ids.get(id) } : p;
  });
}

/** `filters` as responses show them: each cohort property carries its cohort's `cohort_name`. */
export function withCohortNames(filters: FlagFilters, names: ReadonlyMap<number, string>): FlagFilters {
  if (names.size === 0) return filters;
  return mapCohortProperties(filters, (p) => {
    const id = parseId(p.value);
    const name = id === undefined ? undefined : names.get(id);
    return name === undefined ? p : { ...p, cohort_name: name };
  });
}

function mapCohortProperties(filters: FlagFilters, fn: (p: PropertyFilter) => PropertyFilter): FlagFilters {
  if (cohortProperties(filters).length === 0) return filters;
  const mapConditions = (list: FlagCondition[] | null | undefined) =>
    list?.map((c) =>
      c.properties ? { ...c, properties: c.properties.map((p) => (p.type === 'cohort' ? fn(p) : p)) } : c,
    );
  const out: FlagFilters = { ...filters, groups: mapConditions(filters.groups) ?? [] };
  if (filters.super_groups) out.super_groups = mapConditions(filters.super_groups);
  if (filters.holdout_groups) out.holdout_groups = mapConditions(filters.holdout_groups);
  return out;
}

/**
 * JSON a client may send anywhere in `filters`: bounded nesting, finite numbers (1e400 parses to
 * Infinity and would be stored as null) and no NUL characters (PostgreSQL refuses them).
 */
function checkPlainJson(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) throw invalidFilters('Numbers must be finite.');
    if (typeof v === 'string' && v.includes('\u0000')) throw invalidFilters('Null characters are not allowed.');
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) throw invalidFilters(`Filters may not be nested more than ${MAX_DEPTH} levels deep.`);
    for (const [k, child] of Object.entries(v)) {
      if (k.includes('\u0000')) throw invalidFilters('Null characters are not allowed.');
      stack.push([child, depth + 1]);
    }
  }
}

function checkConditionShape(group: unknown, where: string): void {
  if (!isObject(group)) throw invalidFilters(`${where} must be an object.`);
  if (group.properties !== undefined && !Array.isArray(group.properties)) {
    throw invalidFilters(`${where}.properties must be a list.`);
  }
  if (group.rollout_percentage !== undefined && group.rollout_percentage !== null) {
    if (!isPercentage(group.rollout_percentage)) {
      throw invalidFilters(`${where}.rollout_percentage must be a number between 0 and 100, or null.`);
    }
  }
  if (group.variant !== undefined && group.variant !== null && typeof group.variant !== 'string') {
    throw invalidFilters(`${where}.variant must be a string or null.`);
  }
  checkAggregationIndex(group.aggregation_group_type_index, `${where}.aggregation_group_type_index`);
  for (const [i, p] of ((group.properties as unknown[] | undefined) ?? []).entries()) {
    if (!isObject(p)) throw invalidFilters(`${where}.properties[${i}] must be an object.`);
    const keyOk = (typeof p.key === 'string' && p.key.length > 0) || (p.type === 'flag' && typeof p.key === 'number');
    if (!keyOk) throw invalidFilters(`${where}.properties[${i}].key must be a non-empty string.`);
    if (p.operator !== undefined && p.operator !== null && typeof p.operator !== 'string') {
      throw invalidFilters(`${where}.properties[${i}].operator must be a string.`);
    }
    if (p.group_type_index !== undefined && p.group_type_index !== null && !Number.isInteger(p.group_type_index)) {
      throw invalidFilters(`${where}.properties[${i}].group_type_index must be an integer or null.`);
    }
  }
}

function checkAggregationIndex(value: unknown, name: string): void {
  if (value === undefined || value === null) return;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_GROUP_TYPE_INDEX) {
    throw invalidFilters(`${name} must be an integer between 0 and ${MAX_GROUP_TYPE_INDEX}, or null.`);
  }
}

function conditionList(value: unknown, name: string): Json[] {
  if (!Array.isArray(value)) throw invalidFilters(`${name} must be a list of condition groups.`);
  value.forEach((g, i) => checkConditionShape(g, `${name}[${i}]`));
  return value as Json[];
}

function propertiesOf(group: Json): Json[] {
  return (group.properties as Json[] | undefined) ?? [];
}

function checkOperator(p: Json): void {
  const type = p.type as string;
  const op = operatorOf(p);
  if (type === 'flag') {
    if (op !== 'flag_evaluates_to') throw invalidFilters("Flag properties must use the 'flag_evaluates_to' operator");
    return;
  }
  if (type === 'cohort') {
    if (!COHORT_OPS.has(op)) {
      throw invalidFilters(
        `The '${op}' operator is not valid for cohort properties (use 'in' or 'not_in').`,
        'invalid_operator',
      );
    }
    return;
  }
  if (op === 'in' || op === 'not_in') {
    throw invalidFilters(
      `The '${op}' operator is only valid for cohort properties, not '${type}' properties.`,
      'invalid_operator',
    );
  }
  if (op === 'flag_evaluates_to') {
    throw invalidFilters(
      `The 'flag_evaluates_to' operator is only valid for flag properties, not '${type}' properties.`,
      'invalid_operator',
    );
  }
  if (!isPropertyOperator(op)) throw invalidFilters(`Unknown operator: ${pyRepr(op)}`, 'invalid_operator');
}

function checkDependencies(groups: Json[], ctx: FiltersContext): void {
  const deps: number[] = [];
  for (const group of groups) {
    for (const p of propertiesOf(group)) {
      if (p.type !== 'flag') continue;
      const id = parseId(p.key);
      if (id === undefined) {
        throw invalidFilters(
          `Flag dependencies must reference flag IDs (integers), not flag keys. Invalid reference: '${String(p.key)}'`,
        );
      }
      if (id === ctx.flagId) throw invalidFilters(`Feature flag '${ctx.flagKey}' cannot depend on itself`);
      const dep = ctx.flags.get(id);
      if (!dep) throw invalidFilters(`Flag dependency references non-existent flag with ID ${id}`);
      if (!dep.active) {
        throw invalidFilters(
          `Cannot create dependency on disabled flag '${dep.key}' (ID: ${id}). Flag dependencies must reference active flags only.`,
        );
      }
      deps.push(id);
    }
  }
  if (ctx.flagId === undefined) return; // nothing can depend on a flag that does not exist yet
  const cycle = dependencyCycle(ctx.flagId, deps, (id) => ctx.flags.get(id)?.dependsOn ?? []);
  if (cycle) {
    const keys = [ctx.flagKey, ...cycle.slice(0, -1).map((id) => ctx.flags.get(id)!.key), ctx.flagKey];
    // A cycle through thousands of flags is named by its ends.
    const shown = keys.length <= 12 ? keys : [...keys.slice(0, 6), `… (${keys.length - 11} more)`, ...keys.slice(-5)];
    throw invalidFilters(`Circular dependency detected: ${shown.join(' → ')}`);
  }
}

function checkVariants(filters: Json): Set<string> {
  const mv = filters.multivariate;
  if (mv === undefined || mv === null) return new Set();
  if (!isObject(mv)) throw invalidFilters('multivariate must be an object with a list of variants, or null.');
  if (mv.variants === undefined) return new Set();
  if (!Array.isArray(mv.variants)) throw invalidFilters('multivariate.variants must be a list.');
  const keys = new Set<string>();
  let sum = 0;
  for (const [i, v] of mv.variants.entries()) {
    if (!isObject(v)) throw invalidFilters(`multivariate.variants[${i}] must be an object.`);
    if (typeof v.key !== 'string' || v.key.length === 0) {
      throw invalidFilters(`multivariate.variants[${i}].key must be a non-empty string.`);
    }
    if (keys.has(v.key)) throw invalidFilters(`Variant keys must be unique: '${v.key}' appears twice.`);
    keys.add(v.key);
    if (v.name !== undefined && v.name !== null && typeof v.name !== 'string') {
      throw invalidFilters(`multivariate.variants[${i}].name must be a string or null.`);
    }
    if (v.rollout_percentage !== undefined && !isPercentage(v.rollout_percentage)) {
      throw invalidFilters(`multivariate.variants[${i}].rollout_percentage must be a number between 0 and 100.`);
    }
    sum += (v.rollout_percentage as number | undefined) ?? 0;
  }
  if (keys.size > 0 && sum !== 100) {
    throw invalidFilters('Invalid variant definitions: Variant rollout percentages must sum to 100.');
  }
  return keys;
}

function checkValue(p: Json, ctx: FiltersContext): void {
  const op = operatorOf(p);
  const value = p.value;
  if (Array.isArray(value) && value.length > MAX_PROPERTY_VALUES) {
    throw invalidFilters(
      `Property group expressions of type ${String(p.key)} cannot contain more than ${MAX_PROPERTY_VALUES} values.`,
    );
  }
  const bad = () => invalidFilters(`Invalid value for operator ${op}: ${pyRepr(value)}`, 'invalid_value');
  if (p.negation !== undefined && p.negation !== null && typeof p.negation !== 'boolean') {
    throw invalidFilters(`negation must be a boolean (property ${pyRepr(p.key)}).`);
  }
  if (p.type === 'cohort') {
    const id = parseId(value);
    if (id === undefined)
      throw invalidFilters(`Cohort properties need a cohort id as value, got ${pyRepr(value)}.`, 'invalid_value');
    const problem = ctx.cohorts(id);
    if (problem) throw problem;
    return;
  }
  if (p.type === 'flag') {
    if (typeof value !== 'boolean' && !(typeof value === 'string' && value.length > 0)) throw bad();
    return;
  }
  if (!isPropertyOperator(op) || op === 'is_set' || op === 'is_not_set') return;
  // PostHog's own checks and messages first: strings for the text operators, dates that parse.
  if (TEXT_VALUE_OPERATORS.has(op) && typeof value !== 'string') throw bad();
  if ((op === 'exact' || op === 'is_not') && !isScalar(value) && !(Array.isArray(value) && value.every(isScalar))) {
    throw bad();
  }
  const problem = valueProblem(op, value, { limits: ctx.limits });
  if (!problem) return;
  if (DATE_OPERATORS.has(op)) throw invalidFilters(`Invalid date value: ${String(value)}`, 'invalid_date');
  if (problem.kind === 'version') {
    throw invalidFilters(`Invalid version for operator ${op}: ${pyRepr(value)}`, 'invalid_value');
  }
  if (problem.kind === 'range') throw invalidFilters(RANGE_PROBLEMS[problem.reason], 'invalid_value');
  if (problem.kind === 'missing' || problem.kind === 'type') throw bad();
  throw invalidFilters(describeProblem(problem, `Property ${pyRepr(p.key)} (${op})`), 'invalid_value');
}

function normalizePayloads(filters: Json, variants: Set<string>): Record<string, string | null> | undefined {
  if (filters.payloads === undefined) return undefined;
  if (!isObject(filters.payloads)) throw invalidFilters('Payloads must be passed as a dictionary');
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(filters.payloads)) {
    if (typeof value === 'string') {
      try {
        JSON.parse(value);
      } catch {
        throw invalidFilters('Payload value is not valid JSON');
      }
      out[key] = value;
    } else {
      out[key] = value === null ? null : JSON.stringify(value);
    }
  }
  const keys = Object.keys(out);
  const multivariate = isObject(filters.multivariate) && Object.keys(filters.multivariate).length > 0;
  if (multivariate) {
    if (!keys.every((k) => variants.has(k))) {
      throw invalidFilters('Payload keys must match a variant key for multivariate flags');
    }
  } else if (keys.length > 1 || keys.some((k) => k !== 'true')) {
    throw invalidFilters("Payload keys must be 'true' for boolean flags");
  }
  return out;
}

/**
 * Validates `filters` as PostHog's `validate_filters` does, in its order, and returns what to
 * store. Anything malformed (wrong types, null where a value is needed, unknown operators,
 * invalid regexes, huge numbers, deep nesting) is a 400 naming `filters`, never a crash.
 * `raw` without `groups` gets the default condition (on for everyone).
 */
export function validateFilters(raw: Json, ctx: FiltersContext): FlagFilters {
  checkPlainJson(raw);
  // PostHog's rules v2 (`version: 2`, in pilot) have other fields and another evaluation; read as
  // version 1 such a document would serve everyone, so anything but version 1 is refused.
  if (raw.version !== undefined && raw.version !== 1) {
    throw invalidFilters(
      `Filters are not valid (version ${JSON.stringify(raw.version)} is not supported; only version 1 rules are)`,
    );
  }
  const groups = raw.groups === undefined ? defaultFilters().groups : conditionList(raw.groups, 'groups');
  const extraGroups: Json[] = [];
  for (const name of ['super_groups', 'holdout_groups'] as const) {
    if (raw[name] === undefined || raw[name] === null) continue;
    for (const group of conditionList(raw[name], name)) {
      if (propertiesOf(group).some((p) => p.type !== 'person')) {
        throw invalidFilters(`Filters are not valid (${name} can only use person properties)`);
      }
      extraGroups.push(group);
    }
  }

  const aggregation = raw.aggregation_group_type_index;
  checkAggregationIndex(aggregation, 'aggregation_group_type_index');
  const conditions = [...(groups as Json[]), ...extraGroups].reduce((n, g) => n + propertiesOf(g).length, 0);
  if (conditions > ctx.limits.maxConditions) {
    throw invalidFilters(
      `A flag may have at most ${ctx.limits.maxConditions} conditions (property filters over all its condition sets); this one has ${conditions}.`,
    );
  }
  // Each condition is checked against its own aggregation (mixed targeting), else the flag's.
  for (const group of groups as Json[]) {
    const own = group.aggregation_group_type_index;
    const effective = own === undefined ? aggregation : own;
    for (const p of propertiesOf(group)) {
      if (effective === undefined || effective === null) {
        if (!['person', 'person_metadata', 'cohort', 'flag'].includes(p.type as string)) {
          throw invalidFilters('Filters are not valid (can only use person, cohort, and flag properties)');
        }
        const metadataProblem = p.type === 'person_metadata' ? personMetadataProblem(p.key) : null;
        if (metadataProblem) throw invalidFilters(metadataProblem);
      } else if (p.type !== 'group' || p.group_type_index !== effective) {
        throw invalidFilters('Filters are not valid (can only use group properties)');
      }
    }
  }
  const allProperties = (groups as Json[]).flatMap(propertiesOf);
  allProperties.forEach(checkOperator);
  checkDependencies(groups as Json[], ctx);

  const variants = checkVariants(raw);
  for (const group of groups as Json[]) {
    if (group.variant && !variants.has(group.variant as string)) {
      throw invalidFilters('Filters are not valid (variant override does not exist)');
    }
    for (const p of propertiesOf(group)) checkValue(p, ctx);
  }
  for (const p of extraGroups.flatMap(propertiesOf)) {
    checkOperator(p);
    checkValue(p, ctx);
  }
  const payloads = normalizePayloads(raw, variants);

  const filters: FlagFilters = { ...raw, groups: groups as FlagCondition[] };
  if (payloads !== undefined) filters.payloads = payloads;
  return filters;
}
