/** @sql-sensitive cohort membership compiled to SQL */
import { waitFor } from '../support/poll';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { createCohort, createFlag, identify } from './factories';

const pro = { key: 'plan', type: 'person', value: 'pro' };
const and = (...values: object[]) => ({ type: 'AND', values });
const group = (...values: object[]) => ({ properties: and(...values) });

describe('cohorts: CRUD, persons, static cohorts, and their use in flags', () => {
  let t: TestApp;
  let other: Tenant;
  let base: string;

  const cohort = async (id: number) => (await t.get(`${base}/${id}/`).expect(200)).body;
  const settled = (id: number) => waitFor(async () => ((await cohort(id)).is_calculating ? undefined : cohort(id)));

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    base = `/api/projects/${t.projectId}/cohorts`;
    await identify(t, t.projectToken, [
      { distinctId: 'p1', properties: { plan: 'pro', country: 'DE', age: 20 } },
      { distinctId: 'p2', properties: { plan: 'pro', country: 'FR', age: 40 } },
      { distinctId: 'p3', properties: { plan: 'free', country: 'DE' } },
      { distinctId: 'p4', properties: { plan: 'free' } },
    ]);
  });
  afterAll(() => t?.close());

  it('creates a dynamic cohort, counts it in the background, and lists its persons', async () => {
    const created = await t
      .post(`${base}/`, {
        name: 'German pros',
        description: 'Pro plan in Germany',
        filters: group(pro, { key: 'country', type: 'person', value: 'DE' }),
      })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'German pros',
      description: 'Pro plan in Germany',
      is_static: false,
      deleted: false,
      groups: [],
      query: null,
      errors_calculating: 0,
      version: 1,
      experiment_set: [],
      created_by: { email: t.email },
      filters: { properties: { type: 'AND' } },
    });
    const done = await settled(created.body.id);
    expect(done).toMatchObject({ count: 1, is_calculating: false, last_calculation: expect.any(String) });
    const persons = await t.get(`${base}/${created.body.id}/persons/`).expect(200);
    expect(persons.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(persons.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toEqual([['p1']]);
    const csv = await t.get(`${base}/${created.body.id}/persons/?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text).toContain('p1');
  });

  it('nests cohorts with OR groups and negation, and reads the legacy groups form', async () => {
    const german = await createCohort(t, {
      name: 'Germans',
      filters: group({ key: 'country', type: 'person', value: 'DE' }),
    });
    const nested = await createCohort(t, {
      name: 'Germans or not pro',
      filters: {
        properties: {
          type: 'OR',
          values: [and({ key: 'id', type: 'cohort', value: german.id }), and({ ...pro, negation: true })],
        },
      },
    });
    expect((await settled(nested.id)).count).toBe(3); // p1, p3 (German), p4 (not pro)
    const legacy = await createCohort(t, {
      name: 'Legacy',
      groups: [{ properties: [pro] }, { properties: [{ key: 'age', type: 'person', value: '30', operator: 'gt' }] }],
    });
    const done = await settled(legacy.id);
    expect(done.groups).toHaveLength(2);
    expect(done.filters.properties.type).toBe('OR');
    expect(done.count).toBe(2);
  });

  it('keeps static cohorts as lists of persons', async () => {
    const chosen = await createCohort(t, { name: 'Chosen', is_static: true });
    expect(chosen).toMatchObject({ is_static: true, count: 0, is_calculating: false });
    const uuid = async (d: string) =>
      (await t.get(`/api/projects/${t.projectId}/persons/?distinct_id=${d}`).expect(200)).body.results[0].uuid;
    const added = await t
      .req('patch', `${base}/${chosen.id}/add_persons_to_static_cohort/`)
      .send({ person_ids: [await uuid('p2'), await uuid('p3'), '00000000-0000-4000-8000-000000000000'] })
      .expect(200);
    expect(added.body).toEqual({ success: true, added: 2 });
    expect((await cohort(chosen.id)).count).toBe(2);
    const persons = await t.get(`${base}/${chosen.id}/persons/`).expect(200);
    expect(persons.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids[0]).sort()).toEqual(['p2', 'p3']);
    const dynamic = await createCohort(t, { name: 'D', filters: group(pro) });
    await t.req('patch', `${base}/${dynamic.id}/add_persons_to_static_cohort/`).send({ person_ids: [] }).expect(400);
    await t.patch(`${base}/${chosen.id}/`, { is_static: false }).expect(400);
  });

  it('updates, soft-deletes and restores; lists only live cohorts; refuses DELETE with 405', async () => {
    const c = await createCohort(t, { name: 'Temp', filters: group(pro) });
    const renamed = await t.patch(`${base}/${c.id}/`, { name: 'Renamed', filters: group({ ...pro, value: 'free' }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', version: 2 });
    expect((await settled(c.id)).count).toBe(2);
    await t.patch(`${base}/${c.id}/`, { deleted: true }).expect(200);
    const list = (await t.get(`${base}/?limit=1000`).expect(200)).body;
    expect(list.results.map((x: { id: number }) => x.id)).not.toContain(c.id);
    expect((await cohort(c.id)).deleted).toBe(true);
    await t.patch(`${base}/${c.id}/`, { deleted: false }).expect(200);
    expect((await t.get(`${base}/?limit=1000`).expect(200)).body.results.map((x: { id: number }) => x.id)).toContain(
      c.id,
    );
    const del = await t.del(`${base}/${c.id}/`);
    expect([del.status, del.text]).toEqual([405, '']);
    const activity = await t.get(`/api/projects/${t.projectId}/feature_flags/activity`).expect(200);
    expect(activity.body.results.every((e: { scope: string }) => e.scope === 'FeatureFlag')).toBe(true);
  });

  it.each([
    ['no filters', {}, 'filters', /needs filters/],
    ['filters as a list', { filters: [pro] }, 'filters', /Expected a dictionary/],
    ['an unknown operator', { filters: group({ ...pro, operator: 'near' }) }, 'filters', /Unknown operator/],
    [
      'an event property',
      { filters: group({ ...pro, type: 'event' }) },
      'filters',
      /person, person metadata, cohort, flag and behavioral/,
    ],
    [
      'a missing cohort',
      { filters: group({ key: 'id', type: 'cohort', value: 999999 }) },
      'filters',
      /Invalid Cohort ID/,
    ],
    [
      'a lookaround (SQL counts cohorts: no backtracking)',
      { filters: group({ ...pro, operator: 'regex', value: '(?<=a)b' }) },
      'filters',
      /feature flag conditions only/,
    ],
    ['a name too long', { name: 'x'.repeat(401), filters: group(pro) }, 'name', /no more than 400/],
    ['is_static as text', { is_static: 'yes' }, 'is_static', /boolean/],
  ])('refuses %s with 400 naming the field', async (_, body, attr, detail) => {
    const res = await t.post(`${base}/`, body).expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', attr });
    expect(res.body.detail).toMatch(detail);
  });

  it('validates an update field by field, name first, as a create does', async () => {
    const cohort = await createCohort(t, { name: 'Checked', filters: group(pro) });
    const path = `${base}/${cohort.id}/`;
    for (const [body, attr] of [
      [{ name: 5, groups: 'x' }, 'name'],
      [{ description: [] }, 'description'],
      [{ groups: 'x', filters: [] }, 'groups'],
      [{ filters: 'x' }, 'filters'],
      [{ deleted: 'yes' }, 'deleted'],
    ] as const) {
      const res = await t.patch(path, body).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr });
    }
    await t.patch(path, { name: 'Renamed', unknown: 1 }).expect(200);
    expect((await t.get(path).expect(200)).body).toMatchObject({ name: 'Renamed', description: '' });
  });

  it('refuses a cohort that would contain itself', async () => {
    const a = await createCohort(t, { name: 'A', filters: group(pro) });
    const b = await createCohort(t, { name: 'B', filters: group({ key: 'id', type: 'cohort', value: a.id }) });
    const res = await t.patch(`${base}/${a.id}/`, { filters: group({ key: 'id', type: 'cohort', value: b.id }) });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/loop/);
  });

  it('checks the cohorts flags point at, and shows their names', async () => {
    const live = await createCohort(t, { name: 'Live one', filters: group(pro) });
    const behavioural = await createCohort(t, {
      name: 'Signed up lately',
      filters: group({
        key: 'signed up',
        type: 'behavioral',
        value: 'performed_event',
        time_value: 7,
        time_interval: 'day',
      }),
    });
    const wrapper = await createCohort(t, {
      name: 'Wraps behaviour',
      filters: group({ key: 'id', type: 'cohort', value: behavioural.id }),
    });
    const gone = await createCohort(t, { name: 'Gone', filters: group(pro) });
    await t.patch(`${base}/${gone.id}/`, { deleted: true }).expect(200);
    const foreign = await createCohort(t, { name: 'Theirs', filters: group(pro) }, other.projectId, other.key);
    const flagWith = (id: number) => ({
      key: `uses-${id}`,
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: id }] }] },
    });
    for (const [id, code, detail] of [
      [999999, 'cohort_does_not_exist', 'Cohort with id 999999 does not exist'],
      [gone.id, 'cohort_does_not_exist', `Cohort with id ${gone.id} does not exist`],
      [foreign.id, 'cohort_does_not_exist', `Cohort with id ${foreign.id} does not exist`],
      [
        behavioural.id,
        'behavioral_cohort_found',
        "Cohort 'Signed up lately' with filters on events cannot be used in feature flags.",
      ],
      [
        wrapper.id,
        'behavioral_cohort_found',
        "Cohort 'Wraps behaviour' with filters on events cannot be used in feature flags.",
      ],
    ] as const) {
      const res = await t.post(`/api/projects/${t.projectId}/feature_flags/`, flagWith(id)).expect(400);
      expect(res.body).toEqual({ type: 'validation_error', code, detail, attr: 'filters' });
    }
    const flag = await createFlag(t, flagWith(live.id));
    expect(flag.filters).toEqual({
      groups: [{ properties: [{ key: 'id', type: 'cohort', value: live.id, cohort_name: 'Live one' }] }],
    });
    await t.patch(`${base}/${live.id}/`, { name: 'Live one, renamed' }).expect(200);
    const read = await t.get(`/api/projects/${t.projectId}/feature_flags/${flag.id}/`).expect(200);
    expect(read.body.filters.groups[0].properties[0].cohort_name).toBe('Live one, renamed');
    // The behavioural cohort itself counts persons by their events.
    await identify(t, t.projectToken, [{ distinctId: 'p1', properties: {} }]);
    expect((await settled(behavioural.id)).count).toBe(0);
  });

  it('keeps cohorts inside their organization (404) and needs the cohort scopes', async () => {
    const theirs = await createCohort(t, { name: 'Private', filters: group(pro) }, other.projectId, other.key);
    await t.get(`/api/projects/${other.projectId}/cohorts/${theirs.id}/`).expect(404);
    await t.get(`/api/projects/${t.projectId}/cohorts/${theirs.id}/`).expect(404);
    await t.patch(`/api/projects/${t.projectId}/cohorts/${theirs.id}/`, { name: 'x' }).expect(404);
    await t.get(`/api/projects/${t.projectId}/cohorts/${theirs.id}/persons/`).expect(404);
    await t.get(`/api/projects/${other.projectId}/cohorts/`).expect(404);
    await t.get(`${base}/abc/`).expect(404);
    const reader = await t.newUser(t.organizationId, { scopes: ['cohort:read'] });
    await t.get(`${base}/`, reader.key).expect(200);
    const denied = await t.post(`${base}/`, { name: 'x', filters: group(pro) }, reader.key).expect(403);
    expect(denied.body.detail).toBe("API key missing required scope 'cohort:write'");
    const persons = await t.get(`${base}/${theirs.id}/persons/`, reader.key);
    expect(persons.status).toBe(403);
    const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
    await t.get(`${base}/`, flagsOnly.key).expect(403);
  });
});
