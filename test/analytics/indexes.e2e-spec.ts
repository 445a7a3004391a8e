/** @sql-sensitive query plans (EXPLAIN) over the event partitions */
import { jest } from '@jest/globals';
import { dataSource } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';
import { qs } from './history';

const PERSONS = 12_000;
const EVENTS_PER_PERSON = 10;

interface Statement {
  sql: string;
  params: unknown[];
}

// A seeded events table (120,000 events of 12,000 persons over four months, set-based): the
// statement each analytics endpoint runs (captured as it runs it) reads the events it needs
// through (project_id, event, timestamp) or (project_id, person_id, timestamp), never the
// whole table, as the planner chooses it with real statistics.
describe('analytics queries read events through an index', () => {
  let t: TestApp;
  let base: string;

  const BY_EVENT = 'ix_events_project_event_timestamp_person';
  const BY_PERSON = 'ix_events_project_person_timestamp';
  /** Each index's partitions (events are partitioned by month): a month's scan uses its own. */
  let indexPartitions: Record<string, string[]> = {};

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/persons`;
    const ds = dataSource(t);
    await ds.query(
      `INSERT INTO persons (uuid, project_id, properties, created_at)
       SELECT gen_random_uuid(), $1,
              jsonb_build_object('plan', (ARRAY['free', 'pro'])[1 + i % 2]) || CASE WHEN i % 1000 = 0 THEN '{"rare": "x"}'::jsonb ELSE '{}'::jsonb END,
              timestamptz '2024-01-01' + (i::float8 / $2) * interval '120 days'
         FROM generate_series(1, $2::int) AS i`,
      [t.projectId, PERSONS],
    );
    // Per person: a session (/home, /pricing, signed up or not, purchased or clicked), then
    // pageviews on the following days.
    await ds.query(
      `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp)
       SELECT gen_random_uuid(), p.project_id,
              CASE WHEN k <= 2 THEN '$pageview' WHEN k = 3 THEN CASE WHEN p.id % 2 = 0 THEN 'signed up' ELSE 'clicked' END
                   WHEN k = 4 THEN CASE WHEN p.id % 5 = 0 THEN 'purchased' ELSE 'clicked' END ELSE '$pageview' END,
              'user-' || p.id, p.uuid,
              jsonb_build_object('$current_url', (ARRAY['/home', '/pricing', '/docs'])[1 + (p.id + k) % 3]),
              p.created_at + CASE WHEN k <= 4 THEN k * interval '2 minutes' ELSE (k - 4) * interval '1 day' END
         FROM persons p, generate_series(1, $2::int) AS k
        WHERE p.project_id = $1`,
      [t.projectId, EVENTS_PER_PERSON],
    );
    // The months of this history get their partitions (as the worker does for late events).
    for (const month of ['2024-01-15', '2024-02-15', '2024-03-15']) {
      await ds.query('SELECT events_ensure_partition($1)', [month]);
    }
    await ds.query('VACUUM ANALYZE persons');
    await ds.query('VACUUM ANALYZE events');
    indexPartitions = Object.fromEntries(
      await Promise.all(
        [BY_EVENT, BY_PERSON].map(async (index) => {
          const rows: Array<{ name: string }> = await ds.query(
            `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass`,
            [index],
          );
          return [index, rows.map((r) => r.name)];
        }),
      ),
    );
  }, 300_000);
  afterAll(() => t?.close());

  /** The statement that computes the data point, as GET/POST `path` runs it. */
  async function mainStatement(method: 'get' | 'post', path: string, body?: object): Promise<Statement> {
    const ds = dataSource(t);
    const spy = jest.spyOn(ds, 'query');
    try {
      const res = method === 'get' ? await t.get(path) : await t.post(path, body);
      expect(res.status).toBe(200);
      const statements = spy.mock.calls
        .map(([sql, params]) => ({ sql: String(sql), params: (params as unknown[] | undefined) ?? [] }))
        .filter((s) => /WITH actors|AS name, count/.test(s.sql));
      expect(statements).toHaveLength(1);
      return statements[0];
    } finally {
      spy.mockRestore();
    }
  }

  async function plan(s: Statement): Promise<string> {
    const rows: Array<{ 'QUERY PLAN': string }> = await dataSource(t).query(`EXPLAIN ${s.sql}`, s.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  const week = { date_from: '2024-02-04', date_to: '2024-02-10' };
  const steps = [{ id: '$pageview' }, { id: 'signed up' }, { id: 'purchased' }];

  it.each([
    ['trends', `trends/?${qs({ entity_id: '$pageview', ...week, interval: 'week' })}`, [BY_EVENT]],
    [
      'trends with a person filter',
      `trends/?${qs({ entity_id: '$pageview', ...week, properties: [{ key: 'plan', value: 'pro', type: 'person' }] })}`,
      [BY_EVENT],
    ],
    ['funnel (ordered)', `funnel/?${qs({ events: steps, ...week, funnel_step: 2 })}`, [BY_EVENT]],
    [
      'funnel (unordered)',
      `funnel/?${qs({ events: steps, ...week, funnel_step: 2, funnel_order_type: 'unordered' })}`,
      [BY_EVENT],
    ],
    // Strict reads every event of the persons who did the first step: by person.
    [
      'funnel (strict)',
      `funnel/?${qs({ events: steps, ...week, funnel_step: 2, funnel_order_type: 'strict' })}`,
      [BY_EVENT, BY_PERSON],
    ],
    [
      'funnel correlation',
      `funnel/correlation/?${qs({ events: steps.slice(0, 2), ...week, funnel_correlation_person_entity: { id: 'clicked' } })}`,
      [BY_EVENT],
    ],
    ['path', `path/?${qs({ ...week, start_point: '/home', end_point: '/pricing' })}`, [BY_EVENT]],
    [
      'lifecycle',
      `lifecycle/?${qs({ entity_id: '$pageview', target_date: '2024-02-04', lifecycle_type: 'new', interval: 'week' })}`,
      [BY_EVENT],
    ],
    ['stickiness', `stickiness/?${qs({ entity_id: '$pageview', ...week, stickiness_days: 2 })}`, [BY_EVENT]],
    ['retention', `retention/?${qs({ period: 'Day', total_intervals: 7, date_to: '2024-02-10' })}`, [BY_EVENT]],
    [
      'retention (first time)',
      `retention/?${qs({ period: 'Week', total_intervals: 3, date_to: '2024-02-18', retention_type: 'retention_first_time' })}`,
      [BY_EVENT],
    ],
  ])('%s', async (name, path, indexes) => {
    const statement = await mainStatement('get', `${base}/${path}`);
    const text = await plan(statement);
    for (const index of indexes) {
      const names = [index, ...indexPartitions[index]].join('|');
      expect(text).toMatch(new RegExp(`(Index|Index Only) Scan (using|on) (${names})\\b`));
    }
    expect(text).not.toMatch(/Seq Scan on events/);
    // only the months up to the query's range are read, never a later one; and nothing before its
    // start but for first-time retention, which looks back to the beginning (the default partition too)
    const read = [...new Set(text.match(/\bevents_(p\d{4}_\d{2}|default)\b/g) ?? [])];
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((p) => p !== 'events_default' && p > 'events_p2024_03')).toEqual([]);
    if (name !== 'retention (first time)') expect(read.filter((p) => !/^events_p2024_0[123]$/.test(p))).toEqual([]);
  });

  it('funnel POST runs the same statement', async () => {
    const statement = await mainStatement('post', `${base}/funnel/`, { events: steps, ...week, funnel_step: 2 });
    const text = await plan(statement);
    expect([BY_EVENT, ...indexPartitions[BY_EVENT]].some((name) => text.includes(name))).toBe(true);
    expect(text).not.toMatch(/Seq Scan on events/);
  });

  it('values of a rare person property read the properties index', async () => {
    const statement = await mainStatement('get', `${base}/values/?key=rare`);
    expect(await plan(statement)).toContain('ix_persons_properties_gin');
    await t.get(`${base}/values/?key=rare`).expect(200, [{ name: 'x', count: PERSONS / 1000 }]);
  });

  it('seeded what it says', async () => {
    const [{ count }] = await dataSource(t).query(`SELECT count(*)::int AS count FROM events WHERE project_id = $1`, [
      t.projectId,
    ]);
    expect(count).toBe(PERSONS * EVENTS_PER_PERSON);
  });
});
