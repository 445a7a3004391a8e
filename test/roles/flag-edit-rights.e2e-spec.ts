/** @sql-insensitive who may edit a flag, decided by the roles' policy */
import { TenancyService } from '@app/platform';
import { startTestApp, TestApp, TestUser } from '../support/test-app';

/**
 * PostHog's edit rule with several users of one organization whose default level is 21 (view
 * only): `can_edit` on list and retrieve, and what PATCH, copy and role-access writes answer.
 */
describe('roles: who may edit a feature flag', () => {
  let t: TestApp;
  let flags: string;
  let roles: string;
  let admin: TestUser;
  let editor: TestUser; // member with a 37 role
  let viewer: TestUser; // member without roles
  let reviewer: TestUser; // member whose 21 role is attached to flag A
  let creator: TestUser; // member who created flag B
  let flagA: { id: number; key: string };
  let flagB: { id: number; key: string };
  let reviewers: { id: string };
  let editors: { id: string };

  const addMember = async (roleId: string, user: TestUser) => {
    const uuid = (await t.get('/api/users/@me/', user.key).expect(200)).body.uuid;
    return (await t.post(`${roles}/${roleId}/role_memberships/`, { user_uuid: uuid }).expect(201)).body;
  };
  const canEdit = async (user: TestUser) => {
    const list = (await t.get(`${flags}/`, user.key).expect(200)).body.results as Array<{
      id: number;
      can_edit: boolean;
    }>;
    const onList = Object.fromEntries(list.map((f) => [f.id, f.can_edit]));
    const a = (await t.get(`${flags}/${flagA.id}/`, user.key).expect(200)).body.can_edit;
    const b = (await t.get(`${flags}/${flagB.id}/`, user.key).expect(200)).body.can_edit;
    expect({ a: onList[flagA.id], b: onList[flagB.id] }).toEqual({ a, b });
    return { a, b };
  };
  const patchStatus = async (user: TestUser, flag: { id: number }) =>
    (await t.patch(`${flags}/${flag.id}/`, { name: `by ${user.email}` }, user.key)).status;

  beforeAll(async () => {
    t = await startTestApp();
    flags = `/api/projects/${t.projectId}/feature_flags`;
    roles = `/api/organizations/${t.organizationId}/roles`;
    admin = await t.newUser(t.organizationId, { level: 'admin' });
    editor = await t.newUser(t.organizationId, { level: 'member' });
    viewer = await t.newUser(t.organizationId, { level: 'member' });
    reviewer = await t.newUser(t.organizationId, { level: 'member' });
    creator = await t.newUser(t.organizationId, { level: 'member' });

    flagA = (await t.post(`${flags}/`, { key: 'flag-a' }).expect(201)).body;
    flagB = (await t.post(`${flags}/`, { key: 'flag-b' }, creator.key).expect(201)).body;
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
    editors = (await t.post(`${roles}/`, { name: 'Editors', feature_flags_access_level: 37 }).expect(201)).body;
    reviewers = (await t.post(`${roles}/`, { name: 'Reviewers' }).expect(201)).body;
    await addMember(editors.id, editor);
    await addMember(reviewers.id, reviewer);
    await t.post(`${flags}/${flagA.id}/role_access/`, { role_id: reviewers.id }).expect(201);
  });
  afterAll(() => t?.close());

  it('a role created without a level takes the organization level (21 here)', async () => {
    expect((await t.get(`${roles}/${reviewers.id}/`).expect(200)).body.feature_flags_access_level).toBe(21);
  });

  it.each([
    ['the owner', () => ({ userId: t.userId, email: t.email, key: t.key }), { a: true, b: true }],
    ['an admin', () => admin, { a: true, b: true }],
    ['a member with a 37 role', () => editor, { a: true, b: true }],
    ['a view-only member', () => viewer, { a: false, b: false }],
    ['a member whose 21 role is attached to flag A', () => reviewer, { a: true, b: false }],
    ['the creator of flag B', () => creator, { a: false, b: true }],
  ])('%s: can_edit on list and retrieve, and PATCH 200 or 403', async (_who, user, expected) => {
    const u = user();
    expect(await canEdit(u)).toEqual(expected);
    expect(await patchStatus(u, flagA)).toBe(expected.a ? 200 : 403);
    expect(await patchStatus(u, flagB)).toBe(expected.b ? 200 : 403);
  });

  it('refuses a PATCH with the envelope and changes nothing', async () => {
    const before = (await t.get(`${flags}/${flagA.id}/`).expect(200)).body;
    const res = await t.patch(`${flags}/${flagA.id}/`, { deleted: true, active: false }, viewer.key).expect(403);
    expect(res.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "You don't have edit permissions for this feature flag.",
      attr: null,
    });
    const after = (await t.get(`${flags}/${flagA.id}/`).expect(200)).body;
    expect(after).toMatchObject({ version: before.version, deleted: false, active: true });
  });

  it('refuses copy_flags to a user who cannot edit the source flag', async () => {
    const target = (await t.post('/api/projects/', { name: 'Target' }).expect(201)).body.id;
    const copy = (user: TestUser, key: string) =>
      t.post(
        `/api/organizations/${t.organizationId}/feature_flags/copy_flags/`,
        { feature_flag_key: key, from_project: t.projectId, target_project_ids: [target] },
        user.key,
      );
    const denied = await copy(viewer, 'flag-a').expect(403);
    expect(denied.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'You do not have permission to copy this flag.',
      attr: null,
    });
    await copy(creator, 'flag-a').expect(403);
    const copied = await copy(reviewer, 'flag-a').expect(200);
    expect(copied.body.success).toHaveLength(1);
    // the copy in the target project is a new flag created by the reviewer: theirs to edit
    expect(copied.body.success[0]).toMatchObject({ key: 'flag-a', can_edit: true });
  });

  it('copy_flags puts a target flag the caller may not edit in `failed`, and writes nothing of that target', async () => {
    const guarded = (await t.post('/api/projects/', { name: 'Guarded' }).expect(201)).body.id;
    const open = (await t.post('/api/projects/', { name: 'Open' }).expect(201)).body.id;
    const inGuarded = `/api/projects/${guarded}/feature_flags`;
    const cohorts = (project: number) => t.get(`/api/projects/${project}/cohorts/`).expect(200);
    const owners = (
      await t.post(`${inGuarded}/`, { key: 'shared-key', name: "The owner's", filters: { groups: [] } }).expect(201)
    ).body;
    // the viewer's own flag of that key (theirs to edit and copy), using a cohort of theirs
    const cohort = (
      await t
        .post(
          `/api/projects/${t.projectId}/cohorts/`,
          { name: 'Viewer cohort', groups: [{ properties: [{ key: 'plan', value: 'pro', type: 'person' }] }] },
          viewer.key,
        )
        .expect(201)
    ).body;
    const property = { key: 'id', type: 'cohort', value: cohort.id };
    const filters = { groups: [{ properties: [property], rollout_percentage: 100 }] };
    await t.post(`${flags}/`, { key: 'shared-key', name: "The viewer's", filters }, viewer.key).expect(201);
    const before = (await t.get(`${inGuarded}/${owners.id}/`).expect(200)).body;
    const cohortsBefore = (await cohorts(guarded)).body.count;

    const res = await t
      .post(
        `/api/organizations/${t.organizationId}/feature_flags/copy_flags/`,
        { feature_flag_key: 'shared-key', from_project: t.projectId, target_project_ids: [guarded, open] },
        viewer.key,
      )
      .expect(200);
    expect(res.body.failed).toEqual([
      { project_id: guarded, errors: "You don't have edit permissions for this feature flag." },
    ]);
    expect(res.body.success).toEqual([expect.objectContaining({ key: 'shared-key', name: "The viewer's" })]);
    const after = (await t.get(`${inGuarded}/${owners.id}/`).expect(200)).body;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ name: "The owner's", version: 1, last_modified_by: { id: t.userId } });
    expect((await cohorts(guarded)).body.count).toBe(cohortsBefore);
    expect((await t.get(`${inGuarded}/${owners.id}/activity/`).expect(200)).body.total_count).toBe(1);
    // the open target got the flag and its cohort
    const copied = (await t.get(`/api/projects/${open}/feature_flags/`).expect(200)).body.results;
    expect(copied).toEqual([expect.objectContaining({ key: 'shared-key', name: "The viewer's" })]);
    expect((await cohorts(open)).body.results).toEqual([expect.objectContaining({ name: 'Viewer cohort' })]);
  });

  it("writes of a flag's role access follow PostHog's permission (an attached 21 role does not grant it)", async () => {
    const other = (await t.post(`${roles}/`, { name: 'Other' }).expect(201)).body;
    const access = (flag: { id: number }) => `${flags}/${flag.id}/role_access/`;
    const denied = await t.post(access(flagA), { role_id: other.id }, viewer.key).expect(403);
    expect(denied.body).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail: "You can't edit roles for this feature flag.",
      attr: null,
    });
    await t.post(access(flagA), { role_id: other.id }, reviewer.key).expect(403);
    await t.post(access(flagA), { role_id: other.id }, creator.key).expect(403);
    const byCreator = await t.post(access(flagB), { role_id: other.id }, creator.key).expect(201);
    await t.del(`${access(flagB)}${byCreator.body.id}/`, viewer.key).expect(403);
    await t.del(`${access(flagB)}${byCreator.body.id}/`, editor.key).expect(204);
    const byEditor = await t.post(access(flagA), { role_id: other.id }, editor.key).expect(201);
    await t.del(`${access(flagA)}${byEditor.body.id}/`, admin.key).expect(204);
    // everyone in the organization reads it
    expect((await t.get(access(flagA), viewer.key).expect(200)).body.count).toBe(1);
  });

  it('changes take effect at once: memberships, role levels, role access, the organization level', async () => {
    const temp = await t.newUser(t.organizationId, { level: 'member' });
    expect(await canEdit(temp)).toEqual({ a: false, b: false });

    const membership = await addMember(reviewers.id, temp);
    expect(await canEdit(temp)).toEqual({ a: true, b: false });

    await t.patch(`${roles}/${reviewers.id}/`, { feature_flags_access_level: 37 }).expect(200);
    expect(await canEdit(temp)).toEqual({ a: true, b: true });
    await t.patch(`${roles}/${reviewers.id}/`, { feature_flags_access_level: 21 }).expect(200);

    const accessB = await t.post(`${flags}/${flagB.id}/role_access/`, { role_id: reviewers.id }).expect(201);
    expect(await canEdit(temp)).toEqual({ a: true, b: true });
    await t.del(`${flags}/${flagB.id}/role_access/${accessB.body.id}/`).expect(204);
    expect(await canEdit(temp)).toEqual({ a: true, b: false });

    await t.del(`${roles}/${reviewers.id}/role_memberships/${membership.id}/`).expect(204);
    expect(await canEdit(temp)).toEqual({ a: false, b: false });

    // organization level 37: everyone edits everything, also members whose only role is view-only
    const org = `/api/organizations/${t.organizationId}/feature_flag_access/`;
    await t.patch(org, { access_level: 37 }).expect(200);
    expect(await canEdit(viewer)).toEqual({ a: true, b: true });
    expect(await canEdit(reviewer)).toEqual({ a: true, b: true });
    expect(await patchStatus(viewer, flagA)).toBe(200);
    await t.patch(org, { access_level: 21 }).expect(200);
    expect(await canEdit(viewer)).toEqual({ a: false, b: false });
  });

  it('deleting a role removes what it granted', async () => {
    const temp = await t.newUser(t.organizationId, { level: 'member' });
    const role = (await t.post(`${roles}/`, { name: 'Short-lived', feature_flags_access_level: 21 }).expect(201)).body;
    await addMember(role.id, temp);
    await t.post(`${flags}/${flagB.id}/role_access/`, { role_id: role.id }).expect(201);
    expect(await canEdit(temp)).toEqual({ a: false, b: true });
    await t.del(`${roles}/${role.id}/`).expect(204);
    expect(await canEdit(temp)).toEqual({ a: false, b: false });
    const left = (await t.get(`${flags}/${flagB.id}/role_access/`).expect(200)).body.results;
    expect(left.map((r: { role: { id: string } }) => r.role.id)).not.toContain(role.id);
  });

  it("roles of another organization give nothing here, and this organization's roles nothing there", async () => {
    const other = await t.newTenant();
    // the editor joins the other organization, gets no role there; it is view-only there
    const otherOrg = `/api/organizations/${other.organizationId}`;
    await t.patch(`${otherOrg}/feature_flag_access/`, { access_level: 21 }, other.key).expect(200);
    await t.app.get(TenancyService).addMember(other.organizationId, editor.userId, 1);
    const otherFlags = `/api/projects/${other.projectId}/feature_flags`;
    const theirs = (await t.post(`${otherFlags}/`, { key: 'theirs' }, other.key).expect(201)).body;
    const seen = (await t.get(`${otherFlags}/${theirs.id}/`, editor.key).expect(200)).body;
    expect(seen.can_edit).toBe(false);
    await t.patch(`${otherFlags}/${theirs.id}/`, { name: 'x' }, editor.key).expect(403);
    // and here the editor still edits everything
    expect(await canEdit(editor)).toEqual({ a: true, b: true });
  });
});
