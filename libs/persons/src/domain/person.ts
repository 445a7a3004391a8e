import { DomainError } from '@app/platform/errors/domain-error';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '@app/platform/domain/json';
import { isUuid } from '@app/platform/domain/text';

// The platform's rule, re-exported for the contexts that take persons' ids.
export { isUuid };

export type Properties = Record<string, unknown>;

// PostHog treats UUID-shaped distinct ids (what SDKs generate for anonymous users) as anonymous.
const ANONYMOUS_DISTINCT_ID = /^([a-z0-9]+-){4}([a-z0-9]+)$/;
// PostHog 2024's default person_display_name_properties.
const DISPLAY_NAME_PROPERTIES = ['email', 'Email', '$email', 'name', 'Name', 'username', 'Username', 'UserName'];

/** How a route names a person: the integer id or the uuid. */
export type PersonRef = { id: number } | { uuid: string };

const BAD_PERSON_ID =
  'The ID provided does not look like a personID. If you are using a distinctId, please use /persons?distinct_id=<x> instead.';

/**
 * `:id` of a persons route: digits (the integer id) or a UUID; anything else is PostHog's 400.
 * Digits beyond bigint name no person (404), they are not malformed.
 */
export function parsePersonRef(raw: string, attr = 'id'): PersonRef | null {
  if (/^\d+$/.test(raw)) {
    const id = Number(raw);
    return raw.length <= 15 && Number.isSafeInteger(id) ? { id } : null;
  }
  if (isUuid(raw)) return { uuid: raw.toLowerCase() };
  throw DomainError.invalid(BAD_PERSON_ID, attr);
}

export function isAnonymousDistinctId(distinctId: string): boolean {
  return ANONYMOUS_DISTINCT_ID.test(distinctId);
}

/** Non-anonymous ids first, otherwise keeping their order (the sort is stable). */
function identifiedFirst(distinctIds: readonly string[]): string[] {
  return [...distinctIds].sort((a, b) => Number(isAnonymousDistinctId(a)) - Number(isAnonymousDistinctId(b)));
}

/**
 * PostHog's display name: the first non-empty display property, else the first distinct id
 * (identified ones before anonymous ones), else the id.
 */
export function displayName(properties: Properties, distinctIds: readonly string[], id: number): string {
  for (const key of DISPLAY_NAME_PROPERTIES) {
    const value = properties[key];
    if (value !== undefined && value !== null && value !== '') {
      return typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return identifiedFirst(distinctIds)[0] ?? String(id);
}

const BARE_CASE_INSENSITIVE_ILLEGAL_IDS = [
  'anonymous',
  'guest',
  'distinctid',
  'distinct_id',
  'id',
  'not_authenticated',
  'email',
  'undefined',
  'true',
  'false',
];
const BARE_CASE_SENSITIVE_ILLEGAL_IDS = ['[object Object]', 'NaN', 'None', 'none', 'null', '0'];
// Also quoted, as integrations that stringify twice send them.
const withQuotes = (ids: string[]) => ids.flatMap((id) => [id, `'${id}'`, `"${id}"`]);
const CASE_INSENSITIVE_ILLEGAL_IDS = new Set(withQuotes(BARE_CASE_INSENSITIVE_ILLEGAL_IDS));
const CASE_SENSITIVE_ILLEGAL_IDS = new Set(withQuotes(BARE_CASE_SENSITIVE_ILLEGAL_IDS));

/**
 * Placeholder ids that buggy integrations send for every user. PostHog never merges persons
 * through them (that would fold unrelated users into one person); events still get a person.
 */
export function isIllegalMergeId(distinctId: string): boolean {
  return (
    distinctId.trim() === '' ||
    CASE_INSENSITIVE_ILLEGAL_IDS.has(distinctId.toLowerCase()) ||
    CASE_SENSITIVE_ILLEGAL_IDS.has(distinctId)
  );
}

/** How deep property values may nest: deeper JSON is refused before anything recurses into it. */
export const MAX_PROPERTY_DEPTH = MAX_JSON_DEPTH;

export { nestsDeeperThan };

/** 400 naming `attr` when `value` nests too deeply to store. */
export function assertShallowEnough(value: unknown, attr: string): void {
  if (nestsDeeperThan(value)) {
    throw DomainError.invalid(`Values may nest at most ${MAX_PROPERTY_DEPTH} levels deep.`, attr);
  }
}

function isPlainObject(value: unknown): value is Properties {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `$unset` may list keys or be an object whose keys are removed. */
function unsetKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((k): k is string => typeof k === 'string');
  if (isPlainObject(value)) return Object.keys(value);
  return [];
}

/** The person-property operations an event carries (in its properties). */
export interface PropertyOperations {
  set?: Properties;
  setOnce?: Properties;
  unset?: string[];
}

export function propertyOperationsOf(eventProperties: Properties): PropertyOperations {
  const ops: PropertyOperations = {};
  if (isPlainObject(eventProperties.$set)) ops.set = eventProperties.$set;
  if (isPlainObject(eventProperties.$set_once)) ops.setOnce = eventProperties.$set_once;
  const unset = unsetKeys(eventProperties.$unset);
  if (unset.length > 0) ops.unset = unset;
  return ops;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Applies `$set_once` (only keys the person lacks), then `$set`, then `$unset`, in PostHog's
 * order, to `properties` in place. Returns whether anything changed.
 */
export function applyPropertyOperations(properties: Properties, ops: PropertyOperations): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(ops.setOnce ?? {})) {
    if (!Object.hasOwn(properties, key)) {
      properties[key] = value;
      changed = true;
    }
  }
  for (const [key, value] of Object.entries(ops.set ?? {})) {
    if (!Object.hasOwn(properties, key) || !deepEqual(properties[key], value)) {
      properties[key] = value;
      changed = true;
    }
  }
  for (const key of ops.unset ?? []) {
    if (Object.hasOwn(properties, key)) {
      delete properties[key];
      changed = true;
    }
  }
  return changed;
}
