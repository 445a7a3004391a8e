/** @sql-sensitive paths, in SQL */
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { ActorsBody, email, History, loadHistory, names, qs } from './history';
import { startTestApp, TestApp } from '../support/test-app';

const MARCH = { date_from: '2024-03-01', date_to: '2024-03-31' };

// GET/POST /persons/path over the history of ./history.ts. Pageview paths (sessions end after
// 30 minutes without a pageview; a trailing slash is dropped):
//   alice: /home → /pricing (Mar 4), /home (Mar 11), /home (Mar 18)
//   bob:   /home (23:59:59.999) → /pricing (00:00, the next day)
//   dave:  /home → /pricing (as anon-dave)     carol: /pricing
//   ken:   /home (23:30), then /docs (00:30): two sessions
//   erin (deleted), frank, grace, heidi (×5), ivan, judy, leo: /home
describe('GET/POST /api/projects/:project_id/persons/path', () => {
  let t: TestApp;
  let h: History;
  let base: string;

  const path = async (params: Record<string, unknown>): Promise<ActorsBody> =>
    (await t.get(`${base}/path/?${qs({ ...MARCH, ...params })}`).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    h = await loadHistory(t);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  it('lists who went from start_point to end_point in one session', async () => {
    const body = await path({ start_point: '/home', end_point: '/pricing' });
    expect(names(body)).toEqual(h.byId(['alice', 'bob', 'dave']));
    expect(body.missing_persons).toBe(0);
    expect(names(await path({ start_point: '/home', end_point: '/docs' }))).toEqual([]);
    expect(names(await path({ start_point: '/pricing' }))).toEqual(h.byId(['alice', 'bob', 'carol', 'dave']));
  });

  it('lists the persons of an edge of the paths chart', async () => {
    expect(names(await path({ path_start_key: '1_/home', path_end_key: '2_/pricing' }))).toEqual(
      h.byId(['alice', 'bob', 'dave']),
    );
    expect(names(await path({ path_end_key: '2_/pricing' }))).toEqual(h.byId(['alice', 'bob', 'dave']));
    expect(names(await path({ path_start_key: '1_/home', path_end_key: '2_/docs' }))).toEqual([]);
    expect(names(await path({ path_start_key: '2_/home', path_end_key: '3_/pricing' }))).toEqual([]);
  });

  it('lists who dropped off at a step, deleted persons apart', async () => {
    const body = await path({ path_dropoff_key: '1_/home' });
    expect(names(body)).toEqual(h.byId(['alice', 'heidi', 'frank', 'grace', 'ivan', 'judy', 'ken', 'leo']));
    expect(body.missing_persons).toBe(1);
    expect(names(await path({ end_point: '/pricing', path_dropoff_key: '1_/pricing' }))).toEqual([email('carol')]);
    expect(names(await path({ end_point: '/pricing', path_dropoff_key: '2_/pricing' }))).toEqual(
      h.byId(['alice', 'bob', 'dave']),
    );
  });

  it('follows custom events and screens as asked', async () => {
    expect(names(await path({ path_type: 'custom_event', start_point: 'clicked', end_point: 'signed up' }))).toEqual([
      email('frank'),
    ]);
    expect(
      names(
        await path({
          include_event_types: ['$pageview', 'custom_event'],
          path_start_key: '1_/home',
          path_end_key: '2_clicked',
        }),
      ),
    ).toEqual([email('frank')]);
    expect(names(await path({ path_type: '$screen' }))).toEqual([]);
  });

  it('leaves out excluded elements and cuts paths at step_limit', async () => {
    // Without /home, bob's and dave's paths start at /pricing.
    expect(names(await path({ exclude_events: ['/home'], path_dropoff_key: '1_/pricing' }))).toEqual(
      h.byId(['alice', 'bob', 'carol', 'dave']),
    );
    expect(names(await path({ path_type: 'custom_event', step_limit: 2, path_dropoff_key: '2_signed up' }))).toEqual([
      email('frank'),
    ]);
  });

  it('POST takes the parameters in the body; CSV parses back', async () => {
    const res = await t.post(`${base}/path/`, { ...MARCH, start_point: '/home', end_point: '/pricing' }).expect(200);
    expect(names(res.body)).toEqual(h.byId(['alice', 'bob', 'dave']));
    const csv = await t.get(`${base}/path/?${qs({ ...MARCH, path_end_key: '2_/pricing', format: 'csv' })}`).expect(200);
    const [header, ...rows] = parseCsv(csv.text);
    expect(rows.map((r) => r[header.indexOf('name')])).toEqual(h.byId(['alice', 'bob', 'dave']));
  });
});
