import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag } from './factories';

/**
 * posthog-js's remote config: `/array/<token>/config` and its script form `config.js`, which
 * posthog-js loads before anything else on every page. The shapes follow PostHog's
 * `RemoteConfig.build_config` (posthog/models/remote_config.py) as rust/feature-flags serves it
 * (`config_endpoint` / `config_js_endpoint`: 400 for a malformed token, 404 for an unknown one,
 * `Cache-Control: public, max-age=300`).
 */
describe('remote config (/array/:token/config, config.js)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const ORIGIN = 'https://shop.example';
  const get = (path: string) => request(t.baseUrl).get(path).set('Origin', ORIGIN);

  /**
   * The whole config: recordings, surveys and the other products Bunting lacks are off. Surveys
   * by a missing key: posthog-js loads its surveys script on `surveys: false` too.
   */
  const expected = (token: string, hasFeatureFlags: boolean) => ({
    token,
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags,
    captureDeadClicks: false,
    capturePerformance: false,
    autocapture_opt_out: false,
    autocaptureExceptions: false,
    analytics: { endpoint: '/i/v0/e/' },
    elementsChainAsString: true,
    errorTracking: { autocaptureExceptions: false, suppressionRules: [] },
    logs: { captureConsoleLogs: false },
    sessionRecording: false,
    heatmaps: false,
    conversations: false,
    productTours: false,
    defaultIdentifiedOnly: true,
    siteApps: [],
  });

  /** Runs a config.js body as a page would and returns what it registered. */
  function registered(script: string): Record<string, unknown> {
    const window: { _POSTHOG_REMOTE_CONFIG?: Record<string, unknown> } = {};
    runInNewContext(script, { window });
    return window._POSTHOG_REMOTE_CONFIG ?? {};
  }

  beforeAll(async () => {
    t = await startTestApp();
    doc = await OpenApiDocument.fetch(t);
  });
  afterAll(() => t?.close());

  it('serves the JSON form: what Bunting supports, hasFeatureFlags following the active flags', async () => {
    const other = await t.newTenant();
    const empty = await get(`/array/${other.projectToken}/config`).expect(200);
    expect(empty.body).toEqual(expected(other.projectToken, false));
    expect(empty.headers['content-type']).toMatch(/^application\/json/);
    expect(empty.headers['cache-control']).toBe('public, max-age=300');
    expect(empty.headers['etag']).toMatch(/^"[^"]+"$/);
    expect(empty.headers['access-control-allow-origin']).toBe(ORIGIN);
    doc.expectDocumented('get', '/array/{token}/config', empty);

    // an inactive flag is not a reason to ask /flags; an active one is, until it is deleted
    const off = await createFlag(t, { key: 'dormant', active: false }, other.projectId, other.key);
    expect((await get(`/array/${other.projectToken}/config`).expect(200)).body.hasFeatureFlags).toBe(false);
    const on = await createFlag(t, { key: 'live' }, other.projectId, other.key);
    const withFlag = await get(`/array/${other.projectToken}/config/`).expect(200);
    expect(withFlag.body).toEqual(expected(other.projectToken, true));
    expect(withFlag.headers['etag']).not.toBe(empty.headers['etag']);
    await t.patch(`/api/projects/${other.projectId}/feature_flags/${on.id}/`, { deleted: true }, other.key).expect(200);
    await t.patch(`/api/projects/${other.projectId}/feature_flags/${off.id}/`, { active: true }, other.key).expect(200);
    expect((await get(`/array/${other.projectToken}/config`).expect(200)).body.hasFeatureFlags).toBe(true);
    await t
      .patch(`/api/projects/${other.projectId}/feature_flags/${off.id}/`, { active: false }, other.key)
      .expect(200);
    const again = await get(`/array/${other.projectToken}/config`).expect(200);
    expect(again.body.hasFeatureFlags).toBe(false);
    expect(again.headers['etag']).toBe(empty.headers['etag']);

    // each token answers its own project
    await createFlag(t, { key: 'mine' });
    expect((await get(`/array/${t.projectToken}/config`).expect(200)).body).toEqual(expected(t.projectToken, true));
  });

  it('serves the script form: it registers the same config under window._POSTHOG_REMOTE_CONFIG[token]', async () => {
    const res = await get(`/array/${t.projectToken}/config.js`).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const { siteApps: _siteApps, ...config } = expected(t.projectToken, true);
    expect(registered(res.text)).toEqual({ [t.projectToken]: { config, siteApps: [] } });
    // PostHog's layout (rust/feature-flags build_config_js)
    expect(res.text.split('\n')).toEqual([
      '(function() {',
      '  window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {};',
      `  window._POSTHOG_REMOTE_CONFIG['${t.projectToken}'] = {`,
      `    config: ${JSON.stringify(config)},`,
      '    siteApps: []',
      '  }',
      '})();',
    ]);
    doc.expectDocumented('get', '/array/{token}/config.js', res);
    // several projects on one page keep each other's config
    const other = await t.newTenant();
    const both = `${res.text}\n${(await get(`/array/${other.projectToken}/config.js`).expect(200)).text}`;
    expect(Object.keys(registered(both)).sort()).toEqual([t.projectToken, other.projectToken].sort());
  });

  it('answers 304 to a matching If-None-Match (strong, weak or in a list), with CORS, and 200 to a stale one', async () => {
    for (const form of ['config', 'config.js']) {
      const path = `/array/${t.projectToken}/${form}`;
      const first = await get(path).expect(200);
      const etag = first.headers['etag'];
      for (const header of [etag, `W/${etag}`, `"stale", ${etag}`]) {
        const cached = await get(path).set('If-None-Match', header).expect(304);
        expect(cached.text).toBe('');
        expect(cached.headers['etag']).toBe(etag);
        expect(cached.headers['access-control-allow-origin']).toBe(ORIGIN);
        doc.expectDocumented('get', `/array/{token}/${form}`, cached);
      }
      const stale = await get(path).set('If-None-Match', '"stale"').expect(200);
      expect(stale.text).toBe(first.text);
    }
    // a change of the flags is a new body and a new tag
    const path = `/array/${t.projectToken}/config`;
    const before = (await get(path).expect(200)).headers['etag'];
    const other = await t.newTenant();
    await createFlag(t, { key: 'first' }, other.projectId, other.key);
    expect((await get(`/array/${other.projectToken}/config`).set('If-None-Match', before).expect(200)).body).toEqual(
      expected(other.projectToken, true),
    );
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await request(t.baseUrl).head(`/array/${t.projectToken}/config.js`).expect(200);
    expect(res.headers['etag']).toBeDefined();
    expect(res.text ?? '').toBe('');
  });

  it('answers 404 for a token of no project and 400 for a malformed one, in the envelope and with CORS', async () => {
    for (const form of ['config', 'config.js']) {
      const unknown = await get(`/array/phc_${'Z'.repeat(43)}/${form}`).expect(404);
      expect(unknown.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null });
      expect(unknown.headers['access-control-allow-origin']).toBe(ORIGIN);
      doc.expectDocumented('get', `/array/{token}/${form}`, unknown);
      for (const token of ['bad.token', 'a%20b', 'x'.repeat(201), '%F0%9F%90%A6']) {
        const bad = await get(`/array/${token}/${form}`).expect(400);
        expect(bad.body).toMatchObject({ type: 'validation_error', code: 'invalid_input', attr: 'token' });
        expect(bad.headers['access-control-allow-origin']).toBe(ORIGIN);
        doc.expectDocumented('get', `/array/{token}/${form}`, bad);
      }
    }
    // PostHog's token alphabet includes old non-phc tokens: well-formed, just unknown
    await get('/array/some-old_token/config').expect(404);
  });

  it('refuses other methods with 405, with CORS', async () => {
    const res = await request(t.baseUrl).post(`/array/${t.projectToken}/config`).set('Origin', ORIGIN).expect(405);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
