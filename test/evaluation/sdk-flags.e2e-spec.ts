/** @sql-sensitive persons and groups looked up with their static cohorts */
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { flagHash } from '../../libs/flags/src/domain/evaluation';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag, flags, identify, valuesOf } from './factories';

/** A Prometheus counter's value (summed over its label sets matching `labels`). */
async function metric(t: TestApp, name: string, labels = ''): Promise<number> {
  const text = (await t.get('/_metrics', null).expect(200)).text;
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => l.includes(labels))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

describe('SDK evaluation endpoints: /flags and /decide', () => {
  let t: TestApp;
  let base: string;
  let staticCohortId: number;
  const token = () => t.projectToken;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}`;
    await identify(t, t.projectToken, [
      { distinctId: 'alice', properties: { plan: 'pro', age: 30, email: 'alice@example.com' } },
      { distinctId: 'bob', properties: { plan: 'free', age: 17 } },
      { distinctId: 'carol', properties: { plan: 'enterprise' } },
    ]);
    await request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: t.projectToken,
        batch: [
          {
            event: '$groupidentify',
            distinct_id: 'alice',
            properties: { $group_type: 'company', $group_key: 'acme', $group_set: { seats: 50 } },
          },
        ],
      })
      .expect(200);
    const paying = await createCohort(t, {
      name: 'Paying',
      filters: { properties: { type: 'OR', values: [{ key: 'plan', type: 'person', value: ['pro', 'enterprise'] }] } },
    });
    const chosen = await createCohort(t, { name: 'Chosen', is_static: true });
    staticCohortId = chosen.id;
    const alice = (await t.get(`${base}/persons/?distinct_id=alice`).expect(200)).body.results[0];
    await t
      .req('patch', `${base}/cohorts/${chosen.id}/add_persons_to_static_cohort/`)
      .send({ person_ids: [alice.uuid] })
      .expect(200, { success: true, added: 1 });

    await createFlag(t, {
      key: 'pro-only',
      name: 'Pro plan',
      filters: {
        groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }],
        payloads: { true: '{"x":1}' },
      },
    });
    await createFlag(t, {
      key: 'multi',
      filters: {
        groups: [
          { properties: [], rollout_percentage: 100 },
          { properties: [{ key: 'plan', type: 'person', value: 'enterprise' }], variant: 'blue' },
        ],
        multivariate: {
          variants: [
            { key: 'red', rollout_percentage: 50 },
            { key: 'blue', rollout_percentage: 50 },
          ],
        },
        payloads: { blue: '"sky"' },
      },
    });
    await createFlag(t, { key: 'inactive', active: false });
    const gone = await createFlag(t, { key: 'gone' });
    await t.patch(`${base}/feature_flags/${gone.id}/`, { deleted: true }).expect(200);
    await createFlag(t, {
      key: 'big-company',
      filters: {
        aggregation_group_type_index: 0,
        groups: [{ properties: [{ key: 'seats', type: 'group', group_type_index: 0, value: '10', operator: 'gt' }] }],
      },
    });
    await createFlag(t, {
      key: 'paying',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: paying.id }] }] },
    });
    await createFlag(t, {
      key: 'chosen',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: chosen.id }] }] },
    });
  });
  afterAll(() => t?.close());

  it('answers v2: every active flag from stored properties, with reason and metadata', async () => {
    const res = await flags(t, { token: token(), distinct_id: 'alice' }).expect(200);
    expect(valuesOf(res.body)).toEqual({
      'pro-only': true,
      multi: expect.stringMatching(/^(red|blue)$/),
      'big-company': false,
      paying: true,
      chosen: true,
    });
    expect(res.body.flags['pro-only']).toEqual({
      key: 'pro-only',
      enabled: true,
      variant: null,
      reason: { code: 'condition_match', condition_index: 0, description: 'Matched condition set 1' },
      metadata: { id: expect.any(Number), version: 1, description: 'Pro plan', payload: '{"x":1}' },
    });
    // Without its group, the group flag's condition is skipped: PostHog names it (condition_index 0).
    expect(res.body.flags['big-company'].reason).toMatchObject({ code: 'no_group_type', condition_index: 0 });
    expect(res.body).toMatchObject({ errorsWhileComputingFlags: false, quotaLimited: [] });
    expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(res.body.evaluatedAt - Date.now())).toBeLessThan(60_000);
  });

  it('tries conditions in stored order: the first one that matches decides, not the variant override', async () => {
    // PostHog's flags service since September 2025 (PostHog/posthog#37859): rust/feature-flags
    // src/flags/flag_matching.rs `get_match` walks `flag.get_conditions()` in order.
    const res = await flags(t, { token: token(), distinct_id: 'carol' }).expect(200);
    expect(res.body.flags.multi).toMatchObject({
      variant: 'red',
      reason: { code: 'condition_match', condition_index: 0 },
    });
    expect(res.body.flags.multi.metadata).toHaveProperty('payload', null); // PostHog sends the key, null
  });

  it('lets the request’s properties override the stored ones, and reads groups', async () => {
    const bob = await flags(t, { token: token(), distinct_id: 'bob' }).expect(200);
    expect(valuesOf(bob.body)).toMatchObject({ 'pro-only': false, paying: false, chosen: false });
    const promoted = await flags(t, {
      token: token(),
      distinct_id: 'bob',
      person_properties: { plan: 'pro' },
      groups: { company: 'acme' },
    }).expect(200);
    expect(valuesOf(promoted.body)).toMatchObject({ 'pro-only': true, paying: true, 'big-company': true });
    const small = await flags(t, {
      token: token(),
      distinct_id: 'bob',
      groups: { company: 'acme' },
      group_properties: { company: { seats: 3 } },
    }).expect(200);
    expect(small.body.flags['big-company'].enabled).toBe(false);
    const unknownPerson = await flags(t, {
      api_key: token(),
      distinct_id: 'nobody',
      person_properties: { plan: 'pro' },
    });
    expect(valuesOf(unknownPerson.body)).toMatchObject({ 'pro-only': true, chosen: false });
  });

  it('evaluates only flag_keys_to_evaluate, and leaves out inactive and deleted flags', async () => {
    const res = await flags(t, {
      token: token(),
      distinct_id: 'alice',
      flag_keys_to_evaluate: ['pro-only', 'inactive', 'gone', 'missing'],
    }).expect(200);
    expect(Object.keys(res.body.flags)).toEqual(['pro-only']);
    const all = await flags(t, { token: token(), distinct_id: 'alice' }).expect(200);
    expect(Object.keys(all.body.flags)).not.toContain('inactive');
    expect(Object.keys(all.body.flags)).not.toContain('gone');
  });

  it('answers the legacy shapes: /flags without v, /decide v3, and v2 on /decide?v=4', async () => {
    const legacy = await flags(t, { token: token(), distinct_id: 'alice' }, '/flags').expect(200);
    expect(legacy.body).toEqual({
      featureFlags: expect.objectContaining({ 'pro-only': true, 'big-company': false, chosen: true }),
      featureFlagPayloads: expect.objectContaining({ 'pro-only': '{"x":1}' }),
      errorsWhileComputingFlags: false,
    });
    const decide = await flags(t, { token: token(), distinct_id: 'carol' }, '/decide/?v=3').expect(200);
    expect(decide.body).toMatchObject({
      featureFlags: { multi: 'red', 'pro-only': false },
      isAuthenticated: false,
    });
    expect(decide.body.featureFlagPayloads).not.toHaveProperty('pro-only');
    expect(decide.body.featureFlagPayloads).not.toHaveProperty('multi');
    const v4 = await flags(t, { token: token(), distinct_id: 'carol' }, '/decide?v=4').expect(200);
    expect(v4.body.flags.multi.variant).toBe('red');
    // Older /decide versions carry the enabled flags only: v2 their values, v1 (and no v) their keys.
    const v2 = await flags(t, { token: token(), distinct_id: 'carol' }, '/decide/?v=2').expect(200);
    expect(v2.body.featureFlags).toMatchObject({ multi: 'red' });
    expect(v2.body.featureFlags).not.toHaveProperty('pro-only');
    expect(Object.values(v2.body.featureFlags)).not.toContain(false);
    for (const path of ['/decide/', '/decide/?v=1']) {
      const v1 = await flags(t, { token: token(), distinct_id: 'carol' }, path).expect(200);
      expect(v1.body.featureFlags).toEqual(Object.keys(v2.body.featureFlags));
      expect(v1.body).toMatchObject({ isAuthenticated: false, supportedCompression: ['gzip', 'gzip-js'] });
    }
  });

  it('takes any distinct id, as PostHog: an empty one, and a long one as its first 200 code points', async () => {
    const empty = await flags(t, { token: token(), distinct_id: '' }).expect(200);
    expect(empty.body.flags['pro-only']).toMatchObject({ enabled: false });
    const long = 'z'.repeat(300);
    const cut = await flags(t, { token: token(), distinct_id: long }).expect(200);
    const same = await flags(t, { token: token(), distinct_id: long.slice(0, 200) }).expect(200);
    expect(valuesOf(cut.body)).toEqual(valuesOf(same.body));
  });

  it('reads bodies as posthog-js sends them: gzip and base64 forms', async () => {
    const body = JSON.stringify({ token: token(), distinct_id: 'alice' });
    const gzipped = await request(t.baseUrl)
      .post('/flags/?v=2&compression=gzip-js')
      .set('Content-Type', 'text/plain')
      .send(gzipSync(body))
      .expect(200);
    expect(gzipped.body.flags['pro-only'].enabled).toBe(true);
    const form = await request(t.baseUrl)
      .post('/decide/?v=3')
      .type('form')
      .send(`data=${encodeURIComponent(Buffer.from(body).toString('base64'))}`)
      .expect(200);
    expect(form.body.featureFlags['pro-only']).toBe(true);
  });

  it('remembers the anonymous id as the hash key of continuity flags ($anon_distinct_id)', async () => {
    // A pair of ids the 50% rollout tells apart, so the bucketing id is visible in the answer.
    let anon = '';
    for (let i = 0; !anon; i++) {
      const candidate = `anon-${i}`;
      if (flagHash('sticky', candidate) <= 0.5 !== flagHash('sticky', 'dave') <= 0.5) anon = candidate;
    }
    await createFlag(t, {
      key: 'sticky',
      ensure_experience_continuity: true,
      filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
    });
    const asAnon = await flags(t, { token: token(), distinct_id: anon }).expect(200);
    await identify(t, token(), [{ distinctId: 'dave', properties: { plan: 'free' }, anonDistinctId: anon }]);
    const identified = await flags(t, { token: token(), distinct_id: 'dave', $anon_distinct_id: anon }).expect(200);
    expect(identified.body.flags.sticky.enabled).toBe(asAnon.body.flags.sticky.enabled);
    // Later requests without the anonymous id keep the remembered hash key.
    const later = await flags(t, { token: token(), distinct_id: 'dave' }).expect(200);
    expect(later.body.flags.sticky.enabled).toBe(asAnon.body.flags.sticky.enabled);
    expect(later.body.flags.sticky.enabled).not.toBe(flagHash('sticky', 'dave') <= 0.5);
  });

  it('keeps a remembered hash key when ingestion merges its person into another', async () => {
    let anon = '';
    for (let i = 0; !anon; i++) {
      const candidate = `merged-anon-${i}`;
      if (flagHash('sticky', candidate) <= 0.5 !== flagHash('sticky', 'erin') <= 0.5) anon = candidate;
    }
    await identify(t, token(), [
      { distinctId: 'erin', properties: { plan: 'pro' } },
      { distinctId: anon, properties: {} },
    ]);
    // The hash key lands on the anonymous person only (the other id has no person yet).
    await flags(t, { token: token(), distinct_id: 'not-yet-a-person', $anon_distinct_id: anon }).expect(200);
    // $identify folds the anonymous person into erin's.
    await identify(t, token(), [{ distinctId: 'erin', properties: {}, anonDistinctId: anon }]);
    const erin = (await t.get(`${base}/persons/?distinct_id=erin`).expect(200)).body.results[0];
    expect(erin.distinct_ids).toEqual(expect.arrayContaining(['erin', anon]));
    const res = await flags(t, { token: token(), distinct_id: 'erin' }).expect(200);
    expect(res.body.flags.sticky.enabled).toBe(flagHash('sticky', anon) <= 0.5);
  });

  it('sees a flag change on the very next request (the compiled definitions are dropped)', async () => {
    const flag = await createFlag(t, {
      key: 'switch',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect((await flags(t, { token: token(), distinct_id: 'alice' })).body.flags.switch.enabled).toBe(true);
    await t
      .patch(`${base}/feature_flags/${flag.id}/`, { filters: { groups: [{ properties: [], rollout_percentage: 0 }] } })
      .expect(200);
    expect((await flags(t, { token: token(), distinct_id: 'alice' })).body.flags.switch.enabled).toBe(false);
    await t.patch(`${base}/feature_flags/${flag.id}/`, { active: false }).expect(200);
    expect((await flags(t, { token: token(), distinct_id: 'alice' })).body.flags).not.toHaveProperty('switch');
    // A cohort change too.
    await t
      .req('patch', `${base}/cohorts/${staticCohortId}/add_persons_to_static_cohort/`)
      .send({ person_ids: [] })
      .expect(200);
  });

  it('compiles once per change and looks the person up once per request', async () => {
    await flags(t, { token: token(), distinct_id: 'alice' }).expect(200);
    const loads = await metric(t, 'flag_definitions_loads_total');
    const lookups = await metric(t, 'flag_evaluation_person_lookups_total');
    const groupLookups = await metric(t, 'flag_evaluation_group_lookups_total');
    for (let i = 0; i < 10; i++) await flags(t, { token: token(), distinct_id: 'alice' }).expect(200);
    expect(await metric(t, 'flag_definitions_loads_total')).toBe(loads);
    expect(await metric(t, 'flag_evaluation_person_lookups_total')).toBe(lookups + 10);
    await flags(t, { token: token(), distinct_id: 'alice', groups: { company: 'acme', other: 'x' } }).expect(200);
    expect(await metric(t, 'flag_evaluation_group_lookups_total')).toBe(groupLookups + 1);
  });

  it.each([
    ['no token', { distinct_id: 'alice' }, 401, 'missing_api_key'],
    ['an unknown token', { token: 'phc_unknown', distinct_id: 'alice' }, 401, 'invalid_api_key'],
    ['no distinct_id', { token: 'TOKEN' }, 400, 'required'],
    ['a distinct_id object', { token: 'TOKEN', distinct_id: { a: 1 } }, 400, 'invalid_input'],
    ['groups as a list', { token: 'TOKEN', distinct_id: 'a', groups: ['company'] }, 400, 'invalid_input'],
    ['person_properties as text', { token: 'TOKEN', distinct_id: 'a', person_properties: 'x' }, 400, 'invalid_input'],
    ['flag keys not a list', { token: 'TOKEN', distinct_id: 'a', flag_keys_to_evaluate: 'x' }, 400, 'invalid_input'],
  ])('refuses %s with the envelope', async (_, body, status, code) => {
    const sent = JSON.parse(JSON.stringify(body).replace('TOKEN', token()));
    for (const path of ['/flags/?v=2', '/decide/?v=3']) {
      const res = await flags(t, sent, path).expect(status);
      expect(res.body).toMatchObject({ code, type: status === 401 ? 'authentication_error' : 'validation_error' });
      expect(Object.keys(res.body).sort()).toEqual(['attr', 'code', 'detail', 'type']);
    }
  });

  it('refuses a body that is not JSON with 400, and other methods with 405', async () => {
    const res = await request(t.baseUrl).post('/flags/?v=2').set('Content-Type', 'application/json').send('{nope');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_payload');
    expect((await request(t.baseUrl).get('/flags/')).status).toBe(405);
    expect((await request(t.baseUrl).put('/decide/')).status).toBe(405);
  });

  it('answers CORS preflights and echoes the origin', async () => {
    const preflight = await request(t.baseUrl)
      .options('/flags/')
      .set('Origin', 'https://shop.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');
    const res = await flags(t, { token: token(), distinct_id: 'alice' }).set('Origin', 'https://shop.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example');
    const ofrep = await request(t.baseUrl).options('/ofrep/v1/evaluate/flags/pro-only').set('Origin', 'https://a.b');
    expect(ofrep.status).toBe(204);
  });
});
