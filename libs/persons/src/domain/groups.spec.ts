import { groupTypesOf, groupWrites, withGroupColumns } from './groups';
import { IngestEvent } from './ingest-event';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const ev = (event: string, properties: Record<string, unknown>, s = 0, processPerson = true): IngestEvent => ({
  uuid: `u${s}`,
  event,
  distinctId: 'd',
  properties,
  timestamp: at(s),
  processPerson,
});

describe('groups', () => {
  const events = [
    ev('x', { $groups: { project: 'p1', company: 'acme' } }, 1),
    ev('$groupidentify', { $group_type: 'company', $group_key: 'acme', $group_set: { plan: 'pro', seats: 3 } }, 2),
    ev('$groupidentify', { $group_type: 'company', $group_key: 'acme', $group_set: { seats: 5 } }, 0),
    ev('$groupidentify', { $group_type: 'team', $group_key: 42 }, 3),
    ev('y', { $groups: { ignored: 'k' } }, 4, false),
  ];

  it('names group types in order of first sight, not from personless events', () => {
    expect(groupTypesOf(events)).toEqual(['project', 'company', 'team']);
  });

  it('adds $group_N columns for indexed types', () => {
    const out = withGroupColumns(events[0], new Map([['company', 0]]));
    expect(out.properties).toEqual({ $groups: { project: 'p1', company: 'acme' }, $group_0: 'acme' });
    expect(events[0].properties.$group_0).toBeUndefined();
  });

  it('merges $group_set per group in event order, created at the earliest event', () => {
    const writes = groupWrites(
      events,
      new Map([
        ['company', 1],
        ['team', 0],
      ]),
    );
    expect(writes).toEqual([
      { groupTypeIndex: 1, groupKey: 'acme', properties: { plan: 'pro', seats: 5 }, createdAt: at(0) },
      { groupTypeIndex: 0, groupKey: '42', properties: {}, createdAt: at(3) },
    ]);
  });
});
