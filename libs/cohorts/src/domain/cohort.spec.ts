import { DomainError } from '@app/platform/errors/domain-error';
import {
  cohortDepth,
  cohortExpansion,
  findCohortCycle,
  hasBehavioralFilters,
  normalizeCohortFilters,
  referencedCohortIds,
  remapCohortReferences,
  CohortFilters,
} from './cohort';

const plan = { key: 'plan', type: 'person', operator: 'exact', value: 'pro' };
const inCohort = (id: number, extra = {}) => ({ key: 'id', type: 'cohort', value: id, ...extra });
const performed = {
  key: 'signed up',
  type: 'behavioral',
  value: 'performed_event',
  time_value: 7,
  time_interval: 'day',
};

function error(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('cohort filters', () => {
  it('keeps a {properties: group} definition, its group type upper-cased', () => {
    const { filters, groups } = normalizeCohortFilters({
      filters: { properties: { type: 'or', values: [{ type: 'AND', values: [plan, inCohort(3)] }] } },
    });
    expect(filters.properties?.type).toBe('OR');
    expect(groups).toEqual([]);
    expect(referencedCohortIds(filters)).toEqual([3]);
  });

  it('reads the legacy groups form (OR of ANDs; event_id is performed_event)', () => {
    const legacy = [{ properties: [plan] }, { event_id: '$pageview', days: 14 }];
    const { filters, groups } = normalizeCohortFilters({ groups: legacy });
    expect(groups).toBe(legacy);
    expect(filters.properties).toEqual({
      type: 'OR',
      values: [
        { type: 'AND', values: [plan] },
        {
          type: 'AND',
          values: [
            {
              key: '$pageview',
              type: 'behavioral',
              value: 'performed_event',
              event_type: 'events',
              time_value: 14,
              time_interval: 'day',
            },
          ],
        },
      ],
    });
    expect(hasBehavioralFilters(filters)).toBe(true);
  });

  it.each([
    ['no definition', {}, /needs filters/],
    ['a list instead of a group', { filters: { properties: [plan] } }, /type, values/],
    [
      'an unknown operator',
      { filters: { properties: { type: 'AND', values: [{ ...plan, operator: 'near' }] } } },
      /Unknown operator/,
    ],
    [
      'an event property',
      { filters: { properties: { type: 'AND', values: [{ ...plan, type: 'event' }] } } },
      /person, person metadata, cohort, flag and behavioral/,
    ],
    [
      'a cohort that is no id',
      { filters: { properties: { type: 'AND', values: [inCohort(0)] } } },
      /Invalid Cohort ID/,
    ],
    [
      'another behavioural filter',
      { filters: { properties: { type: 'AND', values: [{ ...performed, value: 'stopped_performing_event' }] } } },
      /performed_event and performed_event_first_time are/,
    ],
    [
      'a bad time window',
      { filters: { properties: { type: 'AND', values: [{ ...performed, time_interval: 'fortnight' }] } } },
      /time_interval/,
    ],
    ['actions', { groups: [{ action_id: 4 }] }, /actions are not supported/],
  ])('refuses %s with a 400 naming filters', (_, input, detail) => {
    const e = error(() => normalizeCohortFilters(input));
    expect(e.kind).toBe('invalid');
    expect(e.detail).toMatch(detail);
  });

  it('rewrites cohort references for a copy and finds loops', () => {
    const { filters } = normalizeCohortFilters({
      filters: {
        properties: { type: 'AND', values: [inCohort(1), { type: 'OR', values: [inCohort(2, { negation: true })] }] },
      },
    });
    const copied = remapCohortReferences(
      filters,
      new Map([
        [1, 11],
        [2, 12],
      ]),
    );
    expect(referencedCohortIds(copied)).toEqual([11, 12]);
    expect(
      findCohortCycle(
        5,
        [1],
        new Map([
          [1, [2]],
          [2, [5]],
        ]),
      ),
    ).toEqual([5, 1, 2, 5]);
    expect(
      findCohortCycle(
        5,
        [1],
        new Map([
          [1, [2]],
          [2, []],
        ]),
      ),
    ).toBeNull();
  });
});

describe('cohortDepth and cohortExpansion', () => {
  const chain = (n: number) =>
    new Map(
      Array.from({ length: n }, (_, i) => [
        i + 1,
        { properties: { type: 'AND', values: [i === 0 ? plan : inCohort(i)] } } as CohortFilters,
      ]),
    );

  it('counts the cohorts of the longest chain, a leaf cohort being 1 and a missing one 0', () => {
    const lookup = chain(3);
    expect([1, 2, 3].map((id) => cohortDepth(id, lookup))).toEqual([1, 2, 3]);
    expect(cohortDepth(99, lookup)).toBe(0);
    lookup.set(4, { properties: { type: 'OR', values: [inCohort(1), inCohort(3), inCohort(77)] } } as CohortFilters);
    expect(cohortDepth(4, lookup)).toBe(4);
  });

  it('walks a chain of 200,000 cohorts without recursion (both measures)', () => {
    const lookup = chain(200_000);
    expect(cohortDepth(200_000, lookup)).toBe(200_000);
    expect(cohortExpansion(200_000, lookup, 10)).toBe(1);
  });
});
