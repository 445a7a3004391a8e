/** @sql-sensitive the deletion batch over partitions, in transactions */
import { EventDeletionJob, EventDeletionService } from '@app/event-deletion';
import { describeSchedules } from '@app/platform';
import { Client } from 'pg';
import { dataSource, ingest, personOf } from '../persons/factories';
import { waitFor } from '../support/poll';
import { serverUrl } from '../support/test-database';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

interface StoredEvent {
  uuid: string;
  project_id: number;
  distinct_id: string;
  person_id: string | null;
}

/** `n` events of one distinct id (without `$process_person_profile: false` unless `personless`). */
function events(distinctId: string, n: number, personless = false): object[] {
  return Array.from({ length: n }, (_, i) => ({
    event: `e${i % 3}`,
    distinct_id: distinctId,
    timestamp: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    ...(personless ? { properties: { $process_person_profile: false } } : {}),
  }));
}

/**
 * The weekly batch as the API queues it: persons deleted with and without delete_events, then
 * the batch run (as `deletions run` runs it), with another project holding the same distinct ids.
 */
describe(`event-deletion batch (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let t: TestApp;
  let other: Tenant;
  const base = () => `/api/projects/${t.projectId}/persons`;

  const allEvents = async (): Promise<StoredEvent[]> =>
    dataSource(t).query(`SELECT uuid, project_id, distinct_id, person_id FROM events ORDER BY project_id, uuid`);
  const requests = async () =>
    dataSource(t).query(
      `SELECT person_uuid, distinct_ids, delete_verified_at, events_deleted, attempts, last_error, claim_token
         FROM event_deletion_requests ORDER BY id`,
    );
  const runBatch = async () => (await t.app.get(EventDeletionJob).run('test'))!;

  beforeAll(async () => {
    // Small chunks, so every person's events take several transactions.
    t = await startTestApp({ EVENT_DELETION_CHUNK_SIZE: '4' });
    other = await t.newTenant();
  });
  afterAll(() => t?.close());

  it('deletes exactly the queued persons’ events, once, and nothing else', async () => {
    await ingest(t, t.projectToken, [
      ...events('alice-anon', 5),
      { event: '$identify', distinct_id: 'alice', properties: { $anon_distinct_id: 'alice-anon' } },
      ...events('alice', 9),
      ...events('bob', 11),
      ...events('carol', 6),
      ...events('dave', 3),
      ...events('zed', 4, true),
    ]);
    // Another project: the same distinct ids, other persons.
    await ingest(t, other.projectToken, [...events('alice', 7), ...events('bob', 2), ...events('carol', 3)]);
    const alice = (await personOf(t, 'alice'))!;
    const bob = (await personOf(t, 'bob'))!;
    const carol = (await personOf(t, 'carol'))!;
    expect(alice.distinct_ids).toEqual(['alice-anon', 'alice']);

    await t.del(`${base()}/${alice.id}/?delete_events=true`).expect(204);
    await t.del(`${base()}/${bob.id}/?delete_events=1`).expect(204);
    await t.del(`${base()}/${carol.id}/`).expect(204);
    // alice comes back after the deletion: a new person, whose events are not the deleted one's.
    await ingest(t, t.projectToken, events('alice', 2));
    const alice2 = (await personOf(t, 'alice'))!;
    expect(alice2.uuid).not.toBe(alice.uuid);

    const before = await allEvents();
    const queued = new Set([alice.uuid, bob.uuid]);
    const doomed = before.filter((e) => e.project_id === t.projectId && queued.has(e.person_id!));
    expect(doomed).toHaveLength(5 + 1 + 9 + 11);
    // Nothing is removed before the batch runs.
    expect(before.filter((e) => e.person_id === carol.uuid)).toHaveLength(6);
    expect(await t.app.get(EventDeletionService).pendingCount()).toBe(2);

    const result = await runBatch();
    expect(result.eventsDeleted).toBe(doomed.length);
    expect(result.outcomes.map((o) => [o.personUuid, o.status, o.eventsDeleted])).toEqual([
      [alice.uuid, 'done', 15],
      [bob.uuid, 'done', 11],
    ]);
    expect(result).toMatchObject({ busy: 0, pending: 0, stopped: false });

    const after = await allEvents();
    const doomedIds = new Set(doomed.map((e) => e.uuid));
    expect(after).toEqual(before.filter((e) => !(e.project_id === t.projectId && doomedIds.has(e.uuid))));
    // Spelled out: the other project's alice and bob, carol (deleted without delete_events), dave,
    // the personless zed and alice's new person all keep every event.
    const count = (project: number, distinctId: string) =>
      after.filter((e) => e.project_id === project && e.distinct_id === distinctId).length;
    expect([count(other.projectId, 'alice'), count(other.projectId, 'bob'), count(other.projectId, 'carol')]).toEqual([
      7, 2, 3,
    ]);
    expect([count(t.projectId, 'carol'), count(t.projectId, 'dave'), count(t.projectId, 'zed')]).toEqual([6, 3, 4]);
    expect(after.filter((e) => e.person_id === alice2.uuid)).toHaveLength(2);

    const rows = await requests();
    expect(rows).toEqual([
      expect.objectContaining({ person_uuid: alice.uuid, events_deleted: 15, attempts: 1, last_error: null }),
      expect.objectContaining({ person_uuid: bob.uuid, events_deleted: 11, attempts: 1, last_error: null }),
    ]);
    for (const r of rows) {
      expect(r.delete_verified_at).toBeInstanceOf(Date);
      expect(r.claim_token).toBeNull();
    }
  });

  it('does nothing on a second run', async () => {
    const before = await allEvents();
    const queue = await requests();
    const result = await runBatch();
    expect(result).toMatchObject({ eventsDeleted: 0, outcomes: [], pending: 0 });
    expect(await allEvents()).toEqual(before);
    expect(await requests()).toEqual(queue);
  });

  it('queues the same distinct id again once it has a new person, and deletes only that person’s events', async () => {
    const alice2 = (await personOf(t, 'alice'))!;
    await t.del(`${base()}/${alice2.id}/?delete_events=true`).expect(204);
    const before = await allEvents();
    const result = await runBatch();
    expect(result.outcomes.map((o) => [o.personUuid, o.status, o.eventsDeleted])).toEqual([[alice2.uuid, 'done', 2]]);
    expect(await allEvents()).toEqual(before.filter((e) => e.person_id !== alice2.uuid));
    expect((await allEvents()).filter((e) => e.project_id === other.projectId)).toHaveLength(12);
    const listed = await t.app.get(EventDeletionService).list({ pending: true, done: true }, 10);
    expect(listed.map((r) => [r.personUuid, r.status, r.eventsDeleted])).toEqual([
      [alice2.uuid, 'done', 2],
      expect.arrayContaining(['done']),
      expect.arrayContaining(['done']),
    ]);
    expect(listed[0].distinctIds).toEqual(['alice']);
    expect(listed[0].createdBy).toBe(t.userId);
  });

  it('gives a request back with its error when a chunk fails, and the next run finishes it', async () => {
    await ingest(t, t.projectToken, events('erin', 6));
    const erin = (await personOf(t, 'erin'))!;
    await t.del(`${base()}/${erin.id}/?delete_events=true`).expect(204);
    // A trigger refusing deletes of erin's events stands in for a failing database.
    await dataSource(t).query(`
      CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await dataSource(t).query(
      `CREATE TRIGGER refuse_delete BEFORE DELETE ON events FOR EACH ROW
         WHEN (OLD.distinct_id = 'erin') EXECUTE FUNCTION refuse_delete()`,
    );
    const failed = await runBatch();
    expect(failed.outcomes).toEqual([
      expect.objectContaining({ personUuid: erin.uuid, status: 'failed', eventsDeleted: 0 }),
    ]);
    expect(failed.outcomes[0].error).toMatch(/refused for the test/);
    expect(failed.pending).toBe(1);
    const [row] = await dataSource(t).query(
      `SELECT attempts, last_error, claim_token, delete_verified_at FROM event_deletion_requests WHERE person_uuid = $1`,
      [erin.uuid],
    );
    expect(row).toMatchObject({ attempts: 1, claim_token: null, delete_verified_at: null });
    expect(row.last_error).toMatch(/refused for the test/);

    await dataSource(t).query(`DROP TRIGGER refuse_delete ON events`);
    const retried = await runBatch();
    expect(retried.outcomes).toEqual([
      expect.objectContaining({ personUuid: erin.uuid, status: 'done', eventsDeleted: 6 }),
    ]);
    const [done] = await dataSource(t).query(
      `SELECT attempts, last_error FROM event_deletion_requests WHERE person_uuid = $1`,
      [erin.uuid],
    );
    expect(done).toEqual({ attempts: 2, last_error: null });
  });

  it('runs one batch at a time in a process', async () => {
    await ingest(t, t.projectToken, events('frank', 9));
    const frank = (await personOf(t, 'frank'))!;
    await t.del(`${base()}/${frank.id}/?delete_events=true`).expect(204);
    const job = t.app.get(EventDeletionJob);
    const [first, second] = await Promise.all([job.run('test'), job.run('test')]);
    expect(first!.eventsDeleted).toBe(9);
    expect(second).toBeNull();
  });
});

describe(`event-deletion claims and stopping (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let t: TestApp;
  const base = () => `/api/projects/${t.projectId}/persons`;
  const claimOf = async (uuid: string) =>
    (
      await dataSource(t).query(
        `SELECT claimed_by, claim_token, delete_verified_at, attempts, events_deleted FROM event_deletion_requests
          WHERE person_uuid = $1`,
        [uuid],
      )
    )[0];

  beforeAll(async () => {
    t = await startTestApp({ EVENT_DELETION_CHUNK_SIZE: '2', SCHEDULER_ENABLED: 'true' });
  });
  afterAll(() => t?.close());

  it('runs the schedule in the API process when SCHEDULER_ENABLED is on', () => {
    const schedule = describeSchedules(t.app).find((s) => s.name === 'event-deletion');
    expect(schedule).toEqual({ name: 'event-deletion', cron: '0 5 * * 0', timeZone: 'UTC', next: expect.any(String) });
    const next = new Date(schedule!.next);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([0, 5, 0]);
  });

  it('leaves a request another host holds until its lease runs out, then takes it over', async () => {
    await ingest(t, t.projectToken, events('held', 5));
    const held = (await personOf(t, 'held'))!;
    await t.del(`${base()}/${held.id}/?delete_events=true`).expect(204);
    await dataSource(t).query(
      `UPDATE event_deletion_requests
          SET claim_token = gen_random_uuid(), claimed_by = 'another-host:1', claimed_until = now() + interval '1 minute'
        WHERE person_uuid = $1`,
      [held.uuid],
    );
    const skipped = (await t.app.get(EventDeletionJob).run('test'))!;
    expect(skipped).toMatchObject({ eventsDeleted: 0, outcomes: [], busy: 1, pending: 1 });
    expect(await claimOf(held.uuid)).toMatchObject({ claimed_by: 'another-host:1', attempts: 0 });

    // The other host stopped renewing: its lease ran out.
    await dataSource(t).query(
      `UPDATE event_deletion_requests SET claimed_until = now() - interval '1 second' WHERE person_uuid = $1`,
      [held.uuid],
    );
    const taken = (await t.app.get(EventDeletionJob).run('test'))!;
    expect(taken.outcomes).toEqual([
      expect.objectContaining({ personUuid: held.uuid, status: 'done', eventsDeleted: 5 }),
    ]);
    expect(await claimOf(held.uuid)).toMatchObject({
      claimed_by: null,
      claim_token: null,
      attempts: 1,
      events_deleted: 5,
    });
  });

  it('stops between two chunks when the app shuts down and gives the request back', async () => {
    await ingest(t, t.projectToken, events('slow', 1000));
    const slow = (await personOf(t, 'slow'))!;
    await t.del(`${base()}/${slow.id}/?delete_events=true`).expect(204);
    const running = t.app.get(EventDeletionJob).run('test');
    await waitFor(async () => ((await claimOf(slow.uuid)).events_deleted > 0 ? true : undefined), 10_000, 5);
    await t.app.close();
    const result = (await running)!;
    expect(result.stopped).toBe(true);
    expect(result.outcomes).toEqual([expect.objectContaining({ personUuid: slow.uuid, status: 'stopped' })]);
    const deleted = result.outcomes[0].eventsDeleted;
    expect(deleted).toBeGreaterThan(0);
    expect(deleted).toBeLessThan(1000);
    // Read after the app closed: the request is pending, unclaimed, with what was deleted counted.
    const client = new Client({ connectionString: t.db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT claim_token, delete_verified_at, events_deleted::int AS events_deleted,
                (SELECT count(*)::int FROM events WHERE person_id = $1) AS remaining
           FROM event_deletion_requests WHERE person_uuid = $1`,
        [slow.uuid],
      );
      expect(rows).toEqual([
        { claim_token: null, delete_verified_at: null, events_deleted: deleted, remaining: 1000 - deleted },
      ]);
    } finally {
      await client.end();
    }
  });
});
