import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OpenFeature } from '@openfeature/server-sdk';
import type { Client } from '@openfeature/server-sdk';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/test-app';
import { createFlag, identify } from './factories';

describe('OFREP: the OpenFeature server SDK with the OFREP provider (unmodified)', () => {
  let t: TestApp;
  let client: Client;
  let stranger: Client;
  let themeId: number;

  const ofrep = (path: string) =>
    request(t.baseUrl).post(`/ofrep/v1/evaluate/flags${path}`).set('Authorization', `Bearer ${t.projectToken}`);

  beforeAll(async () => {
    t = await startTestApp();
    await identify(t, t.projectToken, [
      { distinctId: 'ann', properties: { plan: 'pro', country: 'DE' } },
      { distinctId: 'ben', properties: { plan: 'free', country: 'FR' } },
    ]);
    await createFlag(t, {
      key: 'pro-features',
      filters: { groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }] },
    });
    await createFlag(t, {
      key: 'checkout',
      filters: {
        groups: [
          { properties: [{ key: 'country', type: 'person', value: 'DE' }], variant: 'express' },
          { properties: [{ key: 'plan', type: 'person', value: 'pro' }] },
        ],
        multivariate: {
          variants: [
            { key: 'classic', rollout_percentage: 50 },
            { key: 'express', rollout_percentage: 50 },
          ],
        },
      },
    });
    themeId = (
      await createFlag(t, {
        key: 'theme',
        filters: {
          groups: [{ properties: [{ key: 'plan', type: 'person', value: 'pro' }] }],
          payloads: { true: '{"color": "purple", "dense": true}' },
        },
      })
    ).id;
    await createFlag(t, { key: 'dormant', active: false });

    await OpenFeature.setProviderAndWait(
      'bunting',
      new OFREPProvider({ baseUrl: t.baseUrl, headers: [['Authorization', `Bearer ${t.projectToken}`]] }),
    );
    await OpenFeature.setProviderAndWait(
      'stranger',
      new OFREPProvider({ baseUrl: t.baseUrl, headers: [['Authorization', 'Bearer phc_nobody']] }),
    );
    client = OpenFeature.getClient('bunting');
    stranger = OpenFeature.getClient('stranger');
  });
  afterAll(async () => {
    await OpenFeature.close();
    await t?.close();
  });

  it('evaluates a boolean flag from the stored person properties', async () => {
    const ann = await client.getBooleanDetails('pro-features', false, { targetingKey: 'ann' });
    expect(ann).toMatchObject({ value: true, variant: 'true', reason: 'TARGETING_MATCH' });
    expect(ann.flagMetadata).toMatchObject({ reasonCode: 'condition_match', conditionIndex: 0, version: 1 });
    const ben = await client.getBooleanDetails('pro-features', true, { targetingKey: 'ben' });
    expect(ben).toMatchObject({ value: false, variant: 'false', reason: 'DEFAULT' });
    // Context attributes are person properties over the stored ones.
    expect(await client.getBooleanValue('pro-features', false, { targetingKey: 'ben', plan: 'pro' })).toBe(true);
  });

  it('evaluates a variant flag as a string and a payload flag as an object', async () => {
    const checkout = await client.getStringDetails('checkout', 'none', { targetingKey: 'ann' });
    expect(checkout).toMatchObject({ value: 'express', variant: 'express', reason: 'TARGETING_MATCH' });
    expect(checkout.flagMetadata.conditionIndex).toBe(0);
    const theme = await client.getObjectDetails('theme', {}, { targetingKey: 'ann' });
    expect(theme).toMatchObject({
      value: { color: 'purple', dense: true },
      variant: 'true',
      reason: 'TARGETING_MATCH',
    });
  });

  it('sees a flag change on the next evaluation', async () => {
    await t
      .patch(`/api/projects/${t.projectId}/feature_flags/${themeId}/`, {
        filters: { groups: [{ properties: [] }], payloads: { true: '{"color": "green"}' } },
      })
      .expect(200);
    expect(await client.getObjectValue('theme', {}, { targetingKey: 'ben' })).toEqual({ color: 'green' });
  });

  it('reports unknown flags, a missing targeting key and a bad token as errors (the default wins)', async () => {
    expect(await client.getBooleanDetails('no-such-flag', true, { targetingKey: 'ann' })).toMatchObject({
      value: true,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(await client.getBooleanDetails('pro-features', false, {})).toMatchObject({
      value: false,
      reason: 'ERROR',
      errorCode: 'TARGETING_KEY_MISSING',
    });
    expect(await stranger.getBooleanDetails('pro-features', false, { targetingKey: 'ann' })).toMatchObject({
      value: false,
      reason: 'ERROR',
      errorCode: 'GENERAL',
    });
    expect(await client.getStringDetails('pro-features', 'x', { targetingKey: 'ann' })).toMatchObject({
      value: 'x',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('answers with OFREP bodies and JSON content types, errors included', async () => {
    const ok = await ofrep('/dormant')
      .send({ context: { targetingKey: 'ann' } })
      .expect(200);
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    expect(ok.body).toEqual({
      key: 'dormant',
      value: false,
      variant: 'false',
      reason: 'DISABLED',
      metadata: { id: expect.any(Number), version: 1, reasonCode: 'flag_disabled' },
    });
    const missing = await ofrep('/nope')
      .send({ context: { targetingKey: 'ann' } })
      .expect(404);
    expect(missing.body).toEqual({ key: 'nope', errorCode: 'FLAG_NOT_FOUND', errorDetails: expect.any(String) });
    const malformed = await ofrep('/dormant').set('Content-Type', 'application/json').send('{"context":').expect(400);
    expect(malformed.body).toMatchObject({ key: 'dormant', errorCode: 'PARSE_ERROR' });
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
    const context = await ofrep('/dormant').send({ context: 'ann' }).expect(400);
    expect(context.body).toMatchObject({ key: 'dormant', errorCode: 'INVALID_CONTEXT' });
    const noKey = await ofrep('/dormant')
      .send({ context: { plan: 'pro' } })
      .expect(400);
    expect(noKey.body).toMatchObject({ key: 'dormant', errorCode: 'TARGETING_KEY_MISSING' });
    const anonymous = await request(t.baseUrl)
      .post('/ofrep/v1/evaluate/flags/dormant')
      .send({ context: { targetingKey: 'ann' } })
      .expect(401);
    expect(anonymous.body).toMatchObject({ key: 'dormant', errorCode: 'GENERAL' });
    const byApiKey = await request(t.baseUrl)
      .post('/ofrep/v1/evaluate/flags/dormant')
      .set('X-API-Key', t.projectToken)
      .send({ context: { targetingKey: 'ann' } });
    expect(byApiKey.status).toBe(200);
  });

  it('evaluates every flag at once with an ETag, 304 while the answers hold', async () => {
    const first = await ofrep('')
      .send({ context: { targetingKey: 'ann' } })
      .expect(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.body.flags.map((f: { key: string }) => f.key).sort()).toEqual([
      'checkout',
      'dormant',
      'pro-features',
      'theme',
    ]);
    const same = await ofrep('')
      .set('If-None-Match', etag)
      .send({ context: { targetingKey: 'ann' } });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    const other = await ofrep('')
      .set('If-None-Match', etag)
      .send({ context: { targetingKey: 'ben' } })
      .expect(200);
    expect(other.headers.etag).not.toBe(etag);
    await createFlag(t, { key: 'new-one' });
    const changed = await ofrep('')
      .set('If-None-Match', etag)
      .send({ context: { targetingKey: 'ann' } })
      .expect(200);
    expect(changed.body.flags.map((f: { key: string }) => f.key)).toContain('new-one');
    const bad = await ofrep('').set('Content-Type', 'application/json').send('[').expect(400);
    expect(bad.body).toEqual({ errorCode: 'PARSE_ERROR', errorDetails: expect.any(String) });
    const unauthenticated = await request(t.baseUrl).post('/ofrep/v1/evaluate/flags').send({}).expect(401);
    expect(unauthenticated.body).toEqual({ errorCode: 'GENERAL', errorDetails: expect.any(String) });
  });
});
