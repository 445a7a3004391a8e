/** @sql-sensitive secret tokens backfilled by a migration, unique indexes, lookups by token */
import { jest } from '@jest/globals';
import { PostHog } from 'posthog-node';
import request from 'supertest';
import { generateSecret } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 38: a project's secret API token (PostHog's `Team.secret_api_token`, `phs_…`, with
 * `secret_api_token_backup` for rotation; posthog/models/team/team.py `rotate_secret_token_and_save`,
 * posthog/auth.py `ProjectSecretAPIKeyAuthentication`, rust/feature-flags/src/api/auth.rs). Server
 * SDKs send it as `secretKey` for local evaluation and remote config; it calls nothing else.
 */
const SECRET = /^phs_[A-Za-z0-9]{43}$/;

describe('project secret API tokens', () => {
  let t: TestApp;
  const projectPath = () => `/api/projects/${t.projectId}/`;
  const flagsPath = () => `/api/projects/${t.projectId}/feature_flags/`;
  const definitions = (secret: string, token = t.projectToken) =>
    t.get(`/flags/definitions?token=${token}&send_cohorts`, secret);
  const remoteConfig = (secret: string, key = 'rc-secret') =>
    t.get(`/api/projects/@current/feature_flags/${key}/remote_config?token=${t.projectToken}`, secret);
  const secretOf = async () => (await t.get(projectPath()).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp({ FLAGS_SECRET_KEYS: 'a-flags-secret-key-of-32-bytes-long!' });
    await t
      .post(flagsPath(), {
        key: 'everyone',
        filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"n":1}' } },
      })
      .expect(201);
    await t
      .post(flagsPath(), {
        key: 'rc-secret',
        is_remote_configuration: true,
        has_encrypted_payloads: true,
        filters: { groups: [], payloads: { true: '{"api_key":"s3cret"}' } },
      })
      .expect(201);
  });
  afterAll(() => t?.close());

  it("shows the project's secret token and its backup on the project, and nowhere else", async () => {
    const project = await secretOf();
    expect(project.secret_api_token).toMatch(SECRET);
    expect(project.secret_api_token_backup).toBeNull();
    const list = await t.get('/api/projects/').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(project.secret_api_token);
    const me = await t.get('/api/users/@me/').expect(200);
    expect(JSON.stringify(me.body)).not.toContain(project.secret_api_token);
    const created = await t.post('/api/projects/', { name: 'Second' }).expect(201);
    expect(created.body.secret_api_token).toMatch(SECRET);
    expect(created.body.secret_api_token).not.toBe(project.secret_api_token);
  });

  it('serves local evaluation and remote config to unmodified posthog-node configured with secretKey', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { secret_api_token: secretKey } = await secretOf();
    const client = new PostHog(t.projectToken, { host: t.baseUrl, secretKey, fetchRetryCount: 0 });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    try {
      expect(await client.waitForLocalEvaluationReady(10_000)).toBe(true);
      expect(await client.getFeatureFlag('everyone', 'ann', { onlyEvaluateLocally: true })).toBe(true);
      expect(await client.getFeatureFlagPayload('everyone', 'ann', true, { onlyEvaluateLocally: true })).toEqual({
        n: 1,
      });
      expect(await client.getRemoteConfigPayload('rc-secret')).toEqual({ api_key: 's3cret' });
      expect(errors).toEqual([]);
    } finally {
      await client.shutdown();
      warn.mockRestore();
    }
    // the project-scoped local evaluation and the older definitions path take it too
    await t.get(`${flagsPath()}local_evaluation`, secretKey).expect(200);
    await t.get(`/api/projects/@current/feature_flags/local_evaluation`, secretKey).expect(200);
    await t.get(`/api/feature_flag/local_evaluation?token=${t.projectToken}`, secretKey).expect(200);
  });

  it("reaches no other project's flags", async () => {
    const { secret_api_token: secret } = await secretOf();
    const other = await t.newTenant();
    await t.get(`/api/projects/${other.projectId}/feature_flags/local_evaluation`, secret).expect(404);
    expect((await definitions(secret, other.projectToken)).status).toBe(401);
    await t
      .get(`/api/projects/@current/feature_flags/rc-secret/remote_config?token=${other.projectToken}`, secret)
      .expect(404);
    await t.get(`/api/projects/${other.projectId}/feature_flags/rc-secret/remote_config`, secret).expect(404);
  });

  it('is refused on every management route, its own rotation included', async () => {
    const { secret_api_token: secret } = await secretOf();
    const refused = [
      t.get('/api/projects/', secret),
      t.get(projectPath(), secret),
      t.get(flagsPath(), secret),
      t.get(`${flagsPath()}evaluation_reasons?distinct_id=ann`, secret),
      t.post(flagsPath(), { key: 'nope' }, secret),
      t.get(`/api/projects/${t.projectId}/cohorts/`, secret),
      t.get(`/api/projects/${t.projectId}/persons/`, secret),
      t.get('/api/users/@me/', secret),
      t.get('/api/personal_api_keys/', secret),
      t.patch(`${projectPath()}rotate_secret_token/`, {}, secret),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ type: 'authentication_error', code: 'permission_denied' });
    }
    expect((await secretOf()).secret_api_token).toBe(secret);
  });

  it('rotates as PostHog does: the old token stays as the backup until the next rotation or its deletion', async () => {
    const first = (await secretOf()).secret_api_token as string;
    const rotated = (await t.patch(`${projectPath()}rotate_secret_token/`, {}).expect(200)).body;
    const second = rotated.secret_api_token as string;
    expect(second).toMatch(SECRET);
    expect(second).not.toBe(first);
    expect(rotated.secret_api_token_backup).toBe(first);
    await definitions(first).expect(200);
    await definitions(second).expect(200);
    await remoteConfig(first).expect(200);

    const again = (await t.patch(`${projectPath()}rotate_secret_token/`, {}).expect(200)).body;
    const third = again.secret_api_token as string;
    expect(again.secret_api_token_backup).toBe(second);
    expect((await definitions(first)).status).toBe(401);
    expect((await remoteConfig(first)).status).toBe(401);
    await definitions(second).expect(200);
    await definitions(third).expect(200);

    const deleted = (await t.patch(`${projectPath()}delete_secret_token_backup/`, {}).expect(200)).body;
    expect(deleted).toMatchObject({ secret_api_token: third, secret_api_token_backup: null });
    expect((await definitions(second)).status).toBe(401);
    await definitions(third).expect(200);
    // deleting no backup changes nothing
    await t.patch(`${projectPath()}delete_secret_token_backup/`, {}).expect(200);
  });

  it('is rotated by organization admins only, with project:write', async () => {
    const member = await t.newUser(t.organizationId, { level: 'member' });
    await t.patch(`${projectPath()}rotate_secret_token/`, {}, member.key).expect(403);
    await t.patch(`${projectPath()}delete_secret_token_backup/`, {}, member.key).expect(403);
    const reader = await t.newUser(t.organizationId, { level: 'admin', scopes: ['project:read'] });
    await t.patch(`${projectPath()}rotate_secret_token/`, {}, reader.key).expect(403);
    // a member still reads it, as PostHog's team serializer shows it
    expect((await t.get(projectPath(), member.key).expect(200)).body.secret_api_token).toMatch(SECRET);
  });

  it('answers an unknown or malformed secret token 401 where one is taken', async () => {
    const unknown = await definitions(generateSecret('phs_'));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ type: 'authentication_error', code: 'authentication_failed' });
    expect((await definitions('phs_short')).status).toBe(401);
  });
});

describe('project secret tokens and the failed-authentication limit', () => {
  const LIMIT = 4;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_FAILURES_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t?.close());

  const definitions = (address: string, secret: string) =>
    request(t.baseUrl)
      .get(`/flags/definitions?token=${t.projectToken}`)
      .set('X-Forwarded-For', address)
      .set('Authorization', `Bearer ${secret}`);

  it('counts unknown secret tokens against the address, and keeps serving the valid one', async () => {
    const secret = (await t.get(`/api/projects/${t.projectId}/`).expect(200)).body.secret_api_token as string;
    const attacker = '203.0.113.9';
    await definitions(attacker, secret).expect(200);
    for (let i = 0; i < LIMIT; i++) await definitions(attacker, generateSecret('phs_')).expect(401);
    const throttled = await definitions(attacker, generateSecret('phs_'));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await definitions(attacker, secret).expect(200);
    await definitions('198.51.100.2', generateSecret('phs_')).expect(401);
  });
});
