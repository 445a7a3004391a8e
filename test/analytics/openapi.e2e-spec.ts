/** @sql-insensitive the insights' OpenAPI document; their SQL is the marked files' business */
import request from 'supertest';
import { loadHistory, qs } from './history';
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';

const STEPS = [{ id: '$pageview' }, { id: 'signed up' }];
const MARCH = { date_from: '2024-03-01', date_to: '2024-03-31' };

// Every analytics response a client can get (JSON, CSV, errors) is described by the OpenAPI
// document, with the scopes each route needs.
describe('analytics responses match the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await startTestApp();
    await loadHistory(t);
    doc = await OpenApiDocument.fetch(t);
  });
  afterAll(() => t?.close());

  it('for every route and status', async () => {
    const base = `/api/projects/${t.projectId}/persons`;
    const tpl = '/api/projects/{project_id}/persons';
    const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
    const calls: Array<[string, string, request.Response, number]> = [];
    const get = async (route: string, query: Record<string, unknown>, status: number, key?: string | null) =>
      calls.push(['get', `${tpl}/${route}`, await t.get(`${base}/${route}/?${qs(query)}`, key), status]);
    const post = async (route: string, body: object, status: number) =>
      calls.push(['post', `${tpl}/${route}`, await t.post(`${base}/${route}/`, body), status]);

    const trends = { entity_id: '$pageview', ...MARCH };
    await get('trends', trends, 200);
    await get('trends', { ...trends, format: 'csv' }, 200);
    await get('trends', { ...trends, date_from: '2024-04-01', date_to: '2024-04-02' }, 200);
    await get('trends', { ...trends, limit: 1 }, 200);
    await get('trends', {}, 400);
    await get('trends', trends, 401, null);
    await get('trends', trends, 403, reader.key);
    const funnel = { events: STEPS, ...MARCH, funnel_step: 1 };
    await get('funnel', funnel, 200);
    await get('funnel', { ...funnel, format: 'csv' }, 200);
    await get('funnel', { funnel_step: 1 }, 400);
    await post('funnel', funnel, 200);
    await post('funnel', {}, 400);
    const correlation = { events: STEPS, ...MARCH, funnel_correlation_person_entity: { id: '$pageview' } };
    await get('funnel/correlation', correlation, 200);
    await get('funnel/correlation', { ...correlation, format: 'csv' }, 200);
    await get('funnel/correlation', { events: STEPS }, 400);
    await post('funnel/correlation', correlation, 200);
    await post('funnel/correlation', { events: STEPS }, 400);
    await get('path', MARCH, 200);
    await get('path', { ...MARCH, format: 'csv' }, 200);
    await get('path', { path_type: 'x' }, 400);
    await post('path', { ...MARCH, start_point: '/home' }, 200);
    await post('path', { path_type: 'x' }, 400);
    const lifecycle = {
      entity_id: '$pageview',
      target_date: '2024-03-10',
      lifecycle_type: 'dormant',
      interval: 'week',
    };
    await get('lifecycle', lifecycle, 200);
    await get('lifecycle', { ...lifecycle, format: 'csv' }, 200);
    await get('lifecycle', {}, 400);
    await get('stickiness', { entity_id: '$pageview', stickiness_days: 1, ...MARCH }, 200);
    await get('stickiness', { entity_id: '$pageview', stickiness_days: 1, ...MARCH, format: 'csv' }, 200);
    await get('stickiness', { entity_id: '$pageview' }, 400);
    await get('retention', { period: 'Week', total_intervals: 4, date_to: '2024-03-24' }, 200);
    await get('retention', { period: 'Week', total_intervals: 4, date_to: '2024-03-24', format: 'csv' }, 200);
    await get('retention', { period: 'Year' }, 400);
    await get('values', { key: 'plan' }, 200);
    await get('values', { key: 'plan', format: 'csv' }, 200);
    await get('values', { key: 'plan', limit: -1 }, 400);
    calls.push(['get', `${tpl}/trends`, await t.get(`/api/projects/999999/persons/trends/?entity_id=x`), 404]);

    for (const [method, template, res, status] of calls) {
      expect([method, template, res.status]).toEqual([method, template, status]);
      doc.expectDocumented(method, template, res);
    }
  });

  it('declares person:read on every analytics route', () => {
    for (const [method, route] of [
      ['get', 'trends'],
      ['get', 'funnel'],
      ['post', 'funnel'],
      ['get', 'funnel/correlation'],
      ['post', 'funnel/correlation'],
      ['get', 'path'],
      ['post', 'path'],
      ['get', 'lifecycle'],
      ['get', 'stickiness'],
      ['get', 'retention'],
      ['get', 'values'],
    ]) {
      expect(doc.operation(method, `/api/projects/{project_id}/persons/${route}`)['x-required-scopes']).toEqual([
        'person:read',
      ]);
    }
  });
});
