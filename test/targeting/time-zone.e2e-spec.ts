/** @sql-sensitive dates in the project's time zone, in SQL */
import { createCohort, createFlag, enabledFor, identify } from '../evaluation/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';

// Dates in the project's time zone (issue #38, PostHog's flags service): a date, or a date and
// time, without a zone is wall-clock time in the project's zone, on the filter's side and the
// person's; an explicit zone is honoured. Flags (in memory), cohorts and the persons list (SQL) alike.
const PERSONS = [
  // Before midnight on 1 June in Paris, after it in UTC.
  { distinctId: 'late-utc', properties: { signed_up: '2024-05-31T23:00:00Z' } },
  // Wall-clock time: 23:30 in whatever zone the project has.
  { distinctId: 'late-wall', properties: { signed_up: '2024-05-31 23:30' } },
  { distinctId: 'early', properties: { signed_up: '2024-05-31 12:00' } },
];

const BEFORE_JUNE = { key: 'signed_up', type: 'person', operator: 'is_date_before', value: '2024-06-01' };

describe("dates in the project's time zone", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, PERSONS);
  });
  afterAll(() => t?.close());

  const onByFlag = (key: string) =>
    enabledFor(
      t,
      key,
      PERSONS.map((p) => p.distinctId),
    );

  async function inList(property: object): Promise<string[]> {
    const res = await t
      .get(`/api/projects/${t.projectId}/persons/?properties=${encodeURIComponent(JSON.stringify([property]))}`)
      .expect(200);
    return res.body.results.map((p: { distinct_ids: string[] }) => p.distinct_ids[0]).sort();
  }

  async function inCohort(id: number): Promise<string[]> {
    const res = await t.get(`/api/projects/${t.projectId}/cohorts/${id}/persons/?limit=100`).expect(200);
    return (res.body.results as Array<{ distinct_ids: string[] }>).map((p) => p.distinct_ids[0]).sort();
  }

  it('is UTC until the project sets one; a change of zone is seen at once by flags, cohorts and the list', async () => {
    const project = await t.get(`/api/projects/${t.projectId}/`).expect(200);
    expect(project.body.timezone).toBe('UTC');
    const flag = await createFlag(t, {
      key: 'before-june',
      filters: { groups: [{ properties: [BEFORE_JUNE], rollout_percentage: 100 }] },
    });
    const cohort = await createCohort(t, {
      name: 'Before June',
      filters: { properties: { type: 'AND', values: [{ type: 'AND', values: [BEFORE_JUNE] }] } },
    });
    await waitFor(async () => {
      const c = (await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/`).expect(200)).body;
      return c.is_calculating ? undefined : c;
    });
    // UTC: 1 June starts at 00:00Z; every one of them signed up before.
    const everyone = ['early', 'late-utc', 'late-wall'];
    expect(await onByFlag(flag.key)).toEqual(everyone);
    expect(await inList(BEFORE_JUNE)).toEqual(everyone);
    expect(await inCohort(cohort.id)).toEqual(everyone);

    // Paris (UTC+2 in June): 1 June starts at 22:00Z on 31 May, after 23:00Z is already June;
    // the wall-clock 23:30 is Paris time, still May.
    const set = await t.patch(`/api/projects/${t.projectId}/`, { timezone: 'europe/paris' }).expect(200);
    expect(set.body.timezone).toBe('Europe/Paris');
    const inParis = ['early', 'late-wall'];
    expect(await onByFlag(flag.key)).toEqual(inParis);
    expect(await inList(BEFORE_JUNE)).toEqual(inParis);
    expect(await inCohort(cohort.id)).toEqual(inParis);

    // An explicit zone in the filter is honoured whatever the project's.
    const explicit = { ...BEFORE_JUNE, value: '2024-06-01T00:00:00Z' };
    expect(await inList(explicit)).toEqual(everyone);
    // Tokyo (UTC+9): June begins at 15:00Z on 31 May; only the 12:00 wall-clock sign-up is before it.
    await t.patch(`/api/projects/${t.projectId}/`, { timezone: 'Asia/Tokyo' }).expect(200);
    expect(await onByFlag(flag.key)).toEqual(['early', 'late-wall']);
    expect(await inList({ ...BEFORE_JUNE, value: '2024-05-31 20:00' })).toEqual(['early']);
  });

  it('refuses a time zone it does not know, naming the field, and keeps the one it had', async () => {
    for (const timezone of ['Mars/Olympus_Mons', '', 'Europe/Paris; DROP TABLE projects', 42, 'x'.repeat(100)]) {
      const res = await t.patch(`/api/projects/${t.projectId}/`, { timezone });
      expect({ timezone, status: res.status, attr: res.body.attr }).toEqual({
        timezone,
        status: 400,
        attr: 'timezone',
      });
    }
    const project = await t.get(`/api/projects/${t.projectId}/`).expect(200);
    expect(project.body.timezone).toBe('Asia/Tokyo');
  });
});
