import request from 'supertest';
import { generateSecret } from '@app/platform';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 39: failing credentials from one address must not take the service away from the valid
 * ones sent from that address (one NAT, one load balancer, one host running two apps). A valid
 * key, token or session is always served; only the failing ones are answered 429 past
 * AUTH_FAILURES_PER_MINUTE, and an unknown credential repeated costs no lookup.
 */
const LIMIT = 10;

const unknownToken = () => generateSecret('phc_');
/** The `i`-th key one character away from a real one (i < 60). */
const nearMiss = (key: string, i: number) => {
  const at = key.length - 1 - (i % 2);
  const others = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'].filter((c) => c !== key[at]);
  return key.slice(0, at) + others[Math.floor(i / 2)] + key.slice(at + 1);
};

async function lookups(t: TestApp): Promise<Record<string, number>> {
  const text = (await t.get('/_metrics', null).expect(200)).text;
  const counts: Record<string, number> = { found: 0, unknown: 0, remembered_unknown: 0 };
  for (const m of text.matchAll(/^auth_credential_lookups_total\{outcome="(\w+)"\} (\d+)$/gm))
    counts[m[1]] = Number(m[2]);
  return counts;
}

describe('a flood of failing credentials from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ AUTH_FAILURES_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t?.close());

  const flags = (token: string) => request(t.baseUrl).post('/flags/?v=2').send({ token, distinct_id: 'someone' });

  it('leaves valid SDK and admin clients from that address answered 200, and answers the flood 429', async () => {
    // A second organization whose token and key were never used: nothing of theirs is in memory.
    const neighbour = await t.newTenant();
    const signedIn = await t.signIn(t.email, t.password);
    const before = await lookups(t);

    // An app with an old token, 70 times (past the limit of the address)...
    const stale = unknownToken();
    const staleAnswers: number[] = [];
    for (let i = 0; i < 70; i++) staleAnswers.push((await flags(stale)).status);
    expect(staleAnswers).toEqual([...Array(LIMIT).fill(401), ...Array(70 - LIMIT).fill(429)]);
    // ...and an attacker's near-miss personal API keys, in parallel.
    const nearMisses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.get('/api/projects/', nearMiss(neighbour.key, i))),
    );
    expect(nearMisses.map((r) => r.status)).toEqual(Array(30).fill(429));
    const throttled = nearMisses[0];
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(throttled.body).toMatchObject({ type: 'throttled_error', code: 'throttled' });

    // The valid clients from that address are served: a token and a key never seen before,
    // the bootstrap ones, a console session, and the SDK's other routes.
    const neighbourFlags = await flags(neighbour.projectToken).expect(200);
    expect(neighbourFlags.body).toMatchObject({ flags: {} });
    await t.get('/api/projects/', neighbour.key).expect(200);
    await t.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200);
    await flags(t.projectToken).expect(200);
    await signedIn.agent.get('/api/users/@me/').expect(200);
    await request(t.baseUrl)
      .post('/batch/')
      .send({ api_key: neighbour.projectToken, batch: [{ event: 'x', distinct_id: 'd' }] })
      .expect(200);
    await request(t.baseUrl)
      .post('/ofrep/v1/evaluate/flags')
      .set('Authorization', `Bearer ${neighbour.projectToken}`)
      .send({ context: { targetingKey: 'd' } })
      .expect(200);
    // the failing ones still fail
    expect((await flags(stale)).status).toBe(429);
    expect((await t.get('/api/projects/', nearMiss(t.key, 3))).status).toBe(429);

    // The flood stays bounded: the stale token was looked up once (then remembered as
    // unknown); each near-miss key once.
    const after = await lookups(t);
    expect(after.unknown - before.unknown).toBe(1 + 30 + 1);
    expect(after.remembered_unknown - before.remembered_unknown).toBe(70 - 1 + 1);
  });
});
