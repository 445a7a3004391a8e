/** @sql-sensitive funnel steps and correlations, in SQL */
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ActorsBody, email, History, loadHistory, names, qs } from './history';
import { startTestApp, TestApp } from '../support/test-app';

const STEPS = [
  { id: '$pageview', type: 'events', order: 0 },
  { id: 'signed up', type: 'events', order: 1 },
  { id: 'purchased', type: 'events', order: 2 },
];
const MARCH = { date_from: '2024-03-01', date_to: '2024-03-31' };

// GET/POST /persons/funnel and /persons/funnel/correlation over the history of ./history.ts:
// pageview → signed up → purchased within 14 days (ordered) reaches
//   3: alice, dave (his pageviews as anon-dave), erin (deleted)
//   2: bob, frank (clicked in between), judy (pageview as judy-web, merged)
//   1: carol and grace (signed up before their pageview), heidi, ivan, ken, leo.
describe('funnel persons', () => {
  let t: TestApp;
  let h: History;
  let base: string;

  const funnel = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (await t.get(`${base}/funnel/?${qs({ events: STEPS, ...MARCH, ...params })}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    h = await loadHistory(t);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  it('lists who reached a step (or further), counting deleted persons apart', async () => {
    const step1 = await funnel({ funnel_step: 1 });
    expect(names(step1)).toEqual(
      h.byId(['alice', 'heidi', 'bob', 'carol', 'dave', 'frank', 'grace', 'ivan', 'judy', 'ken', 'leo']),
    );
    expect(step1.missing_persons).toBe(1);
    expect(names(await funnel({ funnel_step: 2 }))).toEqual(h.byId(['alice', 'bob', 'dave', 'frank', 'judy']));
    const step3 = await funnel({ funnel_step: 3 });
    expect(names(step3)).toEqual(h.byId(['alice', 'dave']));
    expect(step3).toMatchObject({ missing_persons: 1, next: null, is_cached: false });
  });

  it('lists who dropped off before a step', async () => {
    expect(names(await funnel({ funnel_step: -2 }))).toEqual(h.byId(['heidi', 'carol', 'grace', 'ivan', 'ken', 'leo']));
    expect(names(await funnel({ funnel_step: -3 }))).toEqual(h.byId(['bob', 'frank', 'judy']));
    expect(names(await funnel({ funnel_custom_steps: [1, 3] }))).toEqual(
      h.byId(['alice', 'heidi', 'carol', 'dave', 'grace', 'ivan', 'ken', 'leo']),
    );
  });

  it('strict: no other event between the steps', async () => {
    // frank clicked in between; dave's $identify came between his pageview and signing up.
    expect(names(await funnel({ funnel_step: 2, funnel_order_type: 'strict' }))).toEqual(
      h.byId(['alice', 'bob', 'judy']),
    );
    const step3 = await funnel({ funnel_step: 3, funnel_order_type: 'strict' });
    expect(names(step3)).toEqual([email('alice')]);
    expect(step3.missing_persons).toBe(1);
  });

  it('unordered: every step within the window, in any order', async () => {
    // grace signed up first; carol purchased 15 days after signing up.
    expect(names(await funnel({ funnel_step: 3, funnel_order_type: 'unordered' }))).toEqual(
      h.byId(['alice', 'dave', 'grace']),
    );
    expect(names(await funnel({ funnel_step: -3, funnel_order_type: 'unordered' }))).toEqual(
      h.byId(['bob', 'carol', 'frank', 'judy']),
    );
  });

  it('applies the conversion window, inclusive', async () => {
    // dave: pageview Mar 6 08:00, purchased Mar 7 08:00 — exactly one day.
    expect(names(await funnel({ funnel_step: 3, funnel_window_days: 1 }))).toEqual(h.byId(['alice', 'dave']));
    // In 23 hours only alice (10:00 → 09:00 the next day) makes it.
    expect(
      names(await funnel({ funnel_step: 3, funnel_window_interval: 23, funnel_window_interval_unit: 'hour' })),
    ).toEqual([email('alice')]);
  });

  it('only counts events of the date range', async () => {
    expect(names(await funnel({ funnel_step: 3, date_from: '2024-03-05', date_to: '2024-03-31' }))).toEqual([
      email('dave'),
    ]);
    expect((await funnel({ funnel_step: 1, date_from: '2024-04-01', date_to: '2024-04-30' })).results).toEqual([
      { people: [], count: 0 },
    ]);
  });

  it('filters by properties and breakdown of the first step', async () => {
    expect(names(await funnel({ funnel_step: 1, breakdown: '$browser', funnel_step_breakdown: 'Firefox' }))).toEqual(
      h.byId(['ken', 'leo']),
    );
    expect(
      names(await funnel({ funnel_step: 2, properties: [{ key: 'plan', value: 'pro', type: 'person' }] })),
    ).toEqual(h.byId(['alice', 'dave']));
    const steps = [{ ...STEPS[0], properties: [{ key: '$current_url', value: '/pricing' }] }, STEPS[1]];
    expect(names(await funnel({ funnel_step: 2, events: steps }))).toEqual(h.byId(['bob', 'dave']));
  });

  it('funnel trends: who entered on a day and converted, or not (UTC days)', async () => {
    const trend = { funnel_viz_type: 'trends', entrance_period_start: '2024-03-04', interval: 'day' };
    expect(names(await funnel({ ...trend, drop_off: false }))).toEqual([email('alice')]);
    // bob entered at 23:59:59.999 on the 4th.
    expect(names(await funnel({ ...trend, drop_off: true }))).toEqual(h.byId(['heidi', 'bob']));
    expect(names(await funnel({ ...trend, funnel_to_step: 1, drop_off: false }))).toEqual(h.byId(['alice', 'bob']));
  });

  it('POST takes the same parameters in the body (the body wins)', async () => {
    const res = await t.post(`${base}/funnel/?funnel_step=1`, { events: STEPS, ...MARCH, funnel_step: 2 }).expect(200);
    expect(names(res.body)).toEqual(h.byId(['alice', 'bob', 'dave', 'frank', 'judy']));
    const text = await t
      .post(`${base}/funnel/`, { events: JSON.stringify(STEPS), ...MARCH, funnel_step: '3' })
      .expect(200);
    expect(names(text.body)).toEqual(h.byId(['alice', 'dave']));
    await t.post(`${base}/funnel/`, { ...MARCH, funnel_step: 3 }).expect(400, {
      type: 'validation_error',
      code: 'required',
      detail: 'This field is required.',
      attr: 'events',
    });
  });

  it('pages and answers CSV', async () => {
    const first = await funnel({ funnel_step: 1, limit: 5 });
    expect(names(first)).toHaveLength(5);
    expect(first.next).toMatch(/offset=5/);
    const res = await t.get(`${base}/funnel/?${qs({ events: STEPS, ...MARCH, funnel_step: 3, format: 'csv' })}`);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    expect(rows.map((r) => r[header.indexOf('name')])).toEqual(h.byId(['alice', 'dave']));
    expect(rows.map((r) => r[header.indexOf('distinct_ids.1')])).toEqual(
      h.byId(['alice', 'dave']).map((n) => (n === email('dave') ? 'dave' : '')),
    );
  });
});

describe('funnel correlation persons', () => {
  let t: TestApp;
  let h: History;
  let base: string;
  const TWO = STEPS.slice(0, 2);

  const correlation = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (await t.get(`${base}/funnel/correlation/?${qs({ events: TWO, ...MARCH, ...params })}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    h = await loadHistory(t);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  it('converted persons who did the event between entering and converting', async () => {
    // Another pageview between the first pageview and signing up: alice, bob, dave (not erin,
    // frank or judy).
    const body = await correlation({
      funnel_correlation_person_entity: { id: '$pageview', type: 'events' },
      funnel_correlation_person_converted: 'TRUE',
    });
    expect(names(body)).toEqual(h.byId(['alice', 'bob', 'dave']));
    expect(
      names(
        await correlation({
          funnel_correlation_person_entity: {
            id: '$pageview',
            type: 'events',
            properties: [{ key: '$current_url', value: '/pricing' }],
          },
          funnel_correlation_person_converted: 'true',
        }),
      ),
    ).toEqual(h.byId(['bob', 'dave']));
    expect(
      names(
        await correlation({
          funnel_correlation_person_entity: { id: 'clicked', type: 'events' },
          funnel_correlation_person_converted: 'TRUE',
        }),
      ),
    ).toEqual([email('frank')]);
  });

  it('unconverted persons who did the event within the window; both without the flag', async () => {
    const purchased = { funnel_correlation_person_entity: { id: 'purchased', type: 'events' } };
    // grace purchased 55 minutes after her pageview, carol 15 days after hers.
    expect(names(await correlation({ ...purchased, funnel_correlation_person_converted: 'FALSE' }))).toEqual([
      email('grace'),
    ]);
    // Converted persons purchased after signing up, not before.
    expect(names(await correlation(purchased))).toEqual([email('grace')]);
    const erin = await correlation({
      funnel_correlation_person_entity: { id: 'signed up', type: 'events' },
      events: [STEPS[0], STEPS[2]],
    });
    // Converted (pageview → purchased) with a sign-up in between: alice, dave, erin (deleted);
    // not converted, signed up within 14 days of the pageview: bob, frank, judy.
    expect(names(erin)).toEqual(h.byId(['alice', 'bob', 'dave', 'frank', 'judy']));
    expect(erin.missing_persons).toBe(1);
  });

  it('pages with the funnel_correlation_person_limit/offset aliases; POST body', async () => {
    const entity = { funnel_correlation_person_entity: { id: '$pageview', type: 'events' } };
    const first = await correlation({ ...entity, funnel_correlation_person_limit: 2 });
    expect(names(first)).toEqual(h.byId(['alice', 'heidi', 'bob', 'dave', 'ken']).slice(0, 2));
    expect(first.next).toMatch(/funnel_correlation_person_offset=2/);
    expect(first.next).toMatch(/funnel_correlation_person_limit=2/);
    const res = await t
      .post(`${base}/funnel/correlation/`, {
        events: TWO,
        ...MARCH,
        ...entity,
        funnel_correlation_person_converted: 'TRUE',
      })
      .expect(200);
    expect(names(res.body)).toEqual(h.byId(['alice', 'bob', 'dave']));
  });
});
