/** @sql-sensitive activity lists and paging, in SQL */
import { startTestApp, TestApp } from '../support/test-app';

interface Entry {
  activity: string;
  scope: string;
  item_id: string;
  user: { first_name: string; email: string | null };
  detail: { name: string; changes: Array<Record<string, unknown>> | null };
  created_at: string;
}

describe('feature flags: activity log', () => {
  let t: TestApp;
  let base: string;

  const activityOf = async (id: number, query = '') =>
    (await t.get(`${base}/${id}/activity/${query}`).expect(200)).body as { results: Entry[]; total_count: number };

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
  });
  afterAll(() => t?.close());

  it('records create, change, soft delete and restore with field diffs, newest first; nothing for a no-op', async () => {
    const flag = (await t.post(`${base}/`, { key: 'tracked', name: 'Tracked' }).expect(201)).body;
    const filters = { groups: [{ properties: [], rollout_percentage: 40 }] };
    await t.patch(`${base}/${flag.id}/`, { name: 'Tracked!', filters, tags: ['B', 'a'] }).expect(200);
    await t.patch(`${base}/${flag.id}/`, { name: 'Tracked!', tags: ['b', 'A'] }).expect(200); // no-op
    await t.patch(`${base}/${flag.id}/`, { deleted: true }).expect(200);
    await t.patch(`${base}/${flag.id}/`, { deleted: false, key: 'tracked-2' }).expect(200);

    const page = await activityOf(flag.id);
    expect(page.total_count).toBe(4);
    const [restore, softDelete, change, create] = page.results;
    const common = {
      scope: 'FeatureFlag',
      item_id: String(flag.id),
      user: { first_name: expect.any(String), email: t.email },
    };

    expect(create).toMatchObject({ ...common, activity: 'created', detail: { name: 'tracked', changes: null } });
    expect(change).toMatchObject({ ...common, activity: 'updated', detail: { name: 'tracked' } });
    expect(change.detail.changes).toEqual([
      { type: 'FeatureFlag', action: 'changed', field: 'name', before: 'Tracked', after: 'Tracked!' },
      {
        type: 'FeatureFlag',
        action: 'changed',
        field: 'filters',
        before: { groups: [{ properties: [], rollout_percentage: null }] },
        after: filters,
      },
      { type: 'FeatureFlag', action: 'changed', field: 'version', before: 1, after: 2 },
      { type: 'FeatureFlag', action: 'changed', field: 'tags', before: [], after: ['b', 'a'] },
    ]);
    expect(softDelete.detail.changes).toEqual([
      { type: 'FeatureFlag', action: 'changed', field: 'deleted', before: false, after: true },
      { type: 'FeatureFlag', action: 'changed', field: 'version', before: 2, after: 3 },
    ]);
    expect(restore.detail).toMatchObject({ name: 'tracked-2' });
    expect(restore.detail.changes).toEqual([
      { type: 'FeatureFlag', action: 'changed', field: 'key', before: 'tracked', after: 'tracked-2' },
      { type: 'FeatureFlag', action: 'changed', field: 'deleted', before: true, after: false },
      { type: 'FeatureFlag', action: 'changed', field: 'version', before: 3, after: 4 },
    ]);
    const times = page.results.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('logs values appearing and disappearing as created and deleted', async () => {
    const flag = (await t.post(`${base}/`, { key: 'rollback' }).expect(201)).body;
    await t.patch(`${base}/${flag.id}/`, { rollback_conditions: { threshold: 5 } }).expect(200);
    await t.patch(`${base}/${flag.id}/`, { rollback_conditions: null }).expect(200);
    const [removed, added] = (await activityOf(flag.id)).results;
    const field = (e: Entry) => e.detail.changes!.find((c) => c.field === 'rollback_conditions');
    expect(field(added)).toEqual({
      type: 'FeatureFlag',
      action: 'created',
      field: 'rollback_conditions',
      after: { threshold: 5 },
    });
    expect(field(removed)).toEqual({
      type: 'FeatureFlag',
      action: 'deleted',
      field: 'rollback_conditions',
      before: { threshold: 5 },
    });
  });

  it('pages with page and limit (default 10), with absolute links', async () => {
    const flag = (await t.post(`${base}/`, { key: 'busy' }).expect(201)).body;
    for (let i = 1; i <= 12; i++) await t.patch(`${base}/${flag.id}/`, { name: `v${i}` }).expect(200);
    const first = (await t.get(`${base}/${flag.id}/activity/`).expect(200)).body;
    expect(first.total_count).toBe(13);
    expect(first.results).toHaveLength(10);
    expect(first.results[0].detail.changes[0].after).toBe('v12');
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(new RegExp(`^http://[^/]+${base}/${flag.id}/activity/\\?page=2&limit=10$`));
    const second = (await t.get(`${base}/${flag.id}/activity/?page=2&limit=10`).expect(200)).body;
    expect(second.results).toHaveLength(3);
    expect(second.results[2].activity).toBe('created');
    expect(second.next).toBeNull();
    expect(second.previous).toMatch(/page=1&limit=10$/);
    const small = (await t.get(`${base}/${flag.id}/activity/?limit=5&page=3`).expect(200)).body;
    expect(small.results).toHaveLength(3);
    for (const bad of ['page=0', 'page=x', 'limit=-2']) {
      expect((await t.get(`${base}/${flag.id}/activity/?${bad}`).expect(400)).body.type).toBe('validation_error');
    }
  });

  it('lists every flag’s activity of the project, newest first', async () => {
    const a = (await t.post(`${base}/`, { key: 'all-a' }).expect(201)).body;
    const b = (await t.post(`${base}/`, { key: 'all-b' }).expect(201)).body;
    await t.patch(`${base}/${a.id}/`, { active: false }).expect(200);
    const body = (await t.get(`${base}/activity/?limit=3`).expect(200)).body;
    expect(body.results.map((e: Entry) => [e.item_id, e.activity])).toEqual([
      [String(a.id), 'updated'],
      [String(b.id), 'created'],
      [String(a.id), 'created'],
    ]);
    expect(body.total_count).toBeGreaterThan(3);
    expect(new URL(body.next).searchParams.get('page')).toBe('2');
    expect(new URL(body.next).searchParams.get('limit')).toBe('3');
  });

  it('answers 404 for a flag that is not in the project, and keeps other organizations out', async () => {
    await t.get(`${base}/999999/activity/`).expect(404);
    await t.get(`${base}/nope/activity/`).expect(404);
    const other = await t.newTenant();
    const theirs = (
      await t.post(`/api/projects/${other.projectId}/feature_flags/`, { key: 'x' }, other.key).expect(201)
    ).body;
    await t.get(`${base}/${theirs.id}/activity/`).expect(404);
    await t.get(`${base}/activity/`, other.key).expect(404);
    const mine = (await t.get(`${base}/activity/?limit=1000`).expect(200)).body;
    expect(mine.results.map((e: Entry) => e.detail.name)).not.toContain('x');
  });

  it('needs activity_log:read', async () => {
    const flag = (await t.post(`${base}/`, { key: 'scoped' }).expect(201)).body;
    const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
    const denied = await t.get(`${base}/${flag.id}/activity/`, flagsOnly.key).expect(403);
    expect(denied.body.detail).toBe("API key missing required scope 'activity_log:read'");
    await t.get(`${base}/activity/`, flagsOnly.key).expect(403);
    const auditor = await t.newUser(t.organizationId, { scopes: ['activity_log:read'] });
    await t.get(`${base}/${flag.id}/activity/`, auditor.key).expect(200);
  });
});
