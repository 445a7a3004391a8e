import request from 'supertest';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Every path PostHog's SDKs call from web pages answers CORS, whatever the answer: success,
 * 4xx and 5xx errors, paths Bunting does not serve (posthog-js asks for some when a project's
 * settings say so), and preflights. Without it a browser shows a CORS failure instead of the
 * status, and posthog-js cannot read the error. The management API stays without CORS.
 */
describe('CORS on the SDK paths', () => {
  let t: TestApp;
  const ORIGIN = 'https://shop.example';
  const UNKNOWN_TOKEN = `phc_${'Z'.repeat(43)}`;

  function expectCors(res: request.Response, label: string): void {
    const got = {
      origin: res.headers['access-control-allow-origin'],
      credentials: res.headers['access-control-allow-credentials'],
      vary: res.headers['vary'],
    };
    expect({ label, ...got }).toEqual({
      label,
      origin: ORIGIN,
      credentials: 'true',
      vary: expect.stringMatching(/Origin/),
    });
  }

  beforeAll(async () => {
    // a small ingestion limit, to reach the body parser's 413
    t = await startTestApp({ INGESTION_MAX_BODY_BYTES: '2048' });
  });
  afterAll(() => t?.close());

  it('answers CORS on success and on every kind of client error', async () => {
    const cases: Array<[string, request.Test, number]> = [
      ['flags 200', request(t.baseUrl).post('/flags/?v=2').send({ token: t.projectToken, distinct_id: 'u' }), 200],
      ['batch 200', request(t.baseUrl).post('/batch/').send({ api_key: t.projectToken, batch: [] }), 200],
      ['remote config 200', request(t.baseUrl).get(`/array/${t.projectToken}/config`), 200],
      ['flags 401', request(t.baseUrl).post('/flags/?v=2').send({ token: UNKNOWN_TOKEN, distinct_id: 'u' }), 401],
      ['decide 401', request(t.baseUrl).post('/decide/?v=3').send({ distinct_id: 'u' }), 401],
      ['e 400', request(t.baseUrl).post('/e/').set('Content-Type', 'application/json').send('{"broken'), 400],
      ['i/v0/e 400', request(t.baseUrl).post('/i/v0/e/?compression=gzip-js').send('not gzip'), 400],
      [
        'batch 413',
        request(t.baseUrl)
          .post('/batch/')
          .send({ api_key: t.projectToken, pad: 'x'.repeat(4096) }),
        413,
      ],
      [
        'ofrep 401',
        request(t.baseUrl)
          .post('/ofrep/v1/evaluate/flags/x')
          .send({ context: { targetingKey: 'u' } }),
        401,
      ],
      ['flags GET 405', request(t.baseUrl).get('/flags/'), 405],
      ['decide PUT 405', request(t.baseUrl).put('/decide/'), 405],
      ['capture GET 405', request(t.baseUrl).get('/capture/'), 405],
      // routes match case-insensitively, and so does CORS
      ['E GET 405', request(t.baseUrl).get('/E/'), 405],
      ['remote config 404', request(t.baseUrl).get(`/array/${UNKNOWN_TOKEN}/config.js`), 404],
      ['remote config 400', request(t.baseUrl).get('/array/bad.token/config'), 400],
      ['definitions 401', request(t.baseUrl).get(`/flags/definitions?token=${t.projectToken}`), 401],
    ];
    for (const [label, req, status] of cases) {
      const res = await req.set('Origin', ORIGIN);
      expect({ label, status: res.status }).toEqual({ label, status });
      expectCors(res, label);
    }
  });

  it('answers 404 with CORS on SDK paths Bunting does not serve', async () => {
    const paths = [
      '/s/?compression=gzip-js', // session recordings
      '/static/recorder.js', // posthog-js extensions
      '/static/surveys.js?v=1.449.2',
      `/array/${t.projectToken}/array.js`,
      '/i/v1/logs',
      '/flags/unknown',
      '/engage/',
      `/api/surveys/?token=${t.projectToken}`,
      '/ofrep/v1/configuration',
    ];
    for (const path of paths) {
      const res = await request(t.baseUrl).get(path).set('Origin', ORIGIN);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body).toMatchObject({ type: expect.any(String), code: expect.any(String) });
      expectCors(res, path);
    }
    const posted = await request(t.baseUrl).post('/s/').set('Origin', ORIGIN).send({ x: 1 });
    expect(posted.status).toBe(404);
    expectCors(posted, 'POST /s/');
  });

  it('answers preflights on every SDK path, served or not', async () => {
    for (const path of [
      '/flags/?v=2',
      '/e/?compression=gzip-js',
      `/array/${t.projectToken}/config`,
      '/s/',
      '/static/x.js',
    ]) {
      const res = await request(t.baseUrl)
        .options(path)
        .set('Origin', ORIGIN)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, x-posthog-custom')
        .expect(204);
      expectCors(res, path);
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS, HEAD');
      expect(res.headers['access-control-allow-headers']).toBe('content-type, x-posthog-custom');
    }
  });

  it('answers * without an Origin, and no CORS on the management API', async () => {
    const bare = await request(t.baseUrl).get(`/array/${t.projectToken}/config`).expect(200);
    expect(bare.headers['access-control-allow-origin']).toBe('*');
    expect(bare.headers['access-control-allow-credentials']).toBeUndefined();
    for (const path of ['/api/projects/', '/api/unknown', '/ex', '/_health', '/arrays']) {
      const res = await request(t.baseUrl).get(path).set('Origin', ORIGIN);
      expect({ path, cors: res.headers['access-control-allow-origin'] }).toEqual({ path, cors: undefined });
    }
    const preflight = await request(t.baseUrl).options('/api/projects/').set('Origin', ORIGIN);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS on 5xx: the database gone', async () => {
    const down = await startTestApp({ DATABASE_POOL_TIMEOUT_MS: '500' });
    try {
      const other = await down.newTenant();
      await down.db.stop();
      // a token the server has never seen needs the database
      const res = await request(down.baseUrl)
        .post('/flags/?v=2')
        .set('Origin', ORIGIN)
        .send({ token: other.projectToken, distinct_id: 'u' });
      expect(res.status).toBe(503);
      expectCors(res, '503');
      const config = await request(down.baseUrl).get(`/array/${other.projectToken}/config`).set('Origin', ORIGIN);
      expect(config.status).toBe(503);
      expectCors(config, 'remote config 503');
    } finally {
      await down.app.close().catch(() => {});
      await down.db.close().catch(() => {});
    }
  });
});
