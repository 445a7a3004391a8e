/** @sql-sensitive unique violations by constraint name, version conflicts */
import { startTestApp, TestApp } from '../support/test-app';

describe('feature flags: CRUD, state table, versions', () => {
  let t: TestApp;
  let base: string;
  let n = 0;
  const nextKey = (prefix = 'flag') => `${prefix}-${++n}`;

  const create = async (body: Record<string, unknown> = {}) =>
    (await t.post(`${base}/`, { key: nextKey(), ...body }).expect(201)).body;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
  });
  afterAll(() => t?.close());

  describe('create and read', () => {
    it('creates a minimal flag that is on for everyone, with every derived field', async () => {
      const res = await t.post(`${base}/`, { key: 'minimal' }).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: '',
        key: 'minimal',
        filters: { groups: [{ properties: [], rollout_percentage: null }] },
        deleted: false,
        active: true,
        created_by: {
          id: t.userId,
          uuid: expect.any(String),
          distinct_id: expect.any(String),
          first_name: expect.any(String),
          last_name: expect.any(String),
          email: t.email,
          is_email_verified: expect.any(Boolean),
        },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        version: 1,
        last_modified_by: expect.objectContaining({ id: t.userId }),
        is_simple_flag: true,
        rollout_percentage: null,
        ensure_experience_continuity: false,
        experiment_set: [],
        surveys: {},
        features: {},
        rollback_conditions: null,
        performed_rollback: false,
        can_edit: true,
        tags: [],
        usage_dashboard: null,
        analytics_dashboards: [],
        has_enriched_analytics: false,
        is_remote_configuration: false,
        has_encrypted_payloads: false,
        evaluation_runtime: 'all',
        evaluation_contexts: [],
        last_called_at: null,
        status: 'active',
      });
      const read = await t.get(`${base}/${res.body.id}/`).expect(200);
      expect(read.body).toEqual(res.body);
    });

    it('derives is_simple_flag and rollout_percentage and ignores them (and other read-only fields) in requests', async () => {
      const flag = await create({
        name: 'Half of everyone',
        filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
        is_simple_flag: false,
        rollout_percentage: 7,
        can_edit: false,
        version: 9,
        experiment_set: [1],
        usage_dashboard: 3,
        created_by: { id: 999 },
        id: 424242,
      });
      expect(flag).toMatchObject({
        is_simple_flag: true,
        rollout_percentage: 50,
        can_edit: true,
        version: 1,
        experiment_set: [],
      });
      expect(flag.id).not.toBe(424242);
      expect(flag.usage_dashboard).toBeNull();
      expect(flag.created_by.id).toBe(t.userId);

      const targeted = await create({
        filters: { groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }], rollout_percentage: 50 }] },
      });
      expect(targeted).toMatchObject({ is_simple_flag: false, rollout_percentage: null });
    });

    it('stores every writable field as sent', async () => {
      const flag = await create({
        name: 'desc',
        active: false,
        ensure_experience_continuity: true,
        rollback_conditions: [{ threshold: 10 }],
        performed_rollback: true,
        has_enriched_analytics: true,
        tags: ['Beta', ' beta ', 'Team'],
      });
      expect(flag).toMatchObject({
        name: 'desc',
        active: false,
        ensure_experience_continuity: true,
        rollback_conditions: [{ threshold: 10 }],
        performed_rollback: true,
        has_enriched_analytics: true,
        tags: ['beta', 'team'],
      });
    });

    it('works with and without a trailing slash and with @current', async () => {
      const flag = await create();
      await t.get(`${base}/${flag.id}`).expect(200);
      await t.get(`/api/projects/@current/feature_flags/${flag.id}/`).expect(200);
      await t.get(`${base}`).expect(200);
    });

    it('answers 404 for unknown, malformed and out-of-range ids', async () => {
      for (const id of ['999999', 'abc', '0', '-1', '99999999999', '1.5']) {
        const res = await t.get(`${base}/${id}/`).expect(404);
        expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
      }
    });
  });

  describe('who made a flag', () => {
    it('shows the caller as created_by and last_modified_by exactly as stored, as other members see it', async () => {
      const me = (await t.get('/api/users/@me/').expect(200)).body;
      const stored = {
        id: me.id,
        uuid: me.uuid,
        distinct_id: me.distinct_id,
        first_name: me.first_name,
        last_name: me.last_name,
        email: me.email,
        is_email_verified: me.is_email_verified,
      };
      // The caller's own summary comes from its authentication, another member's from the database.
      const flag = (await t.post(`${base}/`, { key: nextKey() }).expect(201)).body;
      expect([flag.created_by, flag.last_modified_by]).toEqual([stored, stored]);
      const other = await t.newUser(t.organizationId);
      expect((await t.get(`${base}/${flag.id}/`, other.key).expect(200)).body.created_by).toEqual(stored);
      const patched = (await t.patch(`${base}/${flag.id}/`, { name: 'renamed' }, other.key).expect(200)).body;
      expect(patched.created_by).toEqual(stored);
      expect(patched.last_modified_by).toMatchObject({ id: other.userId, email: other.email });
      const mine = (await t.get(`${base}/${flag.id}/`).expect(200)).body;
      expect(mine.created_by).toEqual(stored);
      expect(mine.last_modified_by).toEqual(patched.last_modified_by);
    });
  });

  describe('state table', () => {
    it('PATCH active switches the flag and clears performed_rollback when switching on', async () => {
      const flag = await create({ performed_rollback: true });
      const off = await t.patch(`${base}/${flag.id}/`, { active: false }).expect(200);
      expect(off.body).toMatchObject({ active: false, performed_rollback: true, version: 2 });
      const on = await t.patch(`${base}/${flag.id}/`, { active: true }).expect(200);
      expect(on.body).toMatchObject({ active: true, performed_rollback: false, version: 3 });
    });

    it('PATCH deleted soft-deletes: gone from the list, still readable and patchable by id', async () => {
      const flag = await create({ name: 'to delete' });
      const res = await t.patch(`${base}/${flag.id}/`, { deleted: true }).expect(200);
      expect(res.body).toMatchObject({ id: flag.id, deleted: true, version: 2 });
      const list = await t.get(`${base}/?limit=1000`).expect(200);
      expect(list.body.results.map((f: { id: number }) => f.id)).not.toContain(flag.id);
      expect((await t.get(`${base}/${flag.id}/`).expect(200)).body.deleted).toBe(true);
      expect((await t.patch(`${base}/${flag.id}/`, { name: 'renamed while deleted' }).expect(200)).body).toMatchObject({
        deleted: true,
        name: 'renamed while deleted',
      });
      const restored = await t.patch(`${base}/${flag.id}/`, { deleted: false }).expect(200);
      expect(restored.body.deleted).toBe(false);
      const again = await t.get(`${base}/?limit=1000`).expect(200);
      expect(again.body.results.map((f: { id: number }) => f.id)).toContain(flag.id);
    });

    it('DELETE answers 405 with an empty body and changes nothing', async () => {
      const flag = await create();
      const res = await t.del(`${base}/${flag.id}/`).expect(405);
      expect(res.text).toBe('');
      expect(res.headers['content-type']).toBeUndefined();
      const after = await t.get(`${base}/${flag.id}/`).expect(200);
      expect(after.body).toEqual(flag);
      await t.del(`${base}/${flag.id}`).expect(405);
      expect((await t.del(`${base}/987654/`).expect(405)).text).toBe('');
    });

    it('DELETE still needs a key with write access', async () => {
      const flag = await create();
      await t.del(`${base}/${flag.id}/`, null).expect(401);
      const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
      await t.del(`${base}/${flag.id}/`, reader.key).expect(403);
    });

    it('a soft-deleted key can be reused; restoring the old flag then collides with 400 unique', async () => {
      const key = nextKey('reused');
      const old = await create({ key });
      await t.patch(`${base}/${old.id}/`, { deleted: true }).expect(200);
      const fresh = await create({ key });
      const res = await t.patch(`${base}/${old.id}/`, { deleted: false }).expect(400);
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'unique',
        detail: 'There is already a feature flag with this key.',
        attr: 'key',
      });
      expect((await t.get(`${base}/${old.id}/`).expect(200)).body).toMatchObject({ deleted: true, version: 2 });
      // Restoring under a new key works.
      const renamed = await t.patch(`${base}/${old.id}/`, { deleted: false, key: `${key}-old` }).expect(200);
      expect(renamed.body).toMatchObject({ deleted: false, key: `${key}-old` });
      expect(fresh.key).toBe(key);
    });

    /** Filters depending on a flag through a condition whose key is `key` (an id, however spelt). */
    const dependsOn = (key: unknown) => ({
      groups: [{ properties: [{ key, type: 'flag', value: true, operator: 'flag_evaluates_to' }] }],
    });

    it('refuses to soft-delete a flag that other active flags depend on', async () => {
      const parent = await create();
      const child = await create({ filters: dependsOn(String(parent.id)) });
      const res = await t.patch(`${base}/${parent.id}/`, { deleted: true }).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', attr: 'deleted' });
      expect(res.body.detail).toContain(`${child.key} (ID: ${child.id})`);
      await t.patch(`${base}/${child.id}/`, { active: false }).expect(200);
      await t.patch(`${base}/${parent.id}/`, { deleted: true }).expect(200);
    });

    it.each([
      ['a zero-padded string', (id: number) => `0${id}`],
      ['a spaced string', (id: number) => ` ${id} `],
      ['a number', (id: number) => id],
    ])('counts a dependency whose key is %s as the id it reads as', async (_, spell) => {
      const parent = await create();
      const child = await create({ filters: dependsOn(spell(parent.id)) });
      const res = await t.patch(`${base}/${parent.id}/`, { deleted: true }).expect(400);
      expect(res.body.detail).toContain(`${child.key} (ID: ${child.id})`);
    });

    it('refuses a dependency cycle', async () => {
      const a = await create();
      const b = await create({ filters: dependsOn(String(a.id)) });
      const res = await t.patch(`${base}/${a.id}/`, { filters: dependsOn(String(b.id)) }).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid_input', attr: 'filters' });
      expect(res.body.detail).toBe(`Circular dependency detected: ${a.key} → ${b.key} → ${a.key}`);
      const self = await t.patch(`${base}/${a.id}/`, { filters: dependsOn(String(a.id)) }).expect(400);
      expect(self.body.detail).toBe(`Feature flag '${a.key}' cannot depend on itself`);
    });
  });

  describe('updates and versions', () => {
    it('grows version by one per change and keeps it on a request that changes nothing', async () => {
      const flag = await create({ name: 'v' });
      expect((await t.patch(`${base}/${flag.id}/`, { name: 'v2' }).expect(200)).body.version).toBe(2);
      const same = await t.patch(`${base}/${flag.id}/`, { name: 'v2', active: true, tags: [] }).expect(200);
      expect(same.body.version).toBe(2);
      expect((await t.patch(`${base}/${flag.id}/`, {}).expect(200)).body.version).toBe(2);
      expect((await t.patch(`${base}/${flag.id}/`, { tags: ['x'] }).expect(200)).body.version).toBe(3);
    });

    it('a PATCH with a stale version is a 409 and changes nothing; the current version passes', async () => {
      const flag = await create({ name: 'first' });
      await t.patch(`${base}/${flag.id}/`, { name: 'second', version: 1 }).expect(200);
      const stale = await t.patch(`${base}/${flag.id}/`, { name: 'third', version: 1 }).expect(409);
      expect(stale.body).toEqual({
        type: 'server_error',
        code: 'conflict',
        detail: `The feature flag was updated by ${t.email} since you started editing it. Please refresh and try again.`,
        attr: null,
      });
      expect((await t.get(`${base}/${flag.id}/`)).body).toMatchObject({ name: 'second', version: 2 });
      const ok = await t.patch(`${base}/${flag.id}/`, { name: 'third', version: 2 }).expect(200);
      expect(ok.body).toMatchObject({ name: 'third', version: 3 });
    });

    it('PATCH filters without groups keeps the stored filters; with groups replaces them whole', async () => {
      const filters = {
        groups: [{ properties: [], rollout_percentage: 20, variant: 'a' }],
        multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] },
        payloads: { a: '{"x": 1}' },
      };
      const flag = await create({ filters });
      const ignored = await t
        .patch(`${base}/${flag.id}/`, { filters: { multivariate: null, payloads: 'garbage' } })
        .expect(200);
      expect(ignored.body.filters).toEqual(filters);
      expect(ignored.body.version).toBe(1);
      const replaced = await t
        .patch(`${base}/${flag.id}/`, { filters: { groups: [{ properties: [], rollout_percentage: 5 }] } })
        .expect(200);
      expect(replaced.body.filters).toEqual({ groups: [{ properties: [], rollout_percentage: 5 }] });
      expect(replaced.body).toMatchObject({ rollout_percentage: 5, version: 2 });
    });

    it('tags are normalised and replaced as a whole', async () => {
      const flag = await create({ tags: ['a', 'b'] });
      const res = await t.patch(`${base}/${flag.id}/`, { tags: [' C ', 'c', 'A'] }).expect(200);
      expect(res.body.tags).toEqual(['c', 'a']);
      expect((await t.patch(`${base}/${flag.id}/`, { tags: [] }).expect(200)).body.tags).toEqual([]);
    });

    it('a key change is checked like a new key, excluding the flag itself', async () => {
      const a = await create();
      const b = await create();
      await t.patch(`${base}/${a.id}/`, { key: a.key }).expect(200);
      const res = await t.patch(`${base}/${a.id}/`, { key: b.key }).expect(400);
      expect(res.body).toMatchObject({ code: 'unique', attr: 'key' });
      expect((await t.patch(`${base}/${a.id}/`, { key: `${a.key}-renamed` }).expect(200)).body.key).toBe(
        `${a.key}-renamed`,
      );
    });
  });

  describe('tenancy and scopes', () => {
    it('another organization sees neither the project nor its flags (404), and its own flags stay apart', async () => {
      const flag = await create();
      const other = await t.newTenant();
      await t.get(`${base}/${flag.id}/`, other.key).expect(404);
      await t.get(`${base}/`, other.key).expect(404);
      await t.patch(`${base}/${flag.id}/`, { name: 'x' }, other.key).expect(404);
      await t.post(`${base}/`, { key: 'intruder' }, other.key).expect(404);
      await t.del(`${base}/${flag.id}/`, other.key).expect(404);
      await t.get(`${base}/${flag.id}/activity/`, other.key).expect(404);
      // The other tenant's flag id is not reachable through our project either.
      const theirs = await t
        .post(`/api/projects/${other.projectId}/feature_flags/`, { key: flag.key }, other.key)
        .expect(201);
      await t.get(`${base}/${theirs.body.id}/`).expect(404);
      await t.patch(`${base}/${theirs.body.id}/`, { name: 'x' }).expect(404);
      await t.get(`/api/projects/${other.projectId}/feature_flags/${theirs.body.id}/`).expect(404);
    });

    it('needs feature_flag:read to read and feature_flag:write to write', async () => {
      const flag = await create();
      const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
      await t.get(`${base}/`, reader.key).expect(200);
      await t.get(`${base}/${flag.id}/`, reader.key).expect(200);
      const denied = await t.post(`${base}/`, { key: nextKey() }, reader.key).expect(403);
      expect(denied.body).toEqual({
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'feature_flag:write'",
        attr: null,
      });
      await t.patch(`${base}/${flag.id}/`, { name: 'x' }, reader.key).expect(403);
      const other = await t.newUser(t.organizationId, { scopes: ['person:read'] });
      await t.get(`${base}/`, other.key).expect(403);
      await t.get(`${base}/`, null).expect(401);
      const writer = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
      const created = await t.post(`${base}/`, { key: nextKey() }, writer.key).expect(201);
      expect(created.body.created_by.id).toBe(writer.userId);
      await t.get(`${base}/`, writer.key).expect(200);
    });
  });
});
