import { DomainError } from '@app/platform/errors/domain-error';
import { isUuid } from '@app/platform/domain/text';
import { checkText, normalizeTags } from '@app/platform/domain/text';

/** The activity-log scope of event definitions (PostHog's). */
export const EVENT_DEFINITION_ACTIVITY_SCOPE = 'EventDefinition';

// PostHog's model limits: the definition's name and a tag's name.
export const MAX_NAME_LENGTH = 400;
// PostHog's description is an unbounded text field; ours is bounded (a column check too), long
// enough for a paragraph about the event.
export const MAX_DESCRIPTION_LENGTH = 1000;

/** The name of a tracked event in a project, with what the API lets users edit about it. */
export interface EventDefinition {
  id: string;
  projectId: number;
  name: string;
  /** What the event means, for people reading the list ('' when none). */
  description: string;
  createdAt: Date | null;
  lastSeenAt: Date | null;
  lastUpdatedAt: Date;
  tags: string[];
  postToSlack: boolean;
  createdBy: number | null;
  /** Events of this name in the last 30 days, as of the last refresh; null before the first. */
  volume30Day: number | null;
}

/** What a PATCH may change; a field left out stays as it is. */
export interface EventDefinitionChanges {
  name?: string;
  description?: string;
  createdAt?: Date | null;
  lastSeenAt?: Date | null;
  tags?: string[];
  postToSlack?: boolean;
}

/** A definition id from a path: a UUID (lower-cased), else null (the route answers 404). */
export function parseDefinitionId(raw: string): string | null {
  return isUuid(raw) ? raw.toLowerCase() : null;
}

/** A new name: trimmed (as DRF does), not blank, at most 400 characters, no NUL. */
export function normalizeName(name: string): string {
  return checkText(name, 'name', MAX_NAME_LENGTH);
}

/**
 * A new description: trimmed (as DRF does), blank allowed (null too: both clear it), at most
 * 1000 characters, no NUL.
 */
export function normalizeDescription(description: string | null): string {
  if (description === null) return '';
  if (description.includes('\u0000')) {
    throw DomainError.invalid('Null characters are not allowed.', 'description', 'null_characters_not_allowed');
  }
  const trimmed = description.trim();
  if ([...trimmed].length > MAX_DESCRIPTION_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${MAX_DESCRIPTION_LENGTH} characters.`,
      'description',
      'max_length',
    );
  }
  return trimmed;
}

// YYYY-MM-DD, optionally followed by a time (T or space) with optional seconds, fraction and zone.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const DATE_TIME_FORMAT =
  'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';

/**
 * An ISO 8601 date-time as DRF's DateTimeField reads it (no zone: UTC). A date alone means its
 * midnight. Impossible dates (February 30th, hour 24) and instants outside the years 1–9999 in
 * UTC (which ISO 8601 responses could not show) are refused.
 */
export function parseDateTime(raw: string, attr: string): Date {
  const m = DATE_TIME.exec(raw.trim());
  if (!m) throw DomainError.invalid(DATE_TIME_FORMAT, attr);
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, ms);
  const valid =
    year >= 1 &&
    utc.getUTCFullYear() === year &&
    utc.getUTCMonth() === month - 1 &&
    utc.getUTCDate() === day &&
    utc.getUTCHours() === hour &&
    utc.getUTCMinutes() === minute &&
    utc.getUTCSeconds() === second;
  if (!valid) throw DomainError.invalid(DATE_TIME_FORMAT, attr);
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 23 || minutes > 59) throw DomainError.invalid(DATE_TIME_FORMAT, attr);
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const instant = new Date(utc.getTime() - offsetMinutes * 60_000);
  const utcYear = instant.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) throw DomainError.invalid(DATE_TIME_FORMAT, attr);
  return instant;
}

/** The definition with `changes` applied (fields left out unchanged). */
export function applyChanges(definition: EventDefinition, changes: EventDefinitionChanges): EventDefinition {
  return {
    ...definition,
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.description !== undefined && { description: changes.description }),
    ...(changes.createdAt !== undefined && { createdAt: changes.createdAt }),
    ...(changes.lastSeenAt !== undefined && { lastSeenAt: changes.lastSeenAt }),
    ...(changes.tags !== undefined && { tags: changes.tags }),
    ...(changes.postToSlack !== undefined && { postToSlack: changes.postToSlack }),
  };
}

/** The fields an activity entry's diff covers, under their API names. */
export const ACTIVITY_FIELDS = ['name', 'description', 'created_at', 'last_seen_at', 'tags', 'post_to_slack'] as const;

/** A definition's editable fields as the activity diff compares them (dates as ISO strings). */
export function activityView(d: EventDefinition): Record<(typeof ACTIVITY_FIELDS)[number], unknown> {
  return {
    name: d.name,
    description: d.description,
    created_at: d.createdAt?.toISOString() ?? null,
    last_seen_at: d.lastSeenAt?.toISOString() ?? null,
    tags: d.tags,
    post_to_slack: d.postToSlack,
  };
}

/** A PATCH body after type checks, under the API's field names. */
export interface EventDefinitionPatch {
  name?: string;
  description?: string | null;
  created_at?: string | null;
  last_seen_at?: string | null;
  tags?: string[];
  post_to_slack?: boolean;
}

/**
 * The changes a PATCH body asks for, checked field by field in PostHog's order: names trimmed
 * and limited, dates parsed (null clears them), tags normalised.
 */
export function parseChanges(body: EventDefinitionPatch): EventDefinitionChanges {
  const changes: EventDefinitionChanges = {};
  if (body.name !== undefined) changes.name = normalizeName(body.name);
  if (body.description !== undefined) changes.description = normalizeDescription(body.description);
  if (body.created_at !== undefined) {
    changes.createdAt = body.created_at === null ? null : parseDateTime(body.created_at, 'created_at');
  }
  if (body.last_seen_at !== undefined) {
    changes.lastSeenAt = body.last_seen_at === null ? null : parseDateTime(body.last_seen_at, 'last_seen_at');
  }
  if (body.tags !== undefined) changes.tags = normalizeTags(body.tags);
  if (body.post_to_slack !== undefined) changes.postToSlack = body.post_to_slack;
  return changes;
}
