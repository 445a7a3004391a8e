import { DomainError } from '@app/platform/errors/domain-error';
import { TargetingLimits } from '@app/targeting';
import {
  ACCEPT_ANY_COHORT,
  cohortCheck,
  flagCohortIds,
  remapCohortIds,
  withCohortNames,
  DependencyFlag,
  FiltersContext,
  flagDependencyIds,
  hasDependencyConditions,
  validateFilters,
} from './filters';

const ctx = (over: Partial<FiltersContext> = {}): FiltersContext => ({
  flagKey: 'my-flag',
  flags: new Map(),
  cohorts: ACCEPT_ANY_COHORT,
  limits: new TargetingLimits(),
  ...over,
});

const person = (p: Record<string, unknown> = {}) => ({ key: 'email', type: 'person', value: 'a@b.c', ...p });
const withProps = (...properties: unknown[]) => ({ groups: [{ properties, rollout_percentage: 100 }] });

function errorOf(
  raw: Record<string, unknown>,
  c: FiltersContext = ctx(),
): { code: string; detail: string; attr: string | null } {
  try {
    validateFilters(raw, c);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { code: e.code, detail: e.detail, attr: e.attr };
  }
  throw new Error('expected a validation error');
}

describe('validateFilters', () => {
  it('gives filters without groups the default condition and keeps unknown keys', () => {
    expect(validateFilters({}, ctx())).toEqual({ groups: [{ properties: [], rollout_percentage: null }] });
    expect(validateFilters({ groups: [], extra: { a: 1 } }, ctx())).toEqual({ groups: [], extra: { a: 1 } });
  });

  it('accepts a complete multivariate flag and stores payloads as JSON strings', () => {
    const filters = validateFilters(
      {
        groups: [
          { properties: [person({ operator: 'icontains', value: '@x.com' })], rollout_percentage: 50, variant: 'b' },
          { properties: [{ key: 'id', type: 'cohort', value: 3, operator: 'in' }], rollout_percentage: null },
        ],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 33.3 },
            { key: 'b', rollout_percentage: 66.7 },
          ],
        },
        payloads: { a: { x: 1 }, b: '"text"' },
      },
      ctx(),
    );
    expect(filters.payloads).toEqual({ a: '{"x":1}', b: '"text"' });
  });

  it.each([
    ['groups not a list', { groups: {} }, 'invalid_input', /groups must be a list/],
    ['group not an object', { groups: [1] }, 'invalid_input', /groups\[0\] must be an object/],
    ['properties not a list', { groups: [{ properties: 'x' }] }, 'invalid_input', /properties must be a list/],
    ['rollout above 100', { groups: [{ rollout_percentage: 101 }] }, 'invalid_input', /between 0 and 100/],
    ['rollout negative', { groups: [{ rollout_percentage: -1 }] }, 'invalid_input', /between 0 and 100/],
    ['rollout as string', { groups: [{ rollout_percentage: '50' }] }, 'invalid_input', /between 0 and 100/],
    [
      'property without key',
      withProps({ type: 'person', value: 1 }),
      'invalid_input',
      /key must be a non-empty string/,
    ],
    [
      'property without type',
      withProps({ key: 'a', value: 1 }),
      'invalid_input',
      /can only use person, cohort, and flag/,
    ],
    ['event property', withProps(person({ type: 'event' })), 'invalid_input', /can only use person, cohort, and flag/],
    [
      'group property on person flag',
      withProps(person({ type: 'group', group_type_index: 0 })),
      'invalid_input',
      /person, cohort/,
    ],
    ['unknown operator', withProps(person({ operator: 'sounds_like' })), 'invalid_operator', /Unknown operator/],
    ['in on a person property', withProps(person({ operator: 'in' })), 'invalid_operator', /only valid for cohort/],
    ['null value', withProps(person({ value: null })), 'invalid_value', /Invalid value for operator exact: None/],
    ['missing value', withProps({ key: 'a', type: 'person' }), 'invalid_value', /operator exact: None/],
    ['object value', withProps(person({ value: { a: 1 } })), 'invalid_value', /operator exact/],
    ['nested list value', withProps(person({ value: [['a']] })), 'invalid_value', /operator exact/],
    [
      'list for icontains',
      withProps(person({ operator: 'icontains', value: ['@posthog.com'] })),
      'invalid_value',
      /Invalid value for operator icontains: \['@posthog.com'\]/,
    ],
    ['boolean for gt', withProps(person({ operator: 'gt', value: true })), 'invalid_value', /operator gt: True/],
    [
      'between without two numbers',
      withProps(person({ operator: 'between', value: [1, 'x'] })),
      'invalid_value',
      /^between\/not_between operator requires numeric values$/,
    ],
    [
      'regex over the length limit',
      withProps(person({ operator: 'regex', value: 'a'.repeat(1001) })),
      'invalid_value',
      /at most 1000 characters/,
    ],
    [
      'regex over the program limit',
      withProps(person({ operator: 'regex', value: '.{0,9000}x' })),
      'invalid_value',
      /too large/,
    ],
    [
      'too many conditions',
      { groups: Array.from({ length: 501 }, () => ({ properties: [person()] })) },
      'invalid_input',
      /at most 500 conditions/,
    ],
    [
      'bad date',
      withProps(person({ operator: 'is_date_before', value: 'someday' })),
      'invalid_date',
      /Invalid date value: someday/,
    ],
    [
      'relative date too far',
      withProps(person({ operator: 'is_date_after', value: '-10000d' })),
      'invalid_date',
      /Invalid date/,
    ],
    [
      'too many values',
      withProps(person({ value: Array.from({ length: 1001 }, (_, i) => i) })),
      'invalid_input',
      /cannot contain more than 1000 values/,
    ],
    ['cohort id not an id', withProps({ key: 'id', type: 'cohort', value: 'abc' }), 'invalid_value', /cohort id/],
    [
      'cohort with icontains',
      withProps({ key: 'id', type: 'cohort', value: 1, operator: 'icontains' }),
      'invalid_operator',
      /cohort/,
    ],
    [
      'flag property with exact',
      withProps({ key: '1', type: 'flag', value: true }),
      'invalid_input',
      /flag_evaluates_to/,
    ],
    ['infinite number', { groups: [{ rollout_percentage: Infinity }] }, 'invalid_input', /finite/],
    ['NUL character', withProps(person({ value: 'a\u0000' })), 'invalid_input', /Null characters/],
    [
      'aggregation index as string',
      { groups: [], aggregation_group_type_index: '0' },
      'invalid_input',
      /aggregation_group_type_index/,
    ],
    [
      'aggregation index out of range',
      { groups: [], aggregation_group_type_index: 5 },
      'invalid_input',
      /aggregation_group_type_index/,
    ],
    [
      'person property on group flag',
      { ...withProps(person()), aggregation_group_type_index: 0 },
      'invalid_input',
      /can only use group properties/,
    ],
    [
      'other group type',
      { ...withProps(person({ type: 'group', group_type_index: 1 })), aggregation_group_type_index: 0 },
      'invalid_input',
      /group properties/,
    ],
    [
      'variants not summing to 100',
      {
        groups: [],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 60 },
            { key: 'b', rollout_percentage: 30 },
          ],
        },
      },
      'invalid_input',
      /must sum to 100/,
    ],
    [
      'variant without rollout',
      { groups: [], multivariate: { variants: [{ key: 'a' }] } },
      'invalid_input',
      /must sum to 100/,
    ],
    [
      'duplicate variant keys',
      {
        groups: [],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 50 },
            { key: 'a', rollout_percentage: 50 },
          ],
        },
      },
      'invalid_input',
      /unique/,
    ],
    [
      'variants not a list',
      { groups: [], multivariate: { variants: 'a' } },
      'invalid_input',
      /variants must be a list/,
    ],
    ['unknown variant override', { groups: [{ variant: 'c' }] }, 'invalid_input', /variant override does not exist/],
    [
      'payloads not an object',
      { groups: [], payloads: [] },
      'invalid_input',
      /Payloads must be passed as a dictionary/,
    ],
    ['payloads null', { groups: [], payloads: null }, 'invalid_input', /dictionary/],
    ['payload not JSON', { groups: [], payloads: { true: 'not json' } }, 'invalid_input', /not valid JSON/],
    [
      'boolean flag payload key',
      { groups: [], payloads: { false: '1' } },
      'invalid_input',
      /must be 'true' for boolean flags/,
    ],
    [
      'multivariate payload key',
      { groups: [], multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] }, payloads: { b: '1' } },
      'invalid_input',
      /match a variant key/,
    ],
    [
      'non-person super group',
      { groups: [], super_groups: [{ properties: [person({ type: 'cohort' })] }] },
      'invalid_input',
      /super_groups can only use person/,
    ],
  ])('rejects %s', (_name, raw, code, detail) => {
    const error = errorOf(raw as Record<string, unknown>);
    expect(error.attr).toBe('filters');
    expect(error.code).toBe(code);
    expect(error.detail).toMatch(detail);
  });

  it('takes version 1 rules (or no version) and refuses any other, PostHog’s rules v2 among them', () => {
    expect(validateFilters({ version: 1, groups: [] }, ctx())).toEqual({ version: 1, groups: [] });
    for (const version of [2, 0, '1', null, 1.5, { v: 1 }]) {
      expect(errorOf({ version, groups: [] })).toMatchObject({ attr: 'filters', code: 'invalid_input' });
    }
    expect(errorOf({ version: 2, rules: [] }).detail).toBe(
      'Filters are not valid (version 2 is not supported; only version 1 rules are)',
    );
  });

  it('rejects deep nesting without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(errorOf({ groups: [], extra: deep }).detail).toMatch(/nested/);
  });

  it('checks errors in PostHog order: property types before variants before values before payloads', () => {
    const everythingWrong = {
      groups: [{ properties: [person({ type: 'event' })], variant: 'zzz' }],
      multivariate: { variants: [{ key: 'a', rollout_percentage: 10 }] },
      payloads: { nope: 'x' },
    };
    expect(errorOf(everythingWrong).detail).toMatch(/can only use person/);
    everythingWrong.groups[0].properties = [person({ operator: 'gt', value: true })];
    expect(errorOf(everythingWrong).detail).toMatch(/must sum to 100/);
    everythingWrong.multivariate.variants[0].rollout_percentage = 100;
    expect(errorOf(everythingWrong).detail).toMatch(/variant override/);
    everythingWrong.groups[0].variant = 'a';
    expect(errorOf(everythingWrong).code).toBe('invalid_value');
    everythingWrong.groups[0].properties = [];
    expect(errorOf(everythingWrong).detail).toMatch(/Payload value is not valid JSON/);
  });

  it('accepts group properties of the aggregation group type', () => {
    expect(() =>
      validateFilters(
        { ...withProps(person({ type: 'group', group_type_index: 2 })), aggregation_group_type_index: 2 },
        ctx(),
      ),
    ).not.toThrow();
  });

  it('asks the cohort check about each cohort property', () => {
    const seen: number[] = [];
    const cohorts = (id: number) => {
      seen.push(id);
      return id === 7
        ? DomainError.invalid('Cohort with id 7 does not exist', 'filters', 'cohort_does_not_exist')
        : null;
    };
    expect(
      errorOf(
        withProps({ key: 'id', type: 'cohort', value: '5' }, { key: 'id', type: 'cohort', value: 7 }),
        ctx({ cohorts }),
      ).code,
    ).toBe('cohort_does_not_exist');
    expect(seen).toEqual([5, 7]);
  });

  describe('flag dependencies', () => {
    const flags = new Map<number, DependencyFlag>([
      [1, { id: 1, key: 'one', active: true, dependsOn: [2] }],
      [2, { id: 2, key: 'two', active: true, dependsOn: [9] }],
      [3, { id: 3, key: 'off', active: false, dependsOn: [] }],
    ]);
    const dep = (key: unknown, value: unknown = true) =>
      withProps({ key, type: 'flag', value, operator: 'flag_evaluates_to' });

    it('finds the ids a body refers to, whatever its shape', () => {
      expect(
        flagDependencyIds({ groups: [{ properties: [dep('1').groups[0].properties[0], { type: 'flag', key: 'x' }] }] }),
      ).toEqual([1]);
      expect(flagDependencyIds('nonsense')).toEqual([]);
      expect(flagDependencyIds({ groups: [null, { properties: 3 }] })).toEqual([]);
    });

    it('accepts an existing active flag by id, as string or number, with a boolean or variant value', () => {
      expect(() => validateFilters(dep('1'), ctx({ flags }))).not.toThrow();
      expect(() => validateFilters(dep(2, 'variant-a'), ctx({ flags }))).not.toThrow();
    });

    it.each([
      ['a key instead of an id', dep('one'), /must reference flag IDs/],
      ['a missing flag', dep('99'), /non-existent flag with ID 99/],
      ['a disabled flag', dep('3'), /disabled flag 'off'/],
      ['an empty value', dep('1', ''), /Invalid value for operator flag_evaluates_to/],
    ])('rejects %s', (_name, raw, detail) => {
      expect(errorOf(raw, ctx({ flags })).detail).toMatch(detail);
    });

    it('rejects depending on itself and cycles', () => {
      expect(errorOf(dep('9'), ctx({ flags, flagId: 9 })).detail).toBe(
        "Feature flag 'my-flag' cannot depend on itself",
      );
      expect(errorOf(dep('1'), ctx({ flags, flagId: 9 })).detail).toBe(
        'Circular dependency detected: my-flag → one → two → my-flag',
      );
    });
  });
});

describe('cohort references in flag filters', () => {
  const filters = {
    groups: [
      {
        properties: [
          { key: 'id', type: 'cohort', value: 3 },
          { key: 'plan', type: 'person', value: 'x' },
        ],
      },
      { properties: [{ key: 'id', type: 'cohort', value: '4', operator: 'not_in' }] },
    ],
  };

  it('finds, renames and remaps them', () => {
    expect(flagCohortIds(filters)).toEqual([3, 4]);
    expect(flagCohortIds({ groups: 'nope' })).toEqual([]);
    const named = withCohortNames(filters, new Map([[3, 'Three']]));
    expect(named.groups[0].properties![0]).toEqual({ key: 'id', type: 'cohort', value: 3, cohort_name: 'Three' });
    expect(named.groups[1].properties![0]).not.toHaveProperty('cohort_name');
    expect(filters.groups[0].properties[0]).not.toHaveProperty('cohort_name');
    const moved = remapCohortIds(
      filters,
      new Map([
        [3, 30],
        [4, 40],
      ]),
    );
    expect(flagCohortIds(moved)).toEqual([30, 40]);
  });

  it('checks them as PostHog does', () => {
    const check = cohortCheck(
      new Map([
        [1, { name: 'Live', deleted: false, behavioral: false }],
        [2, { name: 'Gone', deleted: true, behavioral: false }],
        [3, { name: 'Events', deleted: false, behavioral: true }],
      ]),
    );
    expect(check(1)).toBeNull();
    expect(check(2)).toMatchObject({ code: 'cohort_does_not_exist', detail: 'Cohort with id 2 does not exist' });
    expect(check(9)).toMatchObject({ code: 'cohort_does_not_exist', attr: 'filters' });
    expect(check(3)).toMatchObject({
      code: 'behavioral_cohort_found',
      detail: "Cohort 'Events' with filters on events cannot be used in feature flags.",
    });
  });
});

describe('hasDependencyConditions (whether a write takes the graph lock)', () => {
  const with_ = (list: string, type: string, key: unknown = 'x') => ({
    groups: [],
    [list]: [
      {
        properties: [
          { key: 'plan', type: 'person', value: 'pro' },
          { key, type, value: 1 },
        ],
      },
    ],
  });

  it.each(['groups', 'super_groups', 'holdout_groups'])(
    'counts flag and cohort conditions in %s, ids read or not',
    (list) => {
      expect(hasDependencyConditions(with_(list, 'flag', '12'))).toBe(true);
      expect(hasDependencyConditions(with_(list, 'flag', 'not an id'))).toBe(true);
      expect(hasDependencyConditions(with_(list, 'cohort'))).toBe(true);
      expect(hasDependencyConditions(with_(list, 'person'))).toBe(false);
    },
  );

  it('reads any input without throwing', () => {
    for (const input of [undefined, null, 'x', [], { groups: 'x' }, { groups: [null, { properties: 'x' }] }]) {
      expect(hasDependencyConditions(input)).toBe(false);
    }
  });
});
