/** @sql-sensitive trends and breakdowns, in SQL */
import request from 'supertest';
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ActorsBody, email, History, loadHistory, Name, names, qs } from './history';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

// GET /persons/trends over the history of ./history.ts.
describe('GET /api/projects/:project_id/persons/trends', () => {
  let t: TestApp;
  let h: History;
  let other: Tenant;
  let base: string;

  const trends = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (await t.get(`${base}/trends/?${qs({ entity_id: '$pageview', entity_type: 'events', ...params })}`).expect(200))
      .body;
  const values = (body: ActorsBody) => body.results[0].people.map((p) => [p.name, p.value_at_data_point]);

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    h = await loadHistory(t, other.projectToken);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  it('lists who did the event in a day, most events first, with the envelope of PostHog', async () => {
    const body = await trends({ date_from: '2024-03-04', date_to: '2024-03-04' });
    // bob's pageview at 23:59:59.999 is on the 4th; the personless visitor is nobody.
    expect(values(body)).toEqual([[email('alice'), 2], ...h.byId(['heidi', 'bob']).map((n) => [n, 1])]);
    expect(body).toEqual({
      results: [{ people: expect.any(Array), count: 3 }],
      next: null,
      initial: expect.stringMatching(/\/persons\/trends\/\?.*offset=0/),
      missing_persons: 0,
      is_cached: false,
      last_refresh: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(body.results[0].people[0]).toEqual({
      id: h.ids.alice,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'alice@example.com',
      distinct_ids: ['alice'],
      properties: { email: 'alice@example.com', plan: 'pro', beta: true },
      created_at: '2024-03-04T10:00:00.000Z',
      is_identified: false,
      type: 'person',
      matched_recordings: [],
      value_at_data_point: 2,
    });
  });

  it('puts events at UTC midnight in the day they start', async () => {
    expect(names(await trends({ date_from: '2024-03-05', date_to: '2024-03-05' }))).toEqual(
      h.byId(['heidi', 'bob', 'carol']),
    );
    // The hour before midnight, as an hourly data point.
    expect(
      values(await trends({ date_from: '2024-03-04T23:00:00', date_to: '2024-03-04T23:00:00', interval: 'hour' })),
    ).toEqual([[email('bob'), 1]]);
    expect(
      values(await trends({ date_from: '2024-03-05T00:00:00Z', date_to: '2024-03-05T00:00:00Z', interval: 'hour' })),
    ).toEqual([[email('bob'), 1]]);
  });

  it('is empty for an empty bucket', async () => {
    const body = await trends({ date_from: '2024-03-02', date_to: '2024-03-02' });
    expect(body.results).toEqual([{ people: [], count: 0 }]);
    expect(body.next).toBeNull();
  });

  it('a weekly data point is the whole week (from Sunday), whatever day names it', async () => {
    const expected = [
      [email('heidi'), 3],
      ...h.byId(['alice', 'bob', 'dave']).map((n) => [n, 2]),
      ...h.byId(['carol', 'frank', 'grace', 'ivan']).map((n) => [n, 1]),
    ];
    const week = await trends({ date_from: '2024-03-03', date_to: '2024-03-09', interval: 'week' });
    expect(values(week)).toEqual(expected);
    // dave's two pageviews were sent as anon-dave before $identify: they are dave's.
    // erin was deleted (her events stay): counted apart, not listed.
    expect(week.missing_persons).toBe(1);
    expect(values(await trends({ date_from: '2024-03-06', date_to: '2024-03-06', interval: 'week' }))).toEqual(
      expected,
    );
    expect(
      await trends({ date_from: '2024-03-06', date_to: '2024-03-06', interval: 'week', entity_math: 'dau' }),
    ).toEqual(expect.objectContaining({ missing_persons: 1 }));
  });

  it('counts a merged person’s events under the surviving person', async () => {
    // judy-web's pageview, then $create_alias merged judy-web into judy.
    const body = await trends({ date_from: '2024-03-10', date_to: '2024-03-10' });
    expect(values(body)).toEqual(h.byId(['judy', 'ken']).map((n) => [n, 1]));
    expect(body.results[0].people.find((p) => p.name === email('judy'))).toMatchObject({
      id: h.ids.judy,
      distinct_ids: ['judy-web', 'judy'],
    });
  });

  it('weekly and monthly active users look back 7 and 30 days from the data point', async () => {
    const wau = await trends({ date_from: '2024-03-06', date_to: '2024-03-06', entity_math: 'weekly_active' });
    expect(values(wau)).toEqual([
      [email('heidi'), 3],
      ...h.byId(['alice', 'bob', 'dave']).map((n) => [n, 2]),
      [email('carol'), 1],
    ]);
    expect(wau.missing_persons).toBe(1);
    const mau = await trends({ date_from: '2024-03-31', date_to: '2024-03-31', entity_math: 'monthly_active' });
    expect(names(mau)).toHaveLength(11);
  });

  it('filters by event and person properties, and by breakdown value', async () => {
    const week2 = { date_from: '2024-03-10', date_to: '2024-03-16', interval: 'week' };
    expect(values(await trends({ ...week2, breakdown: '$browser', breakdown_value: 'Firefox' }))).toEqual([
      [email('ken'), 2],
      [email('leo'), 1],
    ]);
    expect(
      names(await trends({ ...week2, breakdown: 'plan', breakdown_type: 'person', breakdown_value: 'pro' })),
    ).toEqual(h.byId(['alice', 'leo']));
    expect(
      values(
        await trends({
          ...week2,
          breakdown: 'plan',
          breakdown_type: 'person',
          breakdown_value: '$$_posthog_breakdown_null_$$',
        }),
      ),
    ).toEqual([[email('ken'), 2], ...h.byId(['heidi', 'judy']).map((n) => [n, 1])]);
    const week1 = { date_from: '2024-03-03', date_to: '2024-03-09', interval: 'week' };
    expect(values(await trends({ ...week1, properties: [{ key: 'plan', value: 'pro', type: 'person' }] }))).toEqual(
      h.byId(['alice', 'dave']).map((n) => [n, 2]),
    );
    expect(
      values(
        await trends({ ...week1, properties: [{ key: '$current_url', value: 'pricing', operator: 'icontains' }] }),
      ),
    ).toEqual(h.byId(['alice', 'bob', 'carol', 'dave']).map((n) => [n, 1]));
    // The series' own filters, from events.
    expect(
      names(
        await trends({
          ...week1,
          events: [{ id: '$pageview', type: 'events', properties: [{ key: '$current_url', value: '/pricing' }] }],
        }),
      ),
    ).toEqual(h.byId(['bob', 'carol', 'dave']));
  });

  it('searches the persons by email, name or distinct id', async () => {
    const week1 = { date_from: '2024-03-03', date_to: '2024-03-09', interval: 'week' };
    expect(names(await trends({ ...week1, search: 'ALICE' }))).toEqual([email('alice')]);
    expect(names(await trends({ ...week1, search: 'anon-d' }))).toEqual([email('dave')]);
  });

  it('pages with limit/offset and absolute next URLs', async () => {
    const all = names(await trends({ date_from: '2024-03-01', date_to: '2024-03-31' }));
    expect(all).toHaveLength(11);
    const seen: string[] = [];
    let url: string | null =
      `${t.baseUrl}${base}/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-01', date_to: '2024-03-31', limit: 4 })}`;
    const counts: number[] = [];
    while (url) {
      const res: request.Response = await request(url).get('').set('Authorization', `Bearer ${t.key}`).expect(200);
      seen.push(...names(res.body));
      counts.push(res.body.results[0].count);
      url = res.body.next;
    }
    expect(counts).toEqual([4, 4, 3]);
    expect(seen).toEqual(all);
  });

  it('answers CSV with a header row that parses back', async () => {
    const res = await t
      .get(
        `${base}/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-04', date_to: '2024-03-04', format: 'csv' })}`,
      )
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      'id',
      'uuid',
      'name',
      'created_at',
      'is_identified',
      'distinct_ids.0',
      'properties.beta',
      'properties.email',
      'properties.plan',
      'value_at_data_point',
    ]);
    const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(column('name')).toEqual([email('alice'), ...h.byId(['heidi', 'bob'])]);
    expect(column('value_at_data_point')).toEqual(['2', '1', '1']);
    expect(column('id')).toEqual(column('name').map((n) => String(h.ids[n.split('@')[0] as Name])));
  });

  it('reads only the URL’s project', async () => {
    const res = await t
      .get(
        `/api/projects/${other.projectId}/persons/trends/?${qs({ entity_id: '$pageview', date_from: '2024-03-04', date_to: '2024-03-04' })}`,
        other.key,
      )
      .expect(200);
    expect(names(res.body)).toEqual(['alice']);
    expect(res.body.results[0].people[0].id).not.toBe(h.ids.alice);
    await t.get(`/api/projects/${other.projectId}/persons/trends/?entity_id=$pageview`).expect(404);
  });
});
