import { DomainError } from '@app/platform/errors/domain-error';
import { EvaluationRuntime, requestContexts, requestRuntime } from './evaluation-runtime';

/**
 * What SDKs send to `/flags` and `/decide` (posthog-node, posthog-js), read into one shape.
 * Validation is strict where a wrong type would change the answer (400 naming the field) and
 * lenient where SDKs differ (numbers for ids and group keys become text; absent maps are empty).
 */
export interface FlagsRequest {
  distinctId: string;
  /** Group type name → group key. */
  groups: Record<string, string>;
  /** Overrides for the stored person properties. */
  personProperties: Record<string, unknown>;
  /** Group type name → overrides for that group's stored properties. */
  groupProperties: Record<string, Record<string, unknown>>;
  /** Only these flags (`flag_keys_to_evaluate`); undefined for all. */
  flagKeys?: string[];
  /** Experience continuity: the anonymous id the person had before identifying. */
  anonDistinctId?: string;
  deviceId?: string;
  /** The caller's runtime (`requestRuntime`): null when undetermined; undefined serves every runtime. */
  runtime?: EvaluationRuntime | null;
  /** `evaluation_contexts`: only flags with one of these (or with none) are served. */
  evaluationContexts?: string[];
}

const MAX_ID_LENGTH = 400;
/**
 * PostHog's flags service keeps the first 200 characters (Unicode code points) of a longer
 * `distinct_id` and evaluates with that (`MAX_DISTINCT_ID_LEN`, rust/feature-flags
 * `flag_request.rs`); it refuses none.
 */
const DISTINCT_ID_LENGTH = 200;
const MAX_DEPTH = 64;
const MAX_FLAG_KEYS = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The project token of an SDK body: `token`, `api_key` or `$token`. */
export function tokenOf(payload: unknown): string | undefined {
  if (!isObject(payload)) return undefined;
  for (const field of ['token', 'api_key', '$token']) {
    const value = payload[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function idText(value: unknown, attr: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw DomainError.invalid(`${attr} must be a string.`, attr);
  if (text.trim() === '') return undefined;
  if (text.length > MAX_ID_LENGTH) {
    throw DomainError.invalid(`${attr} must have at most ${MAX_ID_LENGTH} characters.`, attr);
  }
  return text;
}

/**
 * The `distinct_id` of a `/flags` body, as PostHog's service reads it: required, a string or a
 * number, `""` accepted (its rollout and variant hash is 0), cut to its first 200 code points.
 */
function distinctIdOf(value: unknown): string {
  if (value === undefined || value === null) throw DomainError.required('distinct_id');
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') throw DomainError.invalid('distinct_id must be a string.', 'distinct_id');
  if (text.length <= DISTINCT_ID_LENGTH) return text;
  let end = 0;
  for (let n = 0; n < DISTINCT_ID_LENGTH && end < text.length; n++) {
    const unit = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += unit >= 0xd800 && unit < 0xdc00 && next >= 0xdc00 && next < 0xe000 ? 2 : 1;
  }
  return text.slice(0, end);
}

/** Values nested more than this deep are refused (the engine compares objects as JSON text). */
export function nestsTooDeeply(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

function propertyMap(value: unknown, attr: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw DomainError.invalid(`${attr} must be an object.`, attr);
  if (nestsTooDeeply(value)) throw DomainError.invalid(`${attr} nests more than ${MAX_DEPTH} levels deep.`, attr);
  return value;
}

/** Reads a `/flags` or `/decide` body (its token is read separately, first) and the runtime its headers show. */
export function parseFlagsRequest(
  payload: unknown,
  headers: Record<string, string | string[] | undefined> = {},
): FlagsRequest {
  if (!isObject(payload)) {
    throw DomainError.invalid('Invalid data. Expected a dictionary (JSON object).', null, 'parse_error');
  }
  const distinctId = distinctIdOf(payload.distinct_id);

  const groups: Record<string, string> = {};
  if (payload.groups !== undefined && payload.groups !== null) {
    if (!isObject(payload.groups)) throw DomainError.invalid('groups must be an object.', 'groups');
    for (const [type, key] of Object.entries(payload.groups)) {
      const text = idText(key, 'groups');
      if (text !== undefined) groups[type] = text;
    }
  }
  const groupProperties: Record<string, Record<string, unknown>> = {};
  for (const [type, properties] of Object.entries(propertyMap(payload.group_properties, 'group_properties'))) {
    groupProperties[type] = propertyMap(properties, 'group_properties');
  }

  let flagKeys: string[] | undefined;
  const keys = payload.flag_keys_to_evaluate;
  if (keys !== undefined && keys !== null) {
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string') || keys.length > MAX_FLAG_KEYS) {
      throw DomainError.invalid('flag_keys_to_evaluate must be a list of flag keys.', 'flag_keys_to_evaluate');
    }
    flagKeys = keys;
  }
  return {
    distinctId,
    groups,
    personProperties: propertyMap(payload.person_properties, 'person_properties'),
    groupProperties,
    flagKeys,
    anonDistinctId: idText(payload.$anon_distinct_id, '$anon_distinct_id'),
    deviceId: idText(payload.$device_id, '$device_id'),
    runtime: requestRuntime(payload.evaluation_runtime, headers),
    evaluationContexts: requestContexts(payload),
  };
}

/**
 * `groups` of the management helpers' query string (`?groups={"company": "acme"}`): a JSON
 * object of group type → key. 400 for anything else.
 */
export function parseGroupsQuery(value: unknown): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'string') throw DomainError.invalid('groups must be given once, as JSON.', 'groups');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw DomainError.invalid('Invalid JSON in groups parameter', 'groups');
  }
  if (!isObject(parsed)) throw DomainError.invalid('groups must be a JSON object', 'groups');
  const groups: Record<string, string> = {};
  for (const [type, key] of Object.entries(parsed)) {
    const text = idText(key, 'groups');
    if (text !== undefined) groups[type] = text;
  }
  return groups;
}

/** The `If-None-Match` header matches `etag` (a list, weak forms and `*` included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
