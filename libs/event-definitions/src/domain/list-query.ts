import { DomainError } from '@app/platform/errors/domain-error';

export const EVENT_TYPES = ['event', 'event_custom', 'event_posthog', 'all'] as const;
/** `event` and `all`: every definition; `event_custom`: names not starting with `$`; `event_posthog`: the others. */
export type EventType = (typeof EVENT_TYPES)[number];

export const ORDERING_FIELDS = ['name', 'last_seen_at'] as const;
export type OrderingField = (typeof ORDERING_FIELDS)[number];

export interface OrderTerm {
  field: OrderingField;
  descending: boolean;
}

export interface EventDefinitionListQuery {
  /** Every term must occur in the name, in any case (none: no filter). */
  searchTerms: string[];
  eventType: EventType;
  /** Complete: always ends with `name`, which is unique, so pages never overlap. */
  ordering: OrderTerm[];
}

/** The default order: most recently seen first (never-seen last), then by name. */
export const DEFAULT_ORDERING: readonly OrderTerm[] = [
  { field: 'last_seen_at', descending: true },
  { field: 'name', descending: false },
];

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw DomainError.invalid(`${name} must be given once, as a string.`, name);
  return value;
}

/** PostHog's search: split on spaces, every term a case-insensitive substring; NUL characters dropped. */
export function searchTermsOf(search: string | undefined): string[] {
  if (search === undefined) return [];
  return [...new Set(search.replaceAll('\u0000', '').split(' '))].filter((t) => t !== '');
}

/**
 * `ordering`: `name` or `last_seen_at`, `-` for descending; several as a comma-separated list
 * or a repeated parameter. A field named twice counts once (the first); `name` is appended when
 * missing so that equal timestamps are ordered by name.
 */
export function parseOrdering(raw: unknown): OrderTerm[] {
  if (raw === undefined) return [...DEFAULT_ORDERING];
  const values = Array.isArray(raw) ? raw : [raw];
  const terms: OrderTerm[] = [];
  for (const value of values) {
    if (typeof value !== 'string') throw DomainError.invalid('ordering must be a string.', 'ordering');
    for (const part of value.split(',').map((p) => p.trim())) {
      if (part === '') continue;
      const descending = part.startsWith('-');
      const field = descending ? part.slice(1) : part;
      if (!(ORDERING_FIELDS as readonly string[]).includes(field)) {
        throw DomainError.invalid(
          `Cannot order by "${part}": use name or last_seen_at, with - for descending order.`,
          'ordering',
        );
      }
      if (!terms.some((t) => t.field === field)) terms.push({ field: field as OrderingField, descending });
    }
  }
  if (terms.length === 0) return [...DEFAULT_ORDERING];
  const byName = terms.findIndex((t) => t.field === 'name');
  if (byName === -1) return [...terms, { field: 'name', descending: false }];
  // Nothing orders rows with the same name: terms after it would never apply.
  return terms.slice(0, byName + 1);
}

/** `event_type`: one of EVENT_TYPES (empty or absent: `event`). */
export function parseEventType(raw: unknown): EventType {
  const eventType = single({ event_type: raw }, 'event_type') || 'event';
  if (!(EVENT_TYPES as readonly string[]).includes(eventType)) {
    throw DomainError.invalid(`event_type must be one of: ${EVENT_TYPES.join(', ')}.`, 'event_type');
  }
  return eventType as EventType;
}

/** `search`: its terms (see searchTermsOf). */
export function parseSearch(raw: unknown): string[] {
  return searchTermsOf(single({ search: raw }, 'search'));
}

/** The list's `search`, `event_type` and `ordering` query parameters; 400 naming the parameter when malformed. */
export function parseListQuery(query: Record<string, unknown>): EventDefinitionListQuery {
  const eventType = parseEventType(query.event_type);
  return { searchTerms: parseSearch(query.search), eventType, ordering: parseOrdering(query.ordering) };
}
