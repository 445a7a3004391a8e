/** @sql-insensitive the OpenAPI document of the persons routes */
import request from 'supertest';
import { ingest, personOf } from './factories';
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';

// Every persons and ingestion response a client can get is described by the OpenAPI document.
describe('persons and ingestion responses match the OpenAPI document', () => {
  let t: TestApp;
  let api: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    api = await OpenApiDocument.fetch(t);
    await ingest(t, t.projectToken, [
      { event: 'x', distinct_id: 'doc-anon', properties: { $set: { email: 'doc@example.com', n: 1 } } },
      { event: '$identify', distinct_id: 'doc-user', properties: { $anon_distinct_id: 'doc-anon' } },
    ]);
  });
  afterAll(() => t?.close());

  it('for every route and status the tests produce', async () => {
    const base = `/api/projects/${t.projectId}/persons`;
    const tpl = '/api/projects/{project_id}/persons';
    const p = (await personOf(t, 'doc-user'))!;
    const calls: Array<[string, string, request.Response]> = [
      ['get', tpl, await t.get(`${base}/`)],
      ['get', tpl, await t.get(`${base}/?format=csv`)],
      ['get', tpl, await t.get(`${base}/?properties=%5B`)],
      ['get', tpl, await t.get(`${base}/`, null)],
      ['get', `${tpl}/{id}`, await t.get(`${base}/${p.id}/`)],
      ['get', `${tpl}/{id}`, await t.get(`${base}/${p.id}/?format=csv`)],
      ['get', `${tpl}/{id}`, await t.get(`${base}/nope/`)],
      ['get', `${tpl}/{id}`, await t.get(`${base}/424242/`)],
      ['patch', `${tpl}/{id}`, await t.patch(`${base}/${p.id}/`, { properties: { n: 2 } })],
      ['patch', `${tpl}/{id}`, await t.patch(`${base}/${p.id}/`, {})],
      [
        'post',
        `${tpl}/{id}/update_property`,
        await t.post(`${base}/${p.id}/update_property/`, { key: 'k', value: [1] }),
      ],
      ['post', `${tpl}/{id}/update_property`, await t.post(`${base}/${p.id}/update_property/`, { key: 'k' })],
      ['post', `${tpl}/{id}/delete_property`, await t.post(`${base}/${p.id}/delete_property/`, { $unset: 'k' })],
      ['post', `${tpl}/{id}/delete_property`, await t.post(`${base}/${p.id}/delete_property/`, {})],
      ['get', `${tpl}/{id}/activity`, await t.get(`${base}/${p.id}/activity/`)],
      ['get', `${tpl}/activity`, await t.get(`${base}/activity/`)],
      ['get', `${tpl}/{id}/properties_timeline`, await t.get(`${base}/${p.id}/properties_timeline/`)],
      ['post', `${tpl}/{id}/split`, await t.post(`${base}/${p.id}/split/`, { main_distinct_id: 'doc-user' })],
      ['post', `${tpl}/{id}/split`, await t.post(`${base}/${p.id}/split/`, { main_distinct_id: 'x' })],
      ['delete', `${tpl}/{id}`, await t.del(`${base}/${p.id}/?delete_events=true`)],
      ['delete', `${tpl}/{id}`, await t.del(`${base}/${p.id}/`)],
      [
        'post',
        '/batch',
        await request(t.baseUrl)
          .post('/batch/')
          .send({ api_key: t.projectToken, batch: [{ event: 'e', distinct_id: 'd' }] }),
      ],
      [
        'post',
        '/batch',
        await request(t.baseUrl)
          .post('/batch/')
          .send({ api_key: t.projectToken, batch: [{ event: 'e' }] }),
      ],
      [
        'post',
        '/e',
        await request(t.baseUrl)
          .post('/e/')
          .send([{ event: 'e', properties: { distinct_id: 'd' } }]),
      ],
      [
        'post',
        '/capture',
        await request(t.baseUrl).post('/capture/').send({ api_key: 'phc_nope', event: 'e', distinct_id: 'd' }),
      ],
    ];
    for (const [method, template, res] of calls) api.expectDocumented(method, template, res);
    expect(calls.map(([, , r]) => r.status)).toEqual([
      200, 200, 400, 401, 200, 200, 400, 404, 200, 400, 200, 400, 200, 400, 200, 200, 200, 200, 400, 204, 404, 200, 400,
      401, 401,
    ]);
  });
});
