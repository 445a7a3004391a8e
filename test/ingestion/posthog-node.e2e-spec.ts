/** @sql-sensitive events and persons written as the SDK sends them */
import { PersonsService } from '@app/persons';
import { PostHog } from 'posthog-node';
import { personOf, storedEvents } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';

describe('posthog-node against the ingestion endpoints', () => {
  let t: TestApp;
  let client: PostHog;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    // Unmodified client; flushAt 1 sends each call at once, flush() waits for the responses.
    client = new PostHog(t.projectToken, { host: t.baseUrl, flushAt: 1, fetchRetryCount: 0 });
    client.on('error', (e) => errors.push(e));
  });
  afterAll(async () => {
    await client?.shutdown();
    await t?.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  it('captures events (gzip, as the client sends them) under a new person', async () => {
    client.capture({
      distinctId: 'anon-1',
      event: 'page viewed',
      properties: { path: '/pricing', $set: { plan: 'free' } },
    });
    await client.flush();
    const person = await personOf(t, 'anon-1');
    expect(person).toMatchObject({ distinct_ids: ['anon-1'], properties: { plan: 'free' }, is_identified: false });
    const [event] = (await storedEvents(t)).filter((e) => e.distinct_id === 'anon-1');
    expect(event).toMatchObject({ event: 'page viewed', person_id: person!.uuid });
    expect(event.properties).toMatchObject({ path: '/pricing', $lib: 'posthog-node' });
  });

  it('identify with $anon_distinct_id folds the anonymous person into the identified one', async () => {
    client.identify({
      distinctId: 'user-1',
      properties: { email: 'ann@example.com', $anon_distinct_id: 'anon-1', $set_once: { first_plan: 'free' } },
    });
    await client.flush();
    const person = await personOf(t, 'user-1');
    expect(person).toMatchObject({
      name: 'ann@example.com',
      distinct_ids: ['anon-1', 'user-1'],
      properties: { plan: 'free', email: 'ann@example.com', first_plan: 'free' },
      is_identified: true,
    });
    expect((await personOf(t, 'anon-1'))!.id).toBe(person!.id);
  });

  it('alias adds a distinct id to the person', async () => {
    client.alias({ distinctId: 'user-1', alias: 'crm-42' });
    await client.flush();
    expect((await personOf(t, 'crm-42'))!.distinct_ids).toEqual(['anon-1', 'user-1', 'crm-42']);
  });

  it('setPersonProperties, $set on a capture and unsetPersonProperties change the properties', async () => {
    client.setPersonProperties({
      distinctId: 'user-1',
      properties: { plan: 'pro' },
      propertiesOnce: { first_plan: 'pro', signup: 'web' },
    });
    client.capture({ distinctId: 'crm-42', event: 'upgraded', properties: { $set: { seats: 5 } } });
    client.unsetPersonProperties({ distinctId: 'user-1', properties: ['email'] });
    await client.flush();
    const person = await personOf(t, 'user-1');
    expect(person!.properties).toEqual({ plan: 'pro', first_plan: 'free', signup: 'web', seats: 5 });
  });

  it('merges two stored persons and moves the merged person’s events', async () => {
    client.capture({
      distinctId: 'laptop-anon',
      event: 'opened',
      properties: { $set: { device: 'laptop', plan: 'trial' } },
    });
    client.capture({ distinctId: 'bob', event: 'signed in', properties: { $set: { plan: 'team' } } });
    await client.flush();
    const anon = await personOf(t, 'laptop-anon');
    expect(anon!.id).not.toBe((await personOf(t, 'bob'))!.id);
    client.identify({ distinctId: 'bob', properties: { $anon_distinct_id: 'laptop-anon' } });
    await client.flush();
    const bob = await personOf(t, 'bob');
    expect(bob).toMatchObject({ distinct_ids: ['laptop-anon', 'bob'], properties: { device: 'laptop', plan: 'team' } });
    const res = await t.get(`/api/projects/${t.projectId}/persons/${anon!.uuid}/`);
    expect(res.status).toBe(404);
    const events = (await storedEvents(t)).filter((e) => ['laptop-anon', 'bob'].includes(e.distinct_id));
    expect(events.map((e) => e.person_id)).toEqual(events.map(() => bob!.uuid));
  });

  it('groupIdentify and captures with groups feed what group flags read', async () => {
    client.groupIdentify({ groupType: 'company', groupKey: 'acme', properties: { name: 'Acme', seats: 12 } });
    client.capture({ distinctId: 'user-1', event: 'report run', groups: { company: 'acme', project: 'p-1' } });
    client.groupIdentify({ groupType: 'company', groupKey: 'acme', properties: { seats: 20 } });
    await client.flush();
    const persons = t.app.get(PersonsService);
    expect(await persons.groupTypeMapping(t.projectId)).toEqual({ '0': 'company', '1': 'project' });
    expect(await persons.groupProperties(t.projectId, 0, 'acme')).toEqual({ name: 'Acme', seats: 20 });
    expect(await persons.groupProperties(t.projectId, 1, 'p-1')).toBeNull();
    const user = await persons.personByDistinctId(t.projectId, 'crm-42');
    expect(user).toMatchObject({ uuid: (await personOf(t, 'user-1'))!.uuid, properties: { plan: 'pro' } });
    expect(await persons.personByDistinctId(t.projectId, 'nobody')).toBeNull();
    const [report] = (await storedEvents(t)).filter((e) => e.event === 'report run');
    expect(report.properties).toMatchObject({
      $groups: { company: 'acme', project: 'p-1' },
      $group_0: 'acme',
      $group_1: 'p-1',
    });
  });

  it('keeps its timestamps and de-duplicates a resent event', async () => {
    const timestamp = new Date(Date.now() - 3_600_000);
    const uuid = '0195f3c4-0000-7000-8000-0000000000aa';
    client.capture({ distinctId: 'user-1', event: 'late', timestamp, uuid });
    client.capture({ distinctId: 'user-1', event: 'late', timestamp, uuid });
    await client.flush();
    const late = (await storedEvents(t)).filter((e) => e.event === 'late');
    expect(late).toHaveLength(1);
    expect(Math.abs(new Date(late[0].timestamp).getTime() - timestamp.getTime())).toBeLessThan(2000);
  });
});
