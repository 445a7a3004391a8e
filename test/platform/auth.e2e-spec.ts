import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';

describe('personal API keys and scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('creates a key whose value is shown once, lists it masked, and revokes it', async () => {
    const created = await t.post('/api/personal_api_keys/', { label: 'ci', scopes: ['feature_flag:read'] }).expect(201);
    expect(created.body.value).toMatch(/^phx_[A-Za-z0-9]{43}$/);
    expect(created.body).toMatchObject({ label: 'ci', scopes: ['feature_flag:read'], last_used_at: null });
    expect(created.body.mask_value).toBe(`phx_...${created.body.value.slice(-4)}`);

    const list = await t.get('/api/personal_api_keys').expect(200);
    const listed = list.body.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).toMatchObject({ label: 'ci', mask_value: created.body.mask_value });
    expect(listed.value).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(created.body.value);
    const one = await t.get(`/api/personal_api_keys/${created.body.id}/`).expect(200);
    expect(one.body.value).toBeUndefined();

    // the new key works (for what its scope allows) and then stops working once revoked
    await t.get('/api/users/@me/', created.body.value).expect(200);
    await t.del(`/api/personal_api_keys/${created.body.id}/`).expect(204);
    const revoked = await t.get('/api/users/@me/', created.body.value).expect(401);
    expect(revoked.body).toEqual({
      type: 'authentication_error',
      code: 'authentication_failed',
      detail: 'Personal API key found in request Authorization header is invalid.',
      attr: null,
    });
    await t.get(`/api/personal_api_keys/${created.body.id}/`).expect(404);
  });

  it('records when a key was last used', async () => {
    const created = await t.post('/api/personal_api_keys/', { label: 'used', scopes: ['*'] }).expect(201);
    await t.get('/api/users/@me/', created.body.value).expect(200);
    const lastUsed = await waitFor(async () => {
      const res = await t.get(`/api/personal_api_keys/${created.body.id}/`).expect(200);
      return res.body.last_used_at ?? undefined;
    });
    expect(Date.parse(lastUsed)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('validates key creation', async () => {
    const bad = await t.post('/api/personal_api_keys/', { label: 'x', scopes: ['flags:everything'] }).expect(400);
    expect(bad.body).toMatchObject({ type: 'validation_error', attr: 'scopes' });
    const missing = await t.post('/api/personal_api_keys/', { label: 'x' }).expect(400);
    expect(missing.body).toMatchObject({ code: 'required', attr: 'scopes' });
    const long = await t.post('/api/personal_api_keys/', { label: 'x'.repeat(41), scopes: ['*'] }).expect(400);
    expect(long.body.attr).toBe('label');
  });

  it('never lets a key mint or revoke a stronger key', async () => {
    const weak = await t.post('/api/personal_api_keys/', { label: 'weak', scopes: ['feature_flag:read'] }).expect(201);
    const escalate = await t
      .post('/api/personal_api_keys/', { label: 'x', scopes: ['*'] }, weak.body.value)
      .expect(403);
    expect(escalate.body).toMatchObject({ type: 'authentication_error', code: 'permission_denied' });
    await t
      .post('/api/personal_api_keys/', { label: 'x', scopes: ['feature_flag:write'] }, weak.body.value)
      .expect(403);
    await t
      .post('/api/personal_api_keys/', { label: 'same', scopes: ['feature_flag:read'] }, weak.body.value)
      .expect(201);
    const keys = await t.get('/api/personal_api_keys/').expect(200);
    const strong = keys.body.find((k: { scopes: string[] }) => k.scopes.includes('*'));
    await t.del(`/api/personal_api_keys/${strong.id}/`, weak.body.value).expect(403);
  });

  it('caps the keys of a user at PERSONAL_API_KEYS_PER_USER (10), also against concurrent creations', async () => {
    const user = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
    const create = () => t.post('/api/personal_api_keys/', { label: 'clone', scopes: ['feature_flag:read'] }, user.key);
    const answers = await Promise.all(Array.from({ length: 12 }, () => create()));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(9).fill(201), 400, 400, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect(refused.body).toEqual({
      type: 'validation_error',
      code: 'invalid',
      detail: 'You can only have 10 personal API keys. Remove an existing key before creating a new one.',
      attr: null,
    });
    const keys = (await t.get('/api/personal_api_keys/', user.key).expect(200)).body;
    expect(keys).toHaveLength(10);
    // revoking one makes room for one
    await t.del(`/api/personal_api_keys/${keys[1].id}/`, user.key).expect(204);
    await create().expect(201);
    await create().expect(400);
  });

  describe('401', () => {
    it.each([
      ['no header', undefined, 'not_authenticated'],
      ['a malformed header', 'Basic dXNlcjpwYXNz', 'authentication_failed'],
      ['Bearer without a token', 'Bearer', 'authentication_failed'],
      ['a key of the wrong shape', 'Bearer phx_short', 'authentication_failed'],
      ['an unknown key', `Bearer phx_${'a'.repeat(43)}`, 'authentication_failed'],
    ])('%s → 401 %s', async (_, header, code) => {
      const r = t.req('get', '/api/projects/', null);
      const res = await (header === undefined ? r : r.set('Authorization', header)).expect(401);
      expect(res.body).toMatchObject({ type: 'authentication_error', code, attr: null });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    });
  });

  describe('403 per scope', () => {
    const routes: Array<{ method: string; path: string; scope: string; body?: object }> = [
      { method: 'get', path: '/api/projects/', scope: 'project:read' },
      { method: 'post', path: '/api/projects/', scope: 'project:write', body: { name: 'x' } },
      { method: 'get', path: '/api/projects/@current/', scope: 'project:read' },
      { method: 'patch', path: '/api/projects/@current/', scope: 'project:write', body: { name: 'x' } },
      { method: 'get', path: '/api/organizations/', scope: 'organization:read' },
      { method: 'post', path: '/api/organizations/', scope: 'organization:write', body: { name: 'x' } },
      { method: 'get', path: '/api/organizations/@current/', scope: 'organization:read' },
    ];

    it.each(routes)('$method $path needs $scope', async ({ method, path, scope, body }) => {
      const [object] = scope.split(':');
      const other = object === 'project' ? 'organization:write' : 'project:write';
      const wrong = await t
        .post('/api/personal_api_keys/', { label: 'scoped', scopes: [other, 'feature_flag:write'] })
        .expect(201);
      let r = t.req(method as 'get', path, wrong.body.value);
      if (body) r = r.send(body);
      const res = await r.expect(403);
      expect(res.body).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: `API key missing required scope '${scope}'`,
        attr: null,
      });

      const right = await t.post('/api/personal_api_keys/', { label: 'scoped', scopes: [scope] }).expect(201);
      r = t.req(method as 'get', path, right.body.value);
      if (body) r = r.send(body);
      const ok = await r;
      expect(ok.status).toBeLessThan(300);
      for (const id of [wrong.body.id, right.body.id]) await t.del(`/api/personal_api_keys/${id}/`).expect(204);
    });

    it('write scopes satisfy reads', async () => {
      const key = await t.post('/api/personal_api_keys/', { label: 'w', scopes: ['project:write'] }).expect(201);
      await t.get('/api/projects/', key.body.value).expect(200);
      await t.del(`/api/personal_api_keys/${key.body.id}/`).expect(204);
    });
  });

  it('answers for the key’s user at /api/users/@me and resolves @current', async () => {
    const me = await t.get('/api/users/@me/').expect(200);
    expect(me.body).toMatchObject({
      email: t.email,
      team: { id: t.projectId },
      organization: { id: t.organizationId },
    });
    expect(me.body.organizations).toContainEqual(
      expect.objectContaining({ id: t.organizationId, membership_level: 15 }),
    );
    await t
      .get('/api/projects/@current')
      .expect(200)
      .expect((r) => expect(r.body.id).toBe(t.projectId));
    await t
      .get('/api/organizations/@current')
      .expect(200)
      .expect((r) => expect(r.body.id).toBe(t.organizationId));
  });

  it('gives every response a request id (keeping a sane incoming one) and security headers', async () => {
    const mine = await t.get('/api/projects/').set('X-Request-Id', 'trace-123').expect(200);
    expect(mine.headers['x-request-id']).toBe('trace-123');
    const replaced = await t.get('/api/projects/').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const anon = await t.get('/api/nothing-here', null).expect(404);
    expect(anon.headers['x-request-id']).toBeDefined();
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['x-frame-options']).toBe('DENY');
    expect(mine.headers['content-security-policy']).toContain("default-src 'none'");
    expect(mine.headers['x-powered-by']).toBeUndefined();
  });
});
