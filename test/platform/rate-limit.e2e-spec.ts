import { startTestApp, TestApp } from '../support/test-app';

describe('rate limits per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_HOUR: '100' });
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After and the envelope past the limit, for every key of that user only', async () => {
    const other = await t.newUser(t.organizationId);
    // a clone of the key: its requests count with the original's
    const clone = (await t.post('/api/personal_api_keys/', { label: 'clone', scopes: ['*'] }).expect(201)).body.value;
    await t.get('/api/projects/').expect(200);
    await t.get('/api/projects/', clone).expect(200);
    const res = await t.get('/api/projects/').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(res.body).toEqual({
      type: 'throttled_error',
      code: 'throttled',
      detail: `Request was throttled. Expected available in ${res.headers['retry-after']} seconds.`,
      attr: null,
    });
    await t.get('/api/projects/', clone).expect(429);
    await t.get('/api/projects/', other.key).expect(200);
    await t.get('/_health', null).expect(200);
  });
});
