/** @sql-sensitive copies across projects in one transaction */
import { startTestApp, Tenant, TestApp } from '../support/test-app';

describe('feature flags: organization level', () => {
  let t: TestApp;
  let orgBase: string;
  let second: number; // another project of the bootstrap organization
  let third: number;
  let other: Tenant; // another organization
  const flags = (project: number) => `/api/projects/${project}/feature_flags`;

  beforeAll(async () => {
    t = await startTestApp();
    orgBase = `/api/organizations/${t.organizationId}/feature_flags`;
    second = (await t.post('/api/projects/', { name: 'Second' }).expect(201)).body.id;
    third = (await t.post('/api/projects/', { name: 'Third' }).expect(201)).body.id;
    other = await t.newTenant();
  });
  afterAll(() => t?.close());

  describe('GET …/feature_flags/:key', () => {
    it("lists the key's live flags across the organization's projects", async () => {
      const filters = { groups: [{ properties: [], rollout_percentage: 10 }] };
      const a = (await t.post(`${flags(t.projectId)}/`, { key: 'shared', filters }).expect(201)).body;
      const b = (await t.post(`${flags(second)}/`, { key: 'shared', active: false }).expect(201)).body;
      const gone = (await t.post(`${flags(third)}/`, { key: 'shared' }).expect(201)).body;
      await t.patch(`${flags(third)}/${gone.id}/`, { deleted: true }).expect(200);
      await t.post(`${flags(other.projectId)}/`, { key: 'shared' }, other.key).expect(201);

      const res = await t.get(`${orgBase}/shared`).expect(200);
      expect(res.body).toEqual([
        {
          flag_id: a.id,
          team_id: t.projectId,
          created_by: expect.objectContaining({ id: t.userId, email: t.email }),
          filters,
          created_at: a.created_at,
          active: true,
        },
        expect.objectContaining({ flag_id: b.id, team_id: second, active: false }),
      ]);
    });

    it('answers [] when no project has the key', async () => {
      expect((await t.get(`${orgBase}/no-such-key/`).expect(200)).body).toEqual([]);
      expect((await t.get(`${orgBase}/${encodeURIComponent('not a key')}/`).expect(200)).body).toEqual([]);
    });

    it("answers 404 for an organization outside the caller's, and @current works", async () => {
      await t.get(`/api/organizations/${other.organizationId}/feature_flags/shared/`).expect(404);
      await t.get(`/api/organizations/00000000-0000-0000-0000-000000000000/feature_flags/shared/`).expect(404);
      await t.get(`/api/organizations/not-a-uuid/feature_flags/shared/`).expect(404);
      const current = await t.get(`/api/organizations/@current/feature_flags/shared/`).expect(200);
      expect(current.body).toHaveLength(2);
    });

    it('needs feature_flag:read', async () => {
      const none = await t.newUser(t.organizationId, { scopes: ['person:read'] });
      await t.get(`${orgBase}/shared/`, none.key).expect(403);
      const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
      await t.get(`${orgBase}/shared/`, reader.key).expect(200);
    });
  });

  describe('POST …/feature_flags/copy_flags', () => {
    const variants = {
      variants: [
        { key: 'a', rollout_percentage: 30 },
        { key: 'b', rollout_percentage: 70 },
      ],
    };
    const filters = {
      groups: [{ properties: [{ key: 'plan', type: 'person', value: ['pro'] }], rollout_percentage: 25 }],
      multivariate: variants,
      payloads: { a: '{"color":"red"}' },
    };

    it('creates the flag where it is missing and updates it where it exists; foreign targets fail', async () => {
      const source = (
        await t
          .post(`${flags(t.projectId)}/`, {
            key: 'to-copy',
            name: 'Copied flag',
            filters,
            ensure_experience_continuity: true,
            tags: ['keep-here'],
          })
          .expect(201)
      ).body;
      const existing = (await t.post(`${flags(second)}/`, { key: 'to-copy', name: 'old', active: false }).expect(201))
        .body;

      const res = await t
        .post(`${orgBase}/copy_flags`, {
          feature_flag_key: 'to-copy',
          from_project: t.projectId,
          target_project_ids: [second, third, other.projectId, 999999, third],
        })
        .expect(200);

      expect(res.body.failed).toEqual([
        { project_id: other.projectId, errors: 'Target project does not exist.' },
        { project_id: 999999, errors: 'Target project does not exist.' },
      ]);
      expect(res.body.success).toHaveLength(2);
      const [updated, created] = res.body.success;
      expect(updated).toMatchObject({
        id: existing.id,
        key: 'to-copy',
        name: 'Copied flag',
        filters,
        active: true,
        ensure_experience_continuity: true,
        version: 2,
        tags: [],
      });
      expect(created).toMatchObject({ key: 'to-copy', name: 'Copied flag', filters, version: 1, deleted: false });
      expect(created.created_by.id).toBe(t.userId);
      expect((await t.get(`${flags(third)}/${created.id}/`).expect(200)).body).toEqual(created);
      // The source is untouched and the foreign organization got nothing.
      expect((await t.get(`${flags(t.projectId)}/${source.id}/`).expect(200)).body).toEqual(source);
      const foreign = await t.get(`${flags(other.projectId)}/?search=to-copy`, other.key).expect(200);
      expect(foreign.body.count).toBe(0);

      // Activity in the targets: the update's diff and the creation.
      const updates = (await t.get(`${flags(second)}/${existing.id}/activity/`).expect(200)).body.results;
      expect(updates[0].activity).toBe('updated');
      expect(updates[0].detail.changes.map((c: { field: string }) => c.field)).toEqual([
        'name',
        'filters',
        'active',
        'version',
        'ensure_experience_continuity',
      ]);
      const creates = (await t.get(`${flags(third)}/${created.id}/activity/`).expect(200)).body.results;
      expect(creates.map((e: { activity: string }) => e.activity)).toEqual(['created']);
    });

    it('copying onto the source project changes nothing', async () => {
      const source = (await t.post(`${flags(t.projectId)}/`, { key: 'self-copy' }).expect(201)).body;
      const res = await t
        .post(`${orgBase}/copy_flags/`, {
          feature_flag_key: 'self-copy',
          from_project: t.projectId,
          target_project_ids: [t.projectId],
        })
        .expect(200);
      expect(res.body).toEqual({ success: [source], failed: [] });
    });

    it('reports a target where the copy is invalid in failed', async () => {
      const parent = (await t.post(`${flags(t.projectId)}/`, { key: 'parent' }).expect(201)).body;
      await t
        .post(`${flags(t.projectId)}/`, {
          key: 'child',
          filters: {
            groups: [
              { properties: [{ key: String(parent.id), type: 'flag', value: true, operator: 'flag_evaluates_to' }] },
            ],
          },
        })
        .expect(201);
      const res = await t
        .post(`${orgBase}/copy_flags/`, {
          feature_flag_key: 'child',
          from_project: t.projectId,
          target_project_ids: [third],
        })
        .expect(200);
      expect(res.body.success).toEqual([]);
      expect(res.body.failed).toEqual([
        { project_id: third, errors: `Flag dependency references non-existent flag with ID ${parent.id}` },
      ]);
    });

    it.each([
      [{ from_project: 1, target_project_ids: [1] }, 'feature_flag_key', 'required'],
      [{ feature_flag_key: '', from_project: 1, target_project_ids: [1] }, 'feature_flag_key', 'blank'],
      [{ feature_flag_key: 'x', target_project_ids: [1] }, 'from_project', 'required'],
      [{ feature_flag_key: 'x', from_project: '1', target_project_ids: [1] }, 'from_project', 'invalid_input'],
      [{ feature_flag_key: 'x', from_project: 1 }, 'target_project_ids', 'required'],
      [{ feature_flag_key: 'x', from_project: 1, target_project_ids: [] }, 'target_project_ids', 'empty'],
      [{ feature_flag_key: 'x', from_project: 1, target_project_ids: ['2'] }, 'target_project_ids', 'invalid_input'],
      [{ feature_flag_key: 'x', from_project: 1, target_project_ids: null }, 'target_project_ids', 'null'],
    ])('answers 400 for %j', async (body, attr, code) => {
      const res = await t.post(`${orgBase}/copy_flags/`, body).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr, code });
    });

    it('answers 400 when the source flag does not exist, is deleted or is in another organization', async () => {
      const deleted = (await t.post(`${flags(t.projectId)}/`, { key: 'deleted-source' }).expect(201)).body;
      await t.patch(`${flags(t.projectId)}/${deleted.id}/`, { deleted: true }).expect(200);
      await t.post(`${flags(other.projectId)}/`, { key: 'theirs' }, other.key).expect(201);
      for (const [key, project] of [
        ['missing', t.projectId],
        ['deleted-source', t.projectId],
        ['theirs', other.projectId],
      ] as const) {
        const res = await t
          .post(`${orgBase}/copy_flags/`, {
            feature_flag_key: key,
            from_project: project,
            target_project_ids: [second],
          })
          .expect(400);
        expect(res.body).toEqual({
          type: 'validation_error',
          code: 'does_not_exist',
          detail: 'Feature flag to copy does not exist.',
          attr: 'feature_flag_key',
        });
      }
    });

    it("answers 404 in another organization's name and needs feature_flag:write", async () => {
      const body = { feature_flag_key: 'to-copy', from_project: t.projectId, target_project_ids: [second] };
      await t.post(`/api/organizations/${other.organizationId}/feature_flags/copy_flags/`, body).expect(404);
      const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
      await t.post(`${orgBase}/copy_flags/`, body, reader.key).expect(403);
    });
  });
});
