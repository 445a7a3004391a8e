import { startTestApp, TestApp } from '../support/test-app';

describe('error envelope, OpenAPI and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAX_BODY_BYTES: '2048' });
  });
  afterAll(() => t?.close());

  const envelope = (res: { body: unknown }) =>
    expect(Object.keys(res.body as object).sort()).toEqual(['attr', 'code', 'detail', 'type']);

  it('malformed JSON → 400 parse_error', async () => {
    const res = await t
      .req('post', '/api/projects/')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    envelope(res);
    expect(res.body).toMatchObject({ type: 'validation_error', code: 'parse_error', attr: null });
  });

  it.each([
    [{ name: 5 }, 'name', 'Not a valid string.'],
    [{ name: ['a'] }, 'name', 'Not a valid string.'],
    [{ name: null }, 'name', 'This field may not be null.'],
    [{}, 'name', 'This field is required.'],
    [{ name: 'ok', organization: 'nope' }, 'organization', 'Must be a valid UUID.'],
  ])('wrong or missing field %j → 400 naming it', async (body, attr, detail) => {
    const res = await t.post('/api/projects/', body).expect(400);
    envelope(res);
    expect(res.body).toMatchObject({ type: 'validation_error', attr, detail });
  });

  it('a body that is not a JSON object → 400', async () => {
    for (const raw of ['[1,2]', '"text"', '42', 'null']) {
      const res = await t.req('post', '/api/projects/').set('Content-Type', 'application/json').send(raw).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'parse_error' });
    }
  });

  it('ignores fields a client may not set', async () => {
    const res = await t
      .post('/api/projects/', { name: 'Mass', id: 9999, api_token: 'phc_mine', organization_id: 'x' })
      .expect(201);
    expect(res.body.id).not.toBe(9999);
    expect(res.body.api_token).not.toBe('phc_mine');
  });

  it('oversized body → 413', async () => {
    const res = await t.post('/api/projects/', { name: 'x'.repeat(5000) }).expect(413);
    envelope(res);
    expect(res.body).toMatchObject({ type: 'invalid_request', code: 'payload_too_large' });
  });

  it('a body that is not JSON → 415', async () => {
    const res = await t.req('post', '/api/projects/').set('Content-Type', 'text/plain').send('name=x').expect(415);
    expect(res.body).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('unknown path → 404, known path with another method → 405', async () => {
    envelope(await t.get('/api/does-not-exist/').expect(404));
    const res = await t.req('put', `/api/projects/${t.projectId}/`).send({ name: 'x' }).expect(405);
    expect(res.body).toEqual({
      type: 'invalid_request',
      code: 'method_not_allowed',
      detail: 'Method "PUT" not allowed.',
      attr: null,
    });
    await t.req('delete', '/api/organizations/').expect(405);
  });

  it('serves the OpenAPI document with scopes and error responses, and Swagger UI', async () => {
    const doc = await t.get('/api/schema/', null).expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const list = doc.body.paths['/api/projects'].get;
    expect(list['x-required-scopes']).toEqual(['project:read']);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    const create = doc.body.paths['/api/projects'].post;
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415']));
    expect(doc.body.components.schemas.ErrorEnvelope.required).toEqual(
      expect.arrayContaining(['type', 'code', 'detail', 'attr']),
    );
    const ui = await t.get('/api/schema/swagger-ui/', null).expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('declares every parameter of every path template (the guard’s project_id too)', async () => {
    const doc = await t.get('/api/schema/', null).expect(200);
    const undeclared: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { parameters?: Array<{ name: string; in: string }> }>>(
      doc.body.paths,
    )) {
      for (const [method, op] of Object.entries(item)) {
        for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
          if (!(op.parameters ?? []).some((p) => p.in === 'path' && p.name === name)) {
            undeclared.push(`${method} ${path}: ${name}`);
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
    const project = doc.body.paths['/api/projects/{project_id}'].get.parameters[0];
    expect(project).toMatchObject({ name: 'project_id', in: 'path', required: true, schema: { type: 'string' } });
  });

  it('exports Prometheus metrics per route', async () => {
    await t.get('/api/projects/').expect(200);
    const res = await t.get('/_metrics', null).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="\/api\/projects",status="200"\} \d+/);
    expect(res.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/projects"\} \d+/,
    );
    expect(res.text).toContain('process_resident_memory_bytes');
    // Node's default metrics: event-loop lag, heap, garbage collection.
    expect(res.text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(res.text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
    expect(res.text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });
});
