/** @sql-insensitive the OpenAPI document of the flag routes */
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';

describe('feature flags: responses match the OpenAPI document', () => {
  let t: TestApp;
  let base: string;

  let api: OpenApiDocument;
  const expectDocumented = (path: string, method: string, status: number, body: unknown) =>
    api.expectDocumented(method, path, { status, body });

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
    api = await OpenApiDocument.fetch(t);
  });
  afterAll(() => t?.close());

  it('covers flags of every shape, lists, activity, errors and the organization endpoints', async () => {
    const P = '/api/projects/{project_id}/feature_flags';
    const cohort = await t
      .post(`/api/projects/${t.projectId}/cohorts/`, { name: 'Three', is_static: true })
      .expect(201);
    const bodies = [
      { key: 'plain' },
      {
        key: 'full',
        name: 'Everything',
        filters: {
          groups: [
            {
              properties: [{ key: 'email', type: 'person', value: ['a', 1, true], operator: 'exact' }],
              rollout_percentage: 12.5,
              variant: 'a',
            },
            {
              properties: [{ key: 'id', type: 'cohort', value: cohort.body.id, negation: null }],
              rollout_percentage: null,
              variant: null,
            },
            { properties: [{ key: 'plan', type: 'person', value: 'pro', operator: null, group_type_index: null }] },
          ],
          multivariate: {
            variants: [
              { key: 'a', name: null, rollout_percentage: 50 },
              { key: 'b', name: 'B', rollout_percentage: 50 },
            ],
          },
          payloads: { a: '{"x": 1}', b: null },
          aggregation_group_type_index: null,
          super_groups: [
            {
              properties: [{ key: '$feature_enrollment/full', type: 'person', value: ['true'], operator: 'exact' }],
              rollout_percentage: 100,
            },
          ],
          custom: { kept: true },
        },
        rollback_conditions: [{ threshold: 1 }],
        tags: ['x'],
      },
      {
        key: 'group',
        filters: {
          groups: [{ properties: [{ key: 'size', type: 'group', group_type_index: 0, value: '10', operator: 'gt' }] }],
          aggregation_group_type_index: 0,
        },
      },
      {
        key: 'rollback-object',
        rollback_conditions: { any: 'thing' },
        filters: { groups: [], payloads: { true: '1' } },
      },
    ];
    const created = [];
    for (const body of bodies) {
      const res = await t.post(`${base}/`, body).expect(201);
      expectDocumented(P, 'post', 201, res.body);
      created.push(res.body);
    }
    const dep = await t
      .post(`${base}/`, {
        key: 'dependent',
        filters: {
          groups: [{ properties: [{ key: created[0].id, type: 'flag', value: true, operator: 'flag_evaluates_to' }] }],
        },
      })
      .expect(201);
    expectDocumented(P, 'post', 201, dep.body);
    const patched = await t.patch(`${base}/${created[1].id}/`, { name: 'changed', deleted: true }).expect(200);
    expectDocumented(`${P}/{id}`, 'patch', 200, patched.body);
    expectDocumented(`${P}/{id}`, 'get', 200, (await t.get(`${base}/${created[2].id}/`).expect(200)).body);
    expectDocumented(P, 'get', 200, (await t.get(`${base}/?limit=2`).expect(200)).body);
    expectDocumented(`${P}/activity`, 'get', 200, (await t.get(`${base}/activity/`).expect(200)).body);
    const activity = await t.get(`${base}/${created[1].id}/activity/`).expect(200);
    expectDocumented(`${P}/{id}/activity`, 'get', 200, activity.body);

    const O = '/api/organizations/{organization_id}/feature_flags';
    const org = `/api/organizations/${t.organizationId}/feature_flags`;
    expectDocumented(`${O}/{feature_flag_key}`, 'get', 200, (await t.get(`${org}/plain/`).expect(200)).body);
    const target = (await t.post('/api/projects/', { name: 'Target' }).expect(201)).body.id;
    const copy = await t
      .post(`${org}/copy_flags/`, {
        feature_flag_key: 'group',
        from_project: t.projectId,
        target_project_ids: [target, 424242],
      })
      .expect(200);
    expect(copy.body.success).toHaveLength(1);
    expectDocumented(`${O}/copy_flags`, 'post', 200, copy.body);

    const conflict = await t.patch(`${base}/${created[0].id}/`, { version: 99 }).expect(409);
    expectDocumented(`${P}/{id}`, 'patch', 409, conflict.body);
    const invalid = await t.post(`${base}/`, { key: 'bad key' }).expect(400);
    expectDocumented(P, 'post', 400, invalid.body);
  });
});
