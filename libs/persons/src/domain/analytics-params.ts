import { DomainError } from '@app/platform/errors/domain-error';
import {
  addIntervals,
  alignToInterval,
  DateRange,
  Interval,
  parseDatePoint,
  parseDateRange,
  parseInterval,
  startOf,
} from './analytics-dates';
import { nestsDeeperThan } from './person';
import { filterLeaves, parsePropertyFilter, PropertyFilterGroup } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';

/**
 * PostHog's legacy insight parameters (the "persons modal" endpoints), read from the query
 * string and, for POST, the JSON body (which wins, as in PostHog). Every malformed value is a
 * 400 naming the parameter; nothing here touches the database.
 */
export class AnalyticsParams {
  constructor(
    private readonly query: Record<string, unknown>,
    private readonly body: Record<string, unknown> = {},
    /** How property filters are checked (limits; SQL runs them, so no lookarounds). */
    readonly filters: ParseOptions = {},
  ) {}

  /** The value and where it came from; the body wins. A repeated query parameter is a 400. */
  private raw(name: string): { value: unknown; fromBody: boolean } {
    if (Object.hasOwn(this.body, name) && this.body[name] !== undefined)
      return { value: this.body[name], fromBody: true };
    const value = this.query[name];
    if (value !== undefined && typeof value !== 'string') {
      throw DomainError.invalid(`${name} must be given once.`, name);
    }
    return { value, fromBody: false };
  }

  has(name: string): boolean {
    const { value } = this.raw(name);
    return value !== undefined && value !== null && value !== '';
  }

  /** A text parameter; numbers and booleans from a JSON body count as their text. */
  string(name: string): string | undefined {
    const { value } = this.raw(name);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') throw DomainError.invalid(`${name} must be a string.`, name);
    if (value.includes('\u0000')) throw DomainError.invalid(`${name} cannot contain NUL characters.`, name);
    return value;
  }

  required(name: string): string {
    const value = this.string(name);
    if (value === undefined || value === '') throw DomainError.required(name);
    return value;
  }

  /** A JSON parameter: JSON text in the query string (or a body string), JSON itself in a body. */
  json(name: string): unknown {
    const { value } = this.raw(name);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return checkDepth(value, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw DomainError.invalid(`${name} is not valid JSON.`, name);
    }
    return checkDepth(parsed, name);
  }

  /** An integer parameter within [min, max] (min defaults to 0); `fallback` when absent. */
  int(name: string, options: { min?: number; max?: number; fallback?: number } = {}): number | undefined {
    const { value } = this.raw(name);
    if (value === undefined || value === null || value === '') return options.fallback;
    let n: number;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string' && /^\s*[-+]?\d{1,15}\s*$/.test(value)) n = Number(value.trim());
    else throw DomainError.invalid(`${name} must be an integer.`, name);
    if (!Number.isSafeInteger(n)) throw DomainError.invalid(`${name} must be an integer.`, name);
    const min = options.min ?? 0;
    if (n < min) throw DomainError.invalid(`${name} must be at least ${min}.`, name);
    if (options.max !== undefined && n > options.max) {
      throw DomainError.invalid(`${name} must be at most ${options.max}.`, name);
    }
    return n;
  }

  /** `true`/`false` (any case), `1`/`0`, or a JSON boolean; undefined when absent. */
  bool(name: string): boolean | undefined {
    const { value } = this.raw(name);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'boolean') return value;
    if (typeof value === 'string') {
      const v = value.toLowerCase();
      if (v === 'true' || v === '1') return true;
      if (v === 'false' || v === '0') return false;
    }
    throw DomainError.invalid(`${name} must be true or false.`, name);
  }

  /** Paging parameters as the platform's `parsePageQuery` reads them (text). */
  paging(limitName = 'limit', offsetName = 'offset'): { limit?: unknown; offset?: unknown } {
    const text = (name: string) => {
      const { value } = this.raw(name);
      return typeof value === 'number' ? String(value) : value;
    };
    return { limit: text(limitName), offset: text(offsetName) };
  }
}

function checkDepth(value: unknown, name: string): unknown {
  if (nestsDeeperThan(value, 20)) throw DomainError.invalid(`${name} nests too deeply.`, name);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Property filter types the events store can answer. */
const ANALYTICS_FILTER_TYPES = new Set(['event', 'person']);

/** Leaves without a `type` are event filters in insights (PostHog's default), not person filters. */
function withEventDefault(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withEventDefault);
  if (!isObject(value)) return value;
  if ('key' in value) return value.type === undefined || value.type === null ? { ...value, type: 'event' } : value;
  if (Array.isArray(value.values)) return { ...value, values: value.values.map(withEventDefault) };
  return value;
}

/** Insight property filters (event and person ones): null when absent or empty. */
export function parseAnalyticsFilter(raw: unknown, attr: string, options: ParseOptions): PropertyFilterGroup | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw DomainError.invalid('Properties are not valid JSON.', attr);
    }
  }
  if (nestsDeeperThan(value)) throw DomainError.invalid('Property filters nest too deeply.', attr);
  const group = parsePropertyFilter(withEventDefault(value), attr, options);
  for (const leaf of filterLeaves(group)) {
    if (!ANALYTICS_FILTER_TYPES.has(leaf.type)) {
      throw DomainError.invalid(
        `Property filters of type "${leaf.type}" are not supported here (use event or person).`,
        attr,
      );
    }
  }
  return group.values.length === 0 ? null : group;
}

/** One series of an insight: an event (null: every event) with its own property filters. */
export interface AnalyticsEntity {
  id: string | null;
  properties: PropertyFilterGroup | null;
}

const MAX_ENTITIES = 30;

/** `{id, type: "events", properties?}`; actions do not exist here, so they are a 400. */
export function parseEntity(raw: unknown, attr: string, options: ParseOptions, allowAll = true): AnalyticsEntity {
  if (!isObject(raw))
    throw DomainError.invalid(`${attr} must be an object like {"id": "$pageview", "type": "events"}.`, attr);
  const type = raw.type ?? 'events';
  if (type !== 'events') {
    throw DomainError.invalid(
      type === 'actions' ? 'Actions are not supported; use events.' : `${attr} type must be "events".`,
      attr,
    );
  }
  const id = raw.id;
  if (id === null && allowAll) return { id: null, properties: parseAnalyticsFilter(raw.properties, attr, options) };
  if (typeof id !== 'string' || id === '') throw DomainError.invalid(`${attr} needs an event name as id.`, attr);
  if (id.includes('\u0000')) throw DomainError.invalid(`${attr} cannot contain NUL characters.`, attr);
  return { id, properties: parseAnalyticsFilter(raw.properties, attr, options) };
}

/** The `events` list, in `order` (then list) order. */
export function parseEntities(raw: unknown, options: ParseOptions, attr = 'events'): AnalyticsEntity[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw DomainError.invalid(`${attr} must be a list of events.`, attr);
  if (raw.length > MAX_ENTITIES) throw DomainError.invalid(`At most ${MAX_ENTITIES} ${attr}.`, attr);
  const withOrder = raw.map((item, index) => {
    const order = isObject(item) ? item.order : undefined;
    if (order !== undefined && order !== null && (typeof order !== 'number' || !Number.isInteger(order))) {
      throw DomainError.invalid(`${attr} order must be an integer.`, attr);
    }
    return { entity: parseEntity(item, attr, options), order: (order as number | null | undefined) ?? index, index };
  });
  withOrder.sort((a, b) => a.order - b.order || a.index - b.index);
  return withOrder.map((x) => x.entity);
}

/**
 * The series a trends/stickiness/lifecycle data point belongs to: `entity_id` (+ `entity_type`,
 * default events), taking its property filters from the matching `events` item when there is one
 * (as PostHog does); else the first of `events`. 400 naming `entity_id` when neither is given.
 */
export function targetEntity(p: AnalyticsParams): AnalyticsEntity {
  const events = parseEntities(p.json('events'), p.filters);
  const id = p.string('entity_id');
  if (id === undefined || id === '') {
    if (events.length > 0) return events[0];
    throw DomainError.required('entity_id');
  }
  const type = p.string('entity_type') || 'events';
  if (type !== 'events') {
    throw DomainError.invalid(
      type === 'actions' ? 'Actions are not supported; use events.' : 'entity_type must be "events".',
      'entity_type',
    );
  }
  return events.find((e) => e.id === id) ?? parseEntity({ id, type }, 'entity_id', p.filters, false);
}

export type Breakdown = { key: string; type: 'event' | 'person'; value: string | null };

// PostHog's marker for "the property is not set" in breakdown values.
export const BREAKDOWN_NULL = '$$_posthog_breakdown_null_$$';

function parseBreakdown(p: AnalyticsParams, valueName: string): Breakdown | null {
  const key = p.string('breakdown');
  if (key === undefined || key === '') return null;
  const type = p.string('breakdown_type') || 'event';
  if (type !== 'event' && type !== 'person') {
    throw DomainError.invalid('breakdown_type must be event or person.', 'breakdown_type');
  }
  const value = p.string(valueName);
  if (value === undefined) throw DomainError.required(valueName);
  return { key, type, value: value === BREAKDOWN_NULL ? null : value };
}

export const ENTITY_MATHS = ['total', 'dau', 'weekly_active', 'monthly_active'] as const;
export type EntityMath = (typeof ENTITY_MATHS)[number];

export interface TrendsActorsQuery {
  entity: AnalyticsEntity;
  math: EntityMath;
  range: DateRange;
  properties: PropertyFilterGroup | null;
  breakdown: Breakdown | null;
}

/**
 * Persons behind one point of a trends chart: the point is `date_from`–`date_to` widened to
 * whole `interval`s; weekly/monthly active users look back 7/30 days from the point's end.
 */
export function trendsQuery(p: AnalyticsParams, now: Date): TrendsActorsQuery {
  const entity = targetEntity(p);
  const mathText = p.string('entity_math') || 'total';
  if (!(ENTITY_MATHS as readonly string[]).includes(mathText)) {
    throw DomainError.invalid(`entity_math must be one of ${ENTITY_MATHS.join(', ')}.`, 'entity_math');
  }
  const math = mathText as EntityMath;
  const interval = parseInterval(p.string('interval'));
  let range = alignToInterval(parseDateRange(p.string('date_from'), p.string('date_to'), now), interval);
  if (math === 'weekly_active' || math === 'monthly_active') {
    range = { ...range, from: addIntervals(range.to, 'day', math === 'weekly_active' ? -7 : -30) };
  }
  return {
    entity,
    math,
    range,
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    breakdown: parseBreakdown(p, 'breakdown_value'),
  };
}

export const FUNNEL_ORDERS = ['ordered', 'strict', 'unordered'] as const;
export type FunnelOrder = (typeof FUNNEL_ORDERS)[number];

const WINDOW_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const;
type WindowUnit = (typeof WINDOW_UNITS)[number];

/** Which persons of a funnel: by step reached, or (funnel trends) by entrance period and conversion. */
export type FunnelSelection =
  | { kind: 'step'; steps: number[] | { atLeast: number } }
  | { kind: 'trends'; entranceFrom: Date; entranceTo: Date; converted: boolean; toStep: number };

export interface FunnelQuery {
  steps: AnalyticsEntity[];
  order: FunnelOrder;
  /** The conversion window as a PostgreSQL interval (`14 days`). */
  window: string;
  range: DateRange;
  properties: PropertyFilterGroup | null;
  breakdown: Breakdown | null;
}

export interface FunnelActorsQuery extends FunnelQuery {
  selection: FunnelSelection;
}

/** The funnel itself: `events` (steps), order type, window, dates, filters, breakdown. */
export function funnelBase(p: AnalyticsParams, now: Date): FunnelQuery {
  if (p.has('actions')) {
    const actions = p.json('actions');
    if (!Array.isArray(actions) || actions.length > 0) {
      throw DomainError.invalid('Actions are not supported; use events.', 'actions');
    }
  }
  const steps = parseEntities(p.json('events'), p.filters);
  if (steps.length === 0) throw DomainError.required('events');
  const orderText = p.string('funnel_order_type') || 'ordered';
  if (!(FUNNEL_ORDERS as readonly string[]).includes(orderText)) {
    throw DomainError.invalid(`funnel_order_type must be one of ${FUNNEL_ORDERS.join(', ')}.`, 'funnel_order_type');
  }
  return {
    steps,
    order: orderText as FunnelOrder,
    window: funnelWindow(p),
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    breakdown: parseBreakdown(p, 'funnel_step_breakdown'),
  };
}

function funnelWindow(p: AnalyticsParams): string {
  const interval = p.int('funnel_window_interval', { min: 1, max: 100_000 });
  if (interval !== undefined) {
    const unitText = (p.string('funnel_window_interval_unit') || 'day').toLowerCase();
    if (!(WINDOW_UNITS as readonly string[]).includes(unitText)) {
      throw DomainError.invalid(
        `funnel_window_interval_unit must be one of ${WINDOW_UNITS.join(', ')}.`,
        'funnel_window_interval_unit',
      );
    }
    const unit = unitText as WindowUnit;
    if ((unit === 'month' && interval > 1200) || (unit === 'week' && interval > 5200)) {
      throw DomainError.invalid('funnel_window_interval is too large.', 'funnel_window_interval');
    }
    return `${interval} ${unit}s`;
  }
  const days = p.int('funnel_window_days', { min: 1, max: 36_500, fallback: 14 })!;
  return `${days} days`;
}

/**
 * Persons of one funnel step: `funnel_step` N ≥ 1 reached step N (or further); -N dropped off
 * before step N (reached N-1, not N). `funnel_custom_steps` ([1, 3]) selects persons whose last
 * reached step is one of those. Funnel trends (`funnel_viz_type=trends`): persons who entered in
 * the period starting `entrance_period_start` and converted (or, with `drop_off=true`, did not).
 */
export function funnelQuery(p: AnalyticsParams, now: Date): FunnelActorsQuery {
  const base = funnelBase(p, now);
  const n = base.steps.length;
  const viz = p.string('funnel_viz_type') || 'steps';
  if (!['steps', 'trends', 'time_to_convert'].includes(viz)) {
    throw DomainError.invalid('funnel_viz_type must be steps, trends or time_to_convert.', 'funnel_viz_type');
  }
  if (viz === 'trends') {
    if (n < 2) throw DomainError.invalid('A funnel trend needs at least two steps.', 'events');
    const rawStart = p.required('entrance_period_start');
    const interval = parseInterval(p.string('interval'));
    const entranceFrom = startOf(parseDatePoint(rawStart, now, 'entrance_period_start'), interval);
    // 0-based, as PostHog's funnel_to_step: the step whose reaching counts as converting.
    const toStep = p.int('funnel_to_step', { min: 1, max: n - 1, fallback: n - 1 })!;
    return {
      ...base,
      selection: {
        kind: 'trends',
        entranceFrom,
        entranceTo: addIntervals(entranceFrom, interval, 1),
        converted: !(p.bool('drop_off') ?? false),
        toStep: toStep + 1,
      },
    };
  }
  const custom = p.json('funnel_custom_steps');
  if (custom !== undefined) {
    if (
      !Array.isArray(custom) ||
      custom.length === 0 ||
      !custom.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= n)
    ) {
      throw DomainError.invalid(
        `funnel_custom_steps must be a list of step numbers from 1 to ${n}.`,
        'funnel_custom_steps',
      );
    }
    return { ...base, selection: { kind: 'step', steps: [...new Set(custom as number[])] } };
  }
  if (!p.has('funnel_step')) throw DomainError.required('funnel_step');
  const step = p.int('funnel_step', { min: -n, max: n })!;
  if (step === 0)
    throw DomainError.invalid('funnel_step counts from 1 (or from -2 for drop-offs); 0 is no step.', 'funnel_step');
  if (step === -1) throw DomainError.invalid('Nobody drops off before the first step; use -2 or lower.', 'funnel_step');
  return {
    ...base,
    selection: { kind: 'step', steps: step > 0 ? { atLeast: step } : [-step - 1] },
  };
}

export interface FunnelCorrelationQuery extends FunnelQuery {
  entity: AnalyticsEntity;
  /** true: converted persons only; false: the others; null: both. */
  converted: boolean | null;
}

/** Persons of the funnel who did `funnel_correlation_person_entity` between entering and converting (or dropping off). */
export function funnelCorrelationQuery(p: AnalyticsParams, now: Date): FunnelCorrelationQuery {
  const base = funnelBase(p, now);
  const raw = p.json('funnel_correlation_person_entity');
  if (raw === undefined) throw DomainError.required('funnel_correlation_person_entity');
  const entity = parseEntity(raw, 'funnel_correlation_person_entity', p.filters, false);
  const converted = p.string('funnel_correlation_person_converted');
  let flag: boolean | null = null;
  if (converted !== undefined && converted !== '') {
    const v = converted.toLowerCase();
    if (v !== 'true' && v !== 'false') {
      throw DomainError.invalid(
        'funnel_correlation_person_converted must be TRUE or FALSE.',
        'funnel_correlation_person_converted',
      );
    }
    flag = v === 'true';
  }
  return { ...base, entity, converted: flag };
}

export const PATH_TYPES = ['$pageview', '$screen', 'custom_event'] as const;
export type PathType = (typeof PATH_TYPES)[number];

export interface PathKey {
  index: number;
  element: string;
}

export interface PathsQuery {
  range: DateRange;
  properties: PropertyFilterGroup | null;
  types: PathType[];
  startPoint: string | null;
  endPoint: string | null;
  stepLimit: number;
  exclude: string[];
  startKey: PathKey | null;
  endKey: PathKey | null;
  dropoffKey: PathKey | null;
}

function pathKey(p: AnalyticsParams, name: string): PathKey | null {
  const raw = p.string(name);
  if (raw === undefined || raw === '') return null;
  const m = /^(\d{1,4})_(.+)$/s.exec(raw);
  if (!m || Number(m[1]) < 1)
    throw DomainError.invalid(`${name} must look like 2_/pricing (step number, _, element).`, name);
  return { index: Number(m[1]), element: m[2] };
}

/**
 * Persons whose paths (pageviews by URL, screens by name, or custom events by name; split into
 * sessions at 30 minutes of inactivity, repeats collapsed) match: `start_point`/`end_point` cut
 * the paths, `path_start_key`/`path_end_key` (`2_/pricing`) pick an edge, `path_dropoff_key` a
 * last step.
 */
export function pathsQuery(p: AnalyticsParams, now: Date): PathsQuery {
  if (p.has('funnel_paths') || p.has('funnel_filter')) {
    throw DomainError.invalid(
      'Funnel paths are not supported.',
      p.has('funnel_paths') ? 'funnel_paths' : 'funnel_filter',
    );
  }
  let types: PathType[];
  const include = p.json('include_event_types');
  if (include !== undefined) {
    if (
      !Array.isArray(include) ||
      include.length === 0 ||
      !include.every((t) => (PATH_TYPES as readonly unknown[]).includes(t))
    ) {
      throw DomainError.invalid(
        `include_event_types must list some of ${PATH_TYPES.join(', ')}.`,
        'include_event_types',
      );
    }
    types = [...new Set(include as PathType[])];
  } else {
    const type = p.string('path_type') || '$pageview';
    if (!(PATH_TYPES as readonly string[]).includes(type)) {
      throw DomainError.invalid(`path_type must be one of ${PATH_TYPES.join(', ')}.`, 'path_type');
    }
    types = [type as PathType];
  }
  const exclude = p.json('exclude_events');
  if (
    exclude !== undefined &&
    (!Array.isArray(exclude) || !exclude.every((e) => typeof e === 'string' && !e.includes('\u0000')))
  ) {
    throw DomainError.invalid('exclude_events must be a list of events or URLs.', 'exclude_events');
  }
  const point = (name: string) => {
    const v = p.string(name);
    return v === undefined || v === '' ? null : v;
  };
  return {
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    types,
    startPoint: point('start_point'),
    endPoint: point('end_point'),
    stepLimit: p.int('step_limit', { min: 2, max: 20, fallback: 5 })!,
    exclude: (exclude as string[] | undefined) ?? [],
    startKey: pathKey(p, 'path_start_key'),
    endKey: pathKey(p, 'path_end_key'),
    dropoffKey: pathKey(p, 'path_dropoff_key'),
  };
}

export const LIFECYCLE_TYPES = ['new', 'returning', 'resurrecting', 'dormant'] as const;
export type LifecycleType = (typeof LIFECYCLE_TYPES)[number];

export interface LifecycleQuery {
  entity: AnalyticsEntity;
  type: LifecycleType;
  /** Starts of the period before, the target period, and the one after. */
  previous: Date;
  period: Date;
  next: Date;
  properties: PropertyFilterGroup | null;
}

/**
 * Persons in one lifecycle bar: the `interval` containing `target_date`. new: active and created
 * in it; returning: active in it and the one before; resurrecting: active in it, not in the one
 * before, created earlier; dormant: active in the one before, not in it.
 */
export function lifecycleQuery(p: AnalyticsParams, now: Date): LifecycleQuery {
  const rawTarget = p.required('target_date');
  const typeText = p.required('lifecycle_type');
  if (!(LIFECYCLE_TYPES as readonly string[]).includes(typeText)) {
    throw DomainError.invalid(`lifecycle_type must be one of ${LIFECYCLE_TYPES.join(', ')}.`, 'lifecycle_type');
  }
  const entity = targetEntity(p);
  const interval = parseInterval(p.string('interval'));
  // Validated for PostHog clients that send the chart's range; one period is what counts.
  parseDateRange(p.string('date_from'), p.string('date_to'), now);
  const period = startOf(parseDatePoint(rawTarget, now, 'target_date'), interval);
  return {
    entity,
    type: typeText as LifecycleType,
    previous: addIntervals(period, interval, -1),
    period,
    next: addIntervals(period, interval, 1),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}

export interface StickinessQuery {
  entity: AnalyticsEntity;
  interval: Interval;
  days: number;
  range: DateRange;
  properties: PropertyFilterGroup | null;
}

/** Persons active on exactly `stickiness_days` distinct `interval`s of `date_from`–`date_to`. */
export function stickinessQuery(p: AnalyticsParams, now: Date): StickinessQuery {
  const entity = targetEntity(p);
  if (!p.has('stickiness_days')) throw DomainError.required('stickiness_days');
  const days = p.int('stickiness_days', { min: 1, max: 100_000 })!;
  const interval = parseInterval(p.string('interval'));
  return {
    entity,
    interval,
    days,
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}

// A Map: `period` comes from the query string, and an object would answer `__proto__` or
// `constructor` from its prototype (a 500).
const RETENTION_PERIODS = new Map<string, Interval>([
  ['hour', 'hour'],
  ['day', 'day'],
  ['week', 'week'],
  ['month', 'month'],
]);
export const MAX_RETENTION_INTERVALS = 400;

export interface RetentionQuery {
  target: AnalyticsEntity;
  returning: AnalyticsEntity;
  firstTime: boolean;
  /** Period starts from the cohort's period to the end of the last one (length: intervals shown + 1). */
  bounds: Date[];
  properties: PropertyFilterGroup | null;
}

/**
 * One retention cohort: persons who did `target_entity` in period `selected_interval` (for
 * `retention_first_time`: for the first time ever), with, per later period, whether they did
 * `returning_entity`. Periods are whole UTC hours/days/weeks/months; the last one contains
 * `date_to` (default now) and there are `total_intervals` of them.
 */
export function retentionQuery(p: AnalyticsParams, now: Date): RetentionQuery {
  const periodText = (p.string('period') || 'Day').toLowerCase();
  const period = RETENTION_PERIODS.get(periodText);
  if (!period) throw DomainError.invalid('period must be Hour, Day, Week or Month.', 'period');
  const total = p.int('total_intervals', { min: 1, max: MAX_RETENTION_INTERVALS, fallback: 11 })!;
  const selected = p.int('selected_interval', { min: 0, max: total - 1, fallback: 0 })!;
  const typeText = p.string('retention_type') || 'retention_recurring';
  if (!['retention_recurring', 'retention_first_time', 'retention'].includes(typeText)) {
    throw DomainError.invalid('retention_type must be retention_recurring or retention_first_time.', 'retention_type');
  }
  const entity = (name: string) => {
    const raw = p.json(name);
    return raw === undefined ? undefined : parseEntity(raw, name, p.filters, false);
  };
  const target = entity('target_entity') ?? { id: '$pageview', properties: null };
  const events = parseEntities(p.json('events'), p.filters);
  const returning = entity('returning_entity') ?? events[0] ?? target;
  const rawTo = p.string('date_to');
  const last = startOf(rawTo === undefined || rawTo === '' ? now : parseDatePoint(rawTo, now, 'date_to'), period);
  const first = addIntervals(last, period, -(total - 1));
  const bounds: Date[] = [];
  for (let k = selected; k <= total; k++) bounds.push(addIntervals(first, period, k));
  return {
    target,
    returning,
    firstTime: typeText === 'retention_first_time',
    bounds,
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}

/** `search`: persons whose email or name contains it, or one of whose distinct ids does. */
export function searchTerm(p: AnalyticsParams): string | null {
  const search = p.string('search');
  return search === undefined || search.trim() === '' ? null : search.trim();
}
