/** @sql-sensitive definitions upserted by concurrent ingestion */
import { PostHog } from 'posthog-node';
import request from 'supertest';
import { dataSource, ingest, storedEvents } from '../persons/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { definitionOf, definitionsPath, listDefinitions } from './factories';

/** The row version of a definition: any write changes it, so an unchanged xmin proves no write happened. */
async function rowVersion(t: TestApp, name: string): Promise<string> {
  const [row] = await dataSource(t).query(
    `SELECT xmin::text AS xmin FROM event_definitions WHERE project_id = $1 AND name = $2`,
    [t.projectId, name],
  );
  return row.xmin;
}

async function metric(t: TestApp, name: string): Promise<number> {
  const text = (await t.get('/_metrics', null).expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('event definitions from ingestion (posthog-node)', () => {
  let t: TestApp;
  let client: PostHog;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    client = new PostHog(t.projectToken, { host: t.baseUrl, flushAt: 1, fetchRetryCount: 0 });
    client.on('error', (e) => errors.push(e));
  });
  afterAll(async () => {
    await client?.shutdown();
    await t?.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('creates one definition per event name, with created_at and last_seen_at', async () => {
    const before = Date.now();
    client.capture({ distinctId: 'u1', event: 'signed up' });
    client.capture({ distinctId: 'u1', event: 'signed up' });
    client.capture({ distinctId: 'u2', event: 'file uploaded', properties: { size: 3 } });
    client.identify({ distinctId: 'u1', properties: { email: 'u1@example.com' } });
    await client.flush();
    const all = await listDefinitions(t);
    expect(all.map((d) => d.name).sort()).toEqual(['$identify', 'file uploaded', 'signed up']);
    const signedUp = all.find((d) => d.name === 'signed up')!;
    expect(signedUp).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'signed up',
      description: '',
      created_at: expect.any(String),
      last_seen_at: signedUp.created_at,
      last_updated_at: signedUp.created_at,
      tags: [],
      is_action: false,
      action_id: null,
      is_calculating: false,
      last_calculated_at: null,
      created_by: null,
      post_to_slack: false,
      volume_30_day: null,
    });
    expect(Date.parse(signedUp.created_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(signedUp.created_at!)).toBeLessThanOrEqual(Date.now());
  });

  it('does not write a definition again within the hour, however busy the event', async () => {
    const version = await rowVersion(t, 'signed up');
    const first = (await definitionOf(t, 'signed up'))!;
    for (let i = 0; i < 5; i++) client.capture({ distinctId: `busy-${i}`, event: 'signed up' });
    await client.flush();
    expect((await storedEvents(t)).filter((e) => e.event === 'signed up')).toHaveLength(7);
    expect(await rowVersion(t, 'signed up')).toBe(version);
    expect(await definitionOf(t, 'signed up')).toEqual(first);
  });

  it('creates the definition again on the next event after DELETE', async () => {
    const old = (await definitionOf(t, 'file uploaded'))!;
    await t.del(`${definitionsPath(t.projectId)}/${old.id}/`).expect(204);
    expect(await definitionOf(t, 'file uploaded')).toBeUndefined();
    expect((await storedEvents(t)).filter((e) => e.event === 'file uploaded')).toHaveLength(1);
    client.capture({ distinctId: 'u2', event: 'file uploaded' });
    await client.flush();
    const again = (await definitionOf(t, 'file uploaded'))!;
    expect(again.id).not.toBe(old.id);
    expect(Date.parse(again.created_at!)).toBeGreaterThan(Date.parse(old.created_at!));
  });

  it('after a rename, the next event of the old name creates its definition again', async () => {
    const def = (await definitionOf(t, '$identify'))!;
    await t.patch(`${definitionsPath(t.projectId)}/${def.id}/`, { name: 'identified' }).expect(200);
    client.identify({ distinctId: 'u2', properties: { email: 'u2@example.com' } });
    await client.flush();
    const names = (await listDefinitions(t)).map((d) => d.name).sort();
    expect(names).toEqual(['$identify', 'file uploaded', 'identified', 'signed up']);
  });

  it('a failing definition write neither fails nor loses the ingestion request', async () => {
    const ds = dataSource(t);
    const failuresBefore = await metric(t, 'event_definition_write_failures_total');
    await ds.query(`ALTER TABLE event_definitions ADD CONSTRAINT ck_test_poison CHECK (name <> 'poison')`);
    try {
      await ingest(t, t.projectToken, [
        { event: 'poison', distinct_id: 'p1' },
        { event: 'antidote', distinct_id: 'p1' },
      ]);
    } finally {
      await ds.query(`ALTER TABLE event_definitions DROP CONSTRAINT ck_test_poison`);
    }
    expect((await storedEvents(t)).filter((e) => e.distinct_id === 'p1').map((e) => e.event)).toEqual(
      expect.arrayContaining(['poison', 'antidote']),
    );
    expect(await metric(t, 'event_definition_write_failures_total')).toBe(failuresBefore + 1);
    expect(await definitionOf(t, 'poison')).toBeUndefined();
    // Nothing was remembered as written: the next batch writes both.
    await ingest(t, t.projectToken, [{ event: 'poison', distinct_id: 'p1' }]);
    expect(await definitionOf(t, 'poison')).toBeDefined();
    await ingest(t, t.projectToken, [{ event: 'antidote', distinct_id: 'p1' }]);
    expect(await definitionOf(t, 'antidote')).toBeDefined();
  });

  it('records every stored event name of a batch sent to /batch, /capture and /e', async () => {
    await ingest(t, t.projectToken, [
      { event: '$pageview', distinct_id: 'w1', properties: { $current_url: 'https://example.com' } },
      { event: '$pageleave', distinct_id: 'w1' },
    ]);
    await request(t.baseUrl)
      .post('/capture/')
      .send({ api_key: t.projectToken, event: 'captured', distinct_id: 'w1' })
      .expect(200);
    await request(t.baseUrl)
      .post('/e/')
      .send([{ event: 'from js', properties: { token: t.projectToken, distinct_id: 'w1' } }])
      .expect(200);
    const names = (await listDefinitions(t)).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['$pageview', '$pageleave', 'captured', 'from js']));
  });

  it('a definition belongs to the project whose token sent the event', async () => {
    const other = await t.newTenant();
    await ingest(t, other.projectToken, [{ event: 'elsewhere', distinct_id: 'x' }]);
    expect(await definitionOf(t, 'elsewhere')).toBeUndefined();
    expect((await listDefinitions(t, '', other.projectId, other.key)).map((d) => d.name)).toEqual(['elsewhere']);
  });
});

// A short interval, so that the next write comes within a test: the throttle's clock is the
// batches' arrival time, and the interval is configuration.
describe('last_seen_at moves forward once the interval has passed', () => {
  let t: TestApp;
  let client: PostHog;

  beforeAll(async () => {
    t = await startTestApp({ EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS: '1' });
    client = new PostHog(t.projectToken, { host: t.baseUrl, flushAt: 1, fetchRetryCount: 0 });
  });
  afterAll(async () => {
    await client?.shutdown();
    await t?.close();
  });

  it('keeps created_at and moves last_seen_at forward, never backwards', async () => {
    client.capture({ distinctId: 'u1', event: 'heartbeat' });
    await client.flush();
    const first = (await definitionOf(t, 'heartbeat'))!;
    const moved = await waitFor(
      async () => {
        client.capture({ distinctId: 'u1', event: 'heartbeat' });
        await client.flush();
        const d = (await definitionOf(t, 'heartbeat'))!;
        return Date.parse(d.last_seen_at!) > Date.parse(first.last_seen_at!) ? d : undefined;
      },
      15_000,
      100,
    );
    expect(moved.id).toBe(first.id);
    expect(moved.created_at).toBe(first.created_at);
    expect(Date.parse(moved.last_seen_at!) - Date.parse(first.last_seen_at!)).toBeGreaterThanOrEqual(1000);

    // A last_seen_at in the future (set by PATCH) is not moved back by later events.
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await t.patch(`${definitionsPath(t.projectId)}/${first.id}/`, { last_seen_at: future }).expect(200);
    client.capture({ distinctId: 'u1', event: 'heartbeat' });
    await client.flush();
    expect((await definitionOf(t, 'heartbeat'))!.last_seen_at).toBe(future);
  });
});
