/** @sql-sensitive stored JSON read back with raw SQL */
import { PostHog } from 'posthog-node';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../support/test-app';

const REDACTED = '"********* (encrypted)"';

describe('flag remote config (GET …/feature_flags/:id_or_key/remote_config)', () => {
  let t: TestApp;
  const flagsUrl = () => `/api/projects/${t.projectId}/feature_flags/`;
  const create = async (body: object) => (await t.post(flagsUrl(), body).expect(201)).body;
  const remoteConfig = (idOrKey: string | number, key?: string | null) =>
    t.get(`/api/projects/@current/feature_flags/${idOrKey}/remote_config?token=${t.projectToken}`, key);

  beforeAll(async () => {
    t = await startTestApp({ FLAGS_SECRET_KEYS: 'a-new-flags-secret-key-of-32-bytes!,an-old-key' });
  });
  afterAll(() => t.close());

  it("answers a remote-config flag's payload as PostHog does (JSON text, JSON-encoded), by key or id", async () => {
    const flag = await create({
      key: 'rc-plain',
      is_remote_configuration: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"color":"blue"}' } },
    });
    expect(flag).toMatchObject({ is_remote_configuration: true, has_encrypted_payloads: false });
    const byKey = await remoteConfig('rc-plain').expect(200).expect('Content-Type', /json/);
    expect(byKey.body).toBe('{"color":"blue"}');
    expect((await remoteConfig(flag.id).expect(200)).body).toBe('{"color":"blue"}');

    await create({ key: 'rc-empty', is_remote_configuration: true });
    expect((await remoteConfig('rc-empty').expect(200)).text).toBe('null');
  });

  it("is 404 for a flag that is not a remote config, an unknown key, and outside the caller's projects", async () => {
    await create({ key: 'plain-flag', filters: { groups: [], payloads: { true: '1' } } });
    await remoteConfig('plain-flag').expect(404);
    await remoteConfig('no-such-flag').expect(404);
    const other = await t.newTenant();
    await remoteConfig('rc-plain', other.key).expect(404);
    await t.get(`/api/projects/${other.projectId}/feature_flags/rc-plain/remote_config`).expect(404);
    // The other tenant's token names a project the bootstrap key does not hold.
    await t.get(`/api/projects/@current/feature_flags/rc-plain/remote_config?token=${other.projectToken}`).expect(404);
    await remoteConfig('rc-plain', null).expect(401);
  });

  it('needs feature_flag:read', async () => {
    const reader = await t.newUser(t.organizationId, { scopes: ['feature_flag:read'] });
    await remoteConfig('rc-plain', reader.key).expect(200);
    const other = await t.newUser(t.organizationId, { scopes: ['cohort:read'] });
    await remoteConfig('rc-plain', other.key).expect(403);
  });

  it('stores encrypted payloads as Fernet tokens, shows them to a personal key, redacts them elsewhere', async () => {
    const flag = await create({
      key: 'rc-secret',
      is_remote_configuration: true,
      has_encrypted_payloads: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"api_key":"s3cret"}' } },
    });
    expect(flag.filters.payloads.true).toBe('{"api_key":"s3cret"}');
    const [row] = await t.app.get(DataSource).query(`SELECT filters FROM feature_flags WHERE id = $1`, [flag.id]);
    expect(row.filters.payloads.true).toMatch(/^gAAAAA/);

    expect((await remoteConfig('rc-secret').expect(200)).body).toBe('{"api_key":"s3cret"}');

    // The console's session sees the redacted value; sending it back keeps the stored payload.
    const session = await t.signIn(t.email, t.password);
    const seen = await session.agent.get(`${flagsUrl()}${flag.id}/`).expect(200);
    expect(seen.body.filters.payloads.true).toBe(REDACTED);
    await session.agent
      .patch(`${flagsUrl()}${flag.id}/`)
      .set('X-CSRFToken', session.csrf)
      .send({ name: 'renamed', filters: seen.body.filters })
      .expect(200);
    expect((await remoteConfig('rc-secret').expect(200)).body).toBe('{"api_key":"s3cret"}');

    // /flags and local evaluation never ship the payload nor its ciphertext.
    const flags = await t.post('/flags/?v=2', { token: t.projectToken, distinct_id: 'ann' }, null).expect(200);
    expect(flags.body.flags['rc-secret'].metadata.payload).toBe(REDACTED);
    const local = await t.get(`/flags/definitions?token=${t.projectToken}`).expect(200);
    const def = local.body.flags.find((f: { key: string }) => f.key === 'rc-secret');
    expect(def.filters.payloads.true).toBe(REDACTED);
    expect(JSON.stringify(local.body)).not.toContain('gAAAAA');

    // Turning encryption off clears the ciphertext rather than show it as a payload.
    const off = await t.patch(`${flagsUrl()}${flag.id}/`, { has_encrypted_payloads: false }).expect(200);
    expect(off.body.filters.payloads).toEqual({});
  });

  it('restores an earlier version of an encrypted flag without encrypting its payload twice', async () => {
    const flag = await create({
      key: 'rc-restored',
      is_remote_configuration: true,
      has_encrypted_payloads: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"v":1}' } },
    });
    await t
      .patch(`${flagsUrl()}${flag.id}/`, {
        filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"v":2}' } },
      })
      .expect(200);
    expect((await remoteConfig('rc-restored').expect(200)).body).toBe('{"v":2}');
    // a version reads back as the flag does: plaintext to a personal key, redacted to the console, never ciphertext
    const v1 = await t.get(`${flagsUrl()}${flag.id}/versions/1/`).expect(200);
    expect(v1.body).toMatchObject({ has_encrypted_payloads: true, is_remote_configuration: true });
    expect(v1.body.filters.payloads.true).toBe('{"v":1}');
    const session = await t.signIn(t.email, t.password);
    const seen = await session.agent.get(`${flagsUrl()}${flag.id}/versions/1/`).expect(200);
    expect(seen.body.filters.payloads.true).toBe(REDACTED);
    expect(seen.text).not.toContain('gAAAAA');
    const restored = await t.post(`${flagsUrl()}${flag.id}/versions/1/restore/`, {}).expect(200);
    expect(restored.body.filters.payloads.true).toBe('{"v":1}');
    expect((await remoteConfig('rc-restored').expect(200)).body).toBe('{"v":1}');
    // a version saved before encryption was turned on is encrypted when restored under it
    const plain = await create({
      key: 'rc-plain-first',
      is_remote_configuration: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: '{"p":1}' } },
    });
    await t.patch(`${flagsUrl()}${plain.id}/`, { has_encrypted_payloads: true }).expect(200);
    await t.post(`${flagsUrl()}${plain.id}/versions/1/restore/`, {}).expect(200);
    const [row] = await t.app.get(DataSource).query(`SELECT filters FROM feature_flags WHERE id = $1`, [plain.id]);
    expect(row.filters.payloads.true).toMatch(/^gAAAAA/);
    expect((await remoteConfig('rc-plain-first').expect(200)).body).toBe('{"p":1}');
  });

  it('refuses encrypted payloads without FLAGS_SECRET_KEYS', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare
        .post(`/api/projects/${bare.projectId}/feature_flags/`, {
          key: 'x',
          has_encrypted_payloads: true,
          filters: { groups: [], payloads: { true: '1' } },
        })
        .expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', attr: 'has_encrypted_payloads' });
    } finally {
      await bare.close();
    }
  });

  it("works with posthog-node's getRemoteConfigPayload (unmodified)", async () => {
    const client = new PostHog(t.projectToken, {
      host: t.baseUrl,
      personalApiKey: t.key,
      enableLocalEvaluation: false,
      fetchRetryCount: 0,
    });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    try {
      await create({
        key: 'rc-node',
        is_remote_configuration: true,
        has_encrypted_payloads: true,
        filters: { groups: [], payloads: { true: '{"limit":5,"tiers":["a","b"]}' } },
      });
      expect(await client.getRemoteConfigPayload('rc-node')).toEqual({ limit: 5, tiers: ['a', 'b'] });
      expect(await client.getRemoteConfigPayload('rc-plain')).toEqual({ color: 'blue' });
      expect(errors).toEqual([]);
    } finally {
      await client.shutdown();
    }
  });
});
