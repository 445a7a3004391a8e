import type { CohortDefinition, FlagFilters, PropertyFilter, PropertyGroup } from './definitions';
import {
  cohortLookup,
  cohortsForLocalEvaluation,
  expandCohortsForLocalEvaluation,
  localEvaluationDefinitions,
} from './local-evaluation';

const person = (key: string, value: unknown, extra: Partial<PropertyFilter> = {}): PropertyFilter => ({
  key,
  type: 'person',
  operator: 'exact',
  value,
  ...extra,
});
const cohortRef = (id: number, extra: Partial<PropertyFilter> = {}): PropertyFilter => ({
  key: 'id',
  type: 'cohort',
  value: id,
  ...extra,
});
const cohort = (id: number, properties: PropertyGroup, extra: Partial<CohortDefinition> = {}): CohortDefinition => ({
  id,
  filters: { properties },
  ...extra,
});

const a = person('plan', 'pro');
const b = person('country', 'DE');
const c = person('email', 'x', { operator: 'icontains' });

const lookup = cohortLookup([
  cohort(1, { type: 'AND', values: [{ type: 'AND', values: [a, b] }] }),
  cohort(2, { type: 'OR', values: [{ type: 'OR', values: [a, b] }] }),
  cohort(3, {
    type: 'OR',
    values: [
      { type: 'AND', values: [a, b] },
      { type: 'AND', values: [c] },
    ],
  }),
  cohort(4, {
    type: 'AND',
    values: [
      { type: 'OR', values: [a, b] },
      { type: 'OR', values: [c] },
    ],
  }),
  cohort(5, { type: 'AND', values: [a, person('country', 'DE', { negation: true })] }),
  cohort(6, { type: 'AND', values: [a, cohortRef(1)] }),
  cohort(7, {}, { is_static: true }),
  cohort(8, { type: 'AND', values: [{ key: 'x', type: 'behavioral', value: 'performed_event' }] }),
  cohort(9, { type: 'OR', values: [a, cohortRef(7)] }),
  cohort(10, { type: 'AND', values: [a] }, { deleted: true }),
]);

const byCohort = (id: number, rollout: number | null = 50, extra: Partial<PropertyFilter> = {}): FlagFilters => ({
  groups: [{ properties: [cohortRef(id, extra)], rollout_percentage: rollout }],
  payloads: { true: '1' },
});

describe('cohort expansion for local evaluation', () => {
  it('turns an AND cohort into one condition and an OR cohort into one per property', () => {
    expect(expandCohortsForLocalEvaluation(byCohort(1), lookup)).toEqual({
      groups: [{ properties: [a, b], rollout_percentage: 50 }],
      payloads: { true: '1' },
    });
    expect(expandCohortsForLocalEvaluation(byCohort(2, null), lookup).groups).toEqual([
      { properties: [a], rollout_percentage: null },
      { properties: [b], rollout_percentage: null },
    ]);
  });

  it('turns an OR of ANDs into one condition per AND, keeping other conditions in place', () => {
    const filters: FlagFilters = {
      groups: [{ properties: [c], rollout_percentage: 10 }, ...byCohort(3, 30).groups!],
    };
    expect(expandCohortsForLocalEvaluation(filters, lookup).groups).toEqual([
      { properties: [c], rollout_percentage: 10 },
      { properties: [a, b], rollout_percentage: 30 },
      { properties: [c], rollout_percentage: 30 },
    ]);
  });

  it.each([
    ['an AND of ORs', byCohort(4)],
    ['negated properties', byCohort(5)],
    ['a nested cohort (two cohorts in all)', byCohort(6)],
    ['a static cohort', byCohort(7)],
    ['non-person properties', byCohort(8)],
    ['a deleted cohort', byCohort(10)],
    ['not_in', byCohort(1, 50, { operator: 'not_in' })],
    ['a cohort sharing its condition', { groups: [{ properties: [cohortRef(1), c] }] }],
    ['two cohorts', { groups: [{ properties: [cohortRef(1)] }, { properties: [cohortRef(2)] }] }],
    ['a variant override', { groups: [{ properties: [cohortRef(1)], variant: 'x' }] }],
  ])('leaves flags with %s unchanged', (_, filters: FlagFilters) => {
    expect(expandCohortsForLocalEvaluation(filters, lookup)).toBe(filters);
  });

  it('ships every referenced dynamic cohort, nested ones included, and no static one', () => {
    const shipped = cohortsForLocalEvaluation([byCohort(6), byCohort(9), byCohort(7), null], lookup);
    expect(Object.keys(shipped).sort()).toEqual(['1', '6', '9']);
    expect(shipped['1']).toEqual(lookup.get(1)?.filters?.properties);
  });
});

describe('what the definitions endpoints ship', () => {
  const variants = { variants: [{ key: 'x', rollout_percentage: 100 }] };

  it('ships live flags only, with dependency chains, conditions as stored and the cohorts they need', () => {
    const flags = [
      { id: 1, key: 'base', active: true, filters: { groups: [{ properties: [cohortRef(6)] }] } },
      {
        id: 2,
        key: 'dependent',
        active: false,
        filters: {
          groups: [
            { properties: [{ key: '1', type: 'flag', operator: 'flag_evaluates_to', value: true }] },
            { properties: [], variant: 'x' },
          ],
          multivariate: variants,
        },
      },
      { id: 3, key: 'gone', active: true, deleted: true, filters: { groups: [{ properties: [cohortRef(2)] }] } },
    ];
    const withCohorts = localEvaluationDefinitions(flags, [...lookup.values()], { sendCohorts: true });
    expect(withCohorts.flags.map((f) => f.key)).toEqual(['base', 'dependent']);
    expect(withCohorts.flags[1].filters.groups).toEqual([
      {
        properties: [
          { key: 'base', type: 'flag', operator: 'flag_evaluates_to', value: true, dependency_chain: ['base'] },
        ],
      },
      { properties: [], variant: 'x' },
    ]);
    expect(Object.keys(withCohorts.cohorts).sort()).toEqual(['1', '6']);

    const expanded = localEvaluationDefinitions(
      [{ id: 4, key: 'simple', active: true, filters: byCohort(1) }],
      [...lookup.values()],
      { sendCohorts: false },
    );
    expect(expanded.cohorts).toEqual({});
    expect(expanded.flags[0].filters.groups).toEqual([{ properties: [a, b], rollout_percentage: 50 }]);
  });
});
