import request from 'supertest';
import { startTestApp, TestApp } from '../support/test-app';

// Issue #44 item 11: answers that depend on who asks must not be kept by a shared cache (a proxy
// in front of the console would hand one user's projects to the next), while the SDK endpoints
// keep the caching they have always had.
describe('caching of authenticated answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const varies = (res: request.Response) =>
    String(res.headers.vary ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase());

  it('keeps answers to a session cookie out of every cache, and says the cookie decides them', async () => {
    const { agent } = await t.signIn(t.email, t.password);
    for (const path of ['/api/users/@me/', `/api/projects/${t.projectId}/feature_flags/`, '/api/projects/']) {
      const res = await agent.get(path).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(varies(res)).toContain('cookie');
    }
    // An unknown or expired session's 401 depends on the cookie too.
    const refused = await request(t.baseUrl).get('/api/users/@me/').set('Cookie', 'sessionid=nothing').expect(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(varies(refused)).toContain('cookie');
  });

  it('keeps the sign-in and sign-out answers, which carry the session, out of every cache', async () => {
    const login = await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: t.email, password: t.password })
      .expect(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
    const logout = await request(t.baseUrl).post('/api/logout/').expect(204);
    expect(logout.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps answers to a personal API key out of every cache', async () => {
    const ok = await t.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(varies(ok)).not.toContain('cookie');
    const refused = await t.get('/api/projects/', 'phx_not-a-key').expect(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it("leaves the SDK endpoints' own caching as it was", async () => {
    await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, {
        key: 'cached',
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      })
      .expect(201);
    const definitions = await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200);
    expect(definitions.headers['cache-control']).toBe('private, must-revalidate');
    expect(definitions.headers.etag).toBeDefined();
    await t
      .get(`/flags/definitions?token=${t.projectToken}`)
      .set('If-None-Match', definitions.headers.etag)
      .expect(304)
      .expect('Cache-Control', 'private, must-revalidate');
    const config = await request(t.baseUrl).get(`/array/${t.projectToken}/config`).expect(200);
    expect(config.headers['cache-control']).toBe('public, max-age=300');
    for (const path of ['/flags/?v=2', '/decide/?v=4']) {
      const res = await request(t.baseUrl).post(path).send({ token: t.projectToken, distinct_id: 'u1' }).expect(200);
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });
});
