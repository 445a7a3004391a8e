/** @sql-sensitive call counts upserted, raw SQL */
/**
 * Issue 22, part 2: stale flags as PostHog defines them (posthog/feature_flag_status.py): on and
 * not evaluated for 30 days, or never evaluated and fully rolled out for 30 days; `last_called_at`
 * and `status` on every flag, `active=STALE` on the list. Evaluations are counted in memory and
 * written in batches (the flush is called here instead of waited for); time moves through the
 * injectable FlagClock, no sleeps.
 */
import request from 'supertest';
import { FlagCallCounter, FlagClock } from '@app/flags';
import { createFlag, flags } from '../evaluation/factories';
import { dataSource } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

describe('stale flags', () => {
  let t: TestApp;
  let base: string;
  let clock: FlagClock;
  let counter: FlagCallCounter;
  const realNow = () => new Date();

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags/`;
    clock = t.app.get(FlagClock);
    counter = t.app.get(FlagCallCounter);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => t?.close());

  const at = (offsetDays: number) => () => new Date(Date.now() + offsetDays * DAY);
  const stale = async () =>
    ((await t.get(`${base}?active=STALE`).expect(200)).body.results as Array<{ key: string }>).map((f) => f.key).sort();

  it('records SDK evaluations without a write per request, then last_called_at and a count per day', async () => {
    const flag = await createFlag(t, { key: 'called' });
    for (let i = 0; i < 3; i++) await flags(t, { token: t.projectToken, distinct_id: `u${i}` }).expect(200);
    await request(t.baseUrl)
      .post('/ofrep/v1/evaluate/flags/called')
      .set('Authorization', `Bearer ${t.projectToken}`)
      .send({ context: { targetingKey: 'u1' } })
      .expect(200);
    await t.get(`${base}local_evaluation/`).expect(200);
    // nothing written yet
    expect((await t.get(`${base}${flag.id}/`).expect(200)).body).toMatchObject({
      last_called_at: null,
      status: 'active',
    });
    await counter.flush();
    const after = (await t.get(`${base}${flag.id}/`).expect(200)).body;
    expect(after.last_called_at).toEqual(expect.any(String));
    expect(after.status).toBe('active');
    const rows = await dataSource(t).query(
      `SELECT day::text AS day, count::int AS count FROM feature_flag_calls WHERE flag_id = $1`,
      [flag.id],
    );
    expect(rows).toEqual([{ day: new Date().toISOString().slice(0, 10), count: 5 }]);
    // a later flush adds to the day; the usage dashboard's counts read them. A flag created in
    // between changes the definitions: calls before and after the change add up per flag.
    await flags(t, { token: t.projectToken, distinct_id: 'u8' }).expect(200);
    const later = await createFlag(t, { key: 'called-later' });
    await flags(t, { token: t.projectToken, distinct_id: 'u9' }).expect(200);
    await counter.flush();
    expect(
      await dataSource(t).query(`SELECT count::int AS count FROM feature_flag_calls WHERE flag_id = $1`, [later.id]),
    ).toEqual([{ count: 1 }]);
    const today = new Date().toISOString().slice(0, 10);
    const week = (await t.get(`${base}${flag.id}/evaluations/?days=7`).expect(200)).body;
    expect(week.results).toHaveLength(7);
    expect(week.results[6]).toEqual({ date: today, count: 7 });
    expect(week.results.slice(0, 6).every((r: { count: number }) => r.count === 0)).toBe(true);
    expect(week.total).toBe(7);
    expect((await t.get(`${base}${flag.id}/evaluations/`).expect(200)).body.results).toHaveLength(30);
    expect((await t.get(`${base}${flag.id}/evaluations/?days=0`).expect(400)).body.attr).toBe('days');
    await t.get(`${base}999999/evaluations/`).expect(404);
  });

  it('calls a flag stale after 30 days without a call, or never called and fully rolled out for 30 days', async () => {
    const called = await createFlag(t, {
      key: 'stale-called',
      filters: { groups: [{ properties: [], rollout_percentage: 40 }] },
    });
    await createFlag(t, { key: 'stale-full', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
    await createFlag(t, {
      key: 'stale-variant-full',
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] },
      },
    });
    await createFlag(t, { key: 'fresh-partial', filters: { groups: [{ properties: [], rollout_percentage: 50 }] } });
    await createFlag(t, {
      key: 'fresh-targeted',
      filters: {
        groups: [
          { properties: [{ key: 'plan', type: 'person', operator: 'exact', value: ['pro'] }], rollout_percentage: 100 },
        ],
      },
    });
    await createFlag(t, {
      key: 'off-full',
      active: false,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    await flags(t, { token: t.projectToken, distinct_id: 'x', flag_keys_to_evaluate: ['stale-called'] }).expect(200);
    await counter.flush();

    // today: nothing of these is stale (the fully rolled out ones are new)
    expect((await stale()).filter((k) => k.startsWith('stale-') || k.startsWith('fresh-'))).toEqual([]);

    // 31 days on: the called flag went unused, the fully rolled out ones were never called
    clock.now = at(31);
    const keys = await stale();
    expect(keys).toEqual(expect.arrayContaining(['stale-called', 'stale-full', 'stale-variant-full']));
    expect(keys).not.toEqual(expect.arrayContaining(['fresh-partial']));
    expect(keys.filter((k) => k.startsWith('fresh-') || k === 'off-full')).toEqual([]);
    expect((await t.get(`${base}${called.id}/`).expect(200)).body.status).toBe('stale');

    // called again (on the moved clock): active again
    await flags(t, { token: t.projectToken, distinct_id: 'x', flag_keys_to_evaluate: ['stale-called'] }).expect(200);
    await counter.flush();
    expect((await t.get(`${base}${called.id}/`).expect(200)).body.status).toBe('active');
    expect(await stale()).not.toContain('stale-called');
  });

  it('answers 400 naming active for another value', async () => {
    const res = await t.get(`${base}?active=stale`).expect(400);
    expect(res.body).toMatchObject({ attr: 'active', detail: 'active must be true, false or STALE.' });
  });
});
