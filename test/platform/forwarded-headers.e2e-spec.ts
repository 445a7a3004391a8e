import { loadConfig } from '@app/platform';
import { ApiConfig } from '../../apps/api/src/api.config';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Links in lists (`next`, `previous`) are built from PUBLIC_URL unless a proxy the operator
 * trusts (TRUST_PROXY) forwards the address; no Host or X-Forwarded-Host value a client sends
 * moves them elsewhere or answers 500.
 */
const HOSTILE = ['[', 'a b', '%', 'flags.example.com:99999', 'flags.example.com:port', 'attacker.example/steal?k='];

describe('forwarded headers', () => {
  describe('without a trusted proxy (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ PUBLIC_URL: 'https://flags.example.com/' });
      await t.post('/api/projects/', { name: 'Second' }).expect(201);
    });
    afterAll(() => t?.close());

    it('builds links from PUBLIC_URL, whatever Host and X-Forwarded-* say', async () => {
      const plain = await t.get('/api/projects/?limit=1').expect(200);
      expect(plain.body.next).toBe('https://flags.example.com/api/projects/?limit=1&offset=1');
      const spoofed = await t
        .get('/api/projects/?limit=1&offset=1')
        .set('Host', 'attacker.example')
        .set('X-Forwarded-Host', 'attacker.example')
        .set('X-Forwarded-Proto', 'http')
        .expect(200);
      expect(spoofed.body.previous).toBe('https://flags.example.com/api/projects/?limit=1&offset=0');
      // nor does a forwarded https turn on HSTS for a plain-http request
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
      const proto = await t.get('/api/projects/').set('X-Forwarded-Proto', 'https').expect(200);
      expect(proto.headers['strict-transport-security']).toBeUndefined();
    });

    it.each(HOSTILE)('X-Forwarded-Host and Host %j: 200, links on PUBLIC_URL', async (value) => {
      for (const header of ['X-Forwarded-Host', 'Host']) {
        const res = await t.get('/api/projects/?limit=1').set(header, value);
        expect({ header, status: res.status }).toEqual({ header, status: 200 });
        expect(res.body.next).toBe('https://flags.example.com/api/projects/?limit=1&offset=1');
      }
      const activity = await t
        .get(`/api/projects/${t.projectId}/feature_flags/activity/`)
        .set('X-Forwarded-Host', value);
      expect(activity.status).toBe(200);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=loopback)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ TRUST_PROXY: 'loopback' });
      await t.post('/api/projects/', { name: 'Second' }).expect(201);
    });
    afterAll(() => t?.close());

    it("uses the proxy's X-Forwarded-Proto and X-Forwarded-Host", async () => {
      const res = await t
        .get('/api/projects/?limit=1')
        .set('X-Forwarded-Proto', 'https')
        .set('X-Forwarded-Host', 'bunting.example.org, inner.example')
        .expect(200);
      expect(res.body.next).toBe('https://bunting.example.org/api/projects/?limit=1&offset=1');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      const port = await t
        .get('/api/projects/?limit=1')
        .set('X-Forwarded-Host', 'bunting.example.org:8443')
        .expect(200);
      expect(port.body.next).toBe('http://bunting.example.org:8443/api/projects/?limit=1&offset=1');
    });

    it.each(HOSTILE)('a forwarded host %j that is no host: 200, links on the default address', async (value) => {
      const res = await t.get('/api/projects/?limit=1').set('X-Forwarded-Host', value);
      expect(res.status).toBe(200);
      expect(res.body.next).toMatch(/^http:\/\/localhost:\d+\/api\/projects\/\?limit=1&offset=1$/);
    });
  });

  it('reads TRUST_PROXY as Express does, and refuses one that names no address', () => {
    const trust = (value: string) => loadConfig(ApiConfig, { TRUST_PROXY: value }).TRUST_PROXY;
    expect([trust('false'), trust('TRUE'), trust('2'), trust('10.0.0.0/8, loopback')]).toEqual([
      false,
      true,
      2,
      '10.0.0.0/8, loopback',
    ]);
    expect(() => trust('not-an-address')).toThrow(/TRUST_PROXY must be/);
  });
});
