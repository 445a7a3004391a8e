/** @sql-sensitive statements kept prepared on PostgreSQL */
import { DataSource } from 'typeorm';
import { flags, valuesOf } from '../evaluation/factories';
import { ingest, personOf } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';
import { serverUrl } from '../support/test-database';

/**
 * The hot paths keep their statements prepared on PostgreSQL (DATABASE_PREPARED_STATEMENTS):
 * with one connection in the app's pool, that connection's `pg_prepared_statements` shows what
 * the requests before prepared. The embedded run reaches PGlite by URL, where the tests turn it
 * off (its one backend would keep them for the next connection): nothing is kept there.
 */
describe('statements kept prepared by the hot paths', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DATABASE_POOL_SIZE: '1' });
  });
  afterAll(() => t?.close());

  it('ingestion, /flags and an admin request prepare theirs once, and answer as before', async () => {
    for (let i = 0; i < 3; i++) {
      await ingest(t, t.projectToken, [
        { event: 'seen', distinct_id: `prepared-${i}`, properties: { $set: { n: i } } },
        { event: 'seen', distinct_id: 'prepared-0', properties: { $set: { last: i } } },
      ]);
    }
    expect((await personOf(t, 'prepared-2'))?.properties).toMatchObject({ n: 2 });
    expect((await personOf(t, 'prepared-0'))?.properties).toMatchObject({ n: 0, last: 2 });
    await t
      .post(`/api/projects/${t.projectId}/feature_flags/`, {
        key: 'n-is-one',
        filters: { groups: [{ properties: [{ key: 'n', value: 1, type: 'person' }], rollout_percentage: 100 }] },
      })
      .expect(201);
    // the flag reads the stored person
    const answer = await flags(t, { token: t.projectToken, distinct_id: 'prepared-1' }).expect(200);
    expect(valuesOf(answer.body)).toEqual({ 'n-is-one': true });

    const kept: Array<{ name: string }> = await t.app
      .get(DataSource)
      .query(`SELECT name FROM pg_prepared_statements ORDER BY name`);
    expect(kept.map((r) => r.name)).toEqual(
      serverUrl()
        ? expect.arrayContaining([
            'ingest_insert_events',
            'ingest_insert_persons',
            'ingest_insert_distinct_ids',
            'ingest_lock_persons_update',
            'ingest_stored_event_uuids',
            'ingest_update_persons',
            'person_by_distinct_id',
            'project_access',
          ])
        : [],
    );
  });
});
