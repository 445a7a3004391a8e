import { applyPropertyOperations, Properties, propertyOperationsOf } from './person';

export interface TimelinePoint {
  timestamp: Date;
  /** The crucial properties from this point on. */
  properties: Properties;
  /** Events from this point until the next one. */
  relevantEventCount: number;
}

function pick(properties: Properties, keys: readonly string[] | undefined): Properties {
  if (!keys) return { ...properties };
  const out: Properties = {};
  for (const key of keys) if (Object.hasOwn(properties, key)) out[key] = properties[key];
  return out;
}

function sameJson(a: Properties, b: Properties): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}

/**
 * Replays a person's events (oldest first) and returns a point wherever the crucial
 * properties (all of them when `crucialKeys` is undefined) change, from `from` on. Events
 * before `from` only build up the state the first point starts from.
 */
export function propertiesTimeline(
  events: ReadonlyArray<{ timestamp: Date; properties: Properties }>,
  options: { from?: Date; crucialKeys?: readonly string[] } = {},
): TimelinePoint[] {
  const state: Properties = {};
  const points: TimelinePoint[] = [];
  let current: TimelinePoint | undefined;
  for (const event of events) {
    applyPropertyOperations(state, propertyOperationsOf(event.properties));
    if (options.from && event.timestamp < options.from) continue;
    const snapshot = pick(state, options.crucialKeys);
    if (!current || !sameJson(current.properties, snapshot)) {
      current = { timestamp: event.timestamp, properties: snapshot, relevantEventCount: 0 };
      points.push(current);
    }
    current.relevantEventCount++;
  }
  return points;
}
