import { startTestApp, Tenant, TestApp, TestUser } from '../support/test-app';

describe('feature flag role access', () => {
  let t: TestApp;
  let flags: string;
  let roles: string;
  let other: Tenant;
  let member: TestUser;
  let flag: { id: number; key: string; version: number };
  let role: { id: string; name: string };
  const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
  const access = (flagId: number = flag.id) => `${flags}/${flagId}/role_access`;

  beforeAll(async () => {
    t = await startTestApp();
    flags = `/api/projects/${t.projectId}/feature_flags`;
    roles = `/api/organizations/${t.organizationId}/roles`;
    other = await t.newTenant();
    member = await t.newUser(t.organizationId, { level: 'member' });
    flag = (await t.post(`${flags}/`, { key: 'guarded' }).expect(201)).body;
    role = (await t.post(`${roles}/`, { name: 'Reviewers', feature_flags_access_level: 21 }).expect(201)).body;
    const uuid = (await t.get('/api/users/@me/', member.key).expect(200)).body.uuid;
    await t.post(`${roles}/${role.id}/role_memberships/`, { user_uuid: uuid }).expect(201);
  });
  afterAll(() => t?.close());

  it('creates (201), reads, lists and deletes (204) a row that embeds the flag and the role', async () => {
    const created = await t.post(`${access()}/`, { role_id: role.id }).expect(201);
    const flagNow = (await t.get(`${flags}/${flag.id}/`).expect(200)).body;
    expect(created.body).toEqual({
      id: expect.any(Number),
      feature_flag: flagNow,
      role: {
        id: role.id,
        name: 'Reviewers',
        feature_flags_access_level: 21,
        created_at: expect.stringMatching(TS),
        created_by: expect.objectContaining({ id: t.userId }),
        members: [expect.objectContaining({ role_id: role.id, user: expect.objectContaining({ id: member.userId }) })],
        associated_flags: [{ id: flag.id, key: 'guarded' }],
      },
      role_id: role.id,
      added_at: expect.stringMatching(TS),
      updated_at: expect.stringMatching(TS),
    });
    // the flag did not change: same version
    expect(flagNow.version).toBe(flag.version);
    const read = await t.get(`${access()}/${created.body.id}/`).expect(200);
    expect(read.body).toEqual(created.body);
    expect((await t.get(`${access()}`).expect(200)).body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [created.body],
    });
    // the role shows the flag
    expect((await t.get(`${roles}/${role.id}/`).expect(200)).body.associated_flags).toEqual([
      { id: flag.id, key: 'guarded' },
    ]);

    const deleted = await t.del(`${access()}/${created.body.id}/`).expect(204);
    expect(deleted.text).toBe('');
    await t.get(`${access()}/${created.body.id}/`).expect(404);
    await t.del(`${access()}/${created.body.id}/`).expect(404);
    expect((await t.get(`${access()}/`).expect(200)).body.count).toBe(0);
    expect((await t.get(`${roles}/${role.id}/`).expect(200)).body.associated_flags).toEqual([]);
  });

  it("the embedded flag's can_edit is the caller's", async () => {
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
    const viewer = await t.newUser(t.organizationId, { level: 'member' });
    const row = (await t.post(`${access()}/`, { role_id: role.id }).expect(201)).body;
    expect(row.feature_flag.can_edit).toBe(true);
    expect((await t.get(`${access()}/${row.id}/`, viewer.key).expect(200)).body.feature_flag.can_edit).toBe(false);
    expect((await t.get(`${access()}/${row.id}/`, member.key).expect(200)).body.feature_flag.can_edit).toBe(true);
    await t.del(`${access()}/${row.id}/`).expect(204);
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 37 }).expect(200);
  });

  it('refuses a duplicate (flag, role) with a 400', async () => {
    const first = await t.post(`${access()}/`, { role_id: role.id }).expect(201);
    const dup = await t.post(`${access()}/`, { role_id: role.id }).expect(400);
    expect(dup.body).toEqual({
      type: 'validation_error',
      code: 'unique',
      detail: 'This role already has access to this feature flag.',
      attr: 'role_id',
    });
    expect((await t.get(`${access()}/`).expect(200)).body.count).toBe(1);
    await t.del(`${access()}/${first.body.id}/`).expect(204);
  });

  it('refuses unknown roles, roles of another organization and bad role ids with a 400 naming role_id', async () => {
    const theirs = (
      await t.post(`/api/organizations/${other.organizationId}/roles/`, { name: 'Theirs' }, other.key).expect(201)
    ).body;
    for (const roleId of [theirs.id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await t.post(`${access()}/`, { role_id: roleId }).expect(400);
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'does_not_exist',
        detail: `Invalid pk "${roleId}" - object does not exist.`,
        attr: 'role_id',
      });
    }
    expect((await t.post(`${access()}/`, {}).expect(400)).body).toMatchObject({ attr: 'role_id', code: 'required' });
    expect((await t.post(`${access()}/`, { role_id: 5 }).expect(400)).body).toMatchObject({ attr: 'role_id' });
    expect((await t.post(`${access()}/`, { role_id: null }).expect(400)).body).toMatchObject({ code: 'null' });
    // and their flag does not accept our role
    const theirFlag = (
      await t.post(`/api/projects/${other.projectId}/feature_flags/`, { key: 'theirs' }, other.key).expect(201)
    ).body;
    const res = await t
      .post(
        `/api/projects/${other.projectId}/feature_flags/${theirFlag.id}/role_access/`,
        { role_id: role.id },
        other.key,
      )
      .expect(400);
    expect(res.body.attr).toBe('role_id');
  });

  it("answers 404 for flags outside the caller's organizations and for unknown flags and rows", async () => {
    const theirFlag = (
      await t.post(`/api/projects/${other.projectId}/feature_flags/`, { key: 'hidden' }, other.key).expect(201)
    ).body;
    const theirRole = (
      await t.post(`/api/organizations/${other.organizationId}/roles/`, { name: 'Hidden' }, other.key).expect(201)
    ).body;
    const theirRow = (
      await t
        .post(
          `/api/projects/${other.projectId}/feature_flags/${theirFlag.id}/role_access/`,
          { role_id: theirRole.id },
          other.key,
        )
        .expect(201)
    ).body;
    const theirPath = `/api/projects/${other.projectId}/feature_flags/${theirFlag.id}/role_access`;
    await t.get(`${theirPath}/`).expect(404);
    await t.post(`${theirPath}/`, { role_id: role.id }).expect(404);
    await t.get(`${theirPath}/${theirRow.id}/`).expect(404);
    await t.del(`${theirPath}/${theirRow.id}/`).expect(404);
    // their flag id in our project is no flag of ours
    await t.get(`${access(theirFlag.id)}/`).expect(404);
    await t.post(`${access(theirFlag.id)}/`, { role_id: role.id }).expect(404);
    for (const id of ['999999', '0', 'abc', '99999999999']) {
      await t.get(`${flags}/${id}/role_access/`).expect(404);
    }
    // a row of another flag is not reachable through this one
    const second = (await t.post(`${flags}/`, { key: 'second' }).expect(201)).body;
    const row = (await t.post(`${access(second.id)}/`, { role_id: role.id }).expect(201)).body;
    await t.get(`${access()}/${row.id}/`).expect(404);
    await t.del(`${access()}/${row.id}/`).expect(404);
    for (const id of ['abc', '0', '-1', '2147483648']) await t.get(`${access(second.id)}/${id}/`).expect(404);
    // theirs stays as it was
    const still = await t.get(`${theirPath}/${theirRow.id}/`, other.key).expect(200);
    expect(still.body.role.id).toBe(theirRole.id);
  });

  it('works on a soft-deleted flag, at @current, and without a trailing slash', async () => {
    const gone = (await t.post(`${flags}/`, { key: 'gone' }).expect(201)).body;
    await t.patch(`${flags}/${gone.id}/`, { deleted: true }).expect(200);
    const row = (
      await t.post(`/api/projects/@current/feature_flags/${gone.id}/role_access`, { role_id: role.id }).expect(201)
    ).body;
    expect(row.feature_flag).toMatchObject({ id: gone.id, deleted: true });
    await t.get(`${access(gone.id)}/${row.id}`).expect(200);
  });

  it('pages the list by id', async () => {
    const paged = (await t.post(`${flags}/`, { key: 'paged' }).expect(201)).body;
    const ids = [];
    for (const name of ['P1', 'P2', 'P3']) {
      const r = (await t.post(`${roles}/`, { name }).expect(201)).body;
      ids.push((await t.post(`${access(paged.id)}/`, { role_id: r.id }).expect(201)).body.id);
    }
    const page = (await t.get(`${access(paged.id)}/?limit=2&offset=1`).expect(200)).body;
    expect(page.count).toBe(3);
    expect(page.results.map((r: { id: number }) => r.id)).toEqual(ids.slice(1));
    expect(page.next).toBeNull();
    expect(page.previous).toMatch(/offset=0/);
    await t.get(`${access(paged.id)}/?offset=x`).expect(400);
  });

  it('needs feature_flag:read to read and feature_flag:write to change', async () => {
    const reader = await t.newUser(t.organizationId, { level: 'admin', scopes: ['feature_flag:read'] });
    const orgOnly = await t.newUser(t.organizationId, { level: 'admin', scopes: ['organization:write'] });
    await t.get(`${access()}/`, reader.key).expect(200);
    const denied = await t.post(`${access()}/`, { role_id: role.id }, reader.key).expect(403);
    expect(denied.body.detail).toBe("API key missing required scope 'feature_flag:write'");
    await t.get(`${access()}/`, orgOnly.key).expect(403);
  });

  it("shows every change in the flag's activity, also the removal when a role is deleted", async () => {
    const logged = (await t.post(`${flags}/`, { key: 'logged' }).expect(201)).body;
    const doomed = (await t.post(`${roles}/`, { name: 'Doomed' }).expect(201)).body;
    const row = (await t.post(`${access(logged.id)}/`, { role_id: role.id }).expect(201)).body;
    await t.post(`${access(logged.id)}/`, { role_id: doomed.id }).expect(201);
    await t.del(`${access(logged.id)}/${row.id}/`).expect(204);
    await t.del(`${roles}/${doomed.id}/`).expect(204);
    const entries = (await t.get(`${flags}/${logged.id}/activity/`).expect(200)).body.results;
    expect(
      entries.map((e: { activity: string; detail: { changes: unknown[] } }) => [e.activity, e.detail.changes]),
    ).toEqual([
      [
        'updated',
        [{ type: 'FeatureFlag', action: 'deleted', field: 'role_access', before: { id: doomed.id, name: 'Doomed' } }],
      ],
      [
        'updated',
        [{ type: 'FeatureFlag', action: 'deleted', field: 'role_access', before: { id: role.id, name: 'Reviewers' } }],
      ],
      [
        'updated',
        [{ type: 'FeatureFlag', action: 'created', field: 'role_access', after: { id: doomed.id, name: 'Doomed' } }],
      ],
      [
        'updated',
        [{ type: 'FeatureFlag', action: 'created', field: 'role_access', after: { id: role.id, name: 'Reviewers' } }],
      ],
      ['created', null],
    ]);
    expect(entries[0]).toMatchObject({ scope: 'FeatureFlag', item_id: String(logged.id), user: { email: t.email } });
    expect((await t.get(`${access(logged.id)}/`).expect(200)).body.count).toBe(0);
  });
});
