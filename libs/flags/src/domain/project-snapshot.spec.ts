import { DefinitionFlag, ProjectSnapshot, strongEtag } from './project-snapshot';

let id = 0;
const flag = (
  key: string,
  filters: DefinitionFlag['filters'],
  extra: Partial<DefinitionFlag> = {},
): DefinitionFlag => ({
  id: ++id,
  team_id: 1,
  name: '',
  key,
  filters,
  deleted: false,
  active: true,
  ensure_experience_continuity: false,
  has_encrypted_payloads: false,
  version: 1,
  ...extra,
});
const everyone = { groups: [{ properties: [], rollout_percentage: 50 }] };

describe('a project’s compiled definitions', () => {
  it('knows what a request must fetch', () => {
    const rollout = new ProjectSnapshot(1, 0, [flag('a', everyone)], [], {});
    expect([rollout.needsPerson, rollout.usesStaticCohorts, rollout.continuityKeys, [...rollout.groupIndexes]]).toEqual(
      [false, false, [], []],
    );
    const rich = new ProjectSnapshot(
      1,
      3,
      [
        flag('person', { groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }] }),
        flag('cohort', { groups: [{ properties: [{ key: 'id', type: 'cohort', value: 7 }] }] }),
        flag('group', { aggregation_group_type_index: 1, groups: [{ properties: [] }] }),
        flag('sticky', everyone, { ensure_experience_continuity: true }),
        flag('off-sticky', everyone, { ensure_experience_continuity: true, active: false }),
      ],
      [{ id: 7, is_static: true }],
      { '1': 'team' },
    );
    expect(rich.needsPerson).toBe(true);
    expect(rich.usesStaticCohorts).toBe(true);
    expect(rich.continuityKeys).toEqual(['sticky']);
    expect([...rich.groupIndexes]).toEqual([1]);
    expect(rich.groupTypeIndex('team')).toBe(1);
    expect(rich.activeKeys).toEqual(['person', 'cohort', 'group', 'sticky']);
  });

  it('builds each definitions body once, with a content ETag', () => {
    const flags = [flag('a', everyone), flag('b', everyone, { active: false })];
    const one = new ProjectSnapshot(1, 0, flags, [], { '0': 'company' });
    const body = one.localEvaluation(true);
    expect(one.localEvaluation(true)).toBe(body);
    expect(JSON.parse(body.json.toString('utf8'))).toEqual({
      flags: [expect.objectContaining({ key: 'a' }), expect.objectContaining({ key: 'b', active: false })],
      group_type_mapping: { '0': 'company' },
      cohorts: {},
    });
    expect(body.etag).toMatch(/^"[\w-]{32}"$/);
    expect(body.etag).toBe(strongEtag(body.json.toString('utf8'))); // the tag of the text, as before
    // Its own memory, not a slice of Node's shared buffer pool that the cache would keep alive.
    expect([body.json.byteOffset, body.json.buffer.byteLength]).toEqual([0, body.json.length]);
    // Another instance (or a reload) with the same definitions: the same tag.
    expect(new ProjectSnapshot(1, 9, flags, [], { '0': 'company' }).localEvaluation(true).etag).toBe(body.etag);
    expect(new ProjectSnapshot(1, 9, flags.slice(0, 1), [], {}).localEvaluation(true).etag).not.toBe(body.etag);
  });
});
