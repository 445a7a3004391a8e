/** @sql-sensitive date buckets and intervals, in SQL */
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ActorsBody, email, History, loadHistory, Name, names, qs } from './history';
import { startTestApp, TestApp } from '../support/test-app';

interface RetentionBody {
  result: Array<{ person: { id: number; name: string }; appearances: number[] }>;
  next: string | null;
  missing_persons: number;
}

// GET /persons/lifecycle, /persons/stickiness and /persons/retention over the history of
// ./history.ts. Pageviews per week (Sunday weeks): W1 (Mar 3–9) alice, heidi, bob, carol, dave,
// erin (deleted), frank, grace, ivan; W2 (Mar 10–16) alice, heidi, judy, ken, leo; W3 alice;
// W4 heidi.
describe('lifecycle, stickiness and retention persons', () => {
  let t: TestApp;
  let h: History;
  let base: string;

  const lifecycle = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (await t.get(`${base}/lifecycle/?${qs({ entity_id: '$pageview', entity_type: 'events', ...params })}`).expect(200))
      .body;
  const stickiness = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (
      await t
        .get(
          `${base}/stickiness/?${qs({ entity_id: '$pageview', date_from: '2024-03-01', date_to: '2024-03-31', ...params })}`,
        )
        .expect(200)
    ).body;
  const retention = async (params: Record<string, unknown>): Promise<RetentionBody> =>
    (await t.get(`${base}/retention/?${qs(params)}`).expect(200)).body;
  const appearances = (body: RetentionBody) => body.result.map((r) => [r.person.name, r.appearances]);

  beforeAll(async () => {
    t = await startTestApp();
    h = await loadHistory(t);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  describe('lifecycle', () => {
    const week = (type: string, target: string) =>
      lifecycle({ target_date: target, lifecycle_type: type, interval: 'week' });

    it('splits a week into new, returning, resurrecting and dormant persons', async () => {
      // judy (merged: her first event was judy-web's), ken and leo were created in W2.
      expect(names(await week('new', '2024-03-13'))).toEqual(h.byId(['judy', 'ken', 'leo']));
      expect(names(await week('returning', '2024-03-10'))).toEqual(h.byId(['alice', 'heidi']));
      expect(names(await week('resurrecting', '2024-03-10'))).toEqual([]);
      const dormant = await week('dormant', '2024-03-16');
      expect(names(dormant)).toEqual(h.byId(['bob', 'carol', 'dave', 'frank', 'grace', 'ivan']));
      expect(dormant).toEqual({ results: expect.any(Array), next: null, missing_persons: 1 });
      // heidi skipped W3; alice stopped after W3.
      expect(names(await week('resurrecting', '2024-03-24'))).toEqual([email('heidi')]);
      expect(names(await week('dormant', '2024-03-24'))).toEqual([email('alice')]);
    });

    it('uses UTC days: 23:59:59.999 is the day before', async () => {
      const day = (type: string) => lifecycle({ target_date: '2024-03-05', lifecycle_type: type });
      expect(names(await day('new'))).toEqual([email('carol')]);
      // bob: created and active at 23:59:59.999 on the 4th, active again at midnight.
      expect(names(await day('returning'))).toEqual(h.byId(['heidi', 'bob']));
      expect(names(await day('dormant'))).toEqual([email('alice')]);
      expect(names(await day('resurrecting'))).toEqual([]);
    });

    it('takes the series’ filters', async () => {
      expect(
        names(
          await lifecycle({
            target_date: '2024-03-10',
            lifecycle_type: 'dormant',
            interval: 'week',
            properties: [{ key: 'plan', value: 'pro', type: 'person' }],
          }),
        ),
      ).toEqual([email('dave')]);
      expect(
        names(await lifecycle({ target_date: '2024-03-05', lifecycle_type: 'new', entity_id: 'signed up' })),
      ).toEqual([email('carol')]);
    });
  });

  describe('stickiness', () => {
    it('lists persons active on exactly N days', async () => {
      const one = await stickiness({ stickiness_days: 1 });
      expect(names(one)).toEqual(h.byId(['carol', 'dave', 'frank', 'grace', 'ivan', 'judy', 'leo']));
      expect(one.missing_persons).toBe(1);
      // bob's two pageviews are a millisecond apart, on two days; ken's an hour apart.
      expect(names(await stickiness({ stickiness_days: 2 }))).toEqual(h.byId(['bob', 'ken']));
      expect(names(await stickiness({ stickiness_days: 3 }))).toEqual([email('alice')]);
      expect(names(await stickiness({ stickiness_days: 4 }))).toEqual([]);
      expect(names(await stickiness({ stickiness_days: 5 }))).toEqual([email('heidi')]);
    });

    it('counts weeks from Sunday and hours', async () => {
      // ken's Sunday 23:30 and Monday 00:30 are one week.
      expect(names(await stickiness({ stickiness_days: 3, interval: 'week' }))).toEqual(h.byId(['alice', 'heidi']));
      expect(names(await stickiness({ stickiness_days: 1, interval: 'week' }))).toContain(email('ken'));
      expect(
        names(
          await stickiness({ stickiness_days: 2, interval: 'hour', date_from: '2024-03-10', date_to: '2024-03-11' }),
        ),
      ).toEqual([email('ken')]);
      expect(names(await stickiness({ stickiness_days: 1, date_from: '2024-03-11', date_to: '2024-03-11' }))).toEqual(
        h.byId(['alice', 'ken']),
      );
    });
  });

  describe('retention', () => {
    const weeks = { period: 'Week', total_intervals: 4, date_to: '2024-03-24' };

    it('lists a cohort with its appearances, most active first', async () => {
      const body = await retention({ ...weeks, selected_interval: 0 });
      expect(appearances(body)).toEqual([
        [email('alice'), [1, 1, 1, 0]],
        [email('heidi'), [1, 1, 0, 1]],
        ...h.byId(['bob', 'carol', 'dave', 'frank', 'grace', 'ivan']).map((n) => [n, [1, 0, 0, 0]]),
      ]);
      expect(body.missing_persons).toBe(1);
      expect(body.next).toBeNull();
      expect(appearances(await retention({ ...weeks, selected_interval: 1 }))).toEqual([
        ...h.byId(['alice', 'heidi']).map((n) => [n, n === email('alice') ? [1, 1, 0] : [1, 0, 1]]),
        ...h.byId(['judy', 'ken', 'leo']).map((n) => [n, [1, 0, 0]]),
      ]);
      expect(appearances(await retention({ ...weeks, selected_interval: 3 }))).toEqual([[email('heidi'), [1]]]);
    });

    it('first-time retention: only persons whose first event is in the cohort’s period', async () => {
      expect(
        appearances(await retention({ ...weeks, selected_interval: 1, retention_type: 'retention_first_time' })),
      ).toEqual(h.byId(['judy', 'ken', 'leo']).map((n) => [n, [1, 0, 0]]));
    });

    it('target and returning events may differ', async () => {
      const body = await retention({
        ...weeks,
        target_entity: { id: 'signed up', type: 'events' },
        returning_entity: { id: 'purchased', type: 'events' },
      });
      // carol purchased in W3; alice's purchase was in her cohort's own week.
      expect(appearances(body)).toEqual([
        [email('carol'), [1, 0, 1, 0]],
        ...h.byId(['alice', 'bob', 'dave', 'frank', 'grace']).map((n) => [n, [1, 0, 0, 0]]),
      ]);
      expect(body.missing_persons).toBe(1);
    });

    it('uses UTC days', async () => {
      const body = await retention({ period: 'Day', total_intervals: 3, date_to: '2024-03-06' });
      expect(appearances(body)).toEqual([
        [email('heidi'), [1, 1, 1]],
        [email('bob'), [1, 1, 0]],
        [email('alice'), [1, 0, 0]],
      ]);
    });

    it('pages and answers CSV', async () => {
      const page = await retention({ ...weeks, limit: 3 });
      expect(page.result).toHaveLength(3);
      expect(page.next).toMatch(/offset=3/);
      const res = await t.get(`${base}/retention/?${qs({ ...weeks, format: 'csv' })}`).expect(200);
      const [header, ...rows] = parseCsv(res.text);
      expect(header.slice(-4)).toEqual(['appearances.0', 'appearances.1', 'appearances.2', 'appearances.3']);
      const alice = rows[0];
      expect(alice[header.indexOf('name')]).toBe(email('alice'));
      expect(alice.slice(-4)).toEqual(['1', '1', '1', '0']);
      expect(rows).toHaveLength(8);
    });
  });

  it('keeps the names of the history', () => {
    expect(Object.keys(h.ids).sort()).toEqual(
      (
        ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'ken', 'leo'] as Name[]
      ).sort(),
    );
  });
});
