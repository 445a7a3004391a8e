/** @sql-sensitive sessions' rows, raw SQL */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { queryRows } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

const cookieNamed = (cookies: string[], name: string) => cookies.find((c) => c.startsWith(`${name}=`)) ?? '';

describe('console sign-in: passwords, sessions, CSRF', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('signs in with the bootstrap password and answers as @me, with an HttpOnly session cookie and a CSRF cookie', async () => {
    const res = await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: 'ADMIN@localhost', password: t.password })
      .expect(200);
    expect(res.body).toMatchObject({
      email: t.email,
      organization: { id: t.organizationId },
      team: { id: t.projectId },
    });
    const cookies = ([] as string[]).concat(res.headers['set-cookie']);
    const session = cookieNamed(cookies, 'sessionid');
    const csrf = cookieNamed(cookies, 'posthog_csrftoken');
    expect(session).toMatch(/^sessionid=[A-Za-z0-9_-]{43}; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(csrf).toMatch(/^posthog_csrftoken=[A-Za-z0-9_-]{43}; Path=\/; Expires=.+; SameSite=Lax$/);
    // Django's two weeks
    const expires = new Date(/Expires=([^;]+)/.exec(session)![1]).getTime();
    expect(Math.abs(expires - Date.now() - 14 * 86_400_000)).toBeLessThan(60_000);
    // the token is stored only as a hash
    const token = /sessionid=([^;]+)/.exec(session)![1];
    const stored = await queryRows<{ secure_value: string }>(
      t.app.get(DataSource),
      'SELECT secure_value FROM user_sessions',
    );
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('accepts the session on the management API like a key with every scope; writes need the CSRF token', async () => {
    const { agent, csrf } = await t.signIn(t.email, t.password);
    await agent.get('/api/users/@me/').expect(200);
    await agent.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200);

    const flag = { key: 'from-console', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } };
    const missing = await agent.post(`/api/projects/${t.projectId}/feature_flags/`).send(flag).expect(403);
    expect(missing.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'CSRF Failed: CSRF token missing or incorrect.',
      attr: null,
    });
    await agent
      .post(`/api/projects/${t.projectId}/feature_flags/`)
      .set('X-CSRFToken', csrf.slice(0, -1) + 'x')
      .send(flag)
      .expect(403);
    await agent.delete(`/api/projects/${t.projectId}/feature_flags/1/`).expect(403);
    const created = await agent
      .post(`/api/projects/${t.projectId}/feature_flags/`)
      .set('X-CSRFToken', csrf)
      .send(flag)
      .expect(201);
    expect(created.body.created_by).toMatchObject({ email: t.email });

    // a Bearer key needs no CSRF token, whatever cookies ride along
    await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, { ...flag, key: 'from-key' })
      .set('Cookie', 'sessionid=garbage')
      .expect(201);
    // a bad cookie without a key is unauthenticated
    const bad = await request(t.baseUrl)
      .get('/api/users/@me/')
      .set('Cookie', `sessionid=${'a'.repeat(43)}`)
      .expect(401);
    expect(bad.body).toMatchObject({ type: 'authentication_error', code: 'not_authenticated' });
  });

  it('refuses wrong passwords and unknown users alike, and names the field of a malformed body', async () => {
    const wrong = await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: t.email, password: 'not-the-password' })
      .expect(401);
    const nobody = await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: 'nobody@example.com', password: 'whatever12' })
      .expect(401);
    expect(wrong.body).toEqual({
      type: 'authentication_error',
      code: 'invalid_credentials',
      detail: 'Invalid email or password.',
      attr: null,
    });
    expect(nobody.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const noPassword = await request(t.baseUrl).post('/api/login/').send({ email: t.email }).expect(400);
    expect(noPassword.body).toMatchObject({ type: 'validation_error', attr: 'password' });
    const badEmail = await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: ['x'], password: 'whatever12' })
      .expect(400);
    expect(badEmail.body).toMatchObject({ type: 'validation_error', attr: 'email' });
    // a user without a password (keys only) cannot sign in
    const keyOnly = await t.newUser(t.organizationId);
    await request(t.baseUrl)
      .post('/api/login/')
      .send({ email: keyOnly.email, password: 'anything-at-all' })
      .expect(401);
  });

  it('signs out: the session ends and the cookies are cleared', async () => {
    const { agent, csrf } = await t.signIn(t.email, t.password);
    await agent.post('/api/logout/').expect(403);
    const out = await agent.post('/api/logout/').set('X-CSRFToken', csrf).expect(204);
    const cleared = ([] as string[]).concat(out.headers['set-cookie']);
    expect(cookieNamed(cleared, 'sessionid')).toMatch(/^sessionid=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(cookieNamed(cleared, 'posthog_csrftoken')).toMatch(/^posthog_csrftoken=; Path=\/; Expires=Thu, 01 Jan 1970/);
    await agent.get('/api/users/@me/').expect(401);
  });

  it('ends an expired session', async () => {
    const { agent } = await t.signIn(t.email, t.password);
    await t.app.get(DataSource).query(`UPDATE user_sessions SET expires_at = now() - interval '1 second'`);
    await agent.get('/api/users/@me/').expect(401);
  });

  it('changes the password with the current one; every session of the user ends', async () => {
    const user = await t.newUser(t.organizationId);
    await t.setPassword(user.userId, 'first-password');
    const first = await t.signIn(user.email, 'first-password');
    const other = await t.signIn(user.email, 'first-password');
    const wrong = await first.agent
      .patch('/api/users/@me/')
      .set('X-CSRFToken', first.csrf)
      .send({ current_password: 'nope-nope', password: 'second-password' })
      .expect(400);
    expect(wrong.body).toMatchObject({ attr: 'current_password', code: 'incorrect_password' });
    const short = await first.agent
      .patch('/api/users/@me/')
      .set('X-CSRFToken', first.csrf)
      .send({ current_password: 'first-password', password: 'short' })
      .expect(400);
    expect(short.body).toMatchObject({ attr: 'password', code: 'password_too_short' });
    await first.agent
      .patch('/api/users/@me/')
      .set('X-CSRFToken', first.csrf)
      .send({ current_password: 'first-password', password: 'second-password' })
      .expect(200);
    await other.agent.get('/api/users/@me/').expect(401);
    await first.agent.get('/api/users/@me/').expect(401);
    await request(t.baseUrl).post('/api/login/').send({ email: user.email, password: 'first-password' }).expect(401);
    await t.signIn(user.email, 'second-password');
    // personal API keys keep working unchanged
    await t.get('/api/users/@me/', user.key).expect(200);
  });
});

describe('console sign-in: throttling and https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      SIGN_IN_FAILURES_PER_EMAIL: '3',
      SIGN_IN_FAILURES_PER_ADDRESS: '6',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(() => t?.close());

  const attempt = (email: string, password: string) => request(t.baseUrl).post('/api/login/').send({ email, password });

  it('throttles failed sign-ins per email and address, then per client address', async () => {
    for (let i = 0; i < 3; i++) await attempt(t.email, 'wrong-password').expect(401);
    // even the right password waits once the email is past its failures
    const throttled = await attempt(t.email, t.password).expect(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.body).toMatchObject({ type: 'throttled_error' });
    // another email from the same address still signs in, until the address is past its failures
    const other = await t.newUser(t.organizationId);
    await t.setPassword(other.userId, 'right-password');
    await t.signIn(other.email, 'right-password');
    for (let i = 0; i < 3; i++) await attempt(`nobody-${i}@example.com`, 'wrong-password').expect(401);
    await attempt(other.email, 'right-password').expect(429);
  });

  it('marks the cookies Secure when the client came over https through a trusted proxy', async () => {
    const fresh = await startTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const res = await request(fresh.baseUrl)
        .post('/api/login/')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: fresh.email, password: fresh.password })
        .expect(200);
      const cookies = ([] as string[]).concat(res.headers['set-cookie']);
      expect(cookieNamed(cookies, 'sessionid')).toMatch(/; Secure/);
      expect(cookieNamed(cookies, 'posthog_csrftoken')).toMatch(/; Secure/);
    } finally {
      await fresh.close();
    }
  });
});

describe('organization members', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const members = (org: string) => `/api/organizations/${org}/members/`;

  it('lists members for any member; changes and removals follow PostHog rules', async () => {
    const admin = await t.newUser(t.organizationId, { level: 'admin' });
    const member = await t.newUser(t.organizationId, { level: 'member' });
    const list = await t.get(members(t.organizationId), member.key).expect(200);
    expect(list.body.count).toBe(3);
    expect(list.body.results.map((m: { user: { email: string }; level: number }) => [m.user.email, m.level])).toEqual([
      [t.email, 15],
      [admin.email, 8],
      [member.email, 1],
    ]);
    const uuidOf = (email: string) =>
      list.body.results.find((m: { user: { email: string } }) => m.user.email === email).user.uuid as string;

    // a member changes nobody; nobody changes themselves; an admin cannot make an owner
    await t.patch(`${members(t.organizationId)}${uuidOf(admin.email)}/`, { level: 1 }, member.key).expect(403);
    const self = await t
      .patch(`${members(t.organizationId)}${uuidOf(admin.email)}/`, { level: 1 }, admin.key)
      .expect(403);
    expect(self.body.detail).toBe("You can't change your own access level.");
    await t.patch(`${members(t.organizationId)}${uuidOf(member.email)}/`, { level: 15 }, admin.key).expect(403);
    await t.patch(`${members(t.organizationId)}${uuidOf(t.email)}/`, { level: 1 }, admin.key).expect(403);
    const bad = await t
      .patch(`${members(t.organizationId)}${uuidOf(member.email)}/`, { level: 3 }, admin.key)
      .expect(400);
    expect(bad.body).toMatchObject({ attr: 'level' });
    const promoted = await t
      .patch(`${members(t.organizationId)}${uuidOf(member.email)}/`, { level: 8 }, admin.key)
      .expect(200);
    expect(promoted.body).toMatchObject({ level: 8, user: { email: member.email } });

    // the owner hands the ownership over and becomes an admin
    await t.patch(`${members(t.organizationId)}${uuidOf(admin.email)}/`, { level: 15 }).expect(200);
    const after = await t.get(members(t.organizationId)).expect(200);
    expect(after.body.results.map((m: { level: number }) => m.level)).toEqual([8, 15, 8]);

    // nobody removes the owner; an admin removes an admin; anyone leaves
    await t.del(`${members(t.organizationId)}${uuidOf(admin.email)}/`).expect(403);
    await t.del(`${members(t.organizationId)}${uuidOf(member.email)}/`).expect(204);
    await t.get(members(t.organizationId), member.key).expect(404);
    await t.del(`${members(t.organizationId)}${uuidOf(t.email)}/`).expect(204);
    await t.get(members(t.organizationId)).expect(404);
  });

  it("reaches no other organization's members", async () => {
    const other = await t.newTenant();
    await t.get(members(other.organizationId)).expect(404);
    const theirs = await t.get(members(other.organizationId), other.key).expect(200);
    const uuid = theirs.body.results[0].user.uuid;
    await t.patch(`${members(other.organizationId)}${uuid}/`, { level: 1 }).expect(404);
    await t.del(`${members(other.organizationId)}${uuid}/`).expect(404);
    // a uuid of no member of this organization
    const mine = await t.newTenant();
    await t.patch(`${members(mine.organizationId)}${uuid}/`, { level: 1 }, mine.key).expect(404);
    await t.patch(`${members(mine.organizationId)}not-a-uuid/`, { level: 1 }, mine.key).expect(404);
  });
});
