/** @sql-sensitive delivery claims across organizations */
/**
 * Issue 44, item 6: one tenant's slow receivers do not delay everyone's deliveries. An
 * organization with 8 projects × 12 webhooks whose receivers never answer (a node:http server
 * on 127.0.0.1 that holds every request: each attempt lasts the whole WEBHOOK_TIMEOUT_MS) holds
 * at most WEBHOOK_CONCURRENCY_PER_ORGANIZATION of the delivery slots, and organizations take turns
 * at the others, so another organization's delivery goes out at once (before the fix: after the
 * flood's backlog, 29.5 s for 96 messages, linear in webhooks). An organization has at most 100
 * webhooks, and a receiver that keeps timing out is deferred, longer each round, instead of
 * holding a slot for every one of its messages.
 */
import { waitFor } from '../support/poll';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const FLOOD_PROJECTS = 8;
const HOOKS_PER_PROJECT = 12;
/** The bound on the neighbour's delay while the flood runs. */
const BOUND_MS = 2_000;

describe('webhook deliveries across organizations', () => {
  let t: TestApp;
  let flood: Tenant;
  let hanging: WebhookReceiver;
  let fast: WebhookReceiver;
  const floodProjects: number[] = [];

  async function changeFlag(projectId: number, key: string, apiKey: string): Promise<void> {
    const flags = `/api/projects/${projectId}/feature_flags`;
    const flag = (await t.post(`${flags}/`, { key }, apiKey).expect(201)).body;
    await t.patch(`${flags}/${flag.id}/`, { name: `${key} changed` }, apiKey).expect(200);
  }

  beforeAll(async () => {
    t = await startTestApp({
      SCHEDULER_ENABLED: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      // The defaults: each hung attempt holds its slot for 5 s; 16 slots, 2 per project.
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_CONCURRENCY: '16',
      WEBHOOK_CONCURRENCY_PER_PROJECT: '2',
      WEBHOOK_CONCURRENCY_PER_ORGANIZATION: '8',
      EVENT_DELETION_CRON: '',
    });
    hanging = await WebhookReceiver.start();
    hanging.answer = 'hold';
    fast = await WebhookReceiver.start();
    await t
      .post(`/api/projects/${t.projectId}/webhooks/`, {
        url: `${fast.url}/neighbour`,
        events: ['feature_flag.updated'],
      })
      .expect(201);
    flood = await t.newTenant();
    floodProjects.push(flood.projectId);
    for (let i = 1; i < FLOOD_PROJECTS; i++) {
      const res = await t
        .post('/api/projects/', { name: `Flood ${i}`, organization: flood.organizationId }, flood.key)
        .expect(201);
      floodProjects.push(res.body.id as number);
    }
    for (const p of floodProjects) {
      for (let i = 0; i < HOOKS_PER_PROJECT; i++) {
        await t
          .post(
            `/api/projects/${p}/webhooks/`,
            { url: `${hanging.url}/p${p}/h${i}`, events: ['feature_flag.updated'] },
            flood.key,
          )
          .expect(201);
      }
    }
  });
  afterAll(async () => {
    await hanging?.close();
    await fast?.close();
    await t?.close();
  });

  it('caps an organization at 100 webhooks, all its projects together: the next is a 400 naming the field', async () => {
    const made = FLOOD_PROJECTS * HOOKS_PER_PROJECT;
    for (let i = made; i < 100; i++) {
      await t
        .post(
          `/api/projects/${flood.projectId}/webhooks/`,
          { url: `${hanging.url}/extra/${i}`, events: ['feature_flag.created'] },
          flood.key,
        )
        .expect(201);
    }
    // In another project of the organization, below that project's own limit (50).
    const refused = await t
      .post(
        `/api/projects/${floodProjects[1]}/webhooks/`,
        { url: `${hanging.url}/one-more`, events: ['feature_flag.updated'] },
        flood.key,
      )
      .expect(400);
    expect(refused.body).toMatchObject({
      type: 'validation_error',
      code: 'max_webhooks_per_organization',
      attr: 'url',
      detail: expect.stringContaining('100'),
    });
    // Other organizations are not counted with it.
    await t
      .post(`/api/projects/${t.projectId}/webhooks/`, {
        url: `${fast.url}/second`,
        events: ['event_definition.updated'],
      })
      .expect(201);
  });

  it("delivers another organization's message within 2 s while the flood's receivers hang", async () => {
    // The flood: two changes in each project, 192 messages to receivers that never answer.
    await Promise.all(
      floodProjects.map(async (p) => {
        await changeFlag(p, `flood-a-${p}`, flood.key);
        await changeFlag(p, `flood-b-${p}`, flood.key);
      }),
    );
    await waitFor(() => (hanging.holding >= 8 ? true : undefined), 10_000);
    const delays: number[] = [];
    // Three messages: while the first attempts hang, as they time out (5 s) and while the next ones hang.
    for (const [i, pause] of [0, 4_500, 1_500].entries()) {
      await new Promise((r) => setTimeout(r, pause));
      const seen = fast.received.length;
      const start = Date.now();
      await changeFlag(t.projectId, `neighbour-${i}`, t.key);
      const got = await waitFor(() => (fast.received.length > seen ? fast.received[seen] : undefined), 30_000, 10);
      delays.push(got.at - start);
      expect(hanging.holding).toBeGreaterThan(0);
    }
    console.log(`neighbour delays while the flood ran (ms): ${delays.join(', ')}`);
    for (const d of delays) expect(d).toBeLessThanOrEqual(BOUND_MS);
    // The flood holds no more than its organization's share of the slots.
    expect(hanging.holding).toBeLessThanOrEqual(8);
  });
});

describe('a receiver that keeps timing out', () => {
  let t: TestApp;
  let hanging: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({
      SCHEDULER_ENABLED: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_TIMEOUT_MS: '300',
      WEBHOOK_RETRY_BASE_MS: '2000',
      WEBHOOK_CONCURRENCY_PER_PROJECT: '2',
      EVENT_DELETION_CRON: '',
    });
    hanging = await WebhookReceiver.start();
    hanging.answer = 'hold';
  });
  afterAll(async () => {
    await hanging?.close();
    await t?.close();
  });

  it('is deferred with its messages, longer each round, not tried for every message', async () => {
    const hooks = `/api/projects/${t.projectId}/webhooks`;
    const { id } = (
      await t.post(`${hooks}/`, { url: `${hanging.url}/slow`, events: ['feature_flag.updated'] }).expect(201)
    ).body;
    const flags = `/api/projects/${t.projectId}/feature_flags`;
    const flag = (await t.post(`${flags}/`, { key: 'slow' }).expect(201)).body;
    for (let i = 0; i < 6; i++) await t.patch(`${flags}/${flag.id}/`, { name: `slow ${i}` }).expect(200);
    const round = async (n: number) =>
      (await waitFor(() => (hanging.received.length >= n ? hanging.received[n - 1] : undefined), 15_000)).at;

    // Round 1: two attempts (the project's share), which time out after 300 ms.
    const first = await round(1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(hanging.received.length).toBeLessThanOrEqual(2);
    const deliveries = (await t.get(`${hooks}/${id}/deliveries/?limit=100`).expect(200)).body.results as Array<{
      status: string;
      next_attempt_at: string | null;
    }>;
    expect(deliveries).toHaveLength(6);
    for (const d of deliveries) {
      expect(d.status).toBe('pending');
      expect(new Date(d.next_attempt_at!).getTime()).toBeGreaterThanOrEqual(first + 300 + 1_800);
    }
    // Round 2 after the deferral (2 s), round 3 after twice that.
    const second = await round(3);
    const third = await round(5);
    console.log(`receiver rounds at +0, +${second - first}, +${third - first} ms`);
    expect(second - first).toBeGreaterThanOrEqual(2_000);
    expect(third - second).toBeGreaterThanOrEqual(4_000);
  }, 30_000);
});
