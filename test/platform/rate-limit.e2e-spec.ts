import { startTestApp, TestApp } from '../support/test-app';

describe('rate limits per key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_HOUR: '100' });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After and the envelope past the limit, for that key only', async () => {
    const other = await t.newUser(t.organizationId);
    for (let i = 0; i < 3; i++) await t.get('/api/projects/').expect(200);
    const res = await t.get('/api/projects/').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({
      type: 'throttled_error',
      code: 'throttled',
      detail: `Request was throttled. Expected available in ${res.headers['retry-after']} seconds.`,
      attr: null,
    });
    await t.get('/api/projects/', other.key).expect(200);
    await t.get('/_health', null).expect(200);
  });
});
