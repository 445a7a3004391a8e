/** @sql-sensitive operators compiled to SQL */
import { createCohort, createFlag, flags, identify } from '../evaluation/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';

// between / not_between, icontains_multi / not_icontains_multi and numeric filter values (issue #38),
// each honoured alike by a flag (/flags, in memory), a dynamic cohort and the persons list (SQL).
const PERSONS = [
  { distinctId: 'teen', properties: { age: 15, email: 'teen@gmail.com' } },
  { distinctId: 'adult', properties: { age: '18', email: 'adult@PostHog.com' } },
  { distinctId: 'senior', properties: { age: 70, email: 'senior@yahoo.com' } },
  { distinctId: 'ageless', properties: { email: 'nobody@example.com' } },
];

const CASES: Array<[string, Record<string, unknown>, string[]]> = [
  ['between (inclusive)', { key: 'age', operator: 'between', value: [18, 65] }, ['adult']],
  ['between with string bounds', { key: 'age', operator: 'between', value: ['15', '18'] }, ['adult', 'teen']],
  [
    'not_between (also without the property)',
    { key: 'age', operator: 'not_between', value: [18, 65] },
    ['ageless', 'senior', 'teen'],
  ],
  ['icontains_multi', { key: 'email', operator: 'icontains_multi', value: ['GMAIL', 'posthog'] }, ['adult', 'teen']],
  [
    'not_icontains_multi',
    { key: 'email', operator: 'not_icontains_multi', value: ['gmail', 'posthog'] },
    ['ageless', 'senior'],
  ],
  ['gte with a numeric value', { key: 'age', operator: 'gte', value: 18 }, ['adult', 'senior']],
  ['lt with a numeric value', { key: 'age', operator: 'lt', value: 18 }, ['teen']],
];

describe('new property operators over HTTP: flags, cohorts and the persons list agree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, PERSONS);
  });
  afterAll(() => t?.close());

  it.each(CASES)('%s', async (name, filter, expected) => {
    const property = { ...filter, type: 'person' };
    const slug = name.replace(/[^a-z]+/g, '-');

    const flag = await createFlag(t, {
      key: `new-op-${slug}`,
      filters: { groups: [{ properties: [property], rollout_percentage: 100 }] },
    });
    const on: string[] = [];
    for (const { distinctId } of PERSONS) {
      const res = await flags(t, { token: t.projectToken, distinct_id: distinctId, flag_keys_to_evaluate: [flag.key] });
      if (res.body.flags[flag.key].enabled) on.push(distinctId);
    }
    expect(on.sort()).toEqual(expected);

    const listed = await t
      .get(`/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`)
      .expect(200);
    const inList = listed.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids[0]);
    expect(inList.sort()).toEqual(expected);

    const cohort = await createCohort(t, {
      name: `Cohort ${name}`,
      filters: { properties: { type: 'AND', values: [{ type: 'AND', values: [property] }] } },
    });
    await waitFor(async () => {
      const c = (await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/`).expect(200)).body;
      return c.is_calculating ? undefined : c;
    });
    const members = (await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/persons/?limit=100`).expect(200))
      .body.results as Array<{ distinct_ids: string[] }>;
    expect(members.map((p) => p.distinct_ids[0]).sort()).toEqual(expected);

    // A flag on the cohort answers as the cohort counts (the flags engine reads the cohort's filters).
    const onCohort = await createFlag(t, {
      key: `new-op-cohort-${slug}`,
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }], rollout_percentage: 100 }] },
    });
    const viaCohort: string[] = [];
    for (const { distinctId } of PERSONS) {
      const res = await flags(t, {
        token: t.projectToken,
        distinct_id: distinctId,
        flag_keys_to_evaluate: [onCohort.key],
      });
      if (res.body.flags[onCohort.key].enabled) viaCohort.push(distinctId);
    }
    expect(viaCohort.sort()).toEqual(expected);
  });

  it.each([
    [[18], 'between/not_between operator requires a two-element array [min, max]'],
    [[18, 'old'], 'between/not_between operator requires numeric values'],
    [[65, 18], 'between/not_between operator requires min value to be less than or equal to max value'],
  ])('refuses between %j on a flag, a cohort and the persons list', async (value, detail) => {
    const property = { key: 'age', type: 'person', operator: 'between', value };
    const flag = await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, {
        key: `new-op-bad-${Math.random().toString(36).slice(2, 8)}`,
        filters: { groups: [{ properties: [property] }] },
      })
      .expect(400);
    expect(flag.body).toMatchObject({ type: 'validation_error', attr: 'filters', code: 'invalid_value', detail });

    const cohort = await t
      .post(`/api/projects/${t.projectId}/cohorts/`, {
        name: 'bad range',
        filters: { properties: { type: 'AND', values: [property] } },
      })
      .expect(400);
    expect(cohort.body.detail).toContain(detail);

    const listed = await t
      .get(`/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`)
      .expect(400);
    expect(listed.body.detail).toContain(detail);
  });

  it('still refuses a non-numeric, non-string value for gte', async () => {
    const res = await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, {
        key: 'new-op-bad-gte',
        filters: { groups: [{ properties: [{ key: 'age', type: 'person', operator: 'gte', value: true }] }] },
      })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'invalid_value', detail: 'Invalid value for operator gte: True' });
  });
});
