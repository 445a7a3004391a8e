import request from 'supertest';
import { generateSecret } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A personal API key or project token that names nothing costs a hash and a query: past
 * AUTH_FAILURES_PER_MINUTE failures, the failing credentials from the client's address get 429
 * with Retry-After (valid ones are served: credential-floods.e2e-spec.ts). The address is the
 * connection's peer unless TRUST_PROXY trusts it.
 */
const LIMIT = 5;

const unknownKey = () => generateSecret('phx_');
const unknownToken = () => generateSecret('phc_');

function expectThrottled(res: request.Response): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.body).toEqual({
    type: 'throttled_error',
    code: 'throttled',
    detail: `Request was throttled. Expected available in ${retryAfter} seconds.`,
    attr: null,
  });
}

describe('failed authentications per client address', () => {
  describe('behind a trusted proxy (addresses from X-Forwarded-For)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ AUTH_FAILURES_PER_MINUTE: String(LIMIT), TRUST_PROXY: 'loopback' });
    });
    afterAll(() => t?.close());

    const from = (address: string, r: request.Test) => r.set('X-Forwarded-For', address);
    const flags = (address: string, token: string) =>
      from(address, request(t.baseUrl).post('/flags?v=2')).send({ token, distinct_id: 'someone' });

    it('answers 401 up to the limit, then 429 for unknown keys and tokens alike, from that address only', async () => {
      const attacker = '203.0.113.7';
      // known credentials used before the flood stay known (no lookup): they keep working
      await from(attacker, t.get('/api/projects/')).expect(200);
      await flags(attacker, t.projectToken).expect(200);

      // no key at all, or one of the wrong shape, costs no lookup and is not counted
      for (let i = 0; i < 2 * LIMIT; i++) await from(attacker, t.get('/api/projects/', null)).expect(401);
      await from(attacker, t.get('/api/projects/', 'phx_short')).expect(401);
      // unknown keys and tokens count together
      for (let i = 0; i < LIMIT; i++) {
        if (i % 2) await from(attacker, t.get('/api/projects/', unknownKey())).expect(401);
        else await flags(attacker, unknownToken()).expect(401);
      }
      expectThrottled(await from(attacker, t.get('/api/projects/', unknownKey())));
      expectThrottled(await flags(attacker, unknownToken()));
      const batch = await from(attacker, request(t.baseUrl).post('/batch/')).send({
        api_key: unknownToken(),
        batch: [{ event: 'x', distinct_id: 'd' }],
      });
      expectThrottled(batch);
      const ofrep = await from(attacker, request(t.baseUrl).post('/ofrep/v1/evaluate/flags'))
        .set('Authorization', `Bearer ${unknownToken()}`)
        .send({ context: { targetingKey: 'd' } });
      expect(ofrep.status).toBe(429);
      expect(ofrep.headers['retry-after']).toBeDefined();

      await from(attacker, t.get('/api/projects/')).expect(200);
      await flags(attacker, t.projectToken).expect(200);
      // another address, and another host's /64, are not held up
      await from('198.51.100.1', t.get('/api/projects/', unknownKey())).expect(401);
      await flags('2001:db8:1:2::1', unknownToken()).expect(401);
    });

    it('counts an IPv6 client by its /64', async () => {
      for (let i = 0; i < LIMIT; i++) await flags(`2001:db8:aa:bb::${i + 1}`, unknownToken()).expect(401);
      expectThrottled(await flags('2001:db8:aa:bb:ffff::1', unknownToken()));
      await flags('2001:db8:aa:bc::1', unknownToken()).expect(401);
    });
  });

  describe('without a trusted proxy (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ AUTH_FAILURES_PER_MINUTE: String(LIMIT) });
    });
    afterAll(() => t?.close());

    it('counts the connection’s address: a forged X-Forwarded-For buys nothing', async () => {
      for (let i = 0; i < LIMIT; i++) {
        await t
          .get('/api/projects/', unknownKey())
          .set('X-Forwarded-For', `192.0.2.${i + 1}`)
          .expect(401);
      }
      expectThrottled(await t.get('/api/projects/', unknownKey()).set('X-Forwarded-For', '192.0.2.200'));
    });
  });
});
