import { DomainError } from '@app/platform/errors/domain-error';
import { nestsDeeperThan } from '@app/platform/domain/json';
import { filterLeaves, parsePropertyFilter, PropertyFilterGroup } from '@app/targeting';
import type { ParseOptions } from '@app/targeting';

/**
 * PostHog's legacy insight parameters (the "persons modal" endpoints), read from the query
 * string and, for POST, the JSON body (which wins, as in PostHog). Every malformed value is a
 * 400 naming the parameter; nothing here touches the database.
 */
export class AnalyticsParams {
  private readonly query: Record<string, unknown>;
  private readonly body: Record<string, unknown>;

  constructor(
    query: object,
    body: object = {},
    /** How property filters are checked (limits; SQL runs them, so no lookarounds). */
    readonly filters: ParseOptions = {},
  ) {
    this.query = query as Record<string, unknown>;
    this.body = body as Record<string, unknown>;
  }

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

  /** Every parameter as sent, by name, the body's value winning as in `raw`; nothing checked. */
  sent(): Map<string, unknown> {
    // A Map, not an object: a parameter named `__proto__` is a parameter like the others.
    const merged = new Map<string, unknown>();
    for (const [name, value] of Object.entries(this.query)) if (value !== undefined) merged.set(name, value);
    for (const [name, value] of Object.entries(this.body)) if (value !== undefined) merged.set(name, value);
    return merged;
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

  /** Paging parameters as the platform's `pageLimit` and `pageOffset` read them (text). */
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

export function parseBreakdown(p: AnalyticsParams, valueName: string): Breakdown | null {
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

/** `search`: persons whose email or name contains it, or one of whose distinct ids does. */
export function searchTerm(p: AnalyticsParams): string | null {
  const search = p.string('search');
  return search === undefined || search.trim() === '' ? null : search.trim();
}
