/** @sql-sensitive property values and query errors, from SQL */
import { parseCsv } from '../../libs/persons/src/testing/csv-reader';
import { History, loadHistory, qs } from './history';
import { startTestApp, TestApp } from '../support/test-app';

const STEPS = [{ id: '$pageview' }, { id: 'signed up' }];

describe('person property values, activity, routing and errors of the analytics endpoints', () => {
  let t: TestApp;
  let h: History;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    h = await loadHistory(t);
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  describe('GET /persons/values', () => {
    it('lists values of a person property, most common first (deleted persons gone)', async () => {
      // erin was plan=pro too, but she was deleted.
      await t.get(`${base}/values/?key=plan`).expect(200, [
        { name: 'pro', count: 3 },
        { name: 'free', count: 2 },
      ]);
      await t.get(`${base}/values/?key=plan&value=PR`).expect(200, [{ name: 'pro', count: 3 }]);
      await t.get(`${base}/values/?key=beta`).expect(200, [{ name: 'true', count: 2 }]);
      await t.get(`${base}/values/?key=nothing`).expect(200, []);
      await t.get(`${base}/values/`).expect(200, []);
      await t.get(`${base}/values/?key=email&value=%25`).expect(200, []);
    });

    it('pages and answers CSV', async () => {
      const res = await t.get(`${base}/values/?key=email&limit=2&offset=1`).expect(200);
      expect(res.body).toEqual([
        { name: 'bob@example.com', count: 1 },
        { name: 'carol@example.com', count: 1 },
      ]);
      const csv = await t.get(`${base}/values/?key=plan&format=csv`).expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(parseCsv(csv.text)).toEqual([
        ['name', 'count'],
        ['pro', '3'],
        ['free', '2'],
      ]);
    });
  });

  it('GET /persons/activity lists the activity of all persons (erin’s deletion)', async () => {
    const res = await t.get(`${base}/activity/`).expect(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ activity: 'deleted', scope: 'Person', item_id: String(h.ids.erin) }),
    ]);
  });

  it('leaves the person routes to the persons controller', async () => {
    await t.get(`${base}/${h.ids.alice}/`).expect(200);
    await t.get(`${base}/trends`).expect(400);
    await t.get(`${base}/trends/`).expect(400);
    await t.get(`${base}/funnel/correlation`).expect(400);
    // Not an analytics route: the persons controller's 400 for a malformed id.
    const res = await t.get(`${base}/funnels/`).expect(400);
    expect(res.body.attr).toBe('id');
  });

  it('needs person:read (values too; cohort scopes are not enough)', async () => {
    const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
    const reader = await t.newUser(t.organizationId, { scopes: ['person:read'] });
    for (const path of [
      'trends/?entity_id=$pageview',
      `funnel/?${qs({ events: STEPS, funnel_step: 1 })}`,
      'path/',
      'lifecycle/?entity_id=$pageview&target_date=2024-03-04&lifecycle_type=new',
      'stickiness/?entity_id=$pageview&stickiness_days=1',
      'retention/',
      'values/?key=plan',
    ]) {
      const denied = await t.get(`${base}/${path}`, flagsOnly.key).expect(403);
      expect(denied.body).toMatchObject({ type: 'authentication_error', code: 'permission_denied' });
      await t.get(`${base}/${path}`, reader.key).expect(200);
    }
    await t.post(`${base}/funnel/`, { events: STEPS, funnel_step: 1 }, flagsOnly.key).expect(403);
    await t.post(`${base}/funnel/`, { events: STEPS, funnel_step: 1 }, reader.key).expect(200);
    await t.get(`${base}/trends/?entity_id=$pageview`, null).expect(401);
  });

  it('answers 404 for another organization’s project', async () => {
    const other = await t.newTenant();
    await t.get(`/api/projects/${other.projectId}/persons/trends/?entity_id=$pageview`).expect(404);
    await t.post(`/api/projects/${other.projectId}/persons/funnel/`, { events: STEPS, funnel_step: 1 }).expect(404);
  });

  const event = (id: string) => ({ id, type: 'events' });
  it.each([
    // Missing required parameters, named.
    ['trends/', 'entity_id', 'required'],
    ['funnel/?funnel_step=1', 'events', 'required'],
    [`funnel/?${qs({ events: STEPS })}`, 'funnel_step', 'required'],
    [`funnel/correlation/?${qs({ events: STEPS })}`, 'funnel_correlation_person_entity', 'required'],
    ['lifecycle/?entity_id=$pageview', 'target_date', 'required'],
    ['lifecycle/?entity_id=$pageview&target_date=2024-03-04', 'lifecycle_type', 'required'],
    ['lifecycle/?target_date=2024-03-04&lifecycle_type=new', 'entity_id', 'required'],
    ['stickiness/?entity_id=$pageview', 'stickiness_days', 'required'],
    [`trends/?entity_id=$pageview&breakdown=$browser`, 'breakdown_value', 'required'],
    [`funnel/?${qs({ events: STEPS, funnel_viz_type: 'trends' })}`, 'entrance_period_start', 'required'],
    // Bad JSON and bad filters.
    ['funnel/?funnel_step=1&events=%5B%7B', 'events', 'invalid_input'],
    ['trends/?entity_id=$pageview&properties=%5B', 'properties', 'invalid_input'],
    [
      `trends/?entity_id=$pageview&${qs({ properties: [{ key: 'x', operator: 'nope', value: 1 }] })}`,
      'properties',
      'invalid_input',
    ],
    [
      `trends/?entity_id=$pageview&${qs({ properties: [{ key: 'x', type: 'cohort', value: 1 }] })}`,
      'properties',
      'invalid_input',
    ],
    [
      `trends/?entity_id=$pageview&${qs({ properties: [{ key: 'x', operator: 'regex', value: '(' }] })}`,
      'properties',
      'invalid_input',
    ],
    [`trends/?${qs({ events: [{ id: 'x', properties: 5 }] })}`, 'events', 'invalid_input'],
    [`funnel/?${qs({ events: { id: 'x' }, funnel_step: 1 })}`, 'events', 'invalid_input'],
    [`funnel/?${qs({ events: [{ id: 3, type: 'actions' }], funnel_step: 1 })}`, 'events', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, actions: [{ id: 3 }], funnel_step: 1 })}`, 'actions', 'invalid_input'],
    [`retention/?${qs({ target_entity: 'x' })}`, 'target_entity', 'invalid_input'],
    [
      `funnel/correlation/?${qs({ events: STEPS, funnel_correlation_person_entity: '{' })}`,
      'funnel_correlation_person_entity',
      'invalid_input',
    ],
    [`path/?${qs({ include_event_types: '[' })}`, 'include_event_types', 'invalid_input'],
    // Bad dates, intervals, numbers.
    ['trends/?entity_id=$pageview&date_from=yesterday', 'date_from', 'invalid_input'],
    ['trends/?entity_id=$pageview&date_to=2024-02-30', 'date_to', 'invalid_input'],
    ['trends/?entity_id=$pageview&date_from=2024-03-05&date_to=2024-03-04', 'date_from', 'invalid_input'],
    ['trends/?entity_id=$pageview&interval=fortnight', 'interval', 'invalid_input'],
    ['trends/?entity_id=$pageview&entity_type=actions', 'entity_type', 'invalid_input'],
    ['trends/?entity_id=$pageview&entity_math=sum', 'entity_math', 'invalid_input'],
    ['trends/?entity_id=$pageview&limit=-1', 'limit', 'invalid_input'],
    ['trends/?entity_id=$pageview&offset=abc', 'offset', 'invalid_input'],
    ['trends/?entity_id=$pageview&entity_id=x', 'entity_id', 'invalid_input'],
    ['trends/?entity_id=$pageview&format=xml', 'format', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, funnel_step: 0 })}`, 'funnel_step', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, funnel_step: -1 })}`, 'funnel_step', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, funnel_step: 3 })}`, 'funnel_step', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, funnel_step: 'two' })}`, 'funnel_step', 'invalid_input'],
    [`funnel/?${qs({ events: STEPS, funnel_step: 1, funnel_window_days: -3 })}`, 'funnel_window_days', 'invalid_input'],
    [
      `funnel/?${qs({ events: STEPS, funnel_step: 1, funnel_window_days: 99999999999 })}`,
      'funnel_window_days',
      'invalid_input',
    ],
    [
      `funnel/?${qs({ events: STEPS, funnel_step: 1, funnel_order_type: 'any' })}`,
      'funnel_order_type',
      'invalid_input',
    ],
    [`funnel/?${qs({ events: STEPS, funnel_custom_steps: [7] })}`, 'funnel_custom_steps', 'invalid_input'],
    [
      `funnel/correlation/?${qs({ events: STEPS, funnel_correlation_person_entity: event('x'), funnel_correlation_person_converted: 'yes' })}`,
      'funnel_correlation_person_converted',
      'invalid_input',
    ],
    [
      `funnel/correlation/?${qs({ events: STEPS, funnel_correlation_person_entity: event('x'), funnel_correlation_person_limit: -5 })}`,
      'funnel_correlation_person_limit',
      'invalid_input',
    ],
    ['lifecycle/?entity_id=$pageview&target_date=soon&lifecycle_type=new', 'target_date', 'invalid_input'],
    ['lifecycle/?entity_id=$pageview&target_date=2024-03-04&lifecycle_type=zombie', 'lifecycle_type', 'invalid_input'],
    ['stickiness/?entity_id=$pageview&stickiness_days=-2', 'stickiness_days', 'invalid_input'],
    ['stickiness/?entity_id=$pageview&stickiness_days=0', 'stickiness_days', 'invalid_input'],
    ['retention/?period=Year', 'period', 'invalid_input'],
    ['retention/?total_intervals=0', 'total_intervals', 'invalid_input'],
    ['retention/?total_intervals=5000', 'total_intervals', 'invalid_input'],
    ['retention/?total_intervals=3&selected_interval=3', 'selected_interval', 'invalid_input'],
    ['retention/?selected_interval=-1', 'selected_interval', 'invalid_input'],
    ['retention/?retention_type=often', 'retention_type', 'invalid_input'],
    ['retention/?date_to=later', 'date_to', 'invalid_input'],
    ['path/?path_type=hogql', 'path_type', 'invalid_input'],
    ['path/?path_start_key=home', 'path_start_key', 'invalid_input'],
    ['path/?step_limit=-4', 'step_limit', 'invalid_input'],
    ['path/?funnel_paths=funnel_path_after_step', 'funnel_paths', 'invalid_input'],
    ['values/?key=plan&limit=x', 'limit', 'invalid_input'],
  ])('GET %s → 400 naming %s', async (path, attr, code) => {
    const res = await t.get(`${base}/${path}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: 'validation_error', code, detail: expect.any(String), attr });
  });

  it.each([
    ['funnel/', { events: 'nope', funnel_step: 1 }, 'events'],
    ['funnel/', { events: STEPS, funnel_step: { n: 1 } }, 'funnel_step'],
    ['funnel/', { events: STEPS, funnel_step: 1, date_from: 12 }, 'date_from'],
    [
      'funnel/correlation/',
      { events: STEPS, funnel_correlation_person_entity: [1] },
      'funnel_correlation_person_entity',
    ],
    ['path/', { start_point: ['/a'] }, 'start_point'],
    ['path/', { exclude_events: 'x' }, 'exclude_events'],
  ])('POST %s %j → 400 naming %s', async (path, body, attr) => {
    const res = await t.post(`${base}/${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.attr).toBe(attr);
  });

  it('takes an empty list of values in a property filter (it was a 500)', async () => {
    const properties = JSON.stringify([{ key: 'plan', value: [], type: 'person' }]);
    const res = await t
      .get(`${base}/trends/?${qs({ entity_id: '$pageview', date_from: '2020-01-01', properties })}`)
      .expect(200);
    expect(res.body.results[0].people).toEqual([]);
  });

  it('refuses a body that is not an object', async () => {
    const res = await t.req('post', `${base}/funnel/`).set('Content-Type', 'application/json').send('[1]');
    expect(res.status).toBe(400);
  });
});
