/** @sql-sensitive blast radius, static cohorts of a flag's persons, copies, in SQL */
import request from 'supertest';
import { waitFor } from '../support/poll';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { createCohort, createFlag, flags, identify } from './factories';

const pro = { key: 'plan', type: 'person', value: 'pro' };
const and = (...values: object[]) => ({ type: 'AND', values });

describe('flag helpers: evaluation_reasons, my_flags, local_evaluation, blast radius, static cohorts, dashboards, copy', () => {
  let t: TestApp;
  let other: Tenant;
  let base: string;
  let proFlagId: number;
  let cohortId: number;

  beforeAll(async () => {
    t = await startTestApp();
    other = await t.newTenant();
    base = `/api/projects/${t.projectId}/feature_flags`;
    const me = (await t.get('/api/users/@me/').expect(200)).body;
    await identify(t, t.projectToken, [
      { distinctId: me.distinct_id, properties: { plan: 'pro', email: t.email } },
      ...Array.from({ length: 30 }, (_, i) => ({
        distinctId: `u${i}`,
        properties: {
          plan: i % 3 === 0 ? 'pro' : 'free',
          n: i,
          ...(i % 5 === 0 ? {} : { country: i % 2 ? 'DE' : 'FR' }),
        },
      })),
    ]);
    await request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: t.projectToken,
        batch: ['acme', 'globex', 'initech'].map((key, i) => ({
          event: '$groupidentify',
          distinct_id: 'u1',
          properties: { $group_type: 'company', $group_key: key, $group_set: { seats: (i + 1) * 40 } },
        })),
      })
      .expect(200);
    cohortId = (
      await createCohort(t, {
        name: 'Germans',
        filters: { properties: and({ key: 'country', type: 'person', value: 'DE' }) },
      })
    ).id;
    proFlagId = (
      await createFlag(t, {
        key: 'pro',
        filters: { groups: [{ properties: [pro], rollout_percentage: 100 }] },
      })
    ).id;
    await createFlag(t, {
      key: 'variants',
      filters: {
        groups: [{ properties: [] }, { properties: [{ key: 'id', type: 'cohort', value: cohortId }], variant: 'b' }],
        multivariate: {
          variants: [
            { key: 'a', rollout_percentage: 50 },
            { key: 'b', rollout_percentage: 50 },
          ],
        },
      },
    });
    await createFlag(t, {
      key: 'companies',
      filters: {
        aggregation_group_type_index: 0,
        groups: [{ properties: [{ key: 'seats', type: 'group', group_type_index: 0, value: '50', operator: 'gt' }] }],
      },
    });
    await createFlag(t, { key: 'paused', active: false });
  });
  afterAll(() => t?.close());

  describe('evaluation_reasons', () => {
    it('gives every live flag’s value and reason for a distinct id, inactive ones as disabled', async () => {
      const res = await t.get(
        `${base}/evaluation_reasons?distinct_id=u0&groups=${encodeURIComponent('{"company":"globex"}')}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        pro: { value: true, evaluation: { reason: 'condition_match', condition_index: 0 } },
        variants: {
          value: expect.stringMatching(/^[ab]$/),
          evaluation: { reason: 'condition_match', condition_index: 0 },
        },
        companies: { value: true, evaluation: { reason: 'condition_match', condition_index: 0 } },
        paused: { value: false, evaluation: { reason: 'disabled', condition_index: null } },
      });
      const german = (await t.get(`${base}/evaluation_reasons?distinct_id=u1`).expect(200)).body;
      // Conditions in stored order: the first (everyone) decides, its variant by hash.
      expect(german.variants).toEqual({ value: 'a', evaluation: { reason: 'condition_match', condition_index: 0 } });
      // without its group, the condition is skipped as no_group_type, with its index (PostHog's service)
      expect(german.companies.evaluation).toEqual({ reason: 'no_group_type', condition_index: 0 });
      expect(german.pro.evaluation).toEqual({ reason: 'no_condition_match', condition_index: 0 });
    });

    it.each([
      ['no distinct_id', '', 'distinct_id'],
      ['an empty distinct_id', '?distinct_id=', 'distinct_id'],
      ['groups that are not JSON', '?distinct_id=u1&groups=%7Bnope', 'groups'],
      ['groups that are a list', '?distinct_id=u1&groups=%5B1%5D', 'groups'],
    ])('refuses %s with 400', async (_, query, attr) => {
      const res = await t.get(`${base}/evaluation_reasons${query}`).expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr });
    });
  });

  describe('my_flags', () => {
    it('evaluates for the caller’s own distinct id, newest flag first, inactive ones false', async () => {
      const res = await t.get(`${base}/my_flags`).expect(200);
      expect(res.body.map((x: { feature_flag: { key: string } }) => x.feature_flag.key)).toEqual([
        'paused',
        'companies',
        'variants',
        'pro',
      ]);
      expect(res.body.find((x: { feature_flag: { key: string } }) => x.feature_flag.key === 'pro')).toEqual({
        feature_flag: {
          id: proFlagId,
          team_id: t.projectId,
          name: '',
          key: 'pro',
          filters: expect.any(Object),
          deleted: false,
          active: true,
          ensure_experience_continuity: false,
          has_encrypted_payloads: false,
          version: 1,
        },
        value: true,
      });
      expect(res.body[0].value).toBe(false);
      await t.get(`${base}/my_flags?groups=nope`).expect(400);
    });
  });

  describe('local_evaluation and the SDK definitions paths', () => {
    it('ships live flags with a strong ETag, 304 for that ETag, and a new ETag after a change', async () => {
      const first = await t.get(`${base}/local_evaluation?send_cohorts`).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      expect(first.body.flags.map((f: { key: string }) => f.key).sort()).toEqual([
        'companies',
        'paused',
        'pro',
        'variants',
      ]);
      expect(first.body.group_type_mapping).toEqual({ '0': 'company' });
      expect(Object.keys(first.body.cohorts)).toEqual([String(cohortId)]);
      const variants = first.body.flags.find((f: { key: string }) => f.key === 'variants');
      // Conditions as stored (PostHog ships them unchanged; SDKs try them in order).
      expect(variants.filters.groups.map((g: { variant?: string }) => g.variant ?? null)).toEqual([null, 'b']);
      const again = await t.get(`${base}/local_evaluation?send_cohorts`).set('If-None-Match', etag);
      expect([again.status, again.text, again.headers.etag]).toEqual([304, '', etag]);
      const weak = await t.get(`${base}/local_evaluation?send_cohorts`).set('If-None-Match', `"x", W/${etag}`);
      expect(weak.status).toBe(304);
      const flag = await createFlag(t, { key: 'fresh' });
      const changed = await t.get(`${base}/local_evaluation?send_cohorts`).set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      await t.patch(`${base}/${flag.id}/`, { deleted: true }).expect(200);
      const restored = await t.get(`${base}/local_evaluation?send_cohorts`).set('If-None-Match', etag);
      expect(restored.status).toBe(304); // the same definitions again: the same tag
    });

    it('without send_cohorts, rewrites single-cohort flags into person conditions', async () => {
      await createFlag(t, {
        key: 'germans-only',
        filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohortId }], rollout_percentage: 30 }] },
      });
      const res = await t.get(`${base}/local_evaluation`).expect(200);
      expect(res.body.cohorts).toEqual({});
      const flag = res.body.flags.find((f: { key: string }) => f.key === 'germans-only');
      expect(flag.filters.groups).toEqual([
        { properties: [{ key: 'country', type: 'person', value: 'DE' }], rollout_percentage: 30 },
      ]);
    });

    it('serves the same body on /flags/definitions and /api/feature_flag/local_evaluation (personal key + token)', async () => {
      const expected = (await t.get(`${base}/local_evaluation?send_cohorts`).expect(200)).body;
      for (const path of ['/flags/definitions', '/api/feature_flag/local_evaluation']) {
        // Uncompressed, so that the length is the text's (gzip: definitions-cache.e2e-spec.ts).
        const res = await t
          .get(`${path}?token=${t.projectToken}&send_cohorts`)
          .set('Accept-Encoding', 'identity')
          .expect(200);
        expect(res.body).toEqual(expected);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
        await t.get(`${path}?token=${t.projectToken}&send_cohorts`).set('If-None-Match', res.headers.etag).expect(304);
        expect((await t.get(`${path}?token=${t.projectToken}`, null).expect(401)).body.code).toBe('not_authenticated');
        expect((await t.get(`${path}?token=phc_nope`).expect(401)).body.code).toBe('invalid_api_key');
        // Another organization's token is as unknown as a made-up one.
        expect((await t.get(`${path}?token=${other.projectToken}`).expect(401)).body.code).toBe('invalid_api_key');
        expect((await t.get(path).expect(400)).body).toMatchObject({ code: 'required', attr: 'token' });
        const noScope = await t.newUser(t.organizationId, { scopes: ['person:read'] });
        await t.get(`${path}?token=${t.projectToken}`, noScope.key).expect(403);
      }
    });
  });

  describe('user_blast_radius', () => {
    const radius = (body: object, key?: string) => t.post(`${base}/user_blast_radius`, body, key);

    it('counts the persons a condition reaches, as evaluation decides', async () => {
      const total = (await t.get(`/api/projects/${t.projectId}/persons/?limit=1`).expect(200)).body.count;
      const all = await radius({ condition: { properties: [] } }).expect(200);
      expect(all.body).toEqual({ users_affected: total, total_users: total });
      const condition = {
        properties: [pro, { key: 'country', type: 'person', value: 'DE', operator: 'is_not' }],
        rollout_percentage: 10,
      };
      const res = await radius({ condition }).expect(200);
      // The same condition as a flag: /flags answers for each person.
      await createFlag(t, { key: 'radius-check', filters: { groups: [{ ...condition, rollout_percentage: 100 }] } });
      let enabled = 0;
      for (let i = 0; i < 30; i++) {
        const r = await flags(t, {
          token: t.projectToken,
          distinct_id: `u${i}`,
          flag_keys_to_evaluate: ['radius-check'],
        });
        if (r.body.flags['radius-check'].enabled) enabled++;
      }
      expect(res.body).toEqual({ users_affected: enabled + 1, total_users: total }); // + the caller's own person
      const cohort = await radius({ condition: { properties: [{ key: 'id', type: 'cohort', value: cohortId }] } });
      expect(cohort.body.users_affected).toBe(12);
    });

    it('counts groups of a type with group_type_index', async () => {
      const res = await radius({
        condition: { properties: [{ key: 'seats', type: 'group', group_type_index: 0, value: '50', operator: 'gt' }] },
        group_type_index: 0,
      }).expect(200);
      expect(res.body).toEqual({ users_affected: 2, total_users: 3 });
      const wrong = await radius({ condition: { properties: [pro] }, group_type_index: 0 }).expect(400);
      expect(wrong.body.detail).toBe('Invalid group type index for feature flag condition.');
    });

    it.each([
      ['no condition', {}, 'Missing condition for which to get blast radius'],
      ['a bad operator', { condition: { properties: [{ ...pro, operator: 'near' }] } }, /Unknown operator/],
      [
        'a missing cohort',
        { condition: { properties: [{ key: 'id', type: 'cohort', value: 9999 }] } },
        /does not exist/,
      ],
      ['a bad group index', { condition: { properties: [] }, group_type_index: 9 }, /group_type_index/],
    ])('refuses %s with 400', async (_, body, detail) => {
      const res = await radius(body).expect(400);
      expect(res.body.detail).toMatch(detail);
    });
  });

  describe('create_static_cohort_for_flag', () => {
    it('creates a static cohort at once and fills it with the persons the flag is on for', async () => {
      const res = await t.post(`${base}/${proFlagId}/create_static_cohort_for_flag`).expect(201);
      expect(res.body.cohort).toMatchObject({
        is_static: true,
        is_calculating: true,
        name: expect.stringMatching(/^Users with feature flag pro enabled at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      const id = res.body.cohort.id;
      const done = await waitFor(async () => {
        const c = (await t.get(`/api/projects/${t.projectId}/cohorts/${id}/`).expect(200)).body;
        return c.is_calculating ? undefined : c;
      });
      expect(done.count).toBe(11); // u0, u3, … u27 and the caller
      const persons = (await t.get(`/api/projects/${t.projectId}/cohorts/${id}/persons/?limit=100`).expect(200)).body;
      for (const p of persons.results) expect(p.properties.plan).toBe('pro');
      // A flag on that static cohort answers for its members.
      await createFlag(t, {
        key: 'from-static',
        filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: id }] }] },
      });
      expect((await flags(t, { token: t.projectToken, distinct_id: 'u3' })).body.flags['from-static'].enabled).toBe(
        true,
      );
      expect((await flags(t, { token: t.projectToken, distinct_id: 'u4' })).body.flags['from-static'].enabled).toBe(
        false,
      );
    });

    it('gives an empty cohort for an inactive flag, 404 for an unknown one, and needs cohort:write', async () => {
      const paused = (await t.get(`${base}/?search=paused`).expect(200)).body.results[0];
      const res = await t.post(`${base}/${paused.id}/create_static_cohort_for_flag`).expect(201);
      const done = await waitFor(async () => {
        const c = (await t.get(`/api/projects/${t.projectId}/cohorts/${res.body.cohort.id}/`).expect(200)).body;
        return c.is_calculating ? undefined : c;
      });
      expect(done.count).toBe(0);
      await t.post(`${base}/999999/create_static_cohort_for_flag`).expect(404);
      const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
      const denied = await t
        .post(`${base}/${proFlagId}/create_static_cohort_for_flag`, undefined, flagsOnly.key)
        .expect(403);
      expect(denied.body.detail).toBe("API key missing required scope 'cohort:write'");
    });
  });

  describe('usage dashboards', () => {
    it('creates a dashboard with the usage insights, links it, and enriches it once', async () => {
      const notYet = await t.post(`${base}/${proFlagId}/enrich_usage_dashboard`).expect(400);
      expect(notYet.body).toEqual({ success: false, error: 'Usage dashboard not found' });
      await t.post(`${base}/${proFlagId}/dashboard`).expect(200, { success: true });
      const flag = (await t.get(`${base}/${proFlagId}/`).expect(200)).body;
      expect(flag.usage_dashboard).toEqual(expect.any(Number));
      const dashboard = (await t.get(`/api/projects/${t.projectId}/dashboards/${flag.usage_dashboard}/`).expect(200))
        .body;
      expect(dashboard).toMatchObject({
        name: 'Generated Dashboard: pro Usage',
        description: 'This dashboard was generated by the feature flag with key (pro)',
        filters: { date_from: '-30d' },
        tags: ['feature flags'],
        created_by: { email: t.email },
      });
      expect(dashboard.tiles.map((x: { insight: { name: string } }) => x.insight.name)).toEqual([
        'Feature Flag Called Total Volume',
        'Feature Flag calls made by unique users per variant',
      ]);
      expect(dashboard.tiles[0].insight.filters.events[0].id).toBe('$feature_flag_called');
      const noAnalytics = await t.post(`${base}/${proFlagId}/enrich_usage_dashboard`).expect(400);
      expect(noAnalytics.body).toEqual({
        success: false,
        error: 'No enriched analytics available for this feature flag',
      });
      await t.patch(`${base}/${proFlagId}/`, { has_enriched_analytics: true }).expect(200);
      await t.post(`${base}/${proFlagId}/enrich_usage_dashboard`).expect(200, { success: true });
      const enriched = (await t.get(`/api/projects/${t.projectId}/dashboards/${flag.usage_dashboard}/`).expect(200))
        .body;
      expect(enriched.tiles.map((x: { insight: { name: string } }) => x.insight.name).slice(2)).toEqual([
        'Feature Viewed Total Volume',
        'Feature Interaction Total Volume',
      ]);
      const twice = await t.post(`${base}/${proFlagId}/enrich_usage_dashboard`).expect(400);
      expect(twice.body).toEqual({ success: false, error: 'Usage dashboard already has enriched data' });
      // A new dashboard each time; with enriched analytics it comes enriched.
      await t.post(`${base}/${proFlagId}/dashboard`).expect(200);
      const again = (await t.get(`${base}/${proFlagId}/`).expect(200)).body;
      expect(again.usage_dashboard).not.toBe(flag.usage_dashboard);
      const second = (await t.get(`/api/projects/${t.projectId}/dashboards/${again.usage_dashboard}/`).expect(200))
        .body;
      expect(second.tiles).toHaveLength(4);
      // Dashboards can be named as a flag's analytics dashboards now.
      const linked = await t
        .patch(`${base}/${proFlagId}/`, { analytics_dashboards: [again.usage_dashboard] })
        .expect(200);
      expect(linked.body.analytics_dashboards).toEqual([again.usage_dashboard]);
      await t.get(`/api/projects/${other.projectId}/dashboards/${again.usage_dashboard}/`).expect(404);
      await t.get(`/api/projects/${other.projectId}/dashboards/${again.usage_dashboard}/`, other.key).expect(404);
      await t.get(`/api/projects/${t.projectId}/dashboards/0/`).expect(404);
    });
  });

  describe('copy_flags with cohorts', () => {
    it('creates the cohorts a flag uses in the target (or reuses one of the same name)', async () => {
      const target = (await t.post('/api/projects/', { name: 'Staging' }).expect(201)).body.id;
      const inner = await createCohort(t, {
        name: 'Adults',
        filters: { properties: and({ key: 'n', type: 'person', value: '17', operator: 'gt' }) },
      });
      const outer = await createCohort(t, {
        name: 'Adult Germans',
        filters: {
          properties: and(
            { key: 'id', type: 'cohort', value: inner.id },
            { key: 'id', type: 'cohort', value: cohortId },
          ),
        },
      });
      const existing = await createCohort(t, { name: 'Germans', filters: { properties: and(pro) } }, target);
      await createFlag(t, {
        key: 'copied',
        filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: outer.id }] }] },
      });
      const res = await t
        .post(`/api/organizations/${t.organizationId}/feature_flags/copy_flags`, {
          feature_flag_key: 'copied',
          from_project: t.projectId,
          target_project_ids: [target, other.projectId],
        })
        .expect(200);
      expect(res.body.failed).toEqual([{ project_id: other.projectId, errors: 'Target project does not exist.' }]);
      const copy = res.body.success[0];
      const ref = copy.filters.groups[0].properties[0];
      expect(ref).toMatchObject({ type: 'cohort', cohort_name: 'Adult Germans' });
      expect(ref.value).not.toBe(outer.id);
      const copiedOuter = (await t.get(`/api/projects/${target}/cohorts/${ref.value}/`).expect(200)).body;
      const [toInner, toGermans] = copiedOuter.filters.properties.values.map((v: { value: number }) => v.value);
      expect(toGermans).toBe(existing.id);
      expect((await t.get(`/api/projects/${target}/cohorts/${toInner}/`).expect(200)).body.name).toBe('Adults');
      // The copy evaluates in the target project with its cohorts.
      const targetToken = (await t.get(`/api/projects/${target}/`).expect(200)).body.api_token;
      await identify(t, targetToken, [{ distinctId: 'x', properties: { plan: 'pro', n: 40 } }]);
      expect((await flags(t, { token: targetToken, distinct_id: 'x' })).body.flags.copied.enabled).toBe(true);
    });
  });

  describe('tenancy and scopes', () => {
    it('answers 404 for another organization’s project on every helper', async () => {
      const theirs = `/api/projects/${other.projectId}/feature_flags`;
      await t.get(`${theirs}/evaluation_reasons?distinct_id=u1`).expect(404);
      await t.get(`${theirs}/my_flags`).expect(404);
      await t.get(`${theirs}/local_evaluation`).expect(404);
      await t.post(`${theirs}/user_blast_radius`, { condition: { properties: [] } }).expect(404);
      await t.post(`${theirs}/${proFlagId}/create_static_cohort_for_flag`).expect(404);
      await t.post(`${theirs}/${proFlagId}/dashboard`).expect(404);
      await t.post(`${theirs}/${proFlagId}/enrich_usage_dashboard`).expect(404);
      const theirFlag = await createFlag(t, { key: 'theirs' }, other.projectId, other.key);
      await t.post(`${base}/${theirFlag.id}/dashboard`).expect(404);
      await t.post(`${base}/${theirFlag.id}/create_static_cohort_for_flag`).expect(404);
    });

    it('lets feature_flag:read keys evaluate and read, not create', async () => {
      const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
      await t.get(`${base}/evaluation_reasons?distinct_id=u1`, reader.key).expect(200);
      await t.get(`${base}/my_flags`, reader.key).expect(200);
      await t.get(`${base}/local_evaluation`, reader.key).expect(200);
      await t.post(`${base}/user_blast_radius`, { condition: { properties: [] } }, reader.key).expect(200);
      const denied = await t.post(`${base}/${proFlagId}/dashboard`, undefined, reader.key).expect(403);
      expect(denied.body.detail).toBe("API key missing required scope 'feature_flag:write'");
      const nothing = await t.newUser(t.organizationId, { scopes: ['person:read'] });
      await t.get(`${base}/evaluation_reasons?distinct_id=u1`, nothing.key).expect(403);
    });
  });
});
