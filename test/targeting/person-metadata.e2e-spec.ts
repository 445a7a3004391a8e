/** @sql-sensitive person metadata in SQL filters */
import { createCohort, createFlag, enabledFor, flags, identify } from '../evaluation/factories';
import { dataSource } from '../persons/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';

// Person-metadata filters (issue #38, PostHog's PersonMetadata): `type: person_metadata` reads the
// person's own fields (`created_at`), not its properties; flags (in memory), cohorts and the
// persons list (SQL) alike.
describe('person_metadata filters: the person’s created_at', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, [
      // A property of the same name must not be read instead.
      { distinctId: 'veteran', properties: { created_at: '2030-01-01' } },
      { distinctId: 'newcomer', properties: { created_at: '2000-01-01' } },
    ]);
    await dataSource(t).query(
      `UPDATE persons p SET created_at = '2020-03-01T10:00:00.123456Z'
         FROM person_distinct_ids d WHERE d.person_id = p.id AND d.distinct_id = 'veteran' AND p.project_id = $1`,
      [t.projectId],
    );
  });
  afterAll(() => t?.close());

  const distinctIds = (results: Array<{ distinct_ids: string[] }>) => results.map((p) => p.distinct_ids[0]).sort();

  it.each([
    ['created before 2021', { operator: 'is_date_before', value: '2021-01-01' }, ['veteran']],
    ['created in the last week', { operator: 'is_date_after', value: '-7d' }, ['newcomer']],
    [
      'created at that instant (to the millisecond)',
      { operator: 'is_date_exact', value: '2020-03-01T10:00:00.123Z' },
      ['veteran'],
    ],
    ['set for every person', { operator: 'is_set' }, ['newcomer', 'veteran']],
  ])('%s: flags, the persons list and a cohort agree', async (name, filter, expected) => {
    const property = { key: 'created_at', type: 'person_metadata', ...filter };
    const slug = name.replace(/[^a-z]+/g, '-');
    const flag = await createFlag(t, {
      key: `meta-${slug}`,
      filters: { groups: [{ properties: [property], rollout_percentage: 100 }] },
    });
    // An override of created_at in the request is a property, not the person's field.
    const overrides = { person_properties: { created_at: '1999-01-01' } };
    expect(await enabledFor(t, flag.key, ['newcomer', 'veteran'], overrides)).toEqual(expected);

    const listed = await t
      .get(`/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`)
      .expect(200);
    expect(distinctIds(listed.body.results)).toEqual(expected);

    const cohort = await createCohort(t, {
      name: `Meta ${name}`,
      filters: { properties: { type: 'AND', values: [{ type: 'AND', values: [property] }] } },
    });
    await waitFor(async () => {
      const c = (await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/`).expect(200)).body;
      return c.is_calculating ? undefined : c;
    });
    const members = await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/persons/?limit=100`).expect(200);
    expect(distinctIds(members.body.results)).toEqual(expected);
    const onCohort = await createFlag(t, {
      key: `meta-cohort-${slug}`,
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }], rollout_percentage: 100 }] },
    });
    expect(await enabledFor(t, onCohort.key, ['newcomer', 'veteran'])).toEqual(expected);
  });

  it('is false for an unknown distinct id (no person, no created_at)', async () => {
    const flag = await createFlag(t, {
      key: 'meta-unknown',
      filters: {
        groups: [
          { properties: [{ key: 'created_at', type: 'person_metadata', operator: 'is_set' }], rollout_percentage: 100 },
        ],
      },
    });
    const res = await flags(t, { token: t.projectToken, distinct_id: 'nobody', flag_keys_to_evaluate: [flag.key] });
    expect(res.body.flags[flag.key].enabled).toBe(false);
  });

  it('refuses a field that is not a person field, naming the filters', async () => {
    const property = { key: 'email', type: 'person_metadata', operator: 'exact', value: 'x' };
    const flag = await t.post(`/api/projects/${t.projectId}/feature_flags/`, {
      key: 'meta-bad',
      filters: { groups: [{ properties: [property], rollout_percentage: 100 }] },
    });
    expect({ status: flag.status, attr: flag.body.attr }).toEqual({ status: 400, attr: 'filters' });
    const listed = await t.get(
      `/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`,
    );
    expect(listed.status).toBe(400);
    const cohort = await t.post(`/api/projects/${t.projectId}/cohorts/`, {
      name: 'bad',
      filters: { properties: { type: 'AND', values: [property] } },
    });
    expect({ status: cohort.status, attr: cohort.body.attr }).toEqual({ status: 400, attr: 'filters' });
  });
});
