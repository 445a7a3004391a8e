import { jest } from '@jest/globals';
import { PostHog } from 'posthog-node';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, flags, valuesOf } from './factories';

/**
 * A flag's `evaluation_runtime` and evaluation contexts, as PostHog's flags service honours them
 * (rust/feature-flags `handler/flags.rs`): the runtime of a request is its body's
 * `evaluation_runtime`, else its User-Agent, else browser headers; a flag of one runtime is never
 * served to a request of the other, nor to one whose runtime is unknown.
 */
describe('evaluation runtime and evaluation contexts', () => {
  let t: TestApp;
  let base: string;
  const ON = { groups: [{ properties: [], rollout_percentage: 100 }] };
  const SECRET = { ...ON, payloads: { true: '{"secret": "server-side"}' } };
  const CLIENT_PAYLOAD = { ...ON, payloads: { true: '{"shown": "client-side"}' } };
  const ALL_KEYS = ['everywhere', 'legacy-null', 'server-only', 'client-only', 'web-only'];
  const SERVER = ['everywhere', 'legacy-null', 'server-only', 'web-only'];
  const CLIENT = ['everywhere', 'legacy-null', 'client-only', 'web-only'];
  const UNKNOWN = ['everywhere', 'legacy-null', 'web-only'];

  const ask = (body: object, headers: Record<string, string> = {}, path = '/flags/?v=2') => {
    const r = flags(t, { token: t.projectToken, distinct_id: 'ann', ...body }, path);
    for (const [k, v] of Object.entries(headers)) r.set(k, v);
    return r;
  };
  const keysOf = async (body: object, headers: Record<string, string> = { 'User-Agent': 'custom-client/1.0' }) => {
    const res = await ask(body, headers).expect(200);
    return Object.keys(res.body.flags).sort();
  };
  const sorted = (keys: string[]) => [...keys].sort();

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/feature_flags`;
    await createFlag(t, { key: 'everywhere', filters: ON });
    await createFlag(t, { key: 'legacy-null', filters: ON, evaluation_runtime: null });
    await createFlag(t, { key: 'server-only', filters: SECRET, evaluation_runtime: 'server' });
    await createFlag(t, { key: 'client-only', filters: CLIENT_PAYLOAD, evaluation_runtime: 'client' });
    await createFlag(t, { key: 'web-only', filters: ON, evaluation_contexts: ['web', 'web'] });
  });
  afterAll(() => t?.close());

  describe('the flag API', () => {
    it('stores both, defaults to all and no contexts, and shows them', async () => {
      const list = (await t.get(`${base}/?limit=100`).expect(200)).body.results as Array<Record<string, unknown>>;
      const byKey = Object.fromEntries(list.map((f) => [f.key, f]));
      expect(byKey.everywhere).toMatchObject({ evaluation_runtime: 'all', evaluation_contexts: [] });
      expect(byKey['legacy-null']).toMatchObject({ evaluation_runtime: null, evaluation_contexts: [] });
      expect(byKey['server-only']).toMatchObject({ evaluation_runtime: 'server' });
      // duplicates dropped, order kept
      expect(byKey['web-only']).toMatchObject({ evaluation_runtime: 'all', evaluation_contexts: ['web'] });

      const flag = await createFlag(t, { key: 'patched', filters: ON });
      const patched = await t
        .patch(`${base}/${flag.id}/`, { evaluation_runtime: 'client', evaluation_contexts: ['b', 'a'] })
        .expect(200);
      expect(patched.body).toMatchObject({ evaluation_runtime: 'client', evaluation_contexts: ['b', 'a'] });
      const read = (await t.get(`${base}/${flag.id}/`).expect(200)).body;
      expect(read).toMatchObject({ evaluation_runtime: 'client', evaluation_contexts: ['b', 'a'] });

      const entries = (await t.get(`${base}/${flag.id}/activity/`).expect(200)).body.results;
      const changes = (entries[0].detail.changes as Array<{ field: string }>).filter((c) => c.field !== 'version');
      expect(changes).toEqual([
        { type: 'FeatureFlag', action: 'changed', field: 'evaluation_runtime', before: 'all', after: 'client' },
        { type: 'FeatureFlag', action: 'changed', field: 'evaluation_contexts', before: [], after: ['b', 'a'] },
      ]);
      await t.patch(`${base}/${flag.id}/`, { deleted: true }).expect(200);
    });

    it.each([
      [{ evaluation_runtime: 'browser' }, '"browser" is not a valid choice.', 'invalid_choice', 'evaluation_runtime'],
      [{ evaluation_runtime: 5 }, '"5" is not a valid choice.', 'invalid_choice', 'evaluation_runtime'],
      [{ evaluation_runtime: '' }, '"" is not a valid choice.', 'invalid_choice', 'evaluation_runtime'],
      [
        { evaluation_contexts: 'web' },
        'Expected a list of items but got type "string".',
        'invalid_input',
        'evaluation_contexts',
      ],
      [{ evaluation_contexts: null }, 'This field may not be null.', 'null', 'evaluation_contexts'],
      [
        { evaluation_contexts: Array.from({ length: 51 }, (_, i) => `c${i}`) },
        'evaluation_contexts must be a list of at most 50 items.',
        'invalid_input',
        'non_field_errors',
      ],
      [{ evaluation_contexts: [1] }, 'Invalid evaluation context name.', 'invalid_input', 'non_field_errors'],
      [
        { evaluation_contexts: ['a\u0000'] },
        'Null characters are not allowed.',
        'null_characters_not_allowed',
        'evaluation_contexts',
      ],
      [
        { evaluation_contexts: ['x'.repeat(256)] },
        'Invalid evaluation context name.',
        'invalid_input',
        'non_field_errors',
      ],
    ])('refuses %j on create and update, as PostHog words it', async (body, detail, code, attr) => {
      const created = await t.post(`${base}/`, { key: 'refused', ...body }).expect(400);
      expect(created.body).toEqual({ type: 'validation_error', code, detail, attr });
      const flag = (await t.get(`${base}/?search=everywhere`).expect(200)).body.results[0];
      const updated = await t.patch(`${base}/${flag.id}/`, body).expect(400);
      expect(updated.body).toEqual({ type: 'validation_error', code, detail, attr });
    });
  });

  describe('/flags and /decide', () => {
    it('takes the runtime from the body first, any other string being all', async () => {
      expect(await keysOf({ evaluation_runtime: 'server' })).toEqual(sorted(SERVER));
      expect(await keysOf({ evaluation_runtime: 'CLIENT' })).toEqual(sorted(CLIENT));
      expect(await keysOf({ evaluation_runtime: 'all' })).toEqual(sorted(ALL_KEYS));
      expect(await keysOf({ evaluation_runtime: 'edge' })).toEqual(sorted(ALL_KEYS));
      // explicit beats the User-Agent
      expect(await keysOf({ evaluation_runtime: 'server' }, { 'User-Agent': 'Mozilla/5.0 Chrome/120' })).toEqual(
        sorted(SERVER),
      );
    });

    it.each([
      ['posthog-node/5.70.0', SERVER],
      ['posthog-python/6.0.0 (Linux)', SERVER],
      ['curl/8.5.0', SERVER],
      ['posthog-js/1.269.0', CLIENT],
      ['posthog-android/3.0.0', CLIENT],
      ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36', CLIENT],
      ['posthog-unknown/1.0.0', UNKNOWN],
      ['custom-client/1.0', UNKNOWN],
    ])('else reads the User-Agent %s', async (ua, expected) => {
      expect(await keysOf({}, { 'User-Agent': ua })).toEqual(sorted(expected));
    });

    it('else takes browser headers for a client, and serves an unknown runtime only the flags of every runtime', async () => {
      for (const h of [
        { Origin: 'https://site.example' } as Record<string, string>,
        { Referer: 'https://site.example/' } as Record<string, string>,
        { 'Sec-Fetch-Mode': 'cors' } as Record<string, string>,
      ]) {
        expect(await keysOf({}, { 'User-Agent': 'custom-client/1.0', ...h })).toEqual(sorted(CLIENT));
      }
      expect(await keysOf({})).toEqual(sorted(UNKNOWN));
    });

    it('serves a flag with contexts only to a request naming one of them (or none)', async () => {
      const server = { evaluation_runtime: 'server' };
      expect(await keysOf({ ...server, evaluation_contexts: ['web'] })).toContain('web-only');
      expect(await keysOf({ ...server, evaluation_contexts: ['mobile', 'web'] })).toContain('web-only');
      expect(await keysOf({ ...server, evaluation_contexts: ['mobile'] })).toEqual(
        sorted(SERVER.filter((k) => k !== 'web-only')),
      );
      // the older name
      expect(await keysOf({ ...server, evaluation_environments: ['mobile'] })).not.toContain('web-only');
      expect(await keysOf({ ...server, evaluation_contexts: [] })).toContain('web-only');
    });

    it('never sends a browser a server flag nor its payload, even when asked for it by key', async () => {
      const browser = { 'User-Agent': 'Mozilla/5.0 Chrome/120', Origin: 'https://site.example' };
      const res = await ask({ flag_keys_to_evaluate: ['server-only', 'client-only'] }, browser).expect(200);
      expect(valuesOf(res.body)).toEqual({ 'client-only': true });
      expect(JSON.stringify(res.body)).not.toContain('server-side');
      const legacy = await ask({}, browser, '/flags/?v=1').expect(200);
      expect(legacy.body.featureFlags).not.toHaveProperty('server-only');
      expect(legacy.body.featureFlagPayloads).not.toHaveProperty('server-only');
      const decide = await ask({}, browser, '/decide/?v=3').expect(200);
      expect(Object.keys(decide.body.featureFlags).sort()).toEqual(sorted(CLIENT));
      expect(decide.body.featureFlagPayloads).toEqual({ 'client-only': '{"shown": "client-side"}' });
    });

    it('answers the same through the fast route and Nest route', async () => {
      const body = { evaluation_contexts: ['mobile'] };
      const headers = { 'User-Agent': 'posthog-node/5.70.0' };
      const fast = await ask(body, headers, '/flags/?v=2').expect(200);
      const nest = await ask(body, headers, '/flags/?v=2&unknown_field=1').expect(200);
      expect(valuesOf(nest.body)).toEqual(valuesOf(fast.body));
      expect(Object.keys(fast.body.flags).sort()).toEqual(['everywhere', 'legacy-null', 'server-only']);
    });

    it('refuses a runtime or contexts of the wrong type, naming the field', async () => {
      const bad = await ask({ evaluation_runtime: 5 }).expect(400);
      expect(bad.body).toMatchObject({ attr: 'evaluation_runtime' });
      const list = await ask({ evaluation_contexts: 'web' }).expect(400);
      expect(list.body).toMatchObject({ attr: 'evaluation_contexts' });
    });
  });

  it('ships every flag to local evaluation with its runtime and contexts (the SDK filters, as PostHog)', async () => {
    const res = await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200);
    const byKey = Object.fromEntries(
      (res.body.flags as Array<Record<string, unknown>>).map((f) => [f.key, f] as const),
    );
    expect(Object.keys(byKey).sort()).toEqual(sorted(ALL_KEYS));
    expect(byKey['client-only']).toMatchObject({ evaluation_runtime: 'client', evaluation_contexts: [] });
    expect(byKey['server-only']).toMatchObject({ evaluation_runtime: 'server' });
    expect(byKey['web-only']).toMatchObject({ evaluation_runtime: 'all', evaluation_contexts: ['web'] });
    expect(byKey['legacy-null']).not.toHaveProperty('evaluation_runtime');
  });

  describe('OFREP', () => {
    const ofrep = (path: string, context: object, headers: Record<string, string>) => {
      const r = request(t.baseUrl)
        .post(`/ofrep/v1/evaluate/flags${path}`)
        .set('Authorization', `Bearer ${t.projectToken}`);
      for (const [k, v] of Object.entries(headers)) r.set(k, v);
      return r.send({ context: { targetingKey: 'ann', ...context } });
    };

    it('serves the runtime the context names, else the one its headers show', async () => {
      const keys = async (context: object, headers: Record<string, string>) =>
        ((await ofrep('', context, headers).expect(200)).body.flags as Array<{ key: string }>).map((f) => f.key).sort();
      expect(await keys({}, { 'User-Agent': 'Mozilla/5.0 Chrome/120' })).toEqual(sorted(CLIENT));
      expect(await keys({ evaluation_runtime: 'server' }, { 'User-Agent': 'Mozilla/5.0' })).toEqual(sorted(SERVER));
      expect(await keys({ evaluation_runtime: 'server', evaluation_contexts: ['mobile'] }, {})).toEqual(
        sorted(SERVER.filter((k) => k !== 'web-only')),
      );
      const missing = await ofrep('/server-only', {}, { 'User-Agent': 'Mozilla/5.0' }).expect(404);
      expect(missing.body).toMatchObject({ key: 'server-only', errorCode: 'FLAG_NOT_FOUND' });
      await ofrep('/server-only', { evaluation_runtime: 'server' }, {}).expect(200);
      const bad = await ofrep('', { evaluation_contexts: 'web' }, {}).expect(400);
      expect(bad.body).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
    });
  });

  describe('posthog-node (unmodified)', () => {
    const clients: PostHog[] = [];
    const errors: unknown[] = [];
    const client = (options: Record<string, unknown>) => {
      const c = new PostHog(t.projectToken, {
        host: t.baseUrl,
        sendFeatureFlagEvent: false,
        flushAt: 1,
        fetchRetryCount: 0,
        ...options,
      });
      c.on('error', (e) => errors.push(e));
      clients.push(c);
      return c;
    };
    beforeAll(() => {
      // posthog-node 5.70 calls getFeatureFlag & co. deprecated (in favour of evaluateFlags).
      const warn = console.warn;
      jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
        if (!String(args[0]).includes('is deprecated')) warn(...args);
      });
    });
    afterAll(() => Promise.all(clients.map((c) => c.shutdown())));
    afterEach(() => expect(errors).toEqual([]));

    it('remote evaluation: gets the server flags and no client flag, filtered by its evaluation contexts', async () => {
      const remote = client({});
      expect(Object.keys(await remote.getAllFlags('ann')).sort()).toEqual(sorted(SERVER));
      expect(await remote.getFeatureFlag('client-only', 'ann')).toBeUndefined();
      expect(await remote.getFeatureFlagPayload('server-only', 'ann')).toEqual({ secret: 'server-side' });

      const mobile = client({ evaluationContexts: ['mobile'] });
      expect(Object.keys(await mobile.getAllFlags('ann')).sort()).toEqual(
        sorted(SERVER.filter((k) => k !== 'web-only')),
      );
      const web = client({ evaluationContexts: ['web'] });
      expect(Object.keys(await web.getAllFlags('ann')).sort()).toEqual(sorted(SERVER));
    });

    it('local evaluation: filters the definitions by its contexts itself; 5.70 evaluates client flags locally', async () => {
      const local = client({
        personalApiKey: t.key,
        featureFlagsPollingInterval: 60_000,
        evaluationContexts: ['mobile'],
      });
      await local.waitForLocalEvaluationReady(10_000);
      const all = await local.getAllFlags('ann', { onlyEvaluateLocally: true });
      // As against PostHog, which ships client flags to local evaluation too (docs/compatibility.md).
      expect(Object.keys(all).sort()).toEqual(['client-only', 'everywhere', 'legacy-null', 'server-only']);
      expect(local.getFeatureFlagKeysByEvaluationRuntime('server').sort()).toEqual([
        'everywhere',
        'legacy-null',
        'server-only',
      ]);
    });
  });
});
