/** @sql-sensitive row versions (xmin, ctid) */
import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FlagClock } from '@app/flags';
import { DEFAULT_FLAG_ORDER } from '../../libs/flags/src/domain/flag-list';
import { FlagsRepository } from '../../libs/flags/src/persistence/flags.repository';
import { startTestApp, TestApp, TestUser } from '../support/test-app';

// The list keeps the flags it read between requests, each under its row version, and writes what
// is the flags' own from pieces kept per flag: it must answer exactly as a flag's own route does,
// and never a row as it was before a write, whoever made the write.
describe('feature flags: the list and the flags it keeps between requests', () => {
  let t: TestApp;
  let ds: DataSource;
  let base: string;
  let viewer: TestUser;
  let other: TestUser;
  let cohortId: number;
  const ids: Record<string, number> = {};

  const list = async (key?: string) => t.get(`${base}/`, key).expect(200);
  const item = async (id: number) => (await list()).body.results.find((f: { id: number }) => f.id === id);

  beforeAll(async () => {
    t = await startTestApp();
    ds = t.app.get(DataSource);
    base = `/api/projects/${t.projectId}/feature_flags`;
    viewer = await t.newUser(t.organizationId, { level: 'member' });
    other = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
    cohortId = (
      await t
        .post(`/api/projects/${t.projectId}/cohorts/`, {
          name: 'Paying',
          filters: { properties: { type: 'AND', values: [{ key: 'plan', type: 'person', value: 'pro' }] } },
        })
        .expect(201)
    ).body.id;
    const flags: Array<[Record<string, unknown>, string?]> = [
      [{ key: 'plain', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } }],
      [
        {
          key: 'variants',
          name: 'Quotes " and \\ and ünïcödé ✓',
          filters: {
            groups: [{ properties: [], rollout_percentage: 100 }],
            multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] },
            payloads: { a: '{"color": "blue"}' },
          },
          tags: ['beta', 'web'],
          rollback_conditions: [{ threshold: 10 }],
        },
        other.key,
      ],
      [
        {
          key: 'cohorted',
          filters: {
            groups: [
              { properties: [{ key: 'id', type: 'cohort', value: 0 }] },
              { properties: [{ key: 'email', type: 'person', value: 'x', operator: 'icontains' }] },
              { properties: [{ key: 'id', type: 'cohort', value: 0 }], rollout_percentage: 10 },
            ],
          },
        },
      ],
      [{ key: 'off', active: false, ensure_experience_continuity: true }],
    ];
    for (const [body, key] of flags) {
      const sent = JSON.parse(JSON.stringify(body).replaceAll('"value":0', `"value":${cohortId}`));
      ids[body.key as string] = (await t.post(`${base}/`, sent, key).expect(201)).body.id;
    }
    // view-only for members: the viewer may edit none of them
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
  });
  afterAll(() => t?.close());

  it('answers every flag as its own route does, byte for byte, on the first list and on later ones', async () => {
    for (let round = 0; round < 3; round++) {
      for (const key of [undefined, viewer.key]) {
        const res = await list(key);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.text).toBe(JSON.stringify(res.body));
        expect(res.body).toMatchObject({ count: 4, next: null, previous: null });
        for (const flag of res.body.results) {
          const own = await t.get(`${base}/${flag.id}/`, key).expect(200);
          expect(res.text).toContain(own.text);
          expect(Object.keys(res.headers).sort()).toEqual(Object.keys(own.headers).sort());
        }
        const canEdit = res.body.results.map((f: { can_edit: boolean }) => f.can_edit);
        expect(canEdit).toEqual(key === undefined ? [true, true, true, true] : [false, false, false, false]);
      }
    }
    const cohorted = await item(ids.cohorted);
    expect(cohorted.filters.groups[0].properties[0].cohort_name).toBe('Paying');
    expect(cohorted.filters.groups[2].properties[0].cohort_name).toBe('Paying');
  });

  it('shows a write made behind its back (in SQL, as another instance would make it) on the next list', async () => {
    await list();
    await ds.query(
      `UPDATE feature_flags SET name = 'renamed', filters = '{"groups":[{"properties":[],"rollout_percentage":7}]}',
              last_called_at = now() - interval '40 days'
        WHERE id = $1`,
      [ids.plain],
    );
    expect(await item(ids.plain)).toMatchObject({
      name: 'renamed',
      filters: { groups: [{ properties: [], rollout_percentage: 7 }] },
      rollout_percentage: 7,
      status: 'stale',
    });
    expect((await item(ids.plain)).last_called_at).not.toBeNull();

    await ds.query(`UPDATE feature_flags SET deleted = true WHERE id = $1`, [ids.off]);
    const res = await list();
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((f: { key: string }) => f.key)).not.toContain('off');
    await ds.query(`UPDATE feature_flags SET deleted = false WHERE id = $1`, [ids.off]);
    expect((await list()).body.count).toBe(4);
  });

  it("shows a cohort's new name while the flag's row is unchanged", async () => {
    await list();
    await t.patch(`/api/projects/${t.projectId}/cohorts/${cohortId}/`, { name: 'Paying customers' }).expect(200);
    const cohorted = await item(ids.cohorted);
    expect(cohorted.filters.groups[0].properties[0].cohort_name).toBe('Paying customers');
    expect(cohorted.filters.groups[2].properties[0].cohort_name).toBe('Paying customers');
  });

  it("shows the creator's new name and the time's status while the flag's row is unchanged", async () => {
    const before = await item(ids.variants);
    expect(before).toMatchObject({ created_by: { id: other.userId }, status: 'active' });
    await ds.query(`UPDATE users SET first_name = 'Renamed' WHERE id = $1`, [other.userId]);
    expect((await item(ids.variants)).created_by.first_name).toBe('Renamed');
    // never called and rolled out to everyone: stale once 30 days old
    const clock = t.app.get(FlagClock);
    const realNow = clock.now;
    clock.now = () => new Date(Date.now() + 31 * 86_400_000);
    try {
      expect((await item(ids.variants)).status).toBe('stale');
    } finally {
      clock.now = realNow;
    }
    expect((await item(ids.variants)).status).toBe('active');
  });

  // The only way to place a write between a request's two reads is inside the request: the data
  // source's own query runs every statement, and the spy only lands the write before the second.
  it('reads the page again whole when a flag changes between the page and the read of its rows', async () => {
    const repo = t.app.get(FlagsRepository);
    // the kept `variants` goes stale; then it is deleted after the page's ids and versions are read
    await ds.query(`UPDATE feature_flags SET name = 'between' WHERE id = $1`, [ids.variants]);
    const query = ds.query.bind(ds);
    const spy = jest.spyOn(ds, 'query').mockImplementation(async (sql: string, params?: unknown) => {
      if (sql.includes('f.id = ANY(')) {
        await query(`UPDATE feature_flags SET deleted = true WHERE id = $1`, [ids.variants]);
      }
      return query(sql, params as unknown[]);
    });
    try {
      const { count, flags } = await repo.page(t.projectId, {}, DEFAULT_FLAG_ORDER, 100, 0);
      expect(count).toBe(3);
      expect(flags.map((f) => f.id)).not.toContain(ids.variants);
      expect(flags).toHaveLength(3);
    } finally {
      spy.mockRestore();
      await ds.query(`UPDATE feature_flags SET deleted = false WHERE id = $1`, [ids.variants]);
    }
    expect((await item(ids.variants)).name).toBe('between');
  });
});
