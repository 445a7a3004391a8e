import { startTestApp, Tenant, TestApp } from '../support/test-app';

describe('organizations, projects and tenancy', () => {
  let t: TestApp;
  let other: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
  });
  afterAll(() => t?.close());

  it('shows each key only its own organizations’ projects', async () => {
    const mine = await t.get('/api/projects/').expect(200);
    expect(mine.body.results.map((p: { id: number }) => p.id)).toEqual([t.projectId]);
    const theirs = await t.get('/api/projects/', other.key).expect(200);
    expect(theirs.body.results.map((p: { id: number }) => p.id)).toEqual([other.projectId]);
    expect(theirs.body.results[0]).toMatchObject({ organization: other.organizationId, api_token: other.projectToken });
  });

  it('answers 404, never 403, for another organization’s project and organization', async () => {
    for (const [method, path] of [
      ['get', `/api/projects/${other.projectId}/`],
      ['patch', `/api/projects/${other.projectId}/`],
      ['get', `/api/organizations/${other.organizationId}/`],
    ] as const) {
      const res = await t.req(method, path).send({ name: 'stolen' }).expect(404);
      expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
    }
    // unknown and malformed ids look exactly the same
    await t.get('/api/projects/999999/').expect(404);
    await t.get('/api/projects/abc/').expect(404);
    await t.get('/api/organizations/not-a-uuid/').expect(404);
    const still = await t.get(`/api/projects/${other.projectId}/`, other.key).expect(200);
    expect(still.body.name).toBe('Project');
  });

  it('creates and renames projects with fresh tokens; only admins may', async () => {
    const created = await t.post('/api/projects/', { name: 'Web' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Web', organization: t.organizationId });
    expect(created.body.api_token).toMatch(/^phc_[A-Za-z0-9]{43}$/);
    expect(created.body.api_token).not.toBe(t.projectToken);
    const renamed = await t.patch(`/api/projects/${created.body.id}`, { name: 'Website' }).expect(200);
    expect(renamed.body.name).toBe('Website');
    await t.post('/api/projects/', { name: '' }).expect(400);
    // a project in an organization the caller does not belong to
    const foreign = await t.post('/api/projects/', { name: 'x', organization: other.organizationId }).expect(400);
    expect(foreign.body).toMatchObject({ attr: 'organization', code: 'does_not_exist' });

    const member = await t.newUser(t.organizationId, { level: 'member' });
    const denied = await t.post('/api/projects/', { name: 'Nope' }, member.key).expect(403);
    expect(denied.body.code).toBe('permission_denied');
    await t.patch(`/api/projects/${created.body.id}`, { name: 'Nope' }, member.key).expect(403);
    await t.get(`/api/projects/${created.body.id}`, member.key).expect(200);
  });

  it('creates organizations with the caller as owner', async () => {
    const org = await t.post('/api/organizations/', { name: 'Acme' }).expect(201);
    expect(org.body).toMatchObject({ name: 'Acme', slug: 'acme', membership_level: 15, projects: [] });
    const project = await t.post('/api/projects/', { name: 'Acme web', organization: org.body.id }).expect(201);
    const read = await t.get(`/api/organizations/${org.body.id}/`).expect(200);
    expect(read.body.projects).toEqual([expect.objectContaining({ id: project.body.id, name: 'Acme web' })]);
    await t.get(`/api/organizations/${org.body.id}/`, other.key).expect(404);
  });

  describe('pagination', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await t.newTenant();
      for (let i = 0; i < 4; i++) await t.post('/api/projects/', { name: `P${i}` }, tenant.key).expect(201);
    });

    it('pages with absolute next/previous links and an exact count', async () => {
      // links are on PUBLIC_URL (default http://localhost:<port>; see forwarded-headers)
      const origin = t.publicUrl;
      const first = await t.get('/api/projects/?limit=2', tenant.key).expect(200);
      expect(first.body.count).toBe(5);
      expect(first.body.results).toHaveLength(2);
      expect(first.body.previous).toBeNull();
      expect(first.body.next).toBe(`${origin}/api/projects/?limit=2&offset=2`);

      const proxied = await t.get('/api/projects/?limit=2&offset=2', tenant.key).expect(200);
      expect(proxied.body.next).toBe(`${origin}/api/projects/?limit=2&offset=4`);
      expect(proxied.body.previous).toBe(`${origin}/api/projects/?limit=2&offset=0`);

      const last = await t
        .get(new URL(proxied.body.next).pathname + new URL(proxied.body.next).search, tenant.key)
        .expect(200);
      expect(last.body.results).toHaveLength(1);
      expect(last.body.next).toBeNull();
      const ids = [...first.body.results, ...proxied.body.results, ...last.body.results].map(
        (p: { id: number }) => p.id,
      );
      expect(new Set(ids).size).toBe(5);
    });

    it('keeps bounds: default 100, capped at 1000, past the end is empty', async () => {
      const all = await t.get('/api/projects/', tenant.key).expect(200);
      expect(all.body.results).toHaveLength(5);
      const capped = await t.get('/api/projects/?limit=5000', tenant.key).expect(200);
      expect(capped.body.results).toHaveLength(5);
      const zero = await t.get('/api/projects/?limit=0', tenant.key).expect(200);
      expect(zero.body.results).toHaveLength(5);
      const beyond = await t.get('/api/projects/?offset=50', tenant.key).expect(200);
      expect(beyond.body).toMatchObject({ count: 5, results: [], next: null });
    });

    it.each([
      ['limit=-1', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=ten', 'limit'],
      ['offset=-3', 'offset'],
      ['offset=1e3', 'offset'],
      ['limit=1&limit=2', 'limit'],
      ['offset=99999999999999999999', 'offset'],
    ])('%s → 400 naming %s', async (query, attr) => {
      const res = await t.get(`/api/projects/?${query}`, tenant.key).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr });
    });
  });
});
