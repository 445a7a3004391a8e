import { filterLeaves, parseFilterDate, parsePropertyFilter, parseSemver, semverBounds } from './property-filter';

describe('parsePropertyFilter', () => {
  it('reads a list (AND), nested groups, defaults the operator to exact and the type to person', () => {
    const f = parsePropertyFilter(
      JSON.stringify({
        type: 'OR',
        values: [
          { type: 'AND', values: [{ key: 'email', value: 'a@x.io' }] },
          { key: 'age', value: 3, operator: 'gt', negation: true },
        ],
      }),
    );
    expect(f.type).toBe('OR');
    expect(filterLeaves(f)).toEqual([
      expect.objectContaining({ key: 'email', operator: 'exact', type: 'person', negation: false }),
      expect.objectContaining({ key: 'age', operator: 'gt', negation: true }),
    ]);
    expect(parsePropertyFilter('[]')).toEqual({ kind: 'group', type: 'AND', values: [] });
    expect(parsePropertyFilter({ key: 'a', value: 1 }).values).toHaveLength(1);
  });

  it.each([
    ['not json', '{'],
    ['a number', '5'],
    ['no key', '[{"value": 1}]'],
    ['an unknown operator', '[{"key": "a", "value": 1, "operator": "near"}]'],
    ['a null value', '[{"key": "a", "value": null}]'],
    ['an object for icontains', '[{"key": "a", "value": {}, "operator": "icontains"}]'],
    ['a bad date', '[{"key": "a", "value": "soon", "operator": "is_date_before"}]'],
    ['a bad version', '[{"key": "a", "value": "1.x", "operator": "semver_gt"}]'],
    ['a bad group type', '{"type": "XOR", "values": []}'],
    ['a non-boolean negation', '[{"key": "a", "value": 1, "negation": "yes"}]'],
    ['a value nested too deeply', `[{"key": "a", "value": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]`],
    ['a NUL character', '[{"key": "a", "value": "x\\u0000"}]'],
  ])('refuses %s with a 400 naming properties', (_, input) => {
    expect(() => parsePropertyFilter(input)).toThrow(expect.objectContaining({ kind: 'invalid', attr: 'properties' }));
  });

  it('allows is_set without a value', () => {
    expect(filterLeaves(parsePropertyFilter([{ key: 'a', operator: 'is_set' }]))[0].operator).toBe('is_set');
  });
});

describe('parseFilterDate', () => {
  const now = new Date('2026-03-31T12:00:00Z');
  it('reads relative dates counting back from now', () => {
    expect(parseFilterDate('-7d', now)?.toISOString()).toBe('2026-03-24T12:00:00.000Z');
    expect(parseFilterDate('2h', now)?.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(parseFilterDate('-1m', now)?.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(parseFilterDate('-1y', now)?.toISOString()).toBe('2025-03-31T12:00:00.000Z');
  });
  it('reads absolute dates (UTC without zone) and refuses the rest', () => {
    expect(parseFilterDate('2026-01-02', now)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(parseFilterDate('2026-01-02 03:04', now)?.toISOString()).toBe('2026-01-02T03:04:00.000Z');
    expect(parseFilterDate('tomorrow', now)).toBeUndefined();
    expect(parseFilterDate('-10000d', now)).toBeUndefined();
  });
});

describe('semver', () => {
  it('parses versions as the SDKs do', () => {
    expect(parseSemver('v1.2.3-beta+7')).toEqual([1, 2, 3]);
    expect(parseSemver('2')).toEqual([2, 0, 0]);
    expect(parseSemver('01.2')).toBeUndefined();
  });
  it('turns tilde, caret and wildcard into ranges', () => {
    expect(semverBounds('semver_tilde', '1.2.3')).toMatchObject({ lo: [1, 2, 3], hi: [1, 3, 0] });
    expect(semverBounds('semver_caret', '0.2.3')).toMatchObject({ lo: [0, 2, 3], hi: [0, 3, 0] });
    expect(semverBounds('semver_caret', '0.0.3')).toMatchObject({ hi: [0, 0, 4] });
    expect(semverBounds('semver_caret', '^1.2.3')).toMatchObject({ lo: [1, 2, 3], hi: [2, 0, 0] });
    expect(semverBounds('semver_wildcard', '1.*')).toMatchObject({ lo: [1, 0, 0], hi: [2, 0, 0] });
    expect(semverBounds('semver_wildcard', '1.2.*')).toMatchObject({ lo: [1, 2, 0], hi: [1, 3, 0] });
  });
});
