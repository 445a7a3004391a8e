/** @sql-sensitive raw SQL on roles */
import { DataSource } from 'typeorm';
import { startTestApp, Tenant, TestApp, TestUser } from '../support/test-app';

describe('roles: CRUD, memberships, the organization level', () => {
  let t: TestApp;
  let base: string;
  let member: TestUser;
  let admin: TestUser;
  let other: Tenant;
  const TS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

  const uuidOf = async (key: string) => (await t.get('/api/users/@me/', key).expect(200)).body.uuid as string;
  const activity = async (itemId: string) =>
    t.app
      .get(DataSource)
      .query(
        `SELECT activity, scope, user_id, project_id, detail FROM activity_log WHERE item_id = $1 ORDER BY created_at, id`,
        [itemId],
      );

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/organizations/${t.organizationId}/roles`;
    member = await t.newUser(t.organizationId, { level: 'member' });
    admin = await t.newUser(t.organizationId, { level: 'admin' });
    other = await t.newTenant();
  });
  afterAll(() => t?.close());

  describe('roles', () => {
    it('creates a role with every field, reads it, lists it', async () => {
      const res = await t.post(`${base}/`, { name: '  Engineering ' }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Engineering',
        feature_flags_access_level: 37,
        created_at: expect.stringMatching(TS),
        created_by: expect.objectContaining({ id: t.userId, email: t.email }),
        members: [],
        associated_flags: [],
      });
      expect((await t.get(`${base}/${res.body.id}/`).expect(200)).body).toEqual(res.body);
      const list = (await t.get(`${base}/`).expect(200)).body;
      expect(list).toMatchObject({ count: 1, next: null, previous: null });
      expect(list.results).toEqual([res.body]);
      // members read roles
      expect((await t.get(`${base}/${res.body.id}`, member.key).expect(200)).body.name).toBe('Engineering');
    });

    it('pages the list oldest first', async () => {
      for (const name of ['Page 1', 'Page 2', 'Page 3']) await t.post(`${base}/`, { name }).expect(201);
      const first = (await t.get(`${base}/?limit=2`).expect(200)).body;
      expect(first.count).toBe(4);
      expect(first.results.map((r: { name: string }) => r.name)).toEqual(['Engineering', 'Page 1']);
      expect(first.next).toMatch(/limit=2&offset=2$/);
      const second = (await t.get(first.next.replace(/^https?:\/\/[^/]+/, '')).expect(200)).body;
      expect(second.results.map((r: { name: string }) => r.name)).toEqual(['Page 2', 'Page 3']);
      await t.get(`${base}/?limit=-1`).expect(400);
    });

    it('keeps names unique per organization, whatever the case', async () => {
      const dup = await t.post(`${base}/`, { name: 'ENGINEERING' }).expect(400);
      expect(dup.body).toEqual({
        type: 'validation_error',
        code: 'unique',
        detail: 'There is already a role with this name.',
        attr: 'name',
      });
      // another organization may use it
      await t.post(`/api/organizations/${other.organizationId}/roles/`, { name: 'Engineering' }, other.key).expect(201);
      const role = (await t.post(`${base}/`, { name: 'Rename me' }).expect(201)).body;
      await t.patch(`${base}/${role.id}/`, { name: 'engineering' }).expect(400);
      // renaming to its own name (another case) is fine
      expect((await t.patch(`${base}/${role.id}/`, { name: 'RENAME ME' }).expect(200)).body.name).toBe('RENAME ME');
    });

    it('validates name and level, naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{}, 'name', 'required'],
        [{ name: null }, 'name', 'null'],
        [{ name: 5 }, 'name', 'invalid_input'],
        [{ name: '   ' }, 'name', 'blank'],
        [{ name: 'x'.repeat(201) }, 'name', 'max_length'],
        [{ name: 'Levels', feature_flags_access_level: 30 }, 'feature_flags_access_level', 'invalid_choice'],
        [{ name: 'Levels', feature_flags_access_level: '37' }, 'feature_flags_access_level', 'invalid_input'],
        [{ name: 'Levels', feature_flags_access_level: null }, 'feature_flags_access_level', 'null'],
      ];
      for (const [body, attr, code] of cases) {
        const res = await t.post(`${base}/`, body).expect(400);
        expect({ body, attr: res.body.attr, code: res.body.code }).toEqual({ body, attr, code });
      }
      const role = (await t.post(`${base}/`, { name: 'Levels', feature_flags_access_level: 21 }).expect(201)).body;
      expect(role.feature_flags_access_level).toBe(21);
      const bad = await t.patch(`${base}/${role.id}/`, { feature_flags_access_level: 0 }).expect(400);
      expect(bad.body).toMatchObject({ attr: 'feature_flags_access_level', detail: '"0" is not a valid choice.' });
    });

    it('updates name and level; an empty PATCH changes nothing', async () => {
      const role = (await t.post(`${base}/`, { name: 'Before' }).expect(201)).body;
      const res = await t
        .patch(`${base}/${role.id}/`, { name: 'After', feature_flags_access_level: 21, created_by: null, id: 'x' })
        .expect(200);
      expect(res.body).toEqual({ ...role, name: 'After', feature_flags_access_level: 21 });
      expect((await t.patch(`${base}/${role.id}/`, {}).expect(200)).body).toEqual(res.body);
      expect((await activity(role.id)).map((a: { activity: string }) => a.activity)).toEqual(['created', 'updated']);
    });

    it('deletes a role (204) with its memberships; it is gone after', async () => {
      const role = (await t.post(`${base}/`, { name: 'Doomed' }).expect(201)).body;
      await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: await uuidOf(member.key) }).expect(201);
      const res = await t.del(`${base}/${role.id}/`).expect(204);
      expect(res.text).toBe('');
      await t.get(`${base}/${role.id}/`).expect(404);
      await t.del(`${base}/${role.id}/`).expect(404);
      await t.get(`${base}/${role.id}/role_memberships/`).expect(404);
      const entries = await activity(role.id);
      expect(entries.map((a: { activity: string }) => a.activity)).toEqual(['created', 'updated', 'deleted']);
    });

    it('answers 404 for unknown ids, ids that are not uuids, and roles of another organization', async () => {
      const theirs = (
        await t.post(`/api/organizations/${other.organizationId}/roles/`, { name: 'Theirs' }, other.key).expect(201)
      ).body;
      for (const id of ['00000000-0000-0000-0000-000000000000', 'nope', '1', theirs.id]) {
        await t.get(`${base}/${id}/`).expect(404);
        await t.patch(`${base}/${id}/`, { name: 'x' }).expect(404);
        await t.del(`${base}/${id}/`).expect(404);
        await t.get(`${base}/${id}/role_memberships/`).expect(404);
      }
      // nor does their list show ours, or ours theirs
      const ours = (await t.get(`${base}/?limit=1000`).expect(200)).body.results.map((r: { id: string }) => r.id);
      expect(ours).not.toContain(theirs.id);
      // their organization is invisible: 404 on every route
      const theirBase = `/api/organizations/${other.organizationId}/roles`;
      await t.get(`${theirBase}/`).expect(404);
      await t.post(`${theirBase}/`, { name: 'Intruder' }).expect(404);
      await t.get(`${theirBase}/${theirs.id}/`).expect(404);
      await t.del(`${theirBase}/${theirs.id}/`).expect(404);
      await t.get(`/api/organizations/${other.organizationId}/feature_flag_access/`).expect(404);
    });

    it('lets only admins and owners change roles (403 for members), members read', async () => {
      const role = (await t.post(`${base}/`, { name: 'Guarded' }).expect(201)).body;
      const denied = await t.post(`${base}/`, { name: 'By member' }, member.key).expect(403);
      expect(denied.body).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: 'You need to have admin level or higher.',
        attr: null,
      });
      await t.patch(`${base}/${role.id}/`, { name: 'x' }, member.key).expect(403);
      await t.del(`${base}/${role.id}/`, member.key).expect(403);
      const uuid = await uuidOf(member.key);
      await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: uuid }, member.key).expect(403);
      await t.get(`${base}/${role.id}/role_memberships/`, member.key).expect(200);
      // an admin may
      await t.patch(`${base}/${role.id}/`, { name: 'Guarded by admin' }, admin.key).expect(200);
      const ms = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: uuid }, admin.key).expect(201);
      await t.del(`${base}/${role.id}/role_memberships/${ms.body.id}/`, member.key).expect(403);
      await t.del(`${base}/${role.id}/role_memberships/${ms.body.id}/`, admin.key).expect(204);
      await t.del(`${base}/${role.id}/`, admin.key).expect(204);
    });

    it('needs organization:read to read and organization:write to change', async () => {
      const reader = await t.newUser(t.organizationId, { level: 'admin', scopes: ['organization:read'] });
      const flagsOnly = await t.newUser(t.organizationId, { level: 'admin', scopes: ['feature_flag:write'] });
      await t.get(`${base}/`, reader.key).expect(200);
      const res = await t.post(`${base}/`, { name: 'Scoped' }, reader.key).expect(403);
      expect(res.body.detail).toBe("API key missing required scope 'organization:write'");
      await t.get(`${base}/`, flagsOnly.key).expect(403);
      await t.get(`/api/organizations/${t.organizationId}/feature_flag_access/`, flagsOnly.key).expect(403);
      await t
        .patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 37 }, reader.key)
        .expect(403);
    });

    it('works at @current and without a trailing slash; 405 on methods it does not have', async () => {
      expect((await t.get('/api/organizations/@current/roles').expect(200)).body.count).toBeGreaterThan(0);
      const role = (await t.get(`${base}/?limit=1`).expect(200)).body.results[0];
      await t.req('put', `${base}/${role.id}/`).send({ name: 'x' }).expect(405);
    });
  });

  describe('memberships', () => {
    let role: { id: string };
    beforeAll(async () => {
      role = (await t.post(`${base}/`, { name: 'Members' }).expect(201)).body;
    });

    it('adds a user of the organization by uuid, lists and removes them', async () => {
      const uuid = await uuidOf(member.key);
      const res = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: uuid }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        role_id: role.id,
        user: expect.objectContaining({ id: member.userId, uuid, email: member.email }),
        joined_at: expect.stringMatching(TS),
        updated_at: expect.stringMatching(TS),
      });
      const second = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: await uuidOf(admin.key) });
      expect(second.status).toBe(201);
      const list = (await t.get(`${base}/${role.id}/role_memberships/?limit=1`).expect(200)).body;
      expect(list).toMatchObject({ count: 2, previous: null });
      expect(list.results).toEqual([res.body]);
      expect(list.next).toMatch(/offset=1/);
      // the role shows its members
      const shown = (await t.get(`${base}/${role.id}/`).expect(200)).body;
      expect(shown.members).toEqual([res.body, second.body]);

      await t.del(`${base}/${role.id}/role_memberships/${res.body.id}/`).expect(204);
      await t.del(`${base}/${role.id}/role_memberships/${res.body.id}/`).expect(404);
      expect((await t.get(`${base}/${role.id}/role_memberships/`).expect(200)).body.count).toBe(1);
      const entries = await activity(role.id);
      expect(entries.slice(1).map((e: { detail: { changes: unknown[] } }) => e.detail.changes[0])).toEqual([
        { type: 'Role', action: 'created', field: 'members', after: member.email },
        { type: 'Role', action: 'created', field: 'members', after: admin.email },
        { type: 'Role', action: 'deleted', field: 'members', before: member.email },
      ]);
      expect(
        entries.every((e: { scope: string; project_id: null }) => e.scope === 'Role' && e.project_id === null),
      ).toBe(true);
    });

    it('refuses duplicates, users outside the organization, unknown users and bad uuids', async () => {
      const uuid = await uuidOf(admin.key);
      const dup = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: uuid }).expect(400);
      expect(dup.body).toEqual({
        type: 'validation_error',
        code: 'unique',
        detail: 'User is already part of the role.',
        attr: 'user_uuid',
      });
      const outsider = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: await uuidOf(other.key) });
      expect(outsider.status).toBe(400);
      expect(outsider.body).toEqual({
        type: 'validation_error',
        code: 'does_not_exist',
        detail: 'User does not exist.',
        attr: 'user_uuid',
      });
      const unknown = await t
        .post(`${base}/${role.id}/role_memberships/`, { user_uuid: '00000000-0000-0000-0000-000000000000' })
        .expect(400);
      expect(unknown.body.code).toBe('does_not_exist');
      const bad = await t.post(`${base}/${role.id}/role_memberships/`, { user_uuid: 'nope' }).expect(400);
      expect(bad.body).toMatchObject({ attr: 'user_uuid', detail: 'Must be a valid UUID.' });
      expect((await t.post(`${base}/${role.id}/role_memberships/`, {}).expect(400)).body.code).toBe('required');
      await t.del(`${base}/${role.id}/role_memberships/not-a-uuid/`).expect(404);
      await t.del(`${base}/${role.id}/role_memberships/00000000-0000-0000-0000-000000000000/`).expect(404);
    });

    it("cannot reach another role's membership through this role", async () => {
      const otherRole = (await t.post(`${base}/`, { name: 'Members 2' }).expect(201)).body;
      const ms = (
        await t.post(`${base}/${otherRole.id}/role_memberships/`, { user_uuid: await uuidOf(member.key) }).expect(201)
      ).body;
      await t.del(`${base}/${role.id}/role_memberships/${ms.id}/`).expect(404);
      await t.del(`${base}/${otherRole.id}/role_memberships/${ms.id}/`).expect(204);
    });
  });

  describe('the organization feature-flag level', () => {
    const path = () => `/api/organizations/${t.organizationId}/feature_flag_access/`;

    it('is 37 until set; admins set it; members read it but cannot set it', async () => {
      expect((await t.get(path(), member.key).expect(200)).body).toEqual({ access_level: 37, updated_at: null });
      await t.patch(path(), { access_level: 21 }, member.key).expect(403);
      const set = await t.patch(path(), { access_level: 21 }, admin.key).expect(200);
      expect(set.body).toEqual({ access_level: 21, updated_at: expect.stringMatching(TS) });
      expect((await t.get(path()).expect(200)).body).toEqual(set.body);
      // new roles start at the organization level
      expect((await t.post(`${base}/`, { name: 'At 21' }).expect(201)).body.feature_flags_access_level).toBe(21);
      expect((await t.patch(path(), { access_level: 37 }).expect(200)).body.access_level).toBe(37);
      const entries = await activity(t.organizationId);
      expect(entries.map((e: { detail: { changes: unknown[] } }) => e.detail.changes[0])).toEqual([
        { type: 'Organization', action: 'changed', field: 'feature_flags_access_level', before: 37, after: 21 },
        { type: 'Organization', action: 'changed', field: 'feature_flags_access_level', before: 21, after: 37 },
      ]);
    });

    it('accepts only 21 and 37', async () => {
      for (const [body, code] of [
        [{}, 'required'],
        [{ access_level: 20 }, 'invalid_choice'],
        [{ access_level: 'view' }, 'invalid_input'],
        [{ access_level: null }, 'null'],
      ] as const) {
        const res = await t.patch(path(), body).expect(400);
        expect(res.body).toMatchObject({ attr: 'access_level', code });
      }
    });
  });
});
