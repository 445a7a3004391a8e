import { TargetingLimits } from './limits';
import { filterLeaves, parsePropertyFilter } from './property-filter';

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

  it('holds filters to the limits, and refuses what SQL cannot run when told to', () => {
    const limits = new TargetingLimits(2, 10, 100);
    const refused =
      (input: unknown, options = {}) =>
      () =>
        parsePropertyFilter(input, 'properties', { limits, ...options });
    expect(
      refused([
        { key: 'a', value: 1 },
        { key: 'b', value: 1 },
        { key: 'c', value: 1 },
      ]),
    ).toThrow(/At most 2/);
    expect(refused([{ key: 'a', value: 'a'.repeat(11), operator: 'regex' }])).toThrow(/at most 10 characters/);
    expect(refused([{ key: 'a', value: 'a{200}', operator: 'regex' }])).toThrow(/too large/);
    expect(refused([{ key: 'a', value: 'a(?=b)', operator: 'regex' }])).not.toThrow();
    expect(refused([{ key: 'a', value: 'a(?=b)', operator: 'regex' }], { refuseBacktracking: true })).toThrow(
      /feature flag conditions only/,
    );
    expect(refused([{ key: 'a', value: '?*', operator: 'regex' }])).not.toThrow();
    expect(refused([{ key: 'a', value: '?*', operator: 'regex' }], { refuseInvalidRegex: true })).toThrow(
      /invalid regular expression/,
    );
  });

  it('parses each property leaf into the predicate the matcher and the SQL compiler read', () => {
    expect(() => parsePropertyFilter([{ key: 'v', value: '^1.2', operator: 'semver_caret' }])).toThrow(/version/);
    const [ok] = filterLeaves(parsePropertyFilter([{ key: 'v', value: '1.2', operator: 'semver_caret' }]));
    expect(ok.predicate).toMatchObject({ op: 'semver_caret', requirement: { op: 'caret', major: '1', minor: '2' } });
  });

  it('validates between ranges with PostHog’s messages, and accepts numeric values', () => {
    const parse = (operator: string, value: unknown) => () => parsePropertyFilter([{ key: 'n', operator, value }]);
    expect(parse('between', [1, 'x'])).toThrow('between/not_between operator requires numeric values');
    expect(parse('not_between', [5, 1])).toThrow(
      'between/not_between operator requires min value to be less than or equal to max value',
    );
    expect(parse('between', 5)).toThrow('between/not_between operator requires a two-element array [min, max]');
    expect(parse('between', [1, 2, 3])).toThrow('two-element array');
    expect(parse('between', ['1', 5])).not.toThrow();
    expect(
      filterLeaves(parsePropertyFilter([{ key: 'n', operator: 'between', value: ['1', 5] }]))[0].predicate,
    ).toEqual({ op: 'between', range: { min: 1, max: 5 } });
    expect(parse('gte', 18)).not.toThrow();
    expect(parse('gte', true)).toThrow(/string or number/);
    expect(parse('icontains_multi', ['a', 'b'])).not.toThrow();
    expect(parse('icontains_multi', [{ a: 1 }])).toThrow(/list of strings/);
  });
});
