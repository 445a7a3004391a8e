/** @sql-sensitive static cohorts, event definitions and persons behind the regressions */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';
import { RawHttpClient } from './http-client';

// Defects the fuzzer (fuzz.e2e-spec.ts) found, each pinned by the smallest request that showed it.
describe('fuzzer regressions', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let client: RawHttpClient;
  let flagId: number;
  const flagsPath = () => `/api/projects/${t.projectId}/feature_flags`;

  beforeAll(async () => {
    t = await startTestApp();
    doc = await OpenApiDocument.fetch(t);
    client = new RawHttpClient(t.baseUrl, 2);
    const flag = await t
      .post(`${flagsPath()}/`, { key: 'regress', filters: { groups: [{ rollout_percentage: 100 }] } })
      .expect(201);
    flagId = flag.body.id;
  });
  afterAll(async () => {
    client?.close();
    await t?.close();
  });

  describe('a body on GET or DELETE is ignored (it used to be parsed: 400/415, which those operations do not declare)', () => {
    it.each([
      ['malformed JSON', 'application/json', '{'],
      ['text/plain', 'text/plain', 'a=1'],
      ['unknown encoding', 'application/json', '{}'],
    ])('GET with %s', async (_name, contentType, body) => {
      const res = await t
        .get(`/api/projects/${t.projectId}`)
        .set('Content-Type', contentType)
        .set('Content-Encoding', _name === 'unknown encoding' ? 'x-unknown' : 'identity')
        .send(body)
        .expect(200);
      expect(res.body.id).toBe(t.projectId);
      doc.expectDocumented('get', '/api/projects/{project_id}', res);
    });

    it('DELETE with a text/plain body deletes', async () => {
      const key = await t.post('/api/personal_api_keys/', { label: 'gone', scopes: ['feature_flag:read'] }).expect(201);
      await t.del(`/api/personal_api_keys/${key.body.id}/`).set('Content-Type', 'text/plain').send('x').expect(204);
      await t.get(`/api/personal_api_keys/${key.body.id}/`).expect(404);
    });

    it('the connection stays usable after a dropped body', async () => {
      const big = Buffer.alloc(64 * 1024, 'x');
      for (let i = 0; i < 3; i++) {
        const res = await client.send({
          method: 'GET',
          url: '/api/users/@me',
          headers: { authorization: `Bearer ${t.key}`, 'content-type': 'text/plain' },
          body: big,
        });
        expect(res.status).toBe(200);
      }
    });
  });

  describe('POST operations without a request body still parse one, and declare it', () => {
    it('a malformed body on POST …/dashboard is a documented 400 envelope', async () => {
      const res = await t
        .req('post', `${flagsPath()}/${flagId}/dashboard/`)
        .set('Content-Type', 'application/json')
        .send('{')
        .expect(400);
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'parse_error',
        detail: expect.stringContaining('JSON parse error'),
        attr: null,
      });
      doc.expectDocumented('post', '/api/projects/{project_id}/feature_flags/{id}/dashboard', res);
    });

    it('a text/plain body on POST …/create_static_cohort_for_flag is a documented 415', async () => {
      const res = await t
        .req('post', `${flagsPath()}/${flagId}/create_static_cohort_for_flag/`)
        .set('Content-Type', 'text/plain')
        .send('x')
        .expect(415);
      doc.expectDocumented('post', '/api/projects/{project_id}/feature_flags/{id}/create_static_cohort_for_flag', res);
    });

    it("the dashboard's own 400 `{success: false}` stays declared", async () => {
      const res = await t.post(`${flagsPath()}/${flagId}/enrich_usage_dashboard/`).expect(400);
      expect(res.body.success).toBe(false);
      doc.expectDocumented('post', '/api/projects/{project_id}/feature_flags/{id}/enrich_usage_dashboard', res);
    });
  });

  describe('path parameters that are not percent-encoded UTF-8 name nothing (they were a bare 400)', () => {
    it.each(['%FF', '%FF%FE', '%', 'a%zz', '%ED%A0%80', '%C3%A9%FF'])('GET …/feature_flags/%s is a 404', async (id) => {
      const res = await client.send({
        method: 'GET',
        url: `${flagsPath()}/${id}/`,
        headers: { authorization: `Bearer ${t.key}` },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
      doc.expectDocumented('get', '/api/projects/{project_id}/feature_flags/{id}', res);
    });

    it('a project id that does not decode is a 404 too', async () => {
      const res = await client.send({
        method: 'GET',
        url: '/api/projects/%FF/feature_flags/',
        headers: { authorization: `Bearer ${t.key}` },
      });
      expect(res.status).toBe(404);
      doc.expectDocumented('get', '/api/projects/{project_id}/feature_flags', res);
    });

    it('OFREP answers FLAG_NOT_FOUND in its own shape', async () => {
      const res = await client.send({
        method: 'POST',
        url: '/ofrep/v1/evaluate/flags/%FF',
        headers: { authorization: `Bearer ${t.projectToken}`, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ context: { targetingKey: 'u1' } })),
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ errorCode: 'FLAG_NOT_FOUND' });
      doc.expectDocumented('post', '/ofrep/v1/evaluate/flags/{key}', res);
    });

    it('a valid escape still reaches the object', async () => {
      await t.get(`${flagsPath()}/%3${String(flagId).slice(0, 1)}${String(flagId).slice(1)}/`).expect(200);
    });
  });

  describe('a NUL byte in a path parameter names nothing (it was a 400 from the database)', () => {
    it.each([
      [
        '/api/organizations/{organization_id}/feature_flags/{feature_flag_key}',
        () => `/api/organizations/${t.organizationId}/feature_flags/a%00b/`,
      ],
      [
        '/api/projects/{project_id}/event_definitions/{id}',
        () => `/api/projects/${t.projectId}/event_definitions/%00/`,
      ],
      ['/api/projects/{project_id}/persons/{id}', () => `/api/projects/${t.projectId}/persons/%00/`],
    ])('GET %s', async (template, path) => {
      const res = await t.get(path()).expect(404);
      doc.expectDocumented('get', template, res);
    });

    it('still answers 401 before looking at the path', async () => {
      await t.get(`/api/organizations/${t.organizationId}/feature_flags/a%00b/`, null).expect(401);
    });
  });

  describe('If-None-Match on a route without ETags (it was an empty 304 no such route declares)', () => {
    it.each(['*', '"x"', 'W/"x"'])('GET with If-None-Match: %s answers 200 with the body', async (tag) => {
      const res = await t.get(`/api/projects/${t.projectId}`).set('If-None-Match', tag).expect(200);
      expect(res.body.id).toBe(t.projectId);
      doc.expectDocumented('get', '/api/projects/{project_id}', res);
    });

    it('the definitions routes still answer 304 to their own ETag, and to *', async () => {
      const path = `/api/projects/${t.projectId}/feature_flags/local_evaluation/`;
      const first = await t.get(path).expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      doc.expectDocumented(
        'get',
        '/api/projects/{project_id}/feature_flags/local_evaluation',
        await t.get(path).set('If-None-Match', etag).expect(304),
      );
      await t.get(path).set('If-None-Match', '*').expect(304);
      await t.get(path).set('If-None-Match', '"other"').expect(200);
    });
  });

  describe('request values that name an Object.prototype member (they were looked up in plain objects)', () => {
    it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
      'GET …/persons/retention?period=%s is a 400 on period (it was a 500)',
      async (period) => {
        const res = await t.get(`/api/projects/${t.projectId}/persons/retention/?period=${period}`).expect(400);
        expect(res.body).toMatchObject({ code: 'invalid_input', attr: 'period' });
        doc.expectDocumented('get', '/api/projects/{project_id}/persons/retention', res);
      },
    );

    it.each(['__proto__', 'constructor', 'valueOf'])(
      'a behavioural cohort with time_interval %s is refused',
      async (unit) => {
        const res = await t
          .post(`/api/projects/${t.projectId}/cohorts/`, {
            name: `Every ${unit}`,
            filters: {
              properties: {
                type: 'AND',
                values: [
                  {
                    key: '$pageview',
                    type: 'behavioral',
                    value: 'performed_event',
                    time_value: 7,
                    time_interval: unit,
                  },
                ],
              },
            },
          })
          .expect(400);
        expect(res.body).toMatchObject({ type: 'validation_error', detail: expect.stringContaining('time_interval') });
      },
    );
  });

  it('a JSON body nested 5,000 deep is a 400 that says so (it echoed "Maximum call stack size exceeded")', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t
      .post(`${flagsPath()}/`)
      .set('Content-Type', 'application/json')
      .send(`{"key":"deep","filters":${deep}}`)
      .expect(400);
    expect(res.body).toEqual({
      type: 'validation_error',
      code: 'parse_error',
      detail: 'JSON parse error - the document nests too deeply',
      attr: null,
    });
    doc.expectDocumented('post', '/api/projects/{project_id}/feature_flags', res);
  });

  describe('requests Node cannot parse are answered with the envelope (they got a bare status line)', () => {
    const raw = (head: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(t.baseUrl);
        const socket = connect(Number(url.port), url.hostname, () => socket.end(head));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
    const parse = (text: string) => {
      const [head, body] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as unknown };
    };

    it('a request head over 16 KiB is a 431 envelope', async () => {
      const res = parse(await raw(`GET /api/projects/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(res.status).toBe(431);
      expect(res.head).toMatch(/content-type: application\/json/i);
      expect(res.body).toEqual({
        type: 'invalid_request',
        code: 'request_header_fields_too_large',
        detail: expect.stringContaining('16 KiB'),
        attr: null,
      });
    });

    it('a malformed request line is a 400 envelope', async () => {
      const res = parse(await raw('GET /api/projects/ NOTHTTP\r\n\r\n'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'parse_error', attr: null });
    });
  });

  describe('an SDK body that cannot be inflated', () => {
    it("is OFREP's PARSE_ERROR on OFREP (it was the envelope, which OFREP's 400 does not declare)", async () => {
      const res = await request(t.baseUrl)
        .post('/ofrep/v1/evaluate/flags')
        .set('Authorization', `Bearer ${t.projectToken}`)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send('{}')
        .expect(400);
      expect(res.body).toEqual({ errorCode: 'PARSE_ERROR', errorDetails: expect.stringContaining('decompress') });
      doc.expectDocumented('post', '/ofrep/v1/evaluate/flags', res);
    });

    it('is the envelope on /flags', async () => {
      const res = await request(t.baseUrl)
        .post('/flags/?v=2')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(JSON.stringify({ token: t.projectToken, distinct_id: 'u1' }))
        .expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'invalid_payload', attr: null });
      doc.expectDocumented('post', '/flags', res);
    });

    it('a real gzip body with Content-Encoding still works on OFREP', async () => {
      const res = await client.send({
        method: 'POST',
        url: '/ofrep/v1/evaluate/flags/regress',
        headers: {
          authorization: `Bearer ${t.projectToken}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        body: gzipSync(JSON.stringify({ context: { targetingKey: 'u1' } })),
      });
      expect([res.status, res.body]).toEqual([200, expect.objectContaining({ key: 'regress', value: true })]);
    });
  });
});
