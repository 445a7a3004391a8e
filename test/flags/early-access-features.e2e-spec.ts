/** @sql-sensitive raw SQL on stored features */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createFlag, flags, identify, valuesOf } from '../evaluation/factories';
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';

describe('early-access features', () => {
  let t: TestApp;
  let base: string;
  let api: OpenApiDocument;
  const P = '/api/projects/{project_id}/early_access_features';

  const create = async (body: Record<string, unknown>) => {
    const res = await t.post(`${base}/`, body);
    if (res.status !== 201) throw new Error(`not created: ${res.status} ${JSON.stringify(res.body)}`);
    api.expectDocumented('post', P, { status: 201, body: res.body });
    return res.body;
  };
  const flag = async (id: number) =>
    (await t.get(`/api/projects/${t.projectId}/feature_flags/${id}/`).expect(200)).body;
  const sdk = (query: string) => request(t.baseUrl).get(`/api/early_access_features/?${query}`);

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/early_access_features`;
    api = await OpenApiDocument.fetch(t);
  });
  afterAll(() => t?.close());

  describe('management', () => {
    it('creates a feature with a new flag keyed by its name, off but for the enrolled', async () => {
      const feature = await create({
        name: 'New Dashboard',
        description: 'A faster dashboard',
        stage: 'beta',
        documentation_url: 'https://docs.example.com/dashboard',
        payload: { color: 'blue' },
      });
      expect(feature).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        feature_flag: {
          id: expect.any(Number),
          team_id: t.projectId,
          name: 'Feature Flag for Early Access Feature New Dashboard',
          key: 'new-dashboard',
          filters: { groups: [{ properties: [], rollout_percentage: 0, variant: null }], feature_enrollment: true },
          deleted: false,
          active: true,
          ensure_experience_continuity: false,
          has_encrypted_payloads: false,
          version: 1,
          evaluation_runtime: 'all',
          evaluation_contexts: [],
        },
        name: 'New Dashboard',
        description: 'A faster dashboard',
        stage: 'beta',
        documentation_url: 'https://docs.example.com/dashboard',
        payload: { color: 'blue' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        created_by: expect.objectContaining({ id: t.userId, email: t.email }),
      });
      const read = await t.get(`${base}/${feature.id}/`).expect(200);
      api.expectDocumented('get', `${P}/{id}`, { status: 200, body: read.body });
      expect(read.body).toEqual(feature);
      // the flag is a flag like any other, with its own activity
      expect(await flag(feature.feature_flag.id)).toMatchObject({ key: 'new-dashboard', version: 1 });
    });

    it('links an existing flag, adding the enrolment condition only in an active stage', async () => {
      const concept = await createFlag(t, { key: 'concept-flag', filters: { groups: [{ rollout_percentage: 20 }] } });
      const a = await create({ name: 'Idea', stage: 'concept', feature_flag_id: concept.id });
      expect(a.feature_flag).toMatchObject({ id: concept.id, key: 'concept-flag', version: 1 });
      expect((await flag(concept.id)).filters).toEqual(concept.filters);

      const alpha = await createFlag(t, {
        key: 'alpha-flag',
        filters: {
          groups: [{ properties: [], rollout_percentage: 5 }],
          super_groups: [{ properties: [{ key: 'x', type: 'person', value: 'y', operator: 'exact' }] }],
        },
      });
      const b = await create({ name: 'Alpha thing', stage: 'alpha', feature_flag_id: alpha.id });
      expect(b.feature_flag).toMatchObject({ id: alpha.id, version: 2 });
      expect((await flag(alpha.id)).filters).toEqual({
        groups: [{ properties: [], rollout_percentage: 5 }],
        feature_enrollment: true,
      });
    });

    it('moves the flag with the stage, and turns it on for everyone at general availability with rollout_to_all', async () => {
      const f = await create({ name: 'Staged', stage: 'draft' });
      const flagId = f.feature_flag.id;
      expect(f.feature_flag.filters.feature_enrollment).toBeUndefined();

      const alpha = await t.patch(`${base}/${f.id}/`, { stage: 'alpha', name: 'Staged feature' }).expect(200);
      api.expectDocumented('patch', `${P}/{id}`, { status: 200, body: alpha.body });
      expect(alpha.body).toMatchObject({ stage: 'alpha', name: 'Staged feature' });
      expect(alpha.body.feature_flag.filters.feature_enrollment).toBe(true);

      // active to active: the flag is left as it is
      const beta = await t.patch(`${base}/${f.id}/`, { stage: 'beta' }).expect(200);
      expect(beta.body.feature_flag.version).toBe(alpha.body.feature_flag.version);

      const archived = await t.patch(`${base}/${f.id}/`, { stage: 'archived' }).expect(200);
      expect(archived.body.feature_flag.filters.feature_enrollment).toBeNull();

      await t.patch(`${base}/${f.id}/`, { stage: 'beta' }).expect(200);
      const ga = await t.patch(`${base}/${f.id}/`, { stage: 'general-availability', rollout_to_all: true }).expect(200);
      expect(ga.body.feature_flag.filters).toEqual({
        groups: [{ properties: [], rollout_percentage: 100 }],
        feature_enrollment: null,
      });
      // PostHog: a null payload reads back as {}
      const cleared = await t.patch(`${base}/${f.id}/`, { payload: null }).expect(200);
      expect(cleared.body.payload).toEqual({});

      const activity = await t.get(`/api/projects/${t.projectId}/feature_flags/${flagId}/activity/`).expect(200);
      expect(activity.body.total_count).toBeGreaterThanOrEqual(4);
    });

    it('lists newest first, paginated like the other lists', async () => {
      for (const name of ['Page one', 'Page two', 'Page three']) await create({ name, stage: 'concept' });
      const first = await t.get(`${base}/?limit=2`).expect(200);
      api.expectDocumented('get', P, { status: 200, body: first.body });
      expect(first.body.results.map((f: { name: string }) => f.name)).toEqual(['Page three', 'Page two']);
      expect(first.body.next).toContain('offset=2');
      expect(first.body.previous).toBeNull();
      const second = await t.get(`${base}/?limit=2&offset=2`).expect(200);
      expect(second.body.results[0].name).toBe('Page one');
      expect(second.body.count).toBe(first.body.count);
    });

    it('deletes the feature and keeps its flag, without the enrolment condition', async () => {
      const f = await create({ name: 'Short lived', stage: 'beta' });
      // a flag in use by a feature cannot be deleted (PostHog's message)
      const refused = await t
        .patch(`/api/projects/${t.projectId}/feature_flags/${f.feature_flag.id}/`, { deleted: true })
        .expect(400);
      expect(refused.body).toMatchObject({ attr: 'deleted', detail: expect.stringMatching(/early access features/) });

      await t.del(`${base}/${f.id}/`).expect(204);
      await t.get(`${base}/${f.id}/`).expect(404);
      await t.del(`${base}/${f.id}/`).expect(404);
      expect(await flag(f.feature_flag.id)).toMatchObject({
        deleted: false,
        filters: expect.objectContaining({ feature_enrollment: null }),
      });
      // the flag is free again: another feature may link it, and it may be deleted once unlinked
      const again = await create({ name: 'Second life', stage: 'draft', feature_flag_id: f.feature_flag.id });
      expect(again.feature_flag.id).toBe(f.feature_flag.id);
    });

    it('writes an activity entry per change', async () => {
      const f = await create({ name: 'Audited', stage: 'draft' });
      await t.patch(`${base}/${f.id}/`, { description: 'now described' }).expect(200);
      // a PATCH that changes nothing writes nothing
      await t.patch(`${base}/${f.id}/`, { description: 'now described' }).expect(200);
      const rows = await t.app
        .get(DataSource)
        .query(
          `SELECT activity, detail FROM activity_log WHERE scope = 'EarlyAccessFeature' AND item_id = $1 ORDER BY created_at`,
          [f.id],
        );
      expect(rows.map((r: { activity: string }) => r.activity)).toEqual(['created', 'updated']);
      expect(rows[1].detail.changes).toEqual([
        { type: 'EarlyAccessFeature', action: 'changed', field: 'description', before: '', after: 'now described' },
      ]);
    });
  });

  describe('validation', () => {
    it('answers a 400 naming the field for hostile or wrong input, and writes nothing', async () => {
      const before = (await t.get(`${base}/`).expect(200)).body.count;
      const flagsBefore = (await t.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200)).body.count;
      const cases: Array<[Record<string, unknown>, string, string?]> = [
        [{ stage: 'beta' }, 'name', 'required'],
        [{ name: 'x' }, 'stage', 'required'],
        [{ name: 'x', stage: 'gamma' }, 'stage', 'invalid_choice'],
        [{ name: 'x', stage: 7 }, 'stage', 'invalid_choice'],
        [{ name: 'x', stage: null }, 'stage', 'null'],
        [{ name: 42, stage: 'beta' }, 'name'],
        [{ name: '   ', stage: 'beta' }, 'name', 'blank'],
        [{ name: 'x'.repeat(201), stage: 'beta' }, 'name', 'max_length'],
        [{ name: 'nul\u0000', stage: 'beta' }, 'name'],
        [{ name: 'x', stage: 'beta', description: ['no'] }, 'description'],
        [{ name: 'x', stage: 'beta', documentation_url: 'not a url' }, 'documentation_url', 'invalid'],
        [{ name: 'x', stage: 'beta', documentation_url: 'javascript:alert(1)' }, 'documentation_url', 'invalid'],
        [{ name: 'x', stage: 'beta', payload: null }, 'payload', 'null'],
        [{ name: 'x', stage: 'beta', payload: { a: 'nul\u0000' } }, 'payload'],
        [{ name: 'x', stage: 'beta', feature_flag_id: 'one' }, 'feature_flag_id'],
        [{ name: 'x', stage: 'beta', feature_flag_id: 1.5 }, 'feature_flag_id'],
        [{ name: 'x', stage: 'beta', feature_flag_id: 2_147_483_647 }, 'feature_flag_id', 'does_not_exist'],
        [{ name: 'x', stage: 'beta', feature_flag_id: -1 }, 'feature_flag_id', 'does_not_exist'],
        [{ name: 'x', stage: 'beta', feature_flag_id: 1e20 }, 'feature_flag_id', 'does_not_exist'],
        // no letter or digit: the slug, the new flag's key, is empty
        [{ name: '!!!', stage: 'beta' }, 'key'],
      ];
      for (const [body, attr, code] of cases) {
        const res = await t.post(`${base}/`, body);
        expect({ body, status: res.status, attr: res.body.attr }).toEqual({ body, status: 400, attr });
        if (code) expect({ body, code: res.body.code }).toEqual({ body, code });
        api.expectDocumented('post', P, { status: 400, body: res.body });
      }
      const notJson = await t.post(`${base}/`).set('Content-Type', 'application/json').send('{"name":');
      expect(notJson.status).toBe(400);
      const list = await t.post(`${base}/`).send([{ name: 'x', stage: 'beta' }]);
      expect(list.status).toBe(400);
      expect((await t.get(`${base}/`).expect(200)).body.count).toBe(before);
      expect((await t.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200)).body.count).toBe(flagsBefore);
    });

    it('refuses a flag linked to another feature, a group or multivariate flag, a deleted flag and a taken key', async () => {
      const first = await create({ name: 'Owner', stage: 'beta' });
      const linked = await t.post(`${base}/`, { name: 'Thief', stage: 'beta', feature_flag_id: first.feature_flag.id });
      expect(linked.status).toBe(400);
      expect(linked.body).toMatchObject({
        attr: 'feature_flag_id',
        detail: `Linked feature flag ${first.feature_flag.key} already has a feature attached to it.`,
      });
      const group = await createFlag(t, {
        key: 'group-flag',
        filters: { groups: [], aggregation_group_type_index: 0 },
      });
      const multi = await createFlag(t, {
        key: 'multi-flag',
        filters: { groups: [], multivariate: { variants: [{ key: 'a', rollout_percentage: 100 }] } },
      });
      const gone = await createFlag(t, { key: 'gone-flag' });
      await t.patch(`/api/projects/${t.projectId}/feature_flags/${gone.id}/`, { deleted: true }).expect(200);
      for (const [id, detail] of [
        [group.id, /^Group-based/],
        [multi.id, /^Multivariate/],
        [gone.id, /^Feature Flag with this ID does not exist/],
      ] as const) {
        const res = await t.post(`${base}/`, { name: 'x', stage: 'beta', feature_flag_id: id }).expect(400);
        expect(res.body).toMatchObject({ attr: 'feature_flag_id', detail: expect.stringMatching(detail) });
      }
      // the name's slug is the key of a live flag: PostHog's flag error, nothing written
      const taken = await t.post(`${base}/`, { name: 'Group flag', stage: 'beta' }).expect(400);
      expect(taken.body).toMatchObject({ attr: 'key', detail: 'There is already a feature flag with this key.' });
    });

    it('refuses PATCHes of the wrong type, and ids that are no uuid', async () => {
      const f = await create({ name: 'Patched', stage: 'draft' });
      for (const [body, attr] of [
        [{ stage: 'nope' }, 'stage'],
        [{ name: '' }, 'name'],
        [{ documentation_url: 'ftp//x' }, 'documentation_url'],
        [{ rollout_to_all: 'yes' }, 'rollout_to_all'],
      ] as const) {
        const res = await t.patch(`${base}/${f.id}/`, body);
        expect({ body, status: res.status, attr: res.body.attr }).toEqual({ body, status: 400, attr });
      }
      await t.get(`${base}/not-a-uuid/`).expect(404);
      await t.patch(`${base}/00000000-0000-0000-0000-000000000000/`, { name: 'x' }).expect(404);
      // feature_flag_id is for creation only: a PATCH ignores it
      const other = await createFlag(t, { key: 'not-relinked' });
      const res = await t.patch(`${base}/${f.id}/`, { feature_flag_id: other.id }).expect(200);
      expect(res.body.feature_flag.id).toBe(f.feature_flag.id);
    });

    it('asks for the early_access_feature scopes, and feature_flag:write when the flag changes', async () => {
      const reader = await t.newUser(t.organizationId, { scopes: ['early_access_feature:read'] });
      await t.get(`${base}/`, reader.key).expect(200);
      await t.post(`${base}/`, { name: 'Nope', stage: 'draft' }, reader.key).expect(403);
      const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
      await t.get(`${base}/`, flagsOnly.key).expect(403);
      const writer = await t.newUser(t.organizationId, { scopes: ['early_access_feature:write'] });
      const res = await t.post(`${base}/`, { name: 'No flag write', stage: 'draft' }, writer.key).expect(403);
      expect(res.body.detail).toMatch(/feature_flag:write/);
      await t.post(`${base}/`, { name: 'No flag write', stage: 'draft' }, t.key).expect(201);
    });
  });

  describe('tenant isolation', () => {
    it("never shows or changes another organization's feature, nor links its flag", async () => {
      const other = await t.newTenant();
      const otherBase = `/api/projects/${other.projectId}/early_access_features`;
      const theirs = (await t.post(`${otherBase}/`, { name: 'Theirs', stage: 'beta' }, other.key).expect(201)).body;

      await t.get(`${base}/${theirs.id}/`).expect(404);
      await t.patch(`${base}/${theirs.id}/`, { name: 'Mine now' }).expect(404);
      await t.del(`${base}/${theirs.id}/`).expect(404);
      await t.get(`${otherBase}/`).expect(404);
      const mine = (await t.get(`${base}/?limit=1000`).expect(200)).body.results.map((f: { id: string }) => f.id);
      expect(mine).not.toContain(theirs.id);
      const steal = await t.post(`${base}/`, { name: 'x', stage: 'beta', feature_flag_id: theirs.feature_flag.id });
      expect(steal.status).toBe(400);
      expect(steal.body.attr).toBe('feature_flag_id');
      expect((await t.get(`${otherBase}/${theirs.id}/`, other.key).expect(200)).body.name).toBe('Theirs');

      // nor does their token list ours, nor ours theirs
      const theirList = (await sdk(`token=${other.projectToken}`).expect(200)).body.earlyAccessFeatures;
      expect(theirList.map((f: { id: string }) => f.id)).toEqual([theirs.id]);
      const ourList = (await sdk(`token=${t.projectToken}`).expect(200)).body.earlyAccessFeatures;
      expect(ourList.map((f: { id: string }) => f.id)).not.toContain(theirs.id);
    });
  });

  describe('public endpoint (posthog-js)', () => {
    let token: string;
    let sdkApp: TestApp;
    beforeAll(async () => {
      sdkApp = t;
      const tenant = await t.newTenant();
      token = tenant.projectToken;
      const b = `/api/projects/${tenant.projectId}/early_access_features`;
      for (const [name, stage] of [
        ['Beta one', 'beta'],
        ['Alpha one', 'alpha'],
        ['Concept one', 'concept'],
        ['Draft one', 'draft'],
        ['Done one', 'general-availability'],
      ]) {
        await sdkApp.post(`${b}/`, { name, stage, payload: { stage } }, tenant.key).expect(201);
      }
    });

    it('lists the beta features by default, in the shape posthog-js reads, with CORS', async () => {
      const res = await sdk(`token=${token}`).set('Origin', 'https://site.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://site.example');
      expect(res.body).toEqual({
        earlyAccessFeatures: [
          {
            id: expect.any(String),
            name: 'Beta one',
            description: '',
            stage: 'beta',
            documentationUrl: '',
            flagKey: 'beta-one',
            payload: { stage: 'beta' },
          },
        ],
      });
      api.expectDocumented('get', '/api/early_access_features', { status: 200, body: res.body });
    });

    it('lists the stages posthog-js names, repeated `stage` parameters', async () => {
      const res = await sdk(`token=${token}&stage=concept&stage=alpha&stage=beta`).expect(200);
      expect(res.body.earlyAccessFeatures.map((f: { name: string }) => f.name).sort()).toEqual([
        'Alpha one',
        'Beta one',
        'Concept one',
      ]);
      const ga = await sdk(`token=${token}&stage=general-availability`).expect(200);
      expect(ga.body.earlyAccessFeatures.map((f: { flagKey: string }) => f.flagKey)).toEqual(['done-one']);
      const none = await sdk(`token=${token}&stage=unknown`).expect(200);
      expect(none.body).toEqual({ earlyAccessFeatures: [] });
      // posthog-js's older name for the token
      await sdk(`api_key=${token}`).expect(200);
    });

    it('answers 401 without a known token and 400 for a token given twice, with CORS', async () => {
      const missing = await sdk('').set('Origin', 'https://site.example').expect(401);
      expect(missing.body).toMatchObject({ code: 'missing_api_key' });
      expect(missing.headers['access-control-allow-origin']).toBe('https://site.example');
      expect((await sdk('token=phc_unknown').expect(401)).body).toMatchObject({ code: 'invalid_api_key' });
      expect((await sdk(`token=${token}&token=${token}`).expect(400)).body).toMatchObject({ attr: 'token' });
      expect((await sdk(`token=${'x'.repeat(5000)}`).expect(401)).body).toMatchObject({ code: 'invalid_api_key' });
      const preflight = await request(t.baseUrl)
        .options('/api/early_access_features/')
        .set('Origin', 'https://site.example')
        .set('Access-Control-Request-Method', 'GET');
      expect(preflight.status).toBe(204);
    });

    it('enrols through the person property posthog-js sets: the flag turns on for that person only', async () => {
      const f = await create({ name: 'Enrol me', stage: 'beta' });
      const key = f.feature_flag.key;
      const enrol = (distinctId: string, value: boolean) =>
        request(t.baseUrl)
          .post('/batch/')
          .send({
            api_key: t.projectToken,
            batch: [
              {
                event: '$feature_enrollment_update',
                distinct_id: distinctId,
                properties: {
                  $feature_flag: key,
                  $feature_enrollment: value,
                  $set: { [`$feature_enrollment/${key}`]: value },
                },
              },
            ],
          })
          .expect(200);
      await identify(t, t.projectToken, [{ distinctId: 'bystander', properties: { plan: 'free' } }]);
      await enrol('enrolled', true);
      await enrol('opted-out', false);
      const valueFor = async (distinctId: string) =>
        valuesOf((await flags(t, { token: t.projectToken, distinct_id: distinctId }).expect(200)).body)[key];
      expect(await valueFor('enrolled')).toBe(true);
      expect(await valueFor('opted-out')).toBe(false);
      expect(await valueFor('bystander')).toBe(false);

      // archived: enrolment no longer decides
      await t.patch(`${base}/${f.id}/`, { stage: 'archived' }).expect(200);
      expect(await valueFor('enrolled')).toBe(false);
    });
  });

  describe('limits', () => {
    // Last: it fills the project up to the cap (the other tests' features count towards it).
    it('refuses a feature past 500 per project, naming the limit, and the public list stays bounded', async () => {
      const existing = (await t.get(`${base}/`).expect(200)).body.count as number;
      const names = Array.from({ length: 500 - existing }, (_, i) => `Bulk ${i}`);
      for (let i = 0; i < names.length; i += 10) {
        await Promise.all(names.slice(i, i + 10).map((name) => create({ name, stage: 'beta' })));
      }
      const over = await t.post(`${base}/`, { name: 'One too many', stage: 'beta' });
      expect({ status: over.status, code: over.body.code }).toEqual({ status: 400, code: 'limit_reached' });
      api.expectDocumented('post', P, { status: 400, body: over.body });
      expect((await t.get(`${base}/`).expect(200)).body.count).toBe(500);
      const listed = await sdk(`token=${t.projectToken}&stage=beta`).expect(200);
      expect(listed.body.earlyAccessFeatures.length).toBeLessThanOrEqual(500);
    });
  });
});
