/** @sql-sensitive person property edits and merges, in SQL */
import { dataSource, ingest, PersonBody, personOf, storedEvents } from './factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';

describe('changing and deleting persons', () => {
  let t: TestApp;
  let other: Tenant;
  let base: string;

  const newPerson = async (distinctId: string, properties: Record<string, unknown> = {}): Promise<PersonBody> => {
    await ingest(t, t.projectToken, [
      { event: 'signed up', distinct_id: distinctId, properties: { $set: properties } },
    ]);
    return (await personOf(t, distinctId))!;
  };
  const activity = async (path: string, key = t.key) => (await t.get(path, key).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    base = `/api/projects/${t.projectId}/persons`;
  });
  afterAll(() => t?.close());

  describe('PATCH', () => {
    it('merges properties and answers 200 with the person', async () => {
      const p = await newPerson('patch-1', { plan: 'free', keep: 1 });
      const res = await t.patch(`${base}/${p.id}/`, { properties: { plan: 'pro', seats: 3 } }).expect(200);
      expect(res.body).toMatchObject({ id: p.id, uuid: p.uuid, properties: { plan: 'pro', keep: 1, seats: 3 } });
      expect((await personOf(t, 'patch-1'))!.properties).toEqual({ plan: 'pro', keep: 1, seats: 3 });
    });

    it('answers 400 naming properties when it is missing or not an object, 404 for unknown persons', async () => {
      const p = await newPerson('patch-2');
      expect((await t.patch(`${base}/${p.id}/`, {}).expect(400)).body).toMatchObject({
        attr: 'properties',
        code: 'required',
      });
      expect((await t.patch(`${base}/${p.id}/`, { properties: ['a'] }).expect(400)).body.attr).toBe('properties');
      expect((await t.patch(`${base}/${p.id}/`, { properties: null }).expect(400)).body.attr).toBe('properties');
      await t.patch(`${base}/999999/`, { properties: {} }).expect(404);
      await t.patch(`${base}/patch-2/`, { properties: {} }).expect(400);
    });

    it('refuses values nested too deeply and stores text jsonb cannot hold after replacing it', async () => {
      const p = await newPerson('patch-4');
      const deep = '['.repeat(5000) + ']'.repeat(5000);
      const url = `${base}/${p.id}/`;
      const tooDeep = await t
        .req('patch', url)
        .set('Content-Type', 'application/json')
        .send(`{"properties":{"a":${deep}}}`);
      expect(tooDeep.status).toBe(400);
      const value = await t.post(`${base}/${p.id}/update_property/`, {
        key: 'a',
        value: JSON.parse('['.repeat(100) + ']'.repeat(100)),
      });
      expect(value.status).toBe(400);
      expect(value.body.attr).toBe('value');
      const res = await t
        .req('patch', url)
        .set('Content-Type', 'application/json')
        .send('{"properties":{"a":"x\\ud800y\\u0000"}}');
      expect(res.status).toBe(200);
      expect(res.body.properties).toEqual({ a: 'x\uFFFDy\uFFFD' });
    });

    it('writes an activity entry with the change', async () => {
      const p = await newPerson('patch-3', { a: 1 });
      await t.patch(`${base}/${p.uuid}/`, { properties: { a: 2 } }).expect(200);
      const page = await activity(`${base}/${p.id}/activity/`);
      expect(page.total_count).toBe(1);
      expect(page.results[0]).toMatchObject({
        activity: 'updated',
        scope: 'Person',
        item_id: String(p.id),
        user: { email: t.email },
        detail: {
          name: p.uuid,
          changes: [{ type: 'Person', action: 'changed', field: 'properties', before: { a: 1 }, after: { a: 2 } }],
        },
      });
    });
  });

  describe('update_property and delete_property', () => {
    it('sets one property from {key, value} and answers 200 with the person', async () => {
      const p = await newPerson('prop-1', { a: 1 });
      const res = await t.post(`${base}/${p.id}/update_property/`, { key: 'b', value: { nested: [1, 2] } }).expect(200);
      expect(res.body.properties).toEqual({ a: 1, b: { nested: [1, 2] } });
      const viaQuery = await t.post(`${base}/${p.id}/update_property/?key=c&value=x`).expect(200);
      expect(viaQuery.body.properties.c).toBe('x');
    });

    it('needs value and key', async () => {
      const p = await newPerson('prop-2');
      expect((await t.post(`${base}/${p.id}/update_property/`, { key: 'a' }).expect(400)).body).toMatchObject({
        attr: 'value',
        code: 'required',
      });
      expect((await t.post(`${base}/${p.id}/update_property/`, { key: 'a', value: null }).expect(400)).body.attr).toBe(
        'value',
      );
      expect((await t.post(`${base}/${p.id}/update_property/`, { value: 1 }).expect(400)).body).toMatchObject({
        attr: 'key',
        code: 'required',
      });
      expect((await t.post(`${base}/${p.id}/update_property/`, { key: 5, value: 1 }).expect(400)).body.attr).toBe(
        'key',
      );
    });

    it('removes one property from {"$unset": key} and answers 200 with the person', async () => {
      const p = await newPerson('prop-3', { a: 1, b: 2 });
      const res = await t.post(`${base}/${p.id}/delete_property/`, { $unset: 'a' }).expect(200);
      expect(res.body.properties).toEqual({ b: 2 });
      await t.post(`${base}/${p.id}/delete_property/?$unset=b`).expect(200);
      expect((await personOf(t, 'prop-3'))!.properties).toEqual({});
      const page = await activity(`${base}/${p.id}/activity/`);
      expect(page.results.map((e: { activity: string }) => e.activity)).toEqual(['delete_property', 'delete_property']);
    });

    it('answers 400 naming $unset when it is missing', async () => {
      const p = await newPerson('prop-4', { a: 1 });
      expect((await t.post(`${base}/${p.id}/delete_property/`, {}).expect(400)).body).toMatchObject({
        attr: '$unset',
        code: 'required',
      });
      expect((await t.post(`${base}/${p.id}/delete_property/`, { $unset: ['a'] }).expect(400)).body.attr).toBe(
        '$unset',
      );
    });
  });

  describe('split', () => {
    it('moves every other distinct id, with its events, to a person of its own', async () => {
      await ingest(t, t.projectToken, [
        { event: 'e1', distinct_id: 'split-anon', properties: { $set: { plan: 'free' } } },
        { event: '$identify', distinct_id: 'split-user', properties: { $anon_distinct_id: 'split-anon' } },
        { event: '$create_alias', distinct_id: 'split-user', properties: { alias: 'split-crm' } },
        { event: 'e2', distinct_id: 'split-crm' },
      ]);
      const p = (await personOf(t, 'split-user'))!;
      expect(p.distinct_ids).toEqual(['split-anon', 'split-user', 'split-crm']);
      expect((await t.post(`${base}/${p.id}/split/`, { main_distinct_id: 'split-user' }).expect(200)).body).toEqual({
        success: true,
      });
      const main = (await personOf(t, 'split-user'))!;
      expect(main).toMatchObject({ id: p.id, distinct_ids: ['split-user'], properties: { plan: 'free' } });
      const anon = (await personOf(t, 'split-anon'))!;
      const crm = (await personOf(t, 'split-crm'))!;
      expect(anon).toMatchObject({ distinct_ids: ['split-anon'], properties: {}, is_identified: false });
      expect(new Set([main.id, anon.id, crm.id]).size).toBe(3);
      const events = await storedEvents(t);
      expect(events.find((e) => e.event === 'e1')!.person_id).toBe(anon.uuid);
      expect(events.find((e) => e.event === 'e2')!.person_id).toBe(crm.uuid);
      const page = await activity(`${base}/${p.id}/activity/`);
      expect(page.results[0]).toMatchObject({
        activity: 'split_person',
        detail: { changes: [{ action: 'split', after: { distinct_ids: ['split-anon', 'split-user', 'split-crm'] } }] },
      });
    });

    it('without main_distinct_id keeps the oldest id and clears the properties', async () => {
      await ingest(t, t.projectToken, [
        { event: 'x', distinct_id: 'split2-a', properties: { $set: { plan: 'pro' } } },
        { event: '$identify', distinct_id: 'split2-b', properties: { $anon_distinct_id: 'split2-a' } },
      ]);
      const p = (await personOf(t, 'split2-a'))!;
      await t.post(`${base}/${p.uuid}/split/`).expect(200);
      expect(await personOf(t, 'split2-a')).toMatchObject({ id: p.id, distinct_ids: ['split2-a'], properties: {} });
      expect((await personOf(t, 'split2-b'))!.id).not.toBe(p.id);
    });

    it('answers 400 for a main_distinct_id of someone else, 404 for unknown persons', async () => {
      const p = await newPerson('split3');
      expect((await t.post(`${base}/${p.id}/split/`, { main_distinct_id: 'nope' }).expect(400)).body.attr).toBe(
        'main_distinct_id',
      );
      expect((await t.post(`${base}/${p.id}/split/`, { main_distinct_id: 3 }).expect(400)).body.attr).toBe(
        'main_distinct_id',
      );
      await t.post(`${base}/999999/split/`, {}).expect(404);
    });
  });

  describe('DELETE', () => {
    it('deletes the person and its distinct ids at once; events stay', async () => {
      const p = await newPerson('del-1', { a: 1 });
      await t.del(`${base}/${p.id}/`).expect(204);
      await t.get(`${base}/${p.id}/`).expect(404);
      await t.del(`${base}/${p.id}/`).expect(404);
      expect((await storedEvents(t)).filter((e) => e.distinct_id === 'del-1')).toHaveLength(1);
      const queued = await dataSource(t).query(`SELECT * FROM event_deletion_requests WHERE person_uuid = $1`, [
        p.uuid,
      ]);
      expect(queued).toEqual([]);
      // The distinct id is free again: its next event makes a new person.
      const again = await newPerson('del-1');
      expect(again.uuid).not.toBe(p.uuid);
      expect(again.properties).toEqual({});
    });

    it('with delete_events=true queues the deletion of its events in the same transaction', async () => {
      await ingest(t, t.projectToken, [
        { event: 'a', distinct_id: 'del-anon' },
        { event: '$identify', distinct_id: 'del-user', properties: { $anon_distinct_id: 'del-anon' } },
      ]);
      const p = (await personOf(t, 'del-user'))!;
      await t.del(`${base}/${p.id}/?delete_events=true`).expect(204);
      const rows = await dataSource(t).query(
        `SELECT project_id, person_uuid, distinct_ids, created_by, delete_verified_at, attempts, last_error FROM event_deletion_requests WHERE person_uuid = $1`,
        [p.uuid],
      );
      expect(rows).toEqual([
        {
          project_id: t.projectId,
          person_uuid: p.uuid,
          distinct_ids: ['del-anon', 'del-user'],
          created_by: t.userId,
          delete_verified_at: null,
          attempts: 0,
          last_error: null,
        },
      ]);
      // Nothing is removed before the batch runs.
      expect((await storedEvents(t)).filter((e) => e.person_id === p.uuid)).toHaveLength(2);
      const page = await activity(`${base}/${p.id}/activity/`);
      expect(page.results[0]).toMatchObject({
        activity: 'deleted',
        item_id: String(p.id),
        detail: { name: p.uuid, changes: null },
      });
    });

    it('answers 400 for a delete_events that is not a boolean', async () => {
      const p = await newPerson('del-3');
      expect((await t.del(`${base}/${p.id}/?delete_events=maybe`).expect(400)).body.attr).toBe('delete_events');
      await t.get(`${base}/${p.id}/`).expect(200);
      await t.del(`${base}/${p.id}/?delete_events=false`).expect(204);
    });
  });

  describe('activity', () => {
    it('lists every person’s entries for the project, newest first, with page links', async () => {
      const page = await activity(`${base}/activity/?limit=2`);
      expect(page.total_count).toBeGreaterThan(5);
      expect(page.results).toHaveLength(2);
      expect(page.next).toMatch(/page=2/);
      expect(page.results[0].created_at >= page.results[1].created_at).toBe(true);
    });

    it('answers 404 for persons that never existed and 400 for bad paging', async () => {
      await t.get(`${base}/999999/activity/`).expect(404);
      await t.get(`${base}/0190aaaa-0000-7000-8000-000000000000/activity/`).expect(404);
      expect((await t.get(`${base}/activity/?page=0`).expect(400)).body.attr).toBe('page');
    });

    it('needs activity_log:read', async () => {
      const reader = await t.newUser(t.organizationId, { scopes: ['person:read'] });
      const auditor = await t.newUser(t.organizationId, { scopes: ['activity_log:read'] });
      await t.get(`${base}/activity/`, reader.key).expect(403);
      await t.get(`${base}/activity/`, auditor.key).expect(200);
    });
  });

  describe('properties_timeline', () => {
    it('shows a point wherever the person’s properties changed', async () => {
      const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
      await ingest(t, t.projectToken, [
        { event: 'a', distinct_id: 'tl', timestamp: at(1), properties: { $set: { plan: 'free', name: 'T' } } },
        { event: 'b', distinct_id: 'tl', timestamp: at(2) },
        { event: 'c', distinct_id: 'tl', timestamp: at(3), properties: { $set: { plan: 'pro' } } },
        { event: 'd', distinct_id: 'tl', timestamp: at(4), properties: { $set: { name: 'U' } } },
      ]);
      const p = (await personOf(t, 'tl'))!;
      const all = (await t.get(`${base}/${p.id}/properties_timeline/`).expect(200)).body;
      expect(all.points).toEqual([
        { timestamp: at(1), properties: { plan: 'free', name: 'T' }, relevant_event_count: 2 },
        { timestamp: at(3), properties: { plan: 'pro', name: 'T' }, relevant_event_count: 1 },
        { timestamp: at(4), properties: { plan: 'pro', name: 'U' }, relevant_event_count: 1 },
      ]);
      expect(all.crucial_property_keys).toEqual(['name', 'plan']);
      const plan = await t
        .get(
          `${base}/${p.id}/properties_timeline/?properties=${encodeURIComponent('[{"key":"plan","value":"pro"}]')}&date_from=${at(2)}`,
        )
        .expect(200);
      expect(plan.body).toMatchObject({
        points: [
          { timestamp: at(2), properties: { plan: 'free' }, relevant_event_count: 1 },
          { timestamp: at(3), properties: { plan: 'pro' }, relevant_event_count: 2 },
        ],
        crucial_property_keys: ['plan'],
        effective_date_from: at(2),
      });
    });

    it('answers 400 for bad dates and 404 for unknown persons', async () => {
      const p = await newPerson('tl-2');
      expect((await t.get(`${base}/${p.id}/properties_timeline/?date_from=soon`).expect(400)).body.attr).toBe(
        'date_from',
      );
      await t.get(`${base}/999999/properties_timeline/`).expect(404);
    });
  });

  describe('permissions and tenancy', () => {
    it('needs person:write to change persons', async () => {
      const p = await newPerson('perm-1', { a: 1 });
      const reader = await t.newUser(t.organizationId, { scopes: ['person:read'] });
      for (const res of [
        await t.patch(`${base}/${p.id}/`, { properties: {} }, reader.key),
        await t.post(`${base}/${p.id}/update_property/`, { key: 'a', value: 2 }, reader.key),
        await t.post(`${base}/${p.id}/delete_property/`, { $unset: 'a' }, reader.key),
        await t.post(`${base}/${p.id}/split/`, {}, reader.key),
        await t.del(`${base}/${p.id}/`, reader.key),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.detail).toContain('person:write');
      }
      expect((await personOf(t, 'perm-1'))!.properties).toEqual({ a: 1 });
    });

    it('answers 404 for another organization’s person on every route', async () => {
      await ingest(t, other.projectToken, [{ event: 'x', distinct_id: 'theirs', properties: { $set: { a: 1 } } }]);
      const theirs = (await personOf(t, 'theirs', other.projectId, other.key))!;
      for (const res of [
        await t.get(`${base}/${theirs.id}/`),
        await t.patch(`${base}/${theirs.id}/`, { properties: { a: 2 } }),
        await t.post(`${base}/${theirs.id}/update_property/`, { key: 'a', value: 2 }),
        await t.post(`${base}/${theirs.id}/delete_property/`, { $unset: 'a' }),
        await t.post(`${base}/${theirs.id}/split/`, {}),
        await t.del(`${base}/${theirs.id}/`),
        await t.get(`${base}/${theirs.id}/activity/`),
        await t.get(`${base}/${theirs.id}/properties_timeline/`),
        await t.patch(`/api/projects/${other.projectId}/persons/${theirs.id}/`, { properties: { a: 2 } }),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await personOf(t, 'theirs', other.projectId, other.key))!.properties).toEqual({ a: 1 });
    });
  });
});
