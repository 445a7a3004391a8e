/** @sql-sensitive dates in the project's time zone, in SQL */
import { AnalyticsClock } from '../../libs/person-analytics/src/actor-results.cache';
import { createCohort, identify } from '../evaluation/factories';
import { ingest } from '../persons/factories';
import { waitFor } from '../support/poll';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { qs } from './history';

// The project's time zone in the insights' persons (issue #38, PostHog's QueryDateRange reads
// dates with the team's zone, ClickHouse buckets with toStartOfDay(timestamp, tz)): a day is a
// local day, a date without a zone is local midnight, relative dates count from the local "now",
// weeks and months follow the local calendar across a DST change.
interface Body {
  results: Array<{ people: Array<{ distinct_ids: string[] }>; count: number }>;
  is_cached?: boolean;
}

const event = (distinctId: string, timestamp: string, name = '$pageview') => ({
  event: name,
  distinct_id: distinctId,
  timestamp,
  properties: {},
});

// Local times: New York is UTC-5 until 10 March 2024 02:00, then UTC-4; Tokyo is UTC+9.
const EVENTS = [
  // NY Mar 4 22:00; Tokyo Mar 5 12:00; UTC Mar 5.
  event('a', '2024-03-05T03:00:00Z'),
  // NY Mar 5 11:00; Tokyo Mar 6 01:00; UTC Mar 5.
  event('b', '2024-03-05T16:00:00Z'),
  // NY Mar 4 15:00; Tokyo Mar 5 05:00; UTC Mar 4.
  event('c', '2024-03-04T20:00:00Z'),
  // Two events: NY Mar 4 22:30 and Mar 5 01:00 (two days); Tokyo and UTC one day.
  event('s', '2024-03-05T03:30:00Z'),
  event('s', '2024-03-05T06:00:00Z'),
  // Around the week of 10 March in New York: Sunday 10 March 00:00 EST (05:00Z) to
  // Sunday 17 March 00:00 EDT (04:00Z).
  event('w0', '2024-03-10T04:59:00Z'), // Sat Mar 9 23:59 EST: the week before
  event('w1', '2024-03-10T05:00:00Z'), // Sun Mar 10 00:00 EST
  event('w2', '2024-03-17T03:59:00Z'), // Sat Mar 16 23:59 EDT
  event('w3', '2024-03-17T04:30:00Z'), // Sun Mar 17 00:30 EDT: the week after
  // March in New York: 1 March 05:00Z to 1 April 04:00Z.
  event('m0', '2024-03-01T04:30:00Z', 'bought'), // Feb 29 23:30 EST
  event('m1', '2024-03-01T05:30:00Z', 'bought'), // Mar 1 00:30 EST
  event('m2', '2024-04-01T03:30:00Z', 'bought'), // Mar 31 23:30 EDT
  event('m3', '2024-04-01T04:30:00Z', 'bought'), // Apr 1 00:30 EDT
];

const ids = (body: Body) => body.results[0].people.map((p) => p.distinct_ids[0]).sort();

describe("analytics in the project's time zone", () => {
  let t: TestApp;
  let tokyo: Tenant;
  let clock: AnalyticsClock;
  let realNow: () => Date;

  const persons = async (route: string, params: Record<string, unknown>, project = t.projectId, key = t.key) =>
    (await t.get(`/api/projects/${project}/persons/${route}/?${qs(params)}`, key).expect(200)).body as Body;
  const trends = (params: Record<string, unknown>, project = t.projectId, key = t.key) =>
    persons('trends', { entity_id: '$pageview', ...params }, project, key);
  const setZone = (timezone: string, project = t.projectId, key = t.key) =>
    t.patch(`/api/projects/${project}/`, { timezone }, key).expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    tokyo = await t.newTenant();
    clock = t.app.get(AnalyticsClock);
    realNow = clock.now;
    await ingest(t, t.projectToken, EVENTS);
    await ingest(t, tokyo.projectToken, EVENTS);
    await setZone('America/New_York');
    await setZone('Asia/Tokyo', tokyo.projectId, tokyo.key);
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(() => t?.close());

  it('puts events in the local day: a date is local midnight to local midnight', async () => {
    const day = { date_from: '2024-03-05', date_to: '2024-03-05' };
    expect(ids(await trends(day))).toEqual(['b', 's']);
    expect(ids(await trends(day, tokyo.projectId, tokyo.key))).toEqual(['a', 'c', 's']);
    // A date-time without a zone is local too; one with a zone is that instant.
    const hour = { date_from: '2024-03-05T01:00:00', date_to: '2024-03-05T01:00:00', interval: 'hour' };
    expect(ids(await trends(hour))).toEqual(['s']);
    const utcHour = { date_from: '2024-03-05T03:00:00Z', date_to: '2024-03-05T03:00:00Z', interval: 'hour' };
    expect(ids(await trends(utcHour))).toEqual(['a', 's']);
  });

  it('counts relative dates from the local now', async () => {
    // 02:00Z on 6 March: 21:00 on 5 March in New York, 11:00 on 6 March in Tokyo.
    clock.now = () => new Date('2024-03-06T02:00:00Z');
    const yesterday = { date_from: '-1d', date_to: '-1d', refresh: true };
    expect(ids(await trends(yesterday))).toEqual(['a', 'c', 's']); // NY: 4 March
    expect(ids(await trends(yesterday, tokyo.projectId, tokyo.key))).toEqual(['a', 'c', 's']); // Tokyo: 5 March
    const today = { date_from: 'dStart', refresh: true };
    expect(ids(await trends(today))).toEqual(['b', 's']); // NY: 5 March so far
    expect(ids(await trends(today, tokyo.projectId, tokyo.key))).toEqual(['b']); // Tokyo: 6 March so far
  });

  it('a week and a month are local across the change to daylight saving time', async () => {
    const week = { date_from: '2024-03-12', date_to: '2024-03-12', interval: 'week' };
    expect(ids(await trends(week))).toEqual(['w1', 'w2']);
    const month = { entity_id: 'bought', date_from: '2024-03-15', date_to: '2024-03-15', interval: 'month' };
    expect(ids(await trends(month))).toEqual(['m1', 'm2']);
    // Stickiness counts local days: s was active on two New York days, one Tokyo day.
    const sticky = { entity_id: '$pageview', date_from: '2024-03-04', date_to: '2024-03-05', stickiness_days: 2 };
    expect(ids(await persons('stickiness', sticky))).toEqual(['s']);
    expect(ids(await persons('stickiness', sticky, tokyo.projectId, tokyo.key))).toEqual([]);
    // Lifecycle and retention periods are local days too.
    const lifecycle = { entity_id: '$pageview', target_date: '2024-03-05', lifecycle_type: 'new' };
    // s was created at 22:30 on 4 March in New York: returning on the 5th, not new.
    expect(ids(await persons('lifecycle', lifecycle))).toEqual(['b']);
    expect(ids(await persons('lifecycle', { ...lifecycle, lifecycle_type: 'returning' }))).toEqual(['s']);
    const retention = await t
      .get(`/api/projects/${t.projectId}/persons/retention/?${qs({ date_to: '2024-03-05', total_intervals: 1 })}`)
      .expect(200);
    expect(
      retention.body.result.map((r: { person: { distinct_ids: string[] } }) => r.person.distinct_ids[0]).sort(),
    ).toEqual(['b', 's']);
  });

  it('does not serve an answer computed in the zone the project had before', async () => {
    const day = { date_from: '2024-03-05', date_to: '2024-03-05', entity_id: '$pageview' };
    const first = await trends(day);
    expect(ids(first)).toEqual(['b', 's']);
    expect((await trends(day)).is_cached).toBe(true);
    await setZone('Asia/Tokyo');
    const after = await trends(day);
    expect(after.is_cached).toBe(false);
    expect(ids(after)).toEqual(['a', 'c', 's']);
    await setZone('America/New_York');
  });
});

describe("a cohort's stored count follows the project's time zone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const cohortOf = async (id: number) =>
    (await t.get(`/api/projects/${t.projectId}/cohorts/${id}/`).expect(200)).body as {
      count: number | null;
      is_calculating: boolean;
    };
  const countSettles = (id: number, count: number) =>
    waitFor(async () => {
      const c = await cohortOf(id);
      return !c.is_calculating && c.count === count ? c : undefined;
    });
  const members = async (id: number) =>
    (
      (await t.get(`/api/projects/${t.projectId}/cohorts/${id}/persons/?limit=100`).expect(200)).body.results as Array<{
        distinct_ids: string[];
      }>
    )
      .map((p) => p.distinct_ids[0])
      .sort();

  it('recounts dynamic cohorts with dates when the zone changes', async () => {
    await identify(t, t.projectToken, [
      { distinctId: 'late-utc', properties: { signed_up: '2024-05-31T23:00:00Z' } },
      { distinctId: 'late-wall', properties: { signed_up: '2024-05-31 23:30' } },
      { distinctId: 'early', properties: { signed_up: '2024-05-31 12:00' } },
    ]);
    const before = { key: 'signed_up', type: 'person', operator: 'is_date_before', value: '2024-06-01' };
    const cohort = await createCohort(t, {
      name: 'Before June',
      filters: { properties: { type: 'AND', values: [{ type: 'AND', values: [before] }] } },
    });
    await countSettles(cohort.id, 3);
    // Paris: June begins at 22:00Z on 31 May, before late-utc; late-wall is 23:30 in Paris.
    await t.patch(`/api/projects/${t.projectId}/`, { timezone: 'Europe/Paris' }).expect(200);
    await countSettles(cohort.id, 2);
    expect(await members(cohort.id)).toEqual(['early', 'late-wall']);
    // Back to UTC: all three again.
    await t.patch(`/api/projects/${t.projectId}/`, { timezone: 'UTC' }).expect(200);
    await countSettles(cohort.id, 3);
  });
});
