/** @sql-sensitive raw SQL on event_definitions */
import request from 'supertest';
import { dataSource, ingest } from '../persons/factories';
import { OpenApiDoc, OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';
import { definitionOf, definitionsPath } from './factories';

const P = '/api/projects/{project_id}/event_definitions';

// Every event definitions response the API gives is described exactly by its OpenAPI document.
describe('event definitions: responses match the OpenAPI document', () => {
  let t: TestApp;
  let base: string;
  let api: OpenApiDocument;
  let doc: OpenApiDoc;

  const check = (path: string, method: string, res: request.Response) => api.expectDocumented(method, path, res);

  beforeAll(async () => {
    t = await startTestApp();
    base = definitionsPath(t.projectId);
    api = await OpenApiDocument.fetch(t);
    doc = api.doc;
    await ingest(t, t.projectToken, [
      { event: '$pageview', distinct_id: 'u' },
      { event: 'signed up', distinct_id: 'u' },
      { event: 'made by someone', distinct_id: 'u' },
    ]);
  });
  afterAll(() => t?.close());

  it('documents every field of a definition, the nullable ones as such', () => {
    const schema = doc.components.schemas.EventDefinitionDto as {
      required: string[];
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.required).toEqual([
      'id',
      'name',
      'description',
      'created_at',
      'last_seen_at',
      'last_updated_at',
      'tags',
      'is_action',
      'action_id',
      'is_calculating',
      'last_calculated_at',
      'created_by',
      'post_to_slack',
      'volume_30_day',
    ]);
    const nullable = Object.entries(schema.properties)
      .filter(([, s]) => s.nullable === true)
      .map(([k]) => k);
    expect(nullable).toEqual([
      'created_at',
      'last_seen_at',
      'action_id',
      'last_calculated_at',
      'created_by',
      'volume_30_day',
    ]);
    // The seed types is_action as a string; PostHog sends a boolean: both are documented.
    expect(schema.properties.is_action.oneOf).toEqual([{ type: 'string' }, { type: 'boolean' }]);
    expect(doc.paths[P].get.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['project_id', 'limit', 'offset', 'search', 'event_type', 'ordering']),
    );
    expect(doc.paths[P].get['x-required-scopes']).toEqual(['event_definition:read']);
    expect(doc.paths[`${P}/{id}`].get['x-required-scopes']).toEqual(['event_definition:read']);
    expect(doc.paths[`${P}/{id}`].patch['x-required-scopes']).toEqual(['event_definition:write']);
    expect(doc.paths[`${P}/{id}`].delete['x-required-scopes']).toEqual(['event_definition:write']);
  });

  it('for every route and status the API gives', async () => {
    const pageview = (await definitionOf(t, '$pageview'))!;
    const signedUp = (await definitionOf(t, 'signed up'))!;
    const madeBy = (await definitionOf(t, 'made by someone'))!;
    // Ingestion never sets created_by; a user-created definition would carry a user.
    await dataSource(t).query(`UPDATE event_definitions SET created_by = $1 WHERE id = $2`, [t.userId, madeBy.id]);
    const reader = await t.newUser(t.organizationId, { scopes: ['event_definition:read'] });
    const calls: Array<[string, string, request.Response]> = [
      ['get', P, await t.get(`${base}/`)],
      ['get', P, await t.get(`${base}/?limit=1&offset=1&search=e&event_type=event_custom&ordering=-name`)],
      ['get', P, await t.get(`${base}/?ordering=bogus`)],
      ['get', P, await t.get(`${base}/?event_type=bogus`)],
      ['get', P, await t.get(`${base}/?limit=x`)],
      ['get', P, await t.get(`${base}/`, null)],
      ['get', P, await t.get(`${base}/`, 'phx_nope')],
      ['get', P, await t.get('/api/projects/424242/event_definitions/')],
      ['get', `${P}/{id}`, await t.get(`${base}/${pageview.id}/`)],
      ['get', `${P}/{id}`, await t.get(`${base}/${madeBy.id}/`)],
      ['get', `${P}/{id}`, await t.get(`${base}/nope/`)],
      [
        'patch',
        `${P}/{id}`,
        await t.patch(`${base}/${pageview.id}/`, { tags: ['Web'], last_seen_at: null, created_at: null }),
      ],
      ['patch', `${P}/{id}`, await t.patch(`${base}/${madeBy.id}/`, { post_to_slack: true, description: 'Made.' })],
      ['patch', `${P}/{id}`, await t.patch(`${base}/${madeBy.id}/`, { description: 'x'.repeat(1001) })],
      ['patch', `${P}/{id}`, await t.patch(`${base}/${pageview.id}/`, { name: 'signed up' })],
      ['patch', `${P}/{id}`, await t.patch(`${base}/${pageview.id}/`, { created_at: 'soon' })],
      ['patch', `${P}/{id}`, await t.patch(`${base}/${pageview.id}/`, { tags: ['x'] }, reader.key)],
      ['patch', `${P}/{id}`, await t.patch(`${base}/00000000-0000-0000-0000-000000000000/`, {})],
      ['delete', `${P}/{id}`, await t.del(`${base}/${signedUp.id}/`)],
      ['delete', `${P}/{id}`, await t.del(`${base}/${signedUp.id}/`)],
    ];
    for (const [method, path, res] of calls) check(path, method, res);
    expect(calls.map(([, , r]) => r.status)).toEqual([
      200, 200, 400, 400, 400, 401, 401, 404, 200, 200, 404, 200, 200, 400, 400, 400, 403, 404, 204, 404,
    ]);
    const listed = calls[0][2].body.results;
    expect(listed.find((d: { id: string }) => d.id === madeBy.id).created_by).toMatchObject({
      id: t.userId,
      email: t.email,
    });
  });
});
