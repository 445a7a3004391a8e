import { DomainError } from '@app/platform/errors/domain-error';
import { pathTo } from '@app/platform/domain/graph';
import {
  COHORT_OPERATORS,
  FLAG_DEPENDENCY_OPERATOR,
  filterLeaves,
  parsePropertyFilter,
  PropertyFilterLeaf,
  TargetingLimits,
} from '@app/targeting';

/**
 * Cohorts: named sets of persons. A dynamic cohort is a tree of property groups (`filters.
 * properties`: `{type: AND|OR, values: [groups or leaves]}`) whose leaves are person
 * properties, other cohorts (`{key: "id", type: "cohort", value: <id>}`), flag values
 * (`{key: <flag id or key>, type: "flag", operator: "flag_evaluates_to", value: true|false|variant}`)
 * or behavioural filters (`{type: "behavioral", value: "performed_event" |
 * "performed_event_first_time", key: <event>, time_value, time_interval}`); any leaf may carry
 * `negation`. A static cohort is a list of persons (its membership table). Flags may use any
 * cohort without behavioural filters (flag evaluation has no events).
 */

export const COHORT_SCOPE = 'Cohort';
export const COHORT_NAME_MAX_LENGTH = 400;

/** PostHog's cohort filters: `{properties: PropertyGroup}`; `{}` for static cohorts. */
export interface CohortFilters {
  properties?: CohortPropertyGroup;
}

export interface CohortPropertyGroup {
  type: 'AND' | 'OR';
  values: Array<CohortPropertyGroup | Record<string, unknown>>;
}

export interface Cohort {
  id: number;
  projectId: number;
  name: string;
  description: string;
  /** The legacy form, kept as sent (`[]` for cohorts created with `filters`). */
  groups: unknown[];
  filters: CohortFilters;
  isStatic: boolean;
  isCalculating: boolean;
  deleted: boolean;
  count: number | null;
  errorsCalculating: number;
  lastCalculation: Date | null;
  /** +1 whenever the definition changes; a calculation only lands on the version it counted. */
  version: number;
  createdById: number | null;
  createdAt: Date;
}

/** What a cohort write may set. */
export interface CohortChanges {
  name?: string;
  description?: string;
  groups?: unknown[];
  filters?: CohortFilters;
  deleted?: boolean;
}

/**
 * Time units of behavioural filters, as interval text PostgreSQL reads. A Map: the unit comes
 * from the request, and an object would answer `constructor` or `__proto__` from its prototype.
 */
const TIME_INTERVALS = new Map<string, string>([
  ['hour', 'hours'],
  ['day', 'days'],
  ['week', 'weeks'],
  ['month', 'months'],
  ['year', 'years'],
]);
const MAX_TIME_VALUE = 10_000;
/** The behavioural filters cohorts support (SQL over the events store). */
export const BEHAVIORAL_FILTERS: ReadonlySet<string> = new Set(['performed_event', 'performed_event_first_time']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function invalid(detail: string, attr = 'filters'): DomainError {
  return DomainError.invalid(detail, attr);
}

export function checkCohortName(name: unknown): string {
  if (typeof name !== 'string') throw DomainError.invalid('Not a valid string.', 'name');
  if (name.length > COHORT_NAME_MAX_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${COHORT_NAME_MAX_LENGTH} characters.`,
      'name',
      'max_length',
    );
  }
  if (name.includes('\u0000')) throw DomainError.invalid('Null characters are not allowed.', 'name');
  return name;
}

/**
 * The cohort's filters from what a client sent: `filters` (`{properties: group}`) or PostHog's
 * legacy `groups` (a list of `{properties: [...]}` OR-ed, each AND-ed; `event_id` + `days`
 * becomes a behavioural filter). Every leaf is checked: a person property (any operator the
 * persons filters know, with `limits`), a cohort id, a flag value, or a behavioural filter.
 * Returns the filters to store.
 */
export function normalizeCohortFilters(
  input: { filters?: unknown; groups?: unknown },
  limits: TargetingLimits = new TargetingLimits(),
): {
  filters: CohortFilters;
  groups: unknown[];
  /** Its regular expressions in PostgreSQL's syntax (to check that PostgreSQL compiles them). */
  regexes: string[];
} {
  let groups: unknown[] = [];
  let properties: unknown;
  if (input.filters !== undefined && input.filters !== null) {
    if (!isObject(input.filters)) throw invalid('filters must be an object with a properties group.');
    properties = input.filters.properties;
  }
  if ((properties === undefined || properties === null) && input.groups !== undefined && input.groups !== null) {
    if (!Array.isArray(input.groups)) throw invalid('groups must be a list.', 'groups');
    groups = input.groups;
    properties = { type: 'OR', values: input.groups.map((g, i) => legacyGroup(g, i)) };
  }
  if (properties === undefined || properties === null) {
    throw invalid('A dynamic cohort needs filters: {"properties": {"type": "AND"|"OR", "values": [...]}}.');
  }
  if (!isObject(properties) || typeof properties.type !== 'string' || !Array.isArray(properties.values)) {
    throw invalid('filters.properties must be a {type, values} group.');
  }
  // Counted and listed in SQL, which has no step budget: no lookarounds or back-references.
  const parsed = parsePropertyFilter(properties, 'filters', { limits, refuseBacktracking: true });
  const regexes: string[] = [];
  for (const leaf of filterLeaves(parsed)) {
    checkLeaf(leaf);
    const pattern = 'regex' in leaf.predicate ? leaf.predicate.regex?.postgres() : null;
    if (pattern) regexes.push(pattern);
  }
  // The engine reads the group type as stored: keep it upper-case.
  const root = { ...properties, type: properties.type.toUpperCase() } as unknown as CohortPropertyGroup;
  const filters: CohortFilters = { properties: root };
  for (const leaf of cohortLeaves(filters)) if (leaf.type === 'behavioral') performedEventWindow(leaf);
  return { filters, groups, regexes };
}

function legacyGroup(group: unknown, index: number): CohortPropertyGroup {
  if (!isObject(group)) throw invalid(`groups[${index}] must be an object.`, 'groups');
  if (group.action_id !== undefined && group.action_id !== null) {
    throw invalid('Cohorts on actions are not supported; use performed_event filters.', 'groups');
  }
  const values: Array<Record<string, unknown>> = [];
  if (group.properties !== undefined && group.properties !== null) {
    if (!Array.isArray(group.properties)) throw invalid(`groups[${index}].properties must be a list.`, 'groups');
    values.push(...(group.properties as Array<Record<string, unknown>>));
  }
  if (group.event_id !== undefined && group.event_id !== null) {
    values.push({
      key: group.event_id,
      type: 'behavioral',
      value: 'performed_event',
      event_type: 'events',
      time_value: group.days ?? 30,
      time_interval: 'day',
    });
  }
  return { type: 'AND', values };
}

function checkLeaf(leaf: PropertyFilterLeaf): void {
  switch (leaf.type) {
    case 'person':
    case 'person_metadata':
      return;
    case 'flag':
      if (leaf.operator !== FLAG_DEPENDENCY_OPERATOR && leaf.operator !== 'exact') {
        throw invalid("Flag properties must use the 'flag_evaluates_to' operator");
      }
      if (typeof leaf.value !== 'boolean' && !(typeof leaf.value === 'string' && leaf.value !== '')) {
        throw invalid('A flag property needs true, false or a variant key as value.');
      }
      return;
    case 'cohort':
      if (cohortIdOf(leaf.value) === undefined) throw invalid(`Invalid Cohort ID in filter: ${String(leaf.value)}`);
      if (!(COHORT_OPERATORS as readonly string[]).includes(leaf.operator)) {
        throw invalid(`The '${leaf.operator}' operator is not valid for cohort properties (use 'in' or 'not_in').`);
      }
      return;
    case 'behavioral':
      if (!BEHAVIORAL_FILTERS.has(leaf.value as string)) {
        throw invalid(
          `Behavioral filter '${String(leaf.value)}' is not supported (performed_event and performed_event_first_time are).`,
        );
      }
      return;
    default:
      throw invalid('Cohort filters can use person, person metadata, cohort, flag and behavioral properties only.');
  }
}

/** The time window of a behavioural leaf, as PostgreSQL interval text (`30 days`). */
export function performedEventWindow(leaf: Record<string, unknown>): string {
  const value = Number(leaf.time_value ?? 30);
  const unit = TIME_INTERVALS.get(String(leaf.time_interval ?? 'day'));
  if (!Number.isInteger(value) || value < 1 || value > MAX_TIME_VALUE || unit === undefined) {
    throw invalid(
      `${String(leaf.value)} needs time_value (1 to 10000) and time_interval (hour, day, week, month, year).`,
    );
  }
  return `${value} ${unit}`;
}

/** A cohort id as a cohort leaf names it (an integer or a string of digits). */
export function cohortIdOf(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** Every leaf of the stored filters, in order. */
export function cohortLeaves(filters: CohortFilters): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const walk = (node: unknown) => {
    if (!isObject(node)) return;
    if (Array.isArray(node.values) && (node.type === 'AND' || node.type === 'OR')) node.values.forEach(walk);
    else out.push(node);
  };
  walk(filters.properties);
  return out;
}

/** The cohorts a cohort's filters reference directly. */
export function referencedCohortIds(filters: CohortFilters): number[] {
  const ids = new Set<number>();
  for (const leaf of cohortLeaves(filters)) {
    if (leaf.type !== 'cohort') continue;
    const id = cohortIdOf(leaf.value);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

const DATE_OPERATORS: ReadonlySet<unknown> = new Set(['is_date_before', 'is_date_after', 'is_date_exact']);

/**
 * The live dynamic cohorts of `cohorts` (a project's) whose members the project's time zone
 * decides: a date filter in their own filters (a date without a zone is local, relative dates
 * count back on the local clock) or in a dynamic cohort they reference.
 */
export function cohortsReadingTimeZone(cohorts: readonly Cohort[]): Cohort[] {
  const byId = new Map(cohorts.map((c) => [c.id, c]));
  const known = new Map<number, boolean>();
  const reads = (c: Cohort, path: Set<number>): boolean => {
    const seen = known.get(c.id);
    if (seen !== undefined) return seen;
    // Loops are refused on write; one read anyway ends here.
    if (c.isStatic || c.deleted || path.has(c.id)) return false;
    path.add(c.id);
    const result =
      cohortLeaves(c.filters).some((leaf) => DATE_OPERATORS.has(leaf.operator)) ||
      referencedCohortIds(c.filters).some((id) => {
        const ref = byId.get(id);
        return ref !== undefined && reads(ref, path);
      });
    path.delete(c.id);
    known.set(c.id, result);
    return result;
  };
  return cohorts.filter((c) => reads(c, new Set()));
}

export function hasBehavioralFilters(filters: CohortFilters): boolean {
  return cohortLeaves(filters).some((leaf) => leaf.type === 'behavioral');
}

/** `filters` with each cohort reference replaced through `ids` (copying cohorts to another project). */
export function remapCohortReferences(filters: CohortFilters, ids: ReadonlyMap<number, number>): CohortFilters {
  const map = (node: unknown): unknown => {
    if (!isObject(node)) return node;
    if (Array.isArray(node.values) && (node.type === 'AND' || node.type === 'OR')) {
      return { ...node, values: node.values.map(map) };
    }
    if (node.type !== 'cohort') return node;
    const id = cohortIdOf(node.value);
    return id !== undefined && ids.has(id) ? { ...node, value: ids.get(id) } : node;
  };
  return filters.properties ? { properties: map(filters.properties) as CohortPropertyGroup } : {};
}

/**
 * Walks cohort references from `start` through `lookup` (id → the ids it references) and
 * returns a cycle through `start`, or null. A cohort may not contain itself.
 */
export function findCohortCycle(
  start: number,
  references: readonly number[],
  lookup: ReadonlyMap<number, readonly number[]>,
): number[] | null {
  const path = pathTo(start, references, (id) => lookup.get(id) ?? []);
  return path && [start, ...path];
}

/** How a cohort is measured over its references, one cohort at a time (see `measureCohort`). */
interface CohortMeasure {
  /** What a plain leaf, a missing cohort or a reference back onto the path counts. */
  leaf: number;
  /** A cohort's running total with one more leaf or referenced cohort of size `child`. */
  add(total: number, child: number): number;
  /** A cohort's size from the total of its leaves and references. */
  finish(total: number): number;
}

/**
 * Folds `measure` over the cohorts reachable from `id` through `lookup`, each cohort measured
 * once (`memo`, which may be shared between calls with the same measure), with an explicit stack:
 * a chain of references as long as the project holds cannot overflow the call stack.
 */
function measureCohort(
  id: number,
  lookup: ReadonlyMap<number, CohortFilters>,
  measure: CohortMeasure,
  memo: Map<number, number>,
): number {
  const onPath = new Set<number>();
  type Frame = { id: number; refs: Array<number | undefined>; next: number; total: number };
  const frames: Frame[] = [];
  // A cohort's size when known at once (memoised, missing, on a cycle), else its frame is pushed.
  const enter = (cohortId: number): number | undefined => {
    const known = memo.get(cohortId);
    if (known !== undefined) return known;
    const filters = lookup.get(cohortId);
    if (!filters || onPath.has(cohortId)) return measure.leaf;
    onPath.add(cohortId);
    const refs = cohortLeaves(filters).map((leaf) => (leaf.type === 'cohort' ? cohortIdOf(leaf.value) : undefined));
    frames.push({ id: cohortId, refs, next: 0, total: 0 });
    return undefined;
  };
  const root = enter(id);
  if (root !== undefined) return root;
  for (;;) {
    const frame = frames[frames.length - 1];
    if (frame.next < frame.refs.length) {
      const ref = frame.refs[frame.next++];
      const size = ref === undefined ? measure.leaf : enter(ref);
      if (size !== undefined) frame.total = measure.add(frame.total, size);
      continue;
    }
    frames.pop();
    onPath.delete(frame.id);
    const size = measure.finish(frame.total);
    memo.set(frame.id, size);
    const parent = frames[frames.length - 1];
    if (!parent) return size;
    parent.total = measure.add(parent.total, size);
  }
}

/**
 * How many filters a cohort stands for once every cohort it references is counted each time it
 * is referenced (what inlining would build; SDKs that evaluate cohorts locally do). Saturates
 * at `cap + 1`; a cohort on a cycle or missing counts 1. `memo` may be shared between calls.
 */
export function cohortExpansion(
  id: number,
  lookup: ReadonlyMap<number, CohortFilters>,
  cap: number,
  memo = new Map<number, number>(),
): number {
  return measureCohort(id, lookup, { leaf: 1, add: (t, c) => Math.min(cap + 1, t + c), finish: (t) => t }, memo);
}

/**
 * The cohorts in the longest chain of references from `id`, itself included (a cohort that
 * references none: 1); a missing cohort or one back on the path adds nothing.
 */
export function cohortDepth(
  id: number,
  lookup: ReadonlyMap<number, CohortFilters>,
  memo = new Map<number, number>(),
): number {
  return measureCohort(id, lookup, { leaf: 0, add: Math.max, finish: (t) => t + 1 }, memo);
}
