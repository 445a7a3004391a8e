import { diffChanges, jsonEqual } from './activity-diff';

describe('diffChanges', () => {
  it('reports created, deleted and changed fields and skips equal ones', () => {
    const changes = diffChanges(
      'FeatureFlag',
      { name: 'a', filters: {}, tags: ['x'], active: true, note: null },
      { name: 'b', filters: { groups: [] }, tags: ['x'], active: true, note: 'n' },
      ['name', 'filters', 'tags', 'active', 'note'],
    );
    expect(changes).toEqual([
      { type: 'FeatureFlag', action: 'changed', field: 'name', before: 'a', after: 'b' },
      { type: 'FeatureFlag', action: 'changed', field: 'filters', before: {}, after: { groups: [] } },
      { type: 'FeatureFlag', action: 'created', field: 'note', after: 'n' },
    ]);
    expect(diffChanges('X', { a: 1 }, { a: null }, ['a'])).toEqual([
      { type: 'X', action: 'deleted', field: 'a', before: 1 },
    ]);
  });

  it('compares JSON regardless of key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
