import { IngestEvent } from './ingest-event';
import { Properties } from './person';

// PostHog's limits on group type names and group keys.
const MAX_GROUP_LENGTH = 400;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function groupKey(value: unknown): string | undefined {
  const key = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  return typeof key === 'string' && key !== '' && key.length <= MAX_GROUP_LENGTH ? key : undefined;
}

function validType(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= MAX_GROUP_LENGTH;
}

/** The `{type: key}` map an event belongs to (`$groups`); personless events belong to none. */
export function groupsOf(event: IngestEvent): Array<[string, string]> {
  const groups = event.properties.$groups;
  if (!event.processPerson || !isPlainObject(groups)) return [];
  const out: Array<[string, string]> = [];
  for (const [type, raw] of Object.entries(groups)) {
    const key = groupKey(raw);
    if (validType(type) && key !== undefined) out.push([type, key]);
  }
  return out;
}

/** What a `$groupidentify` event sets: the group and its `$group_set` properties. */
export function groupIdentifyOf(
  event: IngestEvent,
): { groupType: string; groupKey: string; properties: Properties } | undefined {
  if (event.event !== '$groupidentify') return undefined;
  const { $group_type: type, $group_key: key, $group_set: set } = event.properties;
  const k = groupKey(key);
  if (!validType(type) || k === undefined) return undefined;
  return { groupType: type, groupKey: k, properties: isPlainObject(set) ? set : {} };
}

/** Group types the events name, in order of first sight (new types get indexes in that order). */
export function groupTypesOf(events: readonly IngestEvent[]): string[] {
  const types = new Set<string>();
  for (const event of events) {
    const identify = groupIdentifyOf(event);
    if (identify) types.add(identify.groupType);
    for (const [type] of groupsOf(event)) types.add(type);
  }
  return [...types];
}

/** The event with `$group_<index>: key` for each of its groups whose type has an index, as PostHog stores it. */
export function withGroupColumns(event: IngestEvent, indexes: ReadonlyMap<string, number>): IngestEvent {
  const groups = groupsOf(event).filter(([type]) => indexes.has(type));
  if (groups.length === 0) return event;
  const properties = { ...event.properties };
  for (const [type, key] of groups) properties[`$group_${indexes.get(type)}`] = key;
  return { ...event, properties };
}

/**
 * One write per group the batch identifies: `$group_set` values merged in event order (later
 * values win), created at the earliest event.
 */
export function groupWrites(
  events: readonly IngestEvent[],
  indexes: ReadonlyMap<string, number>,
): Array<{ groupTypeIndex: number; groupKey: string; properties: Properties; createdAt: Date }> {
  const writes = new Map<
    string,
    { groupTypeIndex: number; groupKey: string; properties: Properties; createdAt: Date }
  >();
  for (const event of events) {
    const identify = groupIdentifyOf(event);
    const index = identify && indexes.get(identify.groupType);
    if (!identify || index === undefined) continue;
    const id = `${index}:${identify.groupKey}`;
    const current = writes.get(id);
    if (!current) {
      writes.set(id, {
        groupTypeIndex: index,
        groupKey: identify.groupKey,
        properties: { ...identify.properties },
        createdAt: event.timestamp,
      });
    } else {
      Object.assign(current.properties, identify.properties);
      if (event.timestamp < current.createdAt) current.createdAt = event.timestamp;
    }
  }
  return [...writes.values()];
}
