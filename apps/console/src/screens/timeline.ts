/** One point of a person's properties timeline: the properties from `timestamp` on. */
export interface TimelinePoint {
  timestamp: string;
  properties: Record<string, unknown>;
  relevant_event_count: number;
}

/** What changed at a point, against the point before it (at the first point: every property it had). */
export type PropertyChange =
  | { key: string; kind: 'set'; after: unknown }
  | { key: string; kind: 'changed'; before: unknown; after: unknown }
  | { key: string; kind: 'removed'; before: unknown };

/** The changes of each point, keys in alphabetical order. */
export function timelineChanges(points: readonly TimelinePoint[]): PropertyChange[][] {
  return points.map((point, i) => {
    const before = i === 0 ? {} : points[i - 1].properties;
    const after = point.properties;
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    const changes: PropertyChange[] = [];
    for (const key of keys) {
      const had = Object.hasOwn(before, key);
      const has = Object.hasOwn(after, key);
      if (!had && has) changes.push({ key, kind: 'set', after: after[key] });
      else if (had && !has) changes.push({ key, kind: 'removed', before: before[key] });
      else if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        changes.push({ key, kind: 'changed', before: before[key], after: after[key] });
    }
    return changes;
  });
}

/** A property value as the console shows it: strings as they are, anything else as JSON. */
export function showValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
