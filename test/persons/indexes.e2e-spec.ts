/** @sql-sensitive query plans (EXPLAIN) over persons and events */
import { loweredValues, parsePropertyFilter, propertyFilterToSql, SqlParams } from '@app/targeting';
import {
  DELETE_EVENTS_CHUNK,
  VERIFY_NO_EVENTS_LEFT,
} from '../../libs/event-deletion/src/persistence/event-deletion.repository';
import { dataSource, ingest, personOf } from './factories';
import { startTestApp, TestApp } from '../support/test-app';

// The access paths of persons filters, flag evaluation, the deletion batch and person analytics
// each have an index the planner uses (sequential scans off, so small tables prove it too).
describe('indexes behind the persons and events queries', () => {
  let t: TestApp;
  let personUuid: string;

  beforeAll(async () => {
    t = await startTestApp();
    const events = Array.from({ length: 3000 }, (_, i) => ({
      event: i % 3 ? 'page viewed' : 'signed up',
      distinct_id: `user-${i}`,
      properties: { $set: { email: `user-${i}@example.com`, n: i } },
    }));
    await ingest(t, t.projectToken, events);
    await ingest(t, t.projectToken, [
      { event: 'anon', distinct_id: 'visitor', properties: { $process_person_profile: false } },
    ]);
    personUuid = (await personOf(t, 'user-7'))!.uuid;
    await dataSource(t).query('ANALYZE');
  });
  afterAll(() => t?.close());

  async function plan(sql: string, params: unknown[]): Promise<string> {
    return dataSource(t).transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await m.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  async function partitionsOf(index: string): Promise<string[]> {
    const rows: Array<{ name: string }> = await dataSource(t).query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass($1)`,
      [index],
    );
    return rows.map((r) => r.name);
  }

  it.each([
    [
      'person by distinct id (flag evaluation, distinct_id filter)',
      `SELECT p.id, p.uuid, p.properties FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id WHERE d.project_id = $1 AND d.distinct_id = $2`,
      () => [t.projectId, 'user-42'],
      'uq_person_distinct_ids_project_distinct_id',
    ],
    [
      'persons list page',
      `SELECT id FROM persons p WHERE p.project_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 100 OFFSET 0`,
      () => [t.projectId],
      'ix_persons_project_created',
    ],
    [
      'email and property containment filters',
      `SELECT id FROM persons p WHERE p.project_id = $1 AND p.properties @> jsonb_build_object('email', $2::text)`,
      () => [t.projectId, 'user-42@example.com'],
      'ix_persons_properties_gin',
    ],
    [
      'a person’s distinct ids',
      `SELECT distinct_id FROM person_distinct_ids WHERE person_id = $1 ORDER BY id LIMIT 1000`,
      () => [7],
      'ix_person_distinct_ids_person',
    ],
    [
      'a person’s events by time (analytics, timeline, deletion chunks)',
      `SELECT uuid FROM events WHERE project_id = $1 AND person_id = $2 AND timestamp >= now() - interval '30 days' ORDER BY timestamp LIMIT 10000`,
      () => [t.projectId, personUuid],
      'ix_events_project_person_timestamp',
    ],
    [
      'an event’s occurrences by time (analytics)',
      `SELECT person_id FROM events WHERE project_id = $1 AND event = $2 AND timestamp BETWEEN now() - interval '7 days' AND now()`,
      () => [t.projectId, 'signed up'],
      'ix_events_project_event_timestamp_person',
    ],
    [
      'personless events of a distinct id',
      `SELECT uuid FROM events WHERE project_id = $1 AND person_id IS NULL AND distinct_id = ANY($2::text[])`,
      () => [t.projectId, ['visitor']],
      'ix_events_personless_distinct_id',
    ],
    [
      'pending deletion requests, oldest first',
      `SELECT id FROM event_deletion_requests WHERE delete_verified_at IS NULL ORDER BY created_at, id LIMIT 10`,
      () => [],
      'ix_event_deletion_requests_pending_created',
    ],
  ])('%s', async (_, sql, params, index) => {
    // events are partitioned by month: each month's scan uses its partition of the index
    const names = [index, ...(await partitionsOf(index))];
    const shown = await plan(sql, params());
    expect(names.filter((name) => shown.includes(name))).not.toEqual([]);
  });

  // A person's events go whatever their month (as PostHog deletes them), so the batch's statements
  // prune no partition: each month is probed through its part of the index, none is read whole.
  it.each([
    ['the deletion batch’s chunk', DELETE_EVENTS_CHUNK, () => [t.projectId, personUuid, 1000]],
    ['the deletion batch’s check that nothing is left', VERIFY_NO_EVENTS_LEFT, () => [1]],
  ])('%s probes every month through ix_events_project_person_timestamp', async (_, sql, params) => {
    const months = await partitionsOf('events');
    const probes = await partitionsOf('ix_events_project_person_timestamp');
    expect(months.length).toBeGreaterThan(1);
    expect(probes).toHaveLength(months.length);
    const shown = await plan(sql, params());
    expect(shown).not.toMatch(/Seq Scan on events/);
    for (const index of probes) expect(shown).toContain(index);
  });

  it('exact person property filters (any case, numbers too) use ix_persons_values_lower', async () => {
    const params = new SqlParams([t.projectId]);
    const compiled = propertyFilterToSql(
      parsePropertyFilter([
        { key: 'email', value: 'USER-42@Example.com', type: 'person' },
        { key: 'n', value: ['42', 43], type: 'person' },
      ]),
      { params, source: () => 'p.properties', loweredValues },
    );
    const sql = `SELECT count(*) AS count FROM persons p WHERE p.project_id = $1 AND ${compiled.sql}`;
    const explained = await plan(sql, params.values);
    expect(explained).toContain('ix_persons_values_lower');
    expect(explained).not.toContain('Seq Scan on persons');
    const [{ count }] = await dataSource(t).query(sql, params.values);
    expect(Number(count)).toBe(1);
  });

  it('ingested 3,000 persons in one batch', async () => {
    const res = await t.get(`/api/projects/${t.projectId}/persons/?limit=1`).expect(200);
    expect(res.body.count).toBe(3000);
  });
});
