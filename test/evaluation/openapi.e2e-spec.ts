/** @sql-insensitive the OpenAPI document of the evaluation routes */
import request from 'supertest';
import { OpenApiDocument, Operation } from '../support/openapi';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag, identify } from './factories';

describe('cohorts, evaluation, SDK and OFREP endpoints: responses match the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let paths: Record<string, Record<string, Operation>>;
  const checked = new Set<string>();

  function expectDocumented(path: string, method: string, res: request.Response) {
    doc.expectDocumented(method, path, res);
    checked.add(`${method} ${path} ${res.status}`);
  }

  beforeAll(async () => {
    t = await startTestApp();
    doc = await OpenApiDocument.fetch(t);
    paths = doc.doc.paths;
  });
  afterAll(() => t?.close());

  it('documents every route with its scopes or as an SDK route', () => {
    const mine = Object.entries(paths).filter(([p]) =>
      /cohorts|evaluation_reasons|my_flags|local_evaluation|user_blast_radius|static_cohort|dashboard|^\/flags|^\/decide|ofrep/.test(
        p,
      ),
    );
    expect(mine.length).toBeGreaterThanOrEqual(18);
    for (const [path, item] of mine) {
      for (const [method, op] of Object.entries(item)) {
        const sdk = /^\/(flags|decide|ofrep)/.test(path) && method === 'post';
        expect([path, method, sdk || (op['x-required-scopes'] ?? []).length > 0]).toEqual([path, method, true]);
      }
    }
    expect(paths['/api/projects/{project_id}/feature_flags/local_evaluation'].get['x-required-scopes']).toEqual([
      'feature_flag:read',
    ]);
    expect(
      paths['/api/projects/{project_id}/feature_flags/{id}/create_static_cohort_for_flag'].post['x-required-scopes'],
    ).toEqual(['feature_flag:write', 'cohort:write']);
  });

  it('matches what the endpoints answer', async () => {
    const C = '/api/projects/{project_id}/cohorts';
    const cohorts = `/api/projects/${t.projectId}/cohorts`;
    const F = '/api/projects/{project_id}/feature_flags';
    const flagsBase = `/api/projects/${t.projectId}/feature_flags`;
    await identify(t, t.projectToken, [
      { distinctId: 'ann', properties: { plan: 'pro' } },
      { distinctId: 'ben', properties: { plan: 'free' } },
    ]);

    const created = await t
      .post(`${cohorts}/`, {
        name: 'Pros',
        filters: { properties: { type: 'AND', values: [{ key: 'plan', value: 'pro' }] } },
      })
      .expect(201);
    expectDocumented(C, 'post', created);
    const legacy = await t.post(`${cohorts}/`, {
      name: 'Legacy',
      groups: [{ properties: [{ key: 'plan', value: 'free' }] }],
    });
    expectDocumented(C, 'post', legacy);
    const staticCohort = await createCohort(t, { name: 'Static', is_static: true });
    expectDocumented(C, 'post', await t.post(`${cohorts}/`, { filters: {} }));
    expectDocumented(C, 'get', await t.get(`${cohorts}/?limit=2`));
    expectDocumented(`${C}/{id}`, 'get', await t.get(`${cohorts}/${created.body.id}/`));
    expectDocumented(`${C}/{id}`, 'get', await t.get(`${cohorts}/999/`));
    expectDocumented(`${C}/{id}`, 'patch', await t.patch(`${cohorts}/${created.body.id}/`, { description: 'd' }));
    expectDocumented(`${C}/{id}`, 'delete', await t.del(`${cohorts}/${created.body.id}/`));
    await waitFor(async () => ((await t.get(`${cohorts}/${created.body.id}/`)).body.is_calculating ? undefined : true));
    expectDocumented(`${C}/{id}/persons`, 'get', await t.get(`${cohorts}/${created.body.id}/persons/`));
    expectDocumented(
      `${C}/{id}/add_persons_to_static_cohort`,
      'patch',
      await t.req('patch', `${cohorts}/${staticCohort.id}/add_persons_to_static_cohort/`).send({ person_ids: [] }),
    );

    const flag = await createFlag(t, {
      key: 'pro',
      filters: {
        groups: [
          { properties: [{ key: 'id', type: 'cohort', value: created.body.id }] },
          { properties: [], rollout_percentage: 10, variant: 'b' },
        ],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 50 },
            { key: 'b', rollout_percentage: 50 },
          ],
        },
        payloads: { a: '{"x": 1}' },
      },
    });
    await createFlag(t, { key: 'off', active: false, filters: { groups: [], payloads: { true: '[1]' } } });
    expectDocumented(`${F}/{id}`, 'get', await t.get(`${flagsBase}/${flag.id}/`));
    expectDocumented(`${F}/evaluation_reasons`, 'get', await t.get(`${flagsBase}/evaluation_reasons?distinct_id=ann`));
    expectDocumented(`${F}/evaluation_reasons`, 'get', await t.get(`${flagsBase}/evaluation_reasons`));
    expectDocumented(`${F}/my_flags`, 'get', await t.get(`${flagsBase}/my_flags`));
    const local = await t.get(`${flagsBase}/local_evaluation?send_cohorts`);
    expectDocumented(`${F}/local_evaluation`, 'get', local);
    expectDocumented(
      `${F}/local_evaluation`,
      'get',
      await t.get(`${flagsBase}/local_evaluation`).set('If-None-Match', local.headers.etag),
    );
    expectDocumented(`${F}/local_evaluation`, 'get', await t.get(`${flagsBase}/local_evaluation`));
    expectDocumented(
      `${F}/user_blast_radius`,
      'post',
      await t.post(`${flagsBase}/user_blast_radius`, { condition: { properties: [{ key: 'plan', value: 'pro' }] } }),
    );
    expectDocumented(`${F}/user_blast_radius`, 'post', await t.post(`${flagsBase}/user_blast_radius`, {}));
    const staticForFlag = await t.post(`${flagsBase}/${flag.id}/create_static_cohort_for_flag`);
    expectDocumented(`${F}/{id}/create_static_cohort_for_flag`, 'post', staticForFlag);
    expectDocumented(
      `${F}/{id}/enrich_usage_dashboard`,
      'post',
      await t.post(`${flagsBase}/${flag.id}/enrich_usage_dashboard`),
    );
    expectDocumented(`${F}/{id}/dashboard`, 'post', await t.post(`${flagsBase}/${flag.id}/dashboard`));
    const dashboardId = (await t.get(`${flagsBase}/${flag.id}/`)).body.usage_dashboard;
    expectDocumented(`${F}/{id}`, 'get', await t.get(`${flagsBase}/${flag.id}/`));
    const D = '/api/projects/{project_id}/dashboards/{id}';
    expectDocumented(D, 'get', await t.get(`/api/projects/${t.projectId}/dashboards/${dashboardId}/`));
    expectDocumented(D, 'get', await t.get(`/api/projects/${t.projectId}/dashboards/12345/`));

    const sdk = request(t.baseUrl);
    const body = { token: t.projectToken, distinct_id: 'ann', person_properties: { plan: 'pro' } };
    expectDocumented('/flags', 'post', await sdk.post('/flags?v=2').send(body));
    expectDocumented('/flags', 'post', await sdk.post('/flags').send(body));
    expectDocumented('/flags', 'post', await sdk.post('/flags').send({ distinct_id: 'x' }));
    expectDocumented('/flags', 'post', await sdk.post('/flags').send({ token: t.projectToken }));
    expectDocumented('/decide', 'post', await sdk.post('/decide').send(body));
    expectDocumented('/decide', 'post', await sdk.post('/decide?v=2').send(body));
    expectDocumented('/decide', 'post', await sdk.post('/decide?v=3').send(body));
    expectDocumented('/decide', 'post', await sdk.post('/decide?v=4').send(body));
    for (const path of ['/flags/definitions', '/api/feature_flag/local_evaluation']) {
      const ok = await t.get(`${path}?token=${t.projectToken}&send_cohorts`);
      expectDocumented(path, 'get', ok);
      expectDocumented(
        path,
        'get',
        await t.get(`${path}?token=${t.projectToken}&send_cohorts`).set('If-None-Match', ok.headers.etag),
      );
      expectDocumented(path, 'get', await t.get(`${path}?token=phc_nope`));
      expectDocumented(path, 'get', await t.get(path));
    }

    const O = '/ofrep/v1/evaluate/flags';
    const auth = (r: request.Test) => r.set('Authorization', `Bearer ${t.projectToken}`);
    const context = { context: { targetingKey: 'ann' } };
    expectDocumented(`${O}/{key}`, 'post', await auth(sdk.post(`${O}/pro`)).send(context));
    expectDocumented(`${O}/{key}`, 'post', await auth(sdk.post(`${O}/off`)).send(context));
    expectDocumented(`${O}/{key}`, 'post', await auth(sdk.post(`${O}/nope`)).send(context));
    expectDocumented(`${O}/{key}`, 'post', await auth(sdk.post(`${O}/pro`)).send({ context: {} }));
    expectDocumented(`${O}/{key}`, 'post', await sdk.post(`${O}/pro`).send(context));
    const bulk = await auth(sdk.post(O)).send(context);
    expectDocumented(O, 'post', bulk);
    expectDocumented(O, 'post', await auth(sdk.post(O)).set('If-None-Match', bulk.headers.etag).send(context));
    expectDocumented(O, 'post', await auth(sdk.post(O)).set('Content-Type', 'application/json').send('nope'));

    expect(checked.size).toBeGreaterThanOrEqual(39);
  });
});
