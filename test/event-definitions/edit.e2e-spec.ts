/** @sql-sensitive raw SQL on the events store */
import { ActivityLogService } from '@app/platform';
import { dataSource, ingest } from '../persons/factories';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { DefinitionBody, definitionOf, definitionsPath, listDefinitions } from './factories';

describe('event definitions: retrieve, update, delete', () => {
  let t: TestApp;
  let base: string;
  let other: Tenant;

  async function activityOf(id: string) {
    const { results } = await t.app
      .get(ActivityLogService)
      .list({ projectId: t.projectId, scope: 'EventDefinition', itemId: id }, 1, 50);
    return results;
  }

  async function fresh(name: string): Promise<DefinitionBody> {
    await ingest(t, t.projectToken, [{ event: name, distinct_id: 'u1' }]);
    return (await definitionOf(t, name))!;
  }

  beforeAll(async () => {
    t = await startTestApp();
    base = definitionsPath(t.projectId);
    other = await t.newTenant();
    await ingest(t, other.projectToken, [{ event: 'theirs', distinct_id: 'x' }]);
  });
  afterAll(() => t?.close());

  describe('GET /:id', () => {
    it('returns the definition as the list shows it', async () => {
      const d = await fresh('viewed');
      expect((await t.get(`${base}/${d.id}/`).expect(200)).body).toEqual(d);
      expect((await t.get(`${base}/${d.id.toUpperCase()}`).expect(200)).body).toEqual(d);
    });

    it('404 for a malformed id, an unknown one, and another organization’s', async () => {
      for (const id of ['nope', '42', '00000000-0000-0000-0000-00000000000g', "1' OR '1'='1"]) {
        const res = await t.get(`${base}/${encodeURIComponent(id)}/`).expect(404);
        expect(res.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
      }
      await t.get(`${base}/7b0f8c1e-7e0c-4a43-9d55-6d6a9d1f0c01/`).expect(404);
      const [theirs] = await listDefinitions(t, '', other.projectId, other.key);
      await t.get(`${base}/${theirs.id}/`).expect(404);
      await t.patch(`${base}/${theirs.id}/`, { tags: ['x'] }).expect(404);
      await t.del(`${base}/${theirs.id}/`).expect(404);
      await t.get(`${definitionsPath(other.projectId)}/${theirs.id}/`).expect(404);
      expect(
        (await t.get(`${definitionsPath(other.projectId)}/${theirs.id}/`, other.key).expect(200)).body.tags,
      ).toEqual([]);
    });
  });

  describe('PATCH /:id', () => {
    it('changes the writable fields and records one activity entry with the diff', async () => {
      const d = await fresh('purchase');
      const res = await t
        .patch(`${base}/${d.id}/`, {
          name: '  purchase completed ',
          description: ' A customer paid. ',
          created_at: '2025-12-01T10:00:00Z',
          last_seen_at: '2026-01-02T03:04:05.678+01:00',
          tags: [' Revenue', 'revenue', 'KPI '],
          post_to_slack: true,
        })
        .expect(200);
      expect(res.body).toEqual({
        ...d,
        name: 'purchase completed',
        description: 'A customer paid.',
        created_at: '2025-12-01T10:00:00.000Z',
        last_seen_at: '2026-01-02T02:04:05.678Z',
        last_updated_at: expect.any(String),
        tags: ['revenue', 'kpi'],
        post_to_slack: true,
      });
      expect(Date.parse(res.body.last_updated_at)).toBeGreaterThan(Date.parse(d.last_updated_at));
      expect((await t.get(`${base}/${d.id}/`).expect(200)).body).toEqual(res.body);
      const [entry, ...rest] = await activityOf(d.id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        activity: 'changed',
        scope: 'EventDefinition',
        item_id: d.id,
        user: { email: t.email },
        detail: {
          name: 'purchase completed',
          changes: [
            {
              type: 'EventDefinition',
              action: 'changed',
              field: 'name',
              before: 'purchase',
              after: 'purchase completed',
            },
            {
              type: 'EventDefinition',
              action: 'changed',
              field: 'description',
              before: '',
              after: 'A customer paid.',
            },
            {
              type: 'EventDefinition',
              action: 'changed',
              field: 'created_at',
              before: d.created_at,
              after: '2025-12-01T10:00:00.000Z',
            },
            {
              type: 'EventDefinition',
              action: 'changed',
              field: 'last_seen_at',
              before: d.last_seen_at,
              after: '2026-01-02T02:04:05.678Z',
            },
            { type: 'EventDefinition', action: 'changed', field: 'tags', before: [], after: ['revenue', 'kpi'] },
            { type: 'EventDefinition', action: 'changed', field: 'post_to_slack', before: false, after: true },
          ],
        },
      });
    });

    it('replaces tags whole, clears dates with null, ignores read-only fields', async () => {
      const d = await fresh('tagged');
      await t.patch(`${base}/${d.id}/`, { tags: ['a', 'b'] }).expect(200);
      const res = await t
        .patch(`${base}/${d.id}/`, {
          tags: ['B'],
          last_seen_at: null,
          id: '00000000-0000-0000-0000-000000000000',
          is_action: true,
          volume_30_day: 5,
          created_by: 1,
        })
        .expect(200);
      expect(res.body).toMatchObject({
        id: d.id,
        tags: ['b'],
        last_seen_at: null,
        is_action: false,
        volume_30_day: null,
      });
      expect(res.body.created_by).toBeNull();
      const [latest] = await activityOf(d.id);
      expect(latest.detail.changes).toEqual([
        { type: 'EventDefinition', action: 'deleted', field: 'last_seen_at', before: d.last_seen_at },
        { type: 'EventDefinition', action: 'changed', field: 'tags', before: ['a', 'b'], after: ['b'] },
      ]);
    });

    it('sets, replaces and clears the description (null or blank), each change in the activity', async () => {
      const d = await fresh('described');
      expect(d.description).toBe('');
      const set = await t.patch(`${base}/${d.id}/`, { description: 'Someone described it.' }).expect(200);
      expect(set.body).toMatchObject({ id: d.id, name: 'described', description: 'Someone described it.' });
      expect((await t.get(`${base}/${d.id}/`).expect(200)).body.description).toBe('Someone described it.');
      expect((await definitionOf(t, 'described'))!.description).toBe('Someone described it.');
      const long = '🐦'.repeat(1000);
      expect((await t.patch(`${base}/${d.id}/`, { description: long }).expect(200)).body.description).toBe(long);
      expect((await t.patch(`${base}/${d.id}/`, { description: null }).expect(200)).body.description).toBe('');
      await t.patch(`${base}/${d.id}/`, { description: 'Again.' }).expect(200);
      expect((await t.patch(`${base}/${d.id}/`, { description: '  ' }).expect(200)).body.description).toBe('');
      const changes = (await activityOf(d.id)).flatMap((e) => e.detail.changes ?? []);
      expect(changes.map((c) => [c.field, c.after ?? null])).toEqual([
        ['description', ''],
        ['description', 'Again.'],
        ['description', ''],
        ['description', long],
        ['description', 'Someone described it.'],
      ]);
      // Ingestion leaves it as it is.
      await ingest(t, t.projectToken, [{ event: 'described', distinct_id: 'u2' }]);
      await t.patch(`${base}/${d.id}/`, { description: 'Kept.' }).expect(200);
      await ingest(t, t.projectToken, [{ event: 'described', distinct_id: 'u3' }]);
      expect((await t.get(`${base}/${d.id}/`).expect(200)).body.description).toBe('Kept.');
    });

    it('a PATCH that changes nothing writes nothing', async () => {
      const d = await fresh('unchanged');
      const res = await t.patch(`${base}/${d.id}/`, { name: 'unchanged', tags: [], post_to_slack: false }).expect(200);
      expect(res.body).toEqual(d);
      await t.patch(`${base}/${d.id}/`, {}).expect(200);
      expect(await activityOf(d.id)).toEqual([]);
    });

    it('refuses a name another definition of the project has (400 unique, attr name)', async () => {
      const a = await fresh('first name');
      await fresh('second name');
      const res = await t.patch(`${base}/${a.id}/`, { name: 'second name' }).expect(400);
      expect(res.body).toEqual({
        type: 'validation_error',
        code: 'unique',
        detail: "Event definition with name 'second name' already exists.",
        attr: 'name',
      });
      expect((await t.get(`${base}/${a.id}/`).expect(200)).body.name).toBe('first name');
      expect(await activityOf(a.id)).toEqual([]);
      // Another organization's project may use the name.
      await t.patch(`${base}/${a.id}/`, { name: 'theirs' }).expect(200);
    });

    it.each([
      ['name', 'blank', { name: '' }],
      ['name', 'blank', { name: '   ' }],
      ['name', 'max_length', { name: 'x'.repeat(401) }],
      ['name', 'null_characters_not_allowed', { name: 'a\u0000b' }],
      ['name', 'null', { name: null }],
      ['name', 'invalid_input', { name: 5 }],
      ['description', 'max_length', { description: 'x'.repeat(1001) }],
      ['description', 'null_characters_not_allowed', { description: 'a\u0000b' }],
      ['description', 'invalid_input', { description: 5 }],
      ['description', 'invalid_input', { description: ['a'] }],
      ['created_at', 'invalid_input', { created_at: 'yesterday' }],
      ['created_at', 'invalid_input', { created_at: '2026-02-30T00:00:00Z' }],
      ['created_at', 'invalid_input', { created_at: 1767225600 }],
      ['last_seen_at', 'invalid_input', { last_seen_at: '2026-01-01T25:00:00Z' }],
      ['last_seen_at', 'invalid_input', { last_seen_at: {} }],
      ['tags', 'invalid_input', { tags: 'beta' }],
      ['tags', 'invalid_input', { tags: ['ok', 3] }],
      ['tags', 'blank', { tags: ['ok', ' '] }],
      ['tags', 'max_length', { tags: ['x'.repeat(256)] }],
      ['tags', 'null', { tags: null }],
      ['post_to_slack', 'invalid_input', { post_to_slack: 'yes' }],
      ['post_to_slack', 'null', { post_to_slack: null }],
    ])('refuses a bad %s (%s)', async (attr, code, body) => {
      const d = (await definitionOf(t, 'viewed')) ?? (await fresh('viewed'));
      const res = await t.patch(`${base}/${d.id}/`, body).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr, code });
      expect((await t.get(`${base}/${d.id}/`).expect(200)).body).toEqual(d);
    });

    it('refuses a body that is not a JSON object, and 404s a malformed id', async () => {
      const d = (await definitionOf(t, 'viewed'))!;
      await t.patch(`${base}/${d.id}/`).set('Content-Type', 'application/json').send('[1]').expect(400);
      await t.patch(`${base}/${d.id}/`).set('Content-Type', 'application/json').send('{"name":').expect(400);
      await t.patch(`${base}/not-a-uuid/`, { tags: ['x'] }).expect(404);
    });

    it('needs event_definition:write', async () => {
      const d = (await definitionOf(t, 'viewed'))!;
      const reader = await t.newUser(t.organizationId, { scopes: ['event_definition:read'] });
      const writer = await t.newUser(t.organizationId, { scopes: ['event_definition:write'] });
      const res = await t.patch(`${base}/${d.id}/`, { tags: ['r'] }, reader.key).expect(403);
      expect(res.body.detail).toContain('event_definition:write');
      await t.del(`${base}/${d.id}/`, reader.key).expect(403);
      const ok = await t.patch(`${base}/${d.id}/`, { tags: ['w'] }, writer.key).expect(200);
      expect(ok.body.tags).toEqual(['w']);
      const [entry] = await activityOf(d.id);
      expect(entry.user.email).toBe(writer.email);
    });
  });

  describe('DELETE /:id', () => {
    it('removes the definition only (204), records it, and 404s afterwards', async () => {
      const d = await fresh('to delete');
      await t.patch(`${base}/${d.id}/`, { tags: ['gone'] }).expect(200);
      const res = await t.del(`${base}/${d.id}/`).expect(204);
      expect(res.text).toBe('');
      await t.get(`${base}/${d.id}/`).expect(404);
      await t.del(`${base}/${d.id}/`).expect(404);
      expect(await definitionOf(t, 'to delete')).toBeUndefined();
      const [events] = await dataSource(t).query(
        `SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND event = 'to delete'`,
        [t.projectId],
      );
      expect(events.n).toBe(1);
      const [deleted, changed] = await activityOf(d.id);
      expect(deleted).toMatchObject({
        activity: 'deleted',
        scope: 'EventDefinition',
        item_id: d.id,
        detail: { name: 'to delete', changes: null },
      });
      expect(changed.activity).toBe('changed');
    });

    it('404 for a malformed or unknown id', async () => {
      await t.del(`${base}/nope/`).expect(404);
      await t.del(`${base}/7b0f8c1e-7e0c-4a43-9d55-6d6a9d1f0c01/`).expect(404);
    });
  });
});
