/** @sql-sensitive versions restored in a transaction, unique keys */
/**
 * Issue 22, part 3: a flag as it was at any version (PostHog's `GET …/feature_flags/:id/versions/:n`,
 * posthog/models/feature_flag/version_history.py: the current state with each later change's
 * `before` put back), and restoring one as a new change.
 */
import { createFlag } from '../evaluation/factories';
import { startTestApp, TestApp } from '../support/test-app';

const V1 = {
  key: 'versioned',
  name: 'First',
  filters: {
    groups: [
      { properties: [{ key: 'plan', type: 'person', operator: 'exact', value: ['pro'] }], rollout_percentage: 30 },
    ],
  },
  ensure_experience_continuity: false,
  tags: ['one'],
};
const FIELDS = [
  'key',
  'name',
  'filters',
  'active',
  'ensure_experience_continuity',
  'rollback_conditions',
  'performed_rollback',
  'tags',
  'has_enriched_analytics',
];
const pick = (o: Record<string, unknown>) => Object.fromEntries(FIELDS.map((f) => [f, o[f]]));

describe('flag versions', () => {
  let t: TestApp;
  let path: string;
  const snapshots: Record<string, unknown>[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const flag = await createFlag(t, V1);
    path = `/api/projects/${t.projectId}/feature_flags/${flag.id}/`;
    snapshots.push(pick((await t.get(path).expect(200)).body));
    // every field changes at least once over versions 2..5
    const edits = [
      { name: 'Second', tags: ['one', 'two'], active: false },
      {
        key: 'versioned-renamed',
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] },
          payloads: { a: '{"x":1}' },
        },
        ensure_experience_continuity: true,
      },
      {
        rollback_conditions: [{ threshold: 5, threshold_type: 'insight', operator: 'gt', threshold_metric: {} }],
        has_enriched_analytics: true,
        performed_rollback: true,
      },
      { name: 'Fifth', active: true, tags: [] },
    ];
    for (const edit of edits) {
      const body = (await t.patch(path, edit).expect(200)).body;
      snapshots.push(pick(body));
    }
  });
  afterAll(() => t?.close());

  it('reads every version as it was, the current one not historical', async () => {
    for (let v = 1; v <= 5; v++) {
      const res = await t.get(`${path}versions/${v}/`).expect(200);
      expect(pick(res.body)).toEqual(snapshots[v - 1]);
      expect(res.body).toMatchObject({ version: v, is_historical: v < 5, modified_by: t.userId, created_by: t.userId });
    }
    const missing = await t.get(`${path}versions/6/`).expect(404);
    expect(missing.body.detail).toBe('Version 6 not found (current version is 5).');
    await t.get(`${path}versions/0/`).expect(404);
    await t.get(`${path}versions/x/`).expect(404);
  });

  it('restores an earlier version as a new change that round-trips every field, with the 409 rule', async () => {
    const stale = await t.post(`${path}versions/1/restore/`, { version: 4 }).expect(409);
    expect(stale.body.detail).toMatch(/updated by .* since you started editing it/);
    const restored = await t.post(`${path}versions/1/restore/`, { version: 5 }).expect(200);
    expect(pick(restored.body)).toEqual(snapshots[0]);
    expect(restored.body.version).toBe(6);
    // version 6 is version 1 again; version 5 is still readable
    expect(pick((await t.get(`${path}versions/6/`).expect(200)).body)).toEqual(snapshots[0]);
    expect(pick((await t.get(`${path}versions/5/`).expect(200)).body)).toEqual(snapshots[4]);
    const activity = (await t.get(`${path}activity/`).expect(200)).body.results;
    expect(activity[0].detail.trigger).toEqual({
      job_type: 'version_restore',
      job_id: '1',
      payload: { restored_from_version: 1 },
    });
    // and back to 5 without naming the version
    expect(pick((await t.post(`${path}versions/5/restore/`, {}).expect(200)).body)).toEqual(snapshots[4]);
  });

  it('reads and restores where the flag was served (runtime, contexts) and whether it was a remote config', async () => {
    const flag = await createFlag(t, {
      key: 'versioned-runtime',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
      evaluation_runtime: 'server',
      evaluation_contexts: ['billing'],
    });
    const flagPath = `/api/projects/${t.projectId}/feature_flags/${flag.id}/`;
    await t
      .patch(flagPath, {
        evaluation_runtime: 'client',
        evaluation_contexts: ['eu', 'web'],
        is_remote_configuration: true,
      })
      .expect(200);
    // each version reads back where it was served and whether it was a remote config
    expect((await t.get(`${flagPath}versions/1/`).expect(200)).body).toMatchObject({
      evaluation_runtime: 'server',
      evaluation_contexts: ['billing'],
      is_remote_configuration: false,
      has_encrypted_payloads: false,
      is_historical: true,
    });
    expect((await t.get(`${flagPath}versions/2/`).expect(200)).body).toMatchObject({
      evaluation_runtime: 'client',
      evaluation_contexts: ['eu', 'web'],
      is_remote_configuration: true,
      has_encrypted_payloads: false,
      is_historical: false,
    });
    await t.post(`${flagPath}versions/1/restore/`, { version: 2 }).expect(200);
    expect((await t.get(flagPath).expect(200)).body).toMatchObject({
      version: 3,
      evaluation_runtime: 'server',
      evaluation_contexts: ['billing'],
      is_remote_configuration: false,
    });
    // and forward again to version 2
    await t.post(`${flagPath}versions/2/restore/`, {}).expect(200);
    expect((await t.get(flagPath).expect(200)).body).toMatchObject({
      version: 4,
      evaluation_runtime: 'client',
      evaluation_contexts: ['eu', 'web'],
      is_remote_configuration: true,
    });
  });

  it('refuses a restore to a key another live flag now holds', async () => {
    const other = await createFlag(t, { key: 'versioned-other' });
    const otherPath = `/api/projects/${t.projectId}/feature_flags/${other.id}/`;
    await t.patch(otherPath, { key: 'versioned-taken' }).expect(200);
    await createFlag(t, { key: 'versioned-other' });
    const res = await t.post(`${otherPath}versions/1/restore/`, {}).expect(400);
    expect(res.body.attr).toBe('key');
  });
});
