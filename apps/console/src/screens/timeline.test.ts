import { describe, expect, it } from 'vitest';
import { showValue, timelineChanges } from './timeline';

describe("a person's properties timeline", () => {
  it('lists what each point set, changed and removed against the point before', () => {
    const at = (day: number) => `2026-01-0${day}T00:00:00.000Z`;
    expect(
      timelineChanges([
        { timestamp: at(1), properties: { plan: 'free', name: 'T' }, relevant_event_count: 2 },
        { timestamp: at(2), properties: { plan: 'pro', name: 'T', seats: 3 }, relevant_event_count: 1 },
        { timestamp: at(3), properties: { plan: 'pro', seats: [3] }, relevant_event_count: 1 },
      ]),
    ).toEqual([
      [
        { key: 'name', kind: 'set', after: 'T' },
        { key: 'plan', kind: 'set', after: 'free' },
      ],
      [
        { key: 'plan', kind: 'changed', before: 'free', after: 'pro' },
        { key: 'seats', kind: 'set', after: 3 },
      ],
      [
        { key: 'name', kind: 'removed', before: 'T' },
        { key: 'seats', kind: 'changed', before: 3, after: [3] },
      ],
    ]);
    expect(timelineChanges([])).toEqual([]);
  });

  it('shows strings as they are and other values as JSON', () => {
    expect([showValue('pro'), showValue(3), showValue(null), showValue({ a: [1] }), showValue('3')]).toEqual([
      'pro',
      '3',
      'null',
      '{"a":[1]}',
      '3',
    ]);
  });
});
