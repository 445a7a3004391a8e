import { jest } from '@jest/globals';
import request from 'supertest';
import { RequestValidationPipe } from '@app/platform';
import { DefinitionsQuery } from '../../libs/flags/src/http/sdk.dto';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag } from './factories';

/**
 * The SDK calls are served ahead of Nest (`FastRoute`); every other form of their query goes on to
 * the Nest route. Both must answer alike: each case is asked in the plain form and again in a form
 * only the Nest route takes and that means the same (an unknown query field, which the Nest route
 * drops; `v` twice, which it reads as no version).
 */
describe('the SDK calls served ahead of Nest answer as the Nest routes do', () => {
  let t: TestApp;
  let limited: TestApp;
  // The Nest route validates its query with the global pipe; the fast route does not run it.
  const validated = jest.spyOn(RequestValidationPipe.prototype, 'transform');
  const nestAnswers = () => validated.mock.calls.filter(([, meta]) => meta.metatype === DefinitionsQuery).length;
  const nestEvaluations = () =>
    validated.mock.calls.filter(([, meta]) => meta.type === 'query' && meta.data === 'v').length;

  beforeAll(async () => {
    t = await startTestApp();
    limited = await startTestApp({
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_PER_MINUTE: '2',
      RATE_LIMIT_PER_HOUR: '100',
    });
    const cohort = await createCohort(t, {
      name: 'pros',
      groups: [{ properties: [{ key: 'plan', value: 'pro', type: 'person' }] }],
    });
    await createFlag(t, {
      key: 'for-pros',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }], rollout_percentage: 100 }] },
    });
    // Definitions past the 1 KB from which they go compressed to clients that accept gzip.
    for (let n = 0; n < 8; n++) {
      await createFlag(t, {
        key: `rollout-${n}`,
        filters: {
          groups: [
            { properties: [{ key: 'country', value: ['DE', 'FR'], type: 'person' }], rollout_percentage: 10 * n },
          ],
        },
      });
    }
  });
  afterAll(async () => {
    validated.mockRestore();
    await t?.close();
    await limited?.close();
  });

  const HEADERS = [
    'etag',
    'cache-control',
    'vary',
    'content-type',
    'content-encoding',
    'retry-after',
    'www-authenticate',
    'access-control-allow-origin',
  ];
  const answer = (res: request.Response) => ({
    status: res.status,
    body: res.text,
    headers: Object.fromEntries(HEADERS.map((h) => [h, res.headers[h]])),
  });

  it('gives the same status, body and headers both ways, and the plain form never reaches the Nest route', async () => {
    const other = await t.newTenant();
    const noFlagScope = await t.newUser(t.organizationId, { scopes: ['person:read'] });
    const etag = (await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200)).headers.etag as string;
    // The compressed form is made once, off the request: wait for it so that both ways get it.
    await waitFor(async () =>
      (await t.get(`/flags/definitions?token=${t.projectToken}`).set('Accept-Encoding', 'gzip')).headers[
        'content-encoding'
      ] === 'gzip'
        ? true
        : undefined,
    );
    const cases: Array<{ path: string; key?: string | null; headers?: Record<string, string> }> = [
      { path: `/flags/definitions?token=${t.projectToken}` },
      { path: `/flags/definitions?token=${t.projectToken}&send_cohorts` },
      { path: `/flags/definitions?token=${t.projectToken}&send_cohorts=false` },
      { path: `/api/feature_flag/local_evaluation?token=${t.projectToken}&send_cohorts` },
      { path: `/flags/definitions?token=${t.projectToken}`, headers: { 'If-None-Match': etag } },
      {
        path: `/flags/definitions?token=${t.projectToken}`,
        headers: { 'Accept-Encoding': 'gzip', Origin: 'https://a.example' },
      },
      { path: `/flags/definitions?token=${t.projectToken}`, headers: { 'Accept-Encoding': 'identity' } },
      { path: `/flags/definitions?token=${other.projectToken}` }, // another tenant's project: 401
      { path: `/flags/definitions?token=phc_unknown` },
      { path: `/flags/definitions?token=` },
      { path: `/flags/definitions?token=${t.projectToken}`, key: noFlagScope.key }, // 403
      { path: `/flags/definitions?token=${t.projectToken}`, key: `phx_${'x'.repeat(43)}` }, // 401
      { path: `/flags/definitions?token=${t.projectToken}`, key: null }, // 401
    ];
    for (const c of cases) {
      const ask = (path: string) => {
        // Plain unless the case asks otherwise (supertest asks for gzip, made on a body's first request).
        const req = t.get(path, c.key).set('Accept-Encoding', 'identity');
        for (const [name, value] of Object.entries(c.headers ?? {})) req.set(name, value);
        return req;
      };
      validated.mockClear();
      const fast = await ask(c.path);
      expect([c.path, nestAnswers()]).toEqual([c.path, 0]);
      const viaNest = await ask(`${c.path}&unknown_field=1`);
      expect({ path: c.path, ...answer(viaNest) }).toEqual({ path: c.path, ...answer(fast) });
      if (c.headers?.['Accept-Encoding'] === 'gzip') expect(fast.headers['content-encoding']).toBe('gzip');
      if (viaNest.status < 400) expect([c.path, nestAnswers()]).toEqual([c.path, 1]);
    }
  });

  it.each(['/flags', '/decide'])('%s: the same answers both ways (legacy bodies: no version)', async (path) => {
    const server = t.app.getHttpServer();
    const post = (url: string, body: string, type = 'application/json') =>
      request(server).post(url).set('Content-Type', type).send(body);
    const bodies: Array<[string, string?]> = [
      [JSON.stringify({ token: t.projectToken, distinct_id: 'ann', person_properties: { plan: 'pro' } })],
      [JSON.stringify({ api_key: t.projectToken, distinct_id: 'bob' })],
      [JSON.stringify({ token: 'phc_unknown', distinct_id: 'ann' })],
      [JSON.stringify({ distinct_id: 'ann' })],
      [JSON.stringify({ token: t.projectToken })],
      ['{"token": '],
      [
        `data=${encodeURIComponent(Buffer.from(JSON.stringify({ token: t.projectToken, distinct_id: 'c' })).toString('base64'))}`,
        'application/x-www-form-urlencoded',
      ],
    ];
    for (const [body, type] of bodies) {
      validated.mockClear();
      const fast = await post(path, body, type);
      expect([body, nestEvaluations()]).toEqual([body, 0]);
      const viaNest = await post(`${path}?v=1&v=1`, body, type);
      expect([body, nestEvaluations()]).toEqual([body, 1]);
      expect({ sent: body, ...answer(viaNest) }).toEqual({ sent: body, ...answer(fast) });
    }
    const v2 = await post(`${path}?v=${path === '/flags' ? 2 : 4}`, bodies[0][0]).expect(200);
    expect(v2.body.flags['for-pros']).toMatchObject({ key: 'for-pros', enabled: true });
    // posthog-js asks with a trailing slash.
    validated.mockClear();
    const slash = await post(`${path}/?v=${path === '/flags' ? 2 : 4}`, bodies[0][0]).expect(200);
    const { requestId: _a, evaluatedAt: _b, ...expected } = v2.body;
    expect(slash.body).toEqual({ ...expected, requestId: expect.any(String), evaluatedAt: expect.any(Number) });
    expect(nestEvaluations()).toBe(0);
  });

  it('leaves every other form of the query to the Nest route', async () => {
    validated.mockClear();
    // `token` twice is not a token: 400 from the Nest route's query rules.
    const twice = await t.get(`/flags/definitions?token=${t.projectToken}&token=${t.projectToken}`).expect(400);
    expect(twice.body).toMatchObject({ attr: 'token' });
    await t.get(`/flags/definitions?token=${t.projectToken}&send_cohorts=1&send_cohorts=2`).expect(400);
    await t.get(`/flags/definitions`).expect(400);
    expect(nestAnswers()).toBe(3);
  });

  it('counts its requests against the per-user rate limit', async () => {
    const path = `/flags/definitions?token=${limited.projectToken}`;
    await limited.get(path).expect(200);
    await limited.get(path).expect(200);
    const res = await limited.get(path).expect(429);
    expect(res.body).toMatchObject({ type: 'throttled_error', code: 'throttled' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('is counted in the request metrics under its own route', async () => {
    const counted = async () => {
      const text = (await t.get('/_metrics', null).expect(200)).text;
      const line = text
        .split('\n')
        .find(
          (l) =>
            /^http_requests_total\{/.test(l) && l.includes('route="/flags/definitions"') && l.includes('status="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await counted();
    await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200);
    await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200);
    expect(await counted()).toBe(before + 2);
  });
});
