import { LoadedPerson, planIdentity, referencedDistinctIds } from './identity-plan';
import { IngestEvent } from './ingest-event';

let seq = 0;
function ev(
  event: string,
  distinctId: string,
  properties: Record<string, unknown> = {},
  processPerson = true,
): IngestEvent {
  seq++;
  return {
    uuid: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    event,
    distinctId,
    properties,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
    processPerson,
  };
}

function stored(id: number, props: Record<string, unknown> = {}, isIdentified = false): LoadedPerson {
  return { id, uuid: `p${id}`, properties: props, isIdentified, createdAt: new Date(Date.UTC(2025, 0, id)) };
}

function plan(events: IngestEvent[], loaded: Array<[string, LoadedPerson]> = []) {
  let n = 0;
  return planIdentity(events, new Map(loaded), () => `new${++n}`);
}

describe('planIdentity', () => {
  it('creates one person per new distinct id, with its properties', () => {
    const p = plan([ev('a', 'u1', { $set: { x: 1 } }), ev('b', 'u1', { $set_once: { x: 2, y: 3 } }), ev('c', 'u2')]);
    expect(p.created).toHaveLength(2);
    expect(p.created[0]).toMatchObject({ uuid: 'new1', properties: { x: 1, y: 3 }, isIdentified: false });
    expect(p.newDistinctIds).toEqual([
      { distinctId: 'u1', personUuid: 'new1' },
      { distinctId: 'u2', personUuid: 'new2' },
    ]);
    expect(p.eventPersons).toEqual(['new1', 'new1', 'new2']);
    expect(p.created[0].createdAt).toEqual(new Date(Date.UTC(2026, 0, 1, 0, 0, seq - 2)));
  });

  it('capture then identify of the same anonymous id in one batch: one identified person', () => {
    const p = plan([
      ev('$pageview', 'anon', { $set: { plan: 'free' } }),
      ev('$identify', 'user', { $anon_distinct_id: 'anon', $set: { email: 'u@x.io' } }),
      ev('buy', 'user'),
    ]);
    expect(p.created).toHaveLength(1);
    expect(p.created[0]).toMatchObject({ properties: { plan: 'free', email: 'u@x.io' }, isIdentified: true });
    expect(p.newDistinctIds.map((d) => d.distinctId)).toEqual(['anon', 'user']);
    expect(new Set(p.eventPersons)).toEqual(new Set([p.created[0].uuid]));
  });

  it('identify with neither id known creates one person with both ids (identified id first)', () => {
    const p = plan([ev('$identify', 'user', { $anon_distinct_id: 'anon' })]);
    expect(p.created).toHaveLength(1);
    expect(p.created[0].isIdentified).toBe(true);
    expect(p.newDistinctIds.map((d) => d.distinctId)).toEqual(['user', 'anon']);
  });

  it('merges a stored anonymous person into the stored identified one; the identified one’s properties win', () => {
    const p = plan(
      [ev('$identify', 'user', { $anon_distinct_id: 'anon', $set: { seen: true } })],
      [
        ['anon', stored(1, { plan: 'free', email: 'old' })],
        ['user', stored(2, { email: 'new' })],
      ],
    );
    expect(p.merged).toEqual([{ fromId: 1, fromUuid: 'p1', intoUuid: 'p2' }]);
    expect(p.updated).toHaveLength(1);
    expect(p.updated[0]).toMatchObject({
      existingId: 2,
      properties: { plan: 'free', email: 'new', seen: true },
      isIdentified: true,
      createdAt: new Date(Date.UTC(2025, 0, 1)),
    });
    expect(p.created).toEqual([]);
    expect(p.newDistinctIds).toEqual([]);
  });

  it('refuses to merge an already identified person except with $merge_dangerously', () => {
    const loaded: Array<[string, LoadedPerson]> = [
      ['a', stored(1, {}, true)],
      ['b', stored(2)],
    ];
    const refused = plan([ev('$create_alias', 'b', { alias: 'a' })], loaded);
    expect(refused.merged).toEqual([]);
    expect(refused.refusedMerges).toEqual([expect.objectContaining({ reason: 'already_identified' })]);
    // The event's own person still becomes identified, as in PostHog.
    expect(refused.updated).toEqual([expect.objectContaining({ existingId: 2, isIdentified: true })]);
    const forced = plan([ev('$merge_dangerously', 'b', { alias: 'a' })], loaded);
    expect(forced.merged).toEqual([{ fromId: 1, fromUuid: 'p1', intoUuid: 'p2' }]);
  });

  it('alias adds the alias to the existing person', () => {
    const p = plan([ev('$create_alias', 'user', { alias: 'crm-7' })], [['user', stored(3)]]);
    expect(p.newDistinctIds).toEqual([{ distinctId: 'crm-7', personUuid: 'p3' }]);
    expect(p.updated[0]).toMatchObject({ existingId: 3, isIdentified: true });
  });

  it('never merges through placeholder ids', () => {
    const p = plan([ev('$identify', 'user', { $anon_distinct_id: 'undefined' })]);
    expect(p.newDistinctIds.map((d) => d.distinctId)).toEqual(['user']);
    expect(p.created[0].isIdentified).toBe(false);
    expect(p.refusedMerges[0].reason).toBe('illegal_distinct_id');
  });

  it('follows chains of merges to the surviving person', () => {
    const p = plan(
      [ev('$identify', 'b', { $anon_distinct_id: 'a' }), ev('$merge_dangerously', 'c', { alias: 'b' }), ev('x', 'a')],
      [
        ['a', stored(1)],
        ['b', stored(2)],
        ['c', stored(3)],
      ],
    );
    expect(p.merged).toEqual([
      { fromId: 1, fromUuid: 'p1', intoUuid: 'p3' },
      { fromId: 2, fromUuid: 'p2', intoUuid: 'p3' },
    ]);
    expect(p.eventPersons).toEqual(['p3', 'p3', 'p3']);
    expect(p.updated.map((u) => u.existingId)).toEqual([3]);
  });

  it('a person created in the batch and merged into a stored one is never inserted', () => {
    const p = plan(
      [ev('x', 'anon'), ev('$identify', 'user', { $anon_distinct_id: 'anon' })],
      [['user', stored(5, {}, true)]],
    );
    expect(p.created).toEqual([]);
    expect(p.merged).toEqual([]);
    expect(p.newDistinctIds).toEqual([{ distinctId: 'anon', personUuid: 'p5' }]);
    expect(p.eventPersons).toEqual(['p5', 'p5']);
  });

  it('personless events create no person but join one their id has or gets', () => {
    const p = plan([
      ev('view', 'anon', { $set: { x: 1 } }, false),
      ev('view', 'other', {}, false),
      ev('$identify', 'user', { $anon_distinct_id: 'anon' }),
    ]);
    expect(p.created).toHaveLength(1);
    expect(p.created[0].properties).toEqual({});
    expect(p.eventPersons).toEqual([p.created[0].uuid, null, p.created[0].uuid]);
  });

  it('lists every distinct id the batch references', () => {
    expect(
      referencedDistinctIds([
        ev('$identify', 'u', { $anon_distinct_id: 'a' }),
        ev('$create_alias', 'u', { alias: 7 }),
        ev('x', 'u'),
      ]),
    ).toEqual(['u', 'a', '7']);
  });
});
