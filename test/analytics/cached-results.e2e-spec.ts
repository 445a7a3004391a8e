/** @sql-sensitive insight answers computed in SQL and kept under the data's version */
import { AnalyticsClock } from '../../libs/person-analytics/src/actor-results.cache';
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ingest, personOf } from '../persons/factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { qs } from './history';

// The persons of a trends point, a funnel step, a correlation and a path are answered as
// PostHog's `cached_by_filters` answers them: kept under their parameters, marked `is_cached`,
// until `refresh`, a new `cache_invalidation_key`, or the interval's staleness. The persons in a
// kept answer are loaded fresh.
interface Body {
  results: Array<{ people: Array<{ id: number; distinct_ids: string[]; properties: Record<string, unknown> }> }>;
  is_cached?: boolean;
  last_refresh?: string;
  next: string | null;
}

const STEPS = [
  { id: '$pageview', type: 'events', order: 0 },
  { id: 'signed up', type: 'events', order: 1 },
];
const MARCH = { date_from: '2024-03-01', date_to: '2024-03-31' };
const HOUR = 3600_000;

const ids = (body: Body) => body.results[0].people.map((p) => p.distinct_ids[0]).sort();
const event = (distinctId: string, name: string, timestamp: string, properties: object = {}) => ({
  event: name,
  distinct_id: distinctId,
  timestamp,
  properties,
});

describe('kept answers of the persons modal (PostHog cached_by_filters)', () => {
  let t: TestApp;
  let other: Tenant;
  let base: string;
  let clock: AnalyticsClock;
  let realNow: () => Date;

  const get = async (route: string, params: Record<string, unknown>, key?: string, project = base): Promise<Body> =>
    (await t.get(`${project}/${route}/?${qs(params)}`, key).expect(200)).body;
  const funnel = (params: Record<string, unknown> = {}) =>
    get('funnel', { events: STEPS, ...MARCH, funnel_step: 2, ...params });
  /** Moves the analytics clock by `ms` from the real time. */
  const moveClock = (ms: number) => {
    clock.now = () => new Date(Date.now() + ms);
  };

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    base = `/api/projects/${t.projectId}/persons`;
    clock = t.app.get(AnalyticsClock);
    realNow = clock.now;
    await ingest(t, t.projectToken, [
      event('p1', '$pageview', '2024-03-04T10:00:00Z', {
        $set: { plan: 'free' },
        $current_url: 'https://example.com/home',
      }),
      event('p1', 'signed up', '2024-03-04T10:05:00Z'),
      event('p2', '$pageview', '2024-03-05T10:00:00Z', { $current_url: 'https://example.com/home' }),
      event('p2', 'signed up', '2024-03-05T10:05:00Z'),
      event('p3', '$pageview', '2024-03-06T10:00:00Z'),
    ]);
    await ingest(t, other.projectToken, [
      event('q1', '$pageview', '2024-03-04T10:00:00Z'),
      event('q1', 'signed up', '2024-03-04T10:05:00Z'),
    ]);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => t?.close());

  it('serves the same answer again, marked cached, until a refresh computes and keeps a new one', async () => {
    const first = await funnel();
    expect(first).toMatchObject({ is_cached: false });
    expect(ids(first)).toEqual(['p1', 'p2']);
    const again = await funnel();
    expect(again).toMatchObject({ is_cached: true, last_refresh: first.last_refresh });
    expect(ids(again)).toEqual(['p1', 'p2']);

    // p3 converts in March: the kept answer is served as it was (the range is still in the
    // answer's past, so it never goes stale), until a refresh
    await ingest(t, t.projectToken, [event('p3', 'signed up', '2024-03-06T10:05:00Z')]);
    expect(ids(await funnel())).toEqual(['p1', 'p2']);
    const refreshed = await funnel({ refresh: 'true' });
    expect(refreshed).toMatchObject({ is_cached: false });
    expect(refreshed.last_refresh! > first.last_refresh!).toBe(true);
    expect(ids(refreshed)).toEqual(['p1', 'p2', 'p3']);
    // the refresh replaced the kept answer for everyone
    const after = await funnel();
    expect(after).toMatchObject({ is_cached: true, last_refresh: refreshed.last_refresh });
    expect(ids(after)).toEqual(['p1', 'p2', 'p3']);
    // a POST's body may ask for it too
    const posted = await t
      .post(`${base}/funnel/`, { events: STEPS, ...MARCH, funnel_step: 2, refresh: true })
      .expect(200);
    expect(posted.body).toMatchObject({ is_cached: false });
  });

  it("keys a POST's answer by its body", async () => {
    const post = async (body: object) =>
      (
        await t
          .post(`${base}/funnel/`, { events: STEPS, ...MARCH, cache_invalidation_key: 'post', ...body })
          .expect(200)
      ).body as Body;
    const reached = await post({ funnel_step: 2 });
    const dropped = await post({ funnel_step: -2 });
    expect(dropped.is_cached).toBe(false);
    expect(ids(reached)).toEqual(['p1', 'p2', 'p3']);
    expect(ids(dropped)).toEqual([]);
    expect(await post({ funnel_step: 2 })).toMatchObject({ is_cached: true });
  });

  it('loads the persons of a kept answer fresh: their new properties show, a deleted person is left out', async () => {
    const params = { funnel_step: 1, cache_invalidation_key: 'persons' };
    expect(ids(await funnel(params))).toEqual(['p1', 'p2', 'p3']);
    await ingest(t, t.projectToken, [event('p1', '$set', '2024-03-07T00:00:00Z', { $set: { plan: 'pro' } })]);
    const p2 = await personOf(t, 'p2');
    await t.del(`${base}/${p2!.id}/`).expect(204);
    const kept = await funnel(params);
    expect(kept.is_cached).toBe(true);
    expect(ids(kept)).toEqual(['p1', 'p3']);
    expect(kept.results[0].people.find((p) => p.distinct_ids[0] === 'p1')!.properties.plan).toBe('pro');
  });

  it('misses on a new cache_invalidation_key, another page, or another project', async () => {
    await funnel({ cache_invalidation_key: 'a' });
    expect((await funnel({ cache_invalidation_key: 'a' })).is_cached).toBe(true);
    expect((await funnel({ cache_invalidation_key: 'b' })).is_cached).toBe(false);
    expect((await funnel({ cache_invalidation_key: 'a', limit: 1 })).is_cached).toBe(false);
    // the other project's same question: its own answer, computed
    const theirs = await get(
      'funnel',
      { events: STEPS, ...MARCH, funnel_step: 2, cache_invalidation_key: 'a' },
      other.key,
      `/api/projects/${other.projectId}/persons`,
    );
    expect(theirs.is_cached).toBe(false);
    expect(ids(theirs)).toEqual(['q1']);
  });

  it('goes stale after the interval’s threshold when the range reaches the present (6 hours a day, 1 an hour)', async () => {
    const now = Date.now();
    const recent = (ms: number) => new Date(now - ms).toISOString();
    await ingest(t, t.projectToken, [
      event('r1', '$pageview', recent(2 * HOUR)),
      event('r1', 'signed up', recent(2 * HOUR - 60_000)),
    ]);
    const week = { events: STEPS, date_from: '-7d', funnel_step: 2 };
    expect((await get('funnel', week)).is_cached).toBe(false);
    moveClock(6 * HOUR - 60_000);
    expect((await get('funnel', week)).is_cached).toBe(true);
    moveClock(6 * HOUR + 60_000);
    expect((await get('funnel', week)).is_cached).toBe(false);

    // the persons modal asks for the current hour's point as date_from = date_to = its start:
    // the point reads to the hour's end, so it ages by the hour although its date_to has passed
    clock.now = realNow;
    const hourStart = `${new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString().slice(0, 13)}:00:00Z`;
    const point = {
      entity_id: '$pageview',
      entity_type: 'events',
      date_from: hourStart,
      date_to: hourStart,
      interval: 'hour',
    };
    expect((await get('trends', point)).is_cached).toBe(false);
    moveClock(HOUR - 60_000);
    expect((await get('trends', point)).is_cached).toBe(true);
    moveClock(HOUR + 60_000);
    expect((await get('trends', point)).is_cached).toBe(false);

    // GET correlation takes interval too
    clock.now = realNow;
    const correlation = {
      events: STEPS,
      date_from: '-7d',
      interval: 'hour',
      funnel_correlation_person_entity: { id: '$pageview', type: 'events' },
      funnel_correlation_person_converted: 'TRUE',
    };
    expect((await get('funnel/correlation', correlation)).is_cached).toBe(false);
    moveClock(HOUR + 60_000);
    expect((await get('funnel/correlation', correlation)).is_cached).toBe(false);
  });

  it('keeps a past range’s answer for 7 days at most', async () => {
    const params = { cache_invalidation_key: 'week' };
    await funnel(params);
    moveClock(7 * 24 * HOUR - 60_000);
    expect((await funnel(params)).is_cached).toBe(true);
    moveClock(7 * 24 * HOUR + 60_000);
    expect((await funnel(params)).is_cached).toBe(false);
  });

  it('keeps the trends, correlation and path answers too; not lifecycle, stickiness, retention or CSV', async () => {
    const trends = { entity_id: '$pageview', entity_type: 'events', ...MARCH };
    expect((await get('trends', trends)).is_cached).toBe(false);
    expect((await get('trends', trends)).is_cached).toBe(true);
    const correlation = {
      events: STEPS,
      ...MARCH,
      funnel_correlation_person_entity: { id: '$pageview', type: 'events' },
      funnel_correlation_person_converted: 'TRUE',
    };
    expect((await get('funnel/correlation', correlation)).is_cached).toBe(false);
    expect((await get('funnel/correlation', correlation)).is_cached).toBe(true);
    const path = { ...MARCH, start_point: 'https://example.com/home' };
    expect((await get('path', path)).is_cached).toBe(false);
    const kept = await get('path', path);
    expect(kept.is_cached).toBe(true);
    expect(ids(kept)).toContain('p1');

    for (const [route, params] of [
      ['lifecycle', { entity_id: '$pageview', target_date: '2024-03-04', lifecycle_type: 'new', ...MARCH }],
      ['stickiness', { entity_id: '$pageview', ...MARCH, stickiness_days: 1 }],
    ] as const) {
      await get(route, params);
      expect(await get(route, params)).not.toHaveProperty('is_cached');
    }
    // CSV is computed every time: p4 shows at once in the export, not in the kept JSON
    await get('trends', { ...trends, cache_invalidation_key: 'csv' });
    await ingest(t, t.projectToken, [event('p4', '$pageview', '2024-03-08T10:00:00Z')]);
    expect(ids(await get('trends', { ...trends, cache_invalidation_key: 'csv' }))).not.toContain('p4');
    const csv = await t
      .get(`${base}/trends/?${qs({ ...trends, cache_invalidation_key: 'csv', format: 'csv' })}`)
      .expect(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(rows.map((r) => r[header.indexOf('distinct_ids.0')])).toContain('p4');
  });
});
