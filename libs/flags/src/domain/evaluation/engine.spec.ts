import { EvaluationBudget } from '@app/targeting';
import type { CohortDefinition, FlagDefinition, FlagFilters } from './definitions';
import {
  compileConditionMatcher,
  compileFlags,
  evaluateAll,
  evaluateFlag,
  flagsWithExperienceContinuity,
} from './engine';
import type { EvaluationContext } from './engine';
import { flagHash } from './hash';

let nextId = 1;
function flag(key: string, filters: FlagFilters, extra: Partial<FlagDefinition> = {}): FlagDefinition {
  return { id: nextId++, key, active: true, filters, ...extra };
}

function evaluate(
  flags: FlagDefinition[],
  key: string,
  context: Partial<EvaluationContext> = {},
  cohorts: CohortDefinition[] = [],
) {
  const project = compileFlags(flags, cohorts, { groupTypeMapping: { '0': 'company', '1': 'team' } });
  const result = evaluateFlag(project, key, { distinctId: 'user-1', ...context });
  if (!result) throw new Error(`no flag ${key}`);
  return result;
}

const everyone = { groups: [{ properties: [], rollout_percentage: null }] };

describe('evaluation engine', () => {
  describe('bucketing (golden vectors, reference/sdk-clients.md §1.5)', () => {
    const multiVariant = flag('multi-variant', {
      groups: [{ properties: [], rollout_percentage: 100 }],
      multivariate: {
        variants: [
          { key: 'control', rollout_percentage: 34 },
          { key: 'test-a', rollout_percentage: 33 },
          { key: 'test-b', rollout_percentage: 33 },
        ],
      },
    });
    const partial = flag('partial-rollout', { groups: [{ properties: [], rollout_percentage: 37 }] });

    it.each([
      ['distinct-0', 'test-a', true],
      ['distinct-1', 'test-a', false],
      ['distinct-2', 'control', false],
      ['distinct-3', 'control', true],
    ])('%s → %s, in 37%%: %s', (distinctId, variant, inRollout) => {
      expect(evaluate([multiVariant], 'multi-variant', { distinctId }).value).toBe(variant);
      const result = evaluate([partial], 'partial-rollout', { distinctId });
      expect(result.value).toBe(inRollout);
      expect(result.reason.code).toBe(inRollout ? 'condition_match' : 'out_of_rollout_bound');
    });

    it('gives no variant (true) when the hash lands past the last variant', () => {
      const short = flag('beta-feature', {
        groups: [{ properties: [], rollout_percentage: null }],
        multivariate: { variants: [{ key: 'a', rollout_percentage: 10 }] },
      });
      // variant hash of beta-feature / user-1 is 0.1457…, past the 10% variant
      expect(flagHash('beta-feature', 'user-1', 'variant')).toBeGreaterThan(0.1);
      const result = evaluate([short], 'beta-feature');
      expect([result.value, result.variant]).toEqual([true, null]);
    });

    it('rolls out 0% to nobody and 100% to everybody', () => {
      const zero = flag('zero', { groups: [{ properties: [], rollout_percentage: 0 }] });
      const all = flag('all', { groups: [{ properties: [], rollout_percentage: 100 }] });
      for (let i = 0; i < 200; i++) {
        expect(evaluate([zero], 'zero', { distinctId: `u${i}` }).value).toBe(false);
        expect(evaluate([all], 'all', { distinctId: `u${i}` }).value).toBe(true);
      }
    });
  });

  describe('conditions and reasons', () => {
    const plan = (value: string) => ({ key: 'plan', type: 'person', operator: 'exact', value });

    it('reports the matching condition by its stored index', () => {
      const f = flag('f', { groups: [{ properties: [plan('free')] }, { properties: [plan('pro')] }] });
      const result = evaluate([f], 'f', { personProperties: { plan: 'pro' } });
      expect(result.reason).toEqual({
        code: 'condition_match',
        condition_index: 1,
        description: 'Matched condition set 2',
      });
    });

    it('reports the highest-priority miss, ties going to the later condition', () => {
      const f = flag('f', {
        groups: [
          { properties: [plan('pro')], rollout_percentage: 0 }, // out of rollout
          { properties: [plan('free')] }, // no match
          { properties: [plan('pro')], rollout_percentage: 0 }, // out of rollout, later
        ],
      });
      expect(evaluate([f], 'f', { personProperties: { plan: 'pro' } }).reason).toEqual({
        code: 'out_of_rollout_bound',
        condition_index: 2,
        description: 'Out of rollout bound',
      });
      expect(evaluate([f], 'f', { personProperties: { plan: 'x' } }).reason).toMatchObject({
        code: 'no_condition_match',
        condition_index: 2,
      });
      // PostHog's seed when no condition gave a reason: the lowest one, no condition.
      expect(evaluate([flag('none', { groups: [] })], 'none').reason).toMatchObject({
        code: 'no_group_type',
        condition_index: null,
      });
    });

    it('tries conditions in stored order, as PostHog does since September 2025 (PostHog/posthog#37859)', () => {
      const variants = [
        { key: 'a', rollout_percentage: 50 },
        { key: 'b', rollout_percentage: 50 },
      ];
      const f = flag('ordered', {
        groups: [
          { properties: [plan('pro')], variant: null },
          { properties: [], variant: null },
          { properties: [], variant: 'b' },
          { properties: [plan('pro')], variant: 'a' },
        ],
        multivariate: { variants },
      });
      const pro = evaluate([f], 'ordered', { distinctId: 'user-7', personProperties: { plan: 'pro' } });
      expect(pro.reason.condition_index).toBe(0);
      const f2 = flag('ordered-2', { ...f.filters, groups: [f.filters!.groups![2], f.filters!.groups![3]] });
      const second = evaluate([f2], 'ordered-2', { distinctId: 'user-7', personProperties: { plan: 'pro' } });
      expect([second.value, second.reason.condition_index]).toEqual(['b', 0]);
      const f3 = flag('ordered-3', { ...f.filters, groups: [f.filters!.groups![0], f.filters!.groups![3]] });
      const free = evaluate([f3], 'ordered-3', { distinctId: 'user-7', personProperties: { plan: 'free' } });
      // No match: a tie goes to the later condition.
      expect(free.reason).toMatchObject({ code: 'no_condition_match', condition_index: 1 });
    });

    it("fails regex conditions once the request's budget is spent, and says so when nothing matched", () => {
      const slow = { key: 'email', type: 'person', operator: 'regex', value: '.{0,90}x' };
      const groups = Array.from({ length: 20 }, () => ({ properties: [slow] }));
      const f = flag('slow', { groups });
      const g = flag('other', { groups: [{ properties: [plan('pro')] }] });
      const budget = new EvaluationBudget(100_000);
      const [slowResult, other] = evaluateAll(compileFlags([f, g]), {
        distinctId: 'u',
        personProperties: { email: 'a'.repeat(100_000), plan: 'pro' },
        budget,
      });
      expect(slowResult.value).toBe(false);
      expect(slowResult.reason.description).toContain('budget ran out');
      expect(other).toMatchObject({ value: true, reason: { code: 'condition_match' } });
      expect(other.reason.description).not.toContain('budget');
    });

    it('ignores an override that names no variant, and stops at early_exit', () => {
      const f = flag('f', {
        groups: [{ properties: [], variant: 'nope' }],
        multivariate: { variants: [{ key: 'only', rollout_percentage: 100 }] },
      });
      expect(evaluate([f], 'f').value).toBe('only');
      const early = flag('early', {
        early_exit: true,
        groups: [{ properties: [], rollout_percentage: 0 }, { properties: [] }],
      });
      expect(evaluate([early], 'early').reason).toMatchObject({ code: 'out_of_rollout_bound', condition_index: 0 });
      const late = flag('late', { groups: [{ properties: [], rollout_percentage: 0 }, { properties: [] }] });
      expect(evaluate([late], 'late').value).toBe(true);
    });

    it('injects distinct_id as a person property (a passed one wins)', () => {
      const f = flag('f', { groups: [{ properties: [{ key: 'distinct_id', type: 'person', value: 'user-1' }] }] });
      expect(evaluate([f], 'f').value).toBe(true);
      expect(evaluate([f], 'f', { personProperties: { distinct_id: 'other' } }).value).toBe(false);
    });

    it('does not evaluate inactive flags and skips deleted ones', () => {
      const inactive = flag('off', everyone, { active: false });
      expect(evaluate([inactive], 'off')).toMatchObject({ value: false, reason: { code: 'flag_disabled' } });
      const project = compileFlags([flag('gone', everyone, { deleted: true })]);
      expect(evaluateFlag(project, 'gone', { distinctId: 'u' })).toBeUndefined();
    });
  });

  describe('payloads', () => {
    it('returns the payload of the value: "true" or the variant', () => {
      const boolean = flag('b', { ...everyone, payloads: { true: '{"a":1}' } });
      expect(evaluate([boolean], 'b').payload).toBe('{"a":1}');
      const variant = flag('v', {
        ...everyone,
        multivariate: { variants: [{ key: 'x', rollout_percentage: 100 }] },
        payloads: { true: '"t"', x: { raw: true } },
      });
      expect(evaluate([variant], 'v').payload).toBe('{"raw":true}');
      const off = flag('o', { groups: [{ properties: [], rollout_percentage: 0 }], payloads: { true: '1' } });
      expect(evaluate([off], 'o').payload).toBeNull();
    });
  });

  describe('group flags', () => {
    const company = (filters: Partial<FlagFilters> = {}) =>
      flag('org', {
        aggregation_group_type_index: 0,
        groups: [{ properties: [], rollout_percentage: 50 }],
        ...filters,
      });

    it('answers no_group_type, with the skipped condition, when the group is not passed or the type is unknown', () => {
      expect(evaluate([company()], 'org').reason).toEqual({
        code: 'no_group_type',
        condition_index: 0,
        description: 'No group type',
      });
      const unknown = flag('u', { aggregation_group_type_index: 7, ...everyone });
      expect(evaluate([unknown], 'u', { groups: { company: 'acme' } }).reason.code).toBe('no_group_type');
    });

    it('buckets by the group key and matches group properties with $group_key', () => {
      const expected = flagHash('org', 'acme') <= 0.5;
      expect(evaluate([company()], 'org', { groups: { company: 'acme' }, distinctId: 'anyone' }).value).toBe(expected);
      const keyed = company({
        groups: [{ properties: [{ key: '$group_key', type: 'group', group_type_index: 0, value: 'ACME' }] }],
      });
      expect(evaluate([keyed], 'org', { groups: { company: 'acme' } }).value).toBe(true);
      const sized = company({
        groups: [{ properties: [{ key: 'size', type: 'group', group_type_index: 0, operator: 'gt', value: 10 }] }],
      });
      const context = { groups: { company: 'acme' }, groupProperties: { company: { size: 50 } } };
      expect(evaluate([sized], 'org', context).value).toBe(true);
    });

    it('skips a group-bucketed condition of a person flag when its group is missing', () => {
      const mixed = flag('mixed', {
        groups: [
          { properties: [], aggregation_group_type_index: 1 },
          { properties: [{ key: 'plan', type: 'person', value: 'pro' }] },
        ],
      });
      // A condition that was evaluated outranks one skipped for want of its group (PostHog's ranking).
      expect(evaluate([mixed], 'mixed').reason).toEqual({
        code: 'no_condition_match',
        condition_index: 1,
        description:
          'No matching condition set (group conditions were not evaluated because no group type was provided)',
      });
      expect(evaluate([mixed], 'mixed', { groups: { team: 't1' } }).reason.condition_index).toBe(0);
      const groupsOnly = flag('groups-only', {
        groups: [
          { properties: [], aggregation_group_type_index: 1 },
          { properties: [], aggregation_group_type_index: 0 },
        ],
      });
      expect(evaluate([groupsOnly], 'groups-only').reason).toMatchObject({ code: 'no_group_type', condition_index: 1 });
    });

    it('ranks out_of_rollout_bound over no_condition_match over no_group_type, as PostHog does', () => {
      const plan = (value: string) => ({ key: 'plan', type: 'person', operator: 'exact', value });
      const ranked = flag('ranked', {
        groups: [
          { properties: [plan('pro')], rollout_percentage: 0 },
          { properties: [], aggregation_group_type_index: 1 },
          { properties: [plan('free')] },
        ],
      });
      expect(evaluate([ranked], 'ranked', { distinctId: 'u', personProperties: { plan: 'pro' } }).reason).toMatchObject(
        {
          code: 'out_of_rollout_bound',
          condition_index: 0,
        },
      );
    });

    it('runs the holdout of a group flag called without its group over `holdout-` alone', () => {
      const held = company({ holdout: { id: 3, exclusion_percentage: 93 } });
      expect(evaluate([held], 'org').value).toBe('holdout-3'); // holdoutHash('') = 0.9268…
      const missed = company({ holdout: { id: 3, exclusion_percentage: 92 } });
      expect(evaluate([missed], 'org').reason).toMatchObject({ code: 'no_group_type', condition_index: 0 });
    });
  });

  describe('cohorts', () => {
    const person = (key: string, value: unknown, extra = {}) => ({ key, type: 'person', value, ...extra });
    const inCohort = (id: number, operator = 'in') => ({ key: 'id', type: 'cohort', value: id, operator });
    const cohorts: CohortDefinition[] = [
      {
        id: 1,
        filters: {
          properties: {
            type: 'OR',
            values: [
              { type: 'AND', values: [person('plan', 'pro'), person('country', 'DE', { negation: true })] },
              { type: 'AND', values: [person('email', 'example.com', { operator: 'icontains' })] },
            ],
          },
        },
      },
      { id: 2, is_static: true },
      { id: 3, filters: { properties: { type: 'AND', values: [inCohort(1), inCohort(2)] } } },
      { id: 4, filters: { properties: { type: 'AND', values: [inCohort(2, 'not_in')] } } },
    ];
    const byCohort = (id: number, operator?: string) =>
      flag(`c${id}${operator ?? ''}`, { groups: [{ properties: [inCohort(id, operator)] }] });

    it('evaluates nested AND/OR groups with negation', () => {
      const f = byCohort(1);
      expect(evaluate([f], f.key, { personProperties: { plan: 'pro', country: 'FR' } }, cohorts).value).toBe(true);
      expect(evaluate([f], f.key, { personProperties: { plan: 'pro', country: 'DE' } }, cohorts).value).toBe(false);
      expect(evaluate([f], f.key, { personProperties: { email: 'a@EXAMPLE.com' } }, cohorts).value).toBe(true);
      const out = byCohort(1, 'not_in');
      expect(evaluate([out], out.key, { personProperties: { plan: 'free' } }, cohorts).value).toBe(true);
    });

    it('asks the caller about static cohorts, also inside other cohorts', () => {
      const f = byCohort(3);
      const member = { personProperties: { plan: 'pro' }, isInStaticCohort: (id: number) => id === 2 };
      expect(evaluate([f], f.key, member, cohorts).value).toBe(true);
      expect(evaluate([f], f.key, { personProperties: { plan: 'pro' } }, cohorts).value).toBe(false);
      const negated = byCohort(4);
      expect(evaluate([negated], negated.key, {}, cohorts).value).toBe(true);
    });

    it('never matches a cohort that does not exist, and survives cohort cycles', () => {
      const missing = byCohort(99, 'not_in');
      expect(evaluate([missing], missing.key, {}, cohorts).value).toBe(false);
      const cyclic: CohortDefinition[] = [
        { id: 5, filters: { properties: { type: 'AND', values: [inCohort(6)] } } },
        { id: 6, filters: { properties: { type: 'AND', values: [inCohort(5)] } } },
      ];
      const f = byCohort(5);
      expect(evaluate([f], f.key, {}, cyclic).value).toBe(false);
    });
  });

  describe('flag dependencies', () => {
    it('evaluates dependencies by key or id, once per call', () => {
      const base = flag('base', {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: { variants: [{ key: 'blue', rollout_percentage: 100 }] },
      });
      const dependsOn = (key: string, value: unknown, reference: string) =>
        flag(key, {
          groups: [{ properties: [{ key: reference, type: 'flag', operator: 'flag_evaluates_to', value }] }],
        });
      const flags = [
        base,
        dependsOn('on-any', true, 'base'),
        dependsOn('on-blue', 'blue', String(base.id)),
        dependsOn('on-off', false, 'base'),
        dependsOn('on-red', 'red', 'base'),
      ];
      const project = compileFlags(flags);
      const values = Object.fromEntries(evaluateAll(project, { distinctId: 'u' }).map((r) => [r.key, r.value]));
      expect(values).toEqual({ base: 'blue', 'on-any': true, 'on-blue': true, 'on-off': false, 'on-red': false });
    });

    it('turns off flags whose dependencies are missing or cyclic', () => {
      const dependency = (key: string, on: string) =>
        flag(key, {
          groups: [{ properties: [{ key: on, type: 'flag', operator: 'flag_evaluates_to', value: true }] }],
        });
      const flags = [dependency('a', 'b'), dependency('b', 'a'), dependency('c', 'nowhere'), dependency('d', 'c')];
      const project = compileFlags(flags);
      for (const result of evaluateAll(project, { distinctId: 'u' })) {
        expect(result).toMatchObject({ value: false, reason: { code: 'missing_dependency', condition_index: null } });
      }
    });

    it('evaluates and checks a 20,000-flag chain without recursing per level', () => {
      const link = (i: number) =>
        flag(`link-${i}`, {
          groups: [
            {
              properties:
                i === 0 ? [] : [{ key: `link-${i - 1}`, type: 'flag', operator: 'flag_evaluates_to', value: true }],
              rollout_percentage: 100,
            },
          ],
        });
      const chain = Array.from({ length: 20_000 }, (_, i) => link(i));
      const project = compileFlags(chain);
      expect(evaluateFlag(project, 'link-19999', { distinctId: 'u' })).toMatchObject({ value: true });
      expect(evaluateAll(project, { distinctId: 'u' }).every((r) => r.value === true)).toBe(true);
      // The head depends on a flag that does not exist: the whole chain is off.
      const headless = compileFlags(chain.slice(1));
      expect(evaluateFlag(headless, 'link-19999', { distinctId: 'u' })).toMatchObject({
        value: false,
        reason: { code: 'missing_dependency' },
      });
    });

    it('treats an inactive dependency as false', () => {
      const off = flag('off-dep', everyone, { active: false });
      const f = flag('needs-off', {
        groups: [{ properties: [{ key: 'off-dep', type: 'flag', operator: 'flag_evaluates_to', value: false }] }],
      });
      expect(evaluate([off, f], 'needs-off').value).toBe(true);
    });
  });

  describe('an empty distinct id (PostHog: rollout and variant hash 0)', () => {
    it('is inside a 0% rollout and gets the first variant; a holdout hashes `holdout-` alone', () => {
      const zero = flag('zero', { groups: [{ properties: [], rollout_percentage: 0 }] });
      expect(evaluate([zero], 'zero', { distinctId: '' }).value).toBe(true);
      expect(evaluate([zero], 'zero', { distinctId: 'someone' }).value).toBe(false);
      const split = flag('split', {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: {
          variants: [
            { key: 'control', rollout_percentage: 50 },
            { key: 'test', rollout_percentage: 50 },
          ],
        },
      });
      expect(evaluate([split], 'split', { distinctId: '' }).value).toBe('control');
      const held = (exclusion: number) =>
        flag(`held-${exclusion}`, { ...everyone, holdout: { id: 7, exclusion_percentage: exclusion } });
      expect(evaluate([held(92)], 'held-92', { distinctId: '' }).value).toBe(true);
      expect(evaluate([held(93)], 'held-93', { distinctId: '' }).value).toBe('holdout-7');
    });
  });

  describe('early access and holdouts', () => {
    const enrolment = (key: string) => ({
      super_groups: [
        {
          properties: [{ key: `$feature_enrollment/${key}`, type: 'person', operator: 'exact', value: ['true'] }],
          rollout_percentage: 100,
        },
      ],
      groups: [{ properties: [], rollout_percentage: 0 }],
      payloads: { true: '"early"' },
    });

    it('lets the enrolment property decide once it is set (super_groups)', () => {
      const f = flag('beta', enrolment('beta'));
      const enrolled = evaluate([f], 'beta', { personProperties: { '$feature_enrollment/beta': true } });
      expect(enrolled).toMatchObject({ value: true, payload: '"early"' });
      expect(enrolled.reason).toEqual({
        code: 'super_condition_value',
        condition_index: 0,
        description: 'Super condition value',
      });
      const optedOut = evaluate([f], 'beta', { personProperties: { '$feature_enrollment/beta': false } });
      expect(optedOut).toMatchObject({ value: false, reason: { code: 'super_condition_value' } });
      expect(evaluate([f], 'beta').reason.code).toBe('out_of_rollout_bound');
    });

    it('reads feature_enrollment: true the same way', () => {
      const f = flag('eaf', { feature_enrollment: true, groups: [{ properties: [], rollout_percentage: 0 }] });
      expect(evaluate([f], 'eaf', { personProperties: { '$feature_enrollment/eaf': 'true' } }).value).toBe(true);
      expect(evaluate([f], 'eaf').value).toBe(false);
    });

    it('holds out a share of callers into holdout-<id> before the conditions', () => {
      const f = flag('exp', {
        ...everyone,
        holdout: { id: 7, exclusion_percentage: 100 },
        payloads: { 'holdout-7': '"held"' },
      });
      expect(evaluate([f], 'exp')).toMatchObject({
        value: 'holdout-7',
        payload: '"held"',
        reason: { code: 'holdout_condition_value', condition_index: null },
      });
      const none = flag('exp0', { ...everyone, holdout: { id: 7, exclusion_percentage: 0 } });
      expect(evaluate([none], 'exp0').value).toBe(true);
    });
  });

  describe('bucketing identity', () => {
    const half = { groups: [{ properties: [], rollout_percentage: 50 }] };

    it('uses the remembered hash key for experience continuity', () => {
      const f = flag('sticky', half, { ensure_experience_continuity: true });
      const project = compileFlags([f]);
      expect(flagsWithExperienceContinuity(project)).toEqual(['sticky']);
      for (let i = 0; i < 50; i++) {
        const anonymous = `anon-${i}`;
        const expected = flagHash('sticky', anonymous) <= 0.5;
        const context = { distinctId: `user-${i}`, hashKeyOverrides: { sticky: anonymous } };
        expect(evaluateFlag(project, 'sticky', context)?.value).toBe(expected);
        expect(evaluateFlag(project, 'sticky', { distinctId: `user-${i}`, anonDistinctId: anonymous })?.value).toBe(
          expected,
        );
      }
    });

    it('buckets device flags by the device id and rolls nobody out without one', () => {
      const f = flag('device', half, { bucketing_identifier: 'device_id' });
      const expected = flagHash('device', 'dev-1') <= 0.5;
      expect(evaluate([f], 'device', { deviceId: 'dev-1' }).value).toBe(expected);
      expect(evaluate([f], 'device', { personProperties: { $device_id: 'dev-1' } }).value).toBe(expected);
      expect(evaluate([f], 'device').reason.code).toBe('out_of_rollout_bound');
    });
  });

  it('matches one condition alone, e.g. to count the persons it reaches', () => {
    const project = compileFlags([], [], { groupTypeMapping: { '0': 'company' } });
    const matcher = compileConditionMatcher(project, {
      properties: [{ key: 'plan', type: 'person', operator: 'icontains', value: 'PRO' }],
    });
    expect(matcher({ distinctId: 'a', personProperties: { plan: 'pro-yearly' } })).toBe(true);
    expect(matcher({ distinctId: 'b', personProperties: {} })).toBe(false);
    const group = compileConditionMatcher(project, { properties: [{ key: 'size', type: 'group', value: 5 }] }, 0);
    expect(group({ distinctId: 'x', groups: { company: 'c' }, groupProperties: { company: { size: 5 } } })).toBe(true);
  });

  it('evaluates a compiled 100-flag project in microseconds per flag', () => {
    const flags: FlagDefinition[] = [];
    for (let i = 0; i < 100; i++) {
      flags.push(
        flag(`perf-${i}`, {
          groups: [
            {
              properties: [
                { key: 'email', type: 'person', operator: 'regex', value: `^user-${i % 10}.*@example\\.com$` },
                { key: 'plan', type: 'person', operator: 'exact', value: ['pro', 'enterprise'] },
              ],
              rollout_percentage: 50,
            },
            {
              properties: [
                { key: 'app_version', type: 'person', operator: 'semver_gte', value: '2.1.0' },
                { key: 'signup', type: 'person', operator: 'is_date_after', value: '-30d' },
              ],
              rollout_percentage: 30,
            },
            {
              properties: [{ key: 'country', type: 'person', operator: 'is_not', value: 'DE' }],
              rollout_percentage: 10,
            },
          ],
          multivariate:
            i % 3 === 0
              ? {
                  variants: [
                    { key: 'control', rollout_percentage: 50 },
                    { key: 'test', rollout_percentage: 50 },
                  ],
                }
              : null,
          payloads: { true: '{"enabled":true}' },
        }),
      );
    }
    const project = compileFlags(flags);
    const persons = Array.from({ length: 200 }, (_, i) => ({
      distinctId: `user-${i}`,
      personProperties: {
        email: `user-${i}@example.com`,
        plan: i % 2 ? 'pro' : 'free',
        app_version: `2.${i % 4}.0`,
        signup: new Date(Date.now() - (i % 60) * 86_400_000).toISOString(),
        country: i % 5 ? 'FR' : 'DE',
      },
    }));
    for (const person of persons.slice(0, 20)) evaluateAll(project, person); // warm up
    const started = process.hrtime.bigint();
    let evaluations = 0;
    for (const person of persons) evaluations += evaluateAll(project, person).length;
    const microsPerFlag = Number(process.hrtime.bigint() - started) / 1000 / evaluations;
    console.log(`100-flag project: ${microsPerFlag.toFixed(2)} µs per flag evaluation (${evaluations} evaluations)`);
    expect(evaluations).toBe(20_000);
    expect(microsPerFlag).toBeLessThan(100); // generous: Jest runs code several times slower than Node
  });
});
