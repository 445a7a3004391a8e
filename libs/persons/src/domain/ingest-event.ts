import { v7 } from 'uuid';
import { DomainError } from '@app/platform/errors/domain-error';
import { assertShallowEnough, isUuid, Properties } from './person';

/** An event as ingestion stores and processes it. */
export interface IngestEvent {
  uuid: string;
  event: string;
  distinctId: string;
  properties: Properties;
  timestamp: Date;
  /** False for personless events (`$process_person_profile: false`): no person is created or changed. */
  processPerson: boolean;
}

/** What an SDK body holds before the token is checked. */
export interface SdkPayload {
  token: string | undefined;
  events: Array<Record<string, unknown>>;
  /** Body-level `sent_at` (posthog-node). */
  sentAt: unknown;
  /** True for `{batch: [...]}` or an array: errors name `batch__<i>__<field>`. */
  isBatch: boolean;
}

// PostHog truncates event names and distinct ids at 200 characters.
const MAX_NAME_LENGTH = 200;
// A timestamp further ahead than this is a broken client clock; PostHog uses the arrival time.
const MAX_FUTURE_MS = 23 * 3600 * 1000;
// Identity events always process the person, whatever `$process_person_profile` says.
const PERSON_EVENTS = new Set(['$identify', '$create_alias', '$merge_dangerously', '$groupidentify']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function eventToken(event: Record<string, unknown>): string | undefined {
  const properties = isPlainObject(event.properties) ? event.properties : {};
  return tokenOf(event.api_key) ?? tokenOf(event.token) ?? tokenOf(properties.token);
}

/**
 * A decoded SDK body's events (not checked yet: `sdkEventToken` each) and body-level fields:
 * `{api_key|token, batch: [...]}` (posthog-node), an array of events (posthog-js), or a single
 * event. 400 for anything else.
 */
export function sdkPayloadShape(body: unknown): Omit<SdkPayload, 'events'> & { events: unknown[] } {
  if (Array.isArray(body)) return { token: undefined, events: body, sentAt: undefined, isBatch: true };
  if (!isPlainObject(body)) {
    throw DomainError.invalid('Malformed request data: expected an event, a list of events or a batch.', null);
  }
  const token = tokenOf(body.api_key) ?? tokenOf(body.token);
  if (body.batch === undefined) return { token, events: [body], sentAt: body.sent_at, isBatch: false };
  if (!Array.isArray(body.batch)) throw DomainError.invalid('batch must be a list of events.', 'batch');
  return { token, events: body.batch, sentAt: body.sent_at, isBatch: true };
}

/** 400 unless event `i` is a JSON object; the token it names, if any. */
export function sdkEventToken(event: unknown, i: number): string | undefined {
  if (!isPlainObject(event)) throw DomainError.invalid('Each event must be a JSON object.', `batch__${i}`);
  return eventToken(event);
}

/** The request's token: the body's, else the events'; 400 when events name different tokens. */
export function payloadToken(bodyToken: string | undefined, eventTokens: ReadonlySet<string>): string | undefined {
  const token = bodyToken ?? eventTokens.values().next().value;
  if ([...eventTokens].some((t) => t !== token)) {
    throw DomainError.invalid('All events of a request must use the same project token.', 'token');
  }
  return token;
}

/** The events and token of a decoded SDK body (`sdkPayloadShape`, `sdkEventToken`, `payloadToken` in one turn). */
export function readSdkPayload(body: unknown): SdkPayload {
  const shape = sdkPayloadShape(body);
  const tokens = new Set<string>();
  shape.events.forEach((event, i) => {
    const token = sdkEventToken(event, i);
    if (token !== undefined) tokens.add(token);
  });
  return { ...shape, events: shape.events as Array<Record<string, unknown>>, token: payloadToken(shape.token, tokens) };
}

/**
 * Time-ordered UUID (version 7), as SDKs generate for events. The library draws its random bits
 * from a pool: one `randomBytes` call per id took 115 ms of a 100,000-event batch's turn.
 */
export function uuidv7(now = Date.now()): string {
  return v7({ msecs: now });
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** An ISO 8601 string as a date; a date-time without zone is UTC (as in PostHog). */
export function parseIsoTimestamp(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const text = NAIVE_DATE_TIME.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

function inRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 0 && year <= 9999;
}

/**
 * PostHog's event time: `timestamp` corrected for the client's clock skew when `sent_at` is
 * known (now + (timestamp − sent_at)); else now − `offset` ms; else now. Unparsable, out of
 * range or more than 23 hours ahead → the arrival time.
 */
export function eventTimestamp(
  raw: { timestamp?: unknown; offset?: unknown; sentAt?: unknown; ignoreSentAt?: boolean },
  receivedAt: Date,
): Date {
  const now = receivedAt.getTime();
  const timestamp = parseIsoTimestamp(raw.timestamp);
  const sentAt = raw.ignoreSentAt ? undefined : raw.sentAt instanceof Date ? raw.sentAt : parseIsoTimestamp(raw.sentAt);
  let result: Date;
  if (timestamp) {
    result = sentAt ? new Date(now + (timestamp.getTime() - sentAt.getTime())) : timestamp;
  } else if (typeof raw.offset === 'number' && Number.isFinite(raw.offset)) {
    result = new Date(now - raw.offset);
  } else {
    result = receivedAt;
  }
  if (!inRange(result) || result.getTime() > now + MAX_FUTURE_MS) return receivedAt;
  return result;
}

/** posthog-js sends its send time as `?_=<epoch ms>`. */
export function sentAtFromQuery(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{10,16}$/.test(value)) return undefined;
  const date = new Date(Number(value));
  return inRange(date) ? date : undefined;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text jsonb can hold: NUL and unpaired surrogates (half an emoji a client cut) become U+FFFD, as PostHog does. */
function storable(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text;
  return SURROGATE.test(withoutNul) ? withoutNul.replace(LONE_SURROGATE, '\uFFFD') : withoutNul;
}

// `__proto__` keys are dropped so that no property map can change its own prototype.
/** `value` with every string and key storable (see `storable`) and without `__proto__` keys. */
export function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '__proto__') continue;
      out[storable(k)] = storableValue(v);
    }
    return out;
  }
  return value;
}

function distinctIdOf(raw: Record<string, unknown>, properties: Properties, attr: string): string {
  const value = raw.distinct_id ?? properties.distinct_id ?? raw.$distinct_id;
  let id: string | undefined;
  if (typeof value === 'string') id = value;
  else if (typeof value === 'number' && Number.isFinite(value)) id = String(value);
  if (id === undefined || id.trim() === '') {
    throw DomainError.invalid('You need to set user distinct ID field `distinct_id`.', attr, 'required');
  }
  return (storableValue(id) as string).slice(0, MAX_NAME_LENGTH);
}

/**
 * `value`'s own fields but `__proto__`: what JSON.parse gives an event, whichever parser read it
 * (a chunked parser joins an object's parts by assignment, where a `__proto__` key sets the
 * prototype, whose fields would then be read as the event's).
 */
function ownFields(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== '__proto__') out[k] = v;
  return out;
}

/**
 * The stored form of event `i` of `payload`: validated (400 naming the event's field), top-level
 * `$set` / `$set_once` (posthog-js) merged into its properties, a uuid when it has none, its time.
 */
export function normalizeEvent(
  input: Record<string, unknown>,
  i: number,
  payload: SdkPayload,
  receivedAt: Date,
  querySentAt?: Date,
): IngestEvent {
  const raw = ownFields(input);
  const attr = (field: string) => (payload.isBatch ? `batch__${i}__${field}` : field);
  if (typeof raw.event !== 'string' || raw.event === '') {
    throw DomainError.invalid('Each event needs an event name.', attr('event'), 'required');
  }
  if (raw.properties !== undefined && raw.properties !== null && !isPlainObject(raw.properties)) {
    throw DomainError.invalid('Event properties must be a JSON object.', attr('properties'));
  }
  assertShallowEnough(raw.properties, attr('properties'));
  assertShallowEnough(raw.$set, attr('$set'));
  assertShallowEnough(raw.$set_once, attr('$set_once'));
  const properties = storableValue(raw.properties ?? {}) as Properties;
  const distinctId = distinctIdOf(raw, properties, attr('distinct_id'));
  let uuid: string;
  if (raw.uuid === undefined || raw.uuid === null) uuid = uuidv7(receivedAt.getTime());
  else if (typeof raw.uuid === 'string' && isUuid(raw.uuid)) uuid = raw.uuid.toLowerCase();
  else throw DomainError.invalid('Event uuid must be a UUID.', attr('uuid'));

  for (const op of ['$set', '$set_once'] as const) {
    if (isPlainObject(raw[op])) {
      const current = isPlainObject(properties[op]) ? properties[op] : {};
      properties[op] = { ...current, ...(storableValue(raw[op]) as Properties) };
    }
  }
  const event = (storableValue(raw.event) as string).slice(0, MAX_NAME_LENGTH);
  const processPerson = properties.$process_person_profile !== false || PERSON_EVENTS.has(event);
  if (!processPerson || event === '$groupidentify') {
    delete properties.$set;
    delete properties.$set_once;
    delete properties.$unset;
  }
  const timestamp = eventTimestamp(
    {
      timestamp: raw.timestamp,
      offset: raw.offset,
      sentAt: raw.sent_at ?? payload.sentAt ?? querySentAt,
      ignoreSentAt: properties.$ignore_sent_at === true,
    },
    receivedAt,
  );
  return { uuid, event, distinctId, properties, timestamp, processPerson };
}

/** `normalizeEvent` of every event, in one turn. */
export function normalizeEvents(payload: SdkPayload, receivedAt: Date, querySentAt?: Date): IngestEvent[] {
  return payload.events.map((raw, i) => normalizeEvent(raw, i, payload, receivedAt, querySentAt));
}
