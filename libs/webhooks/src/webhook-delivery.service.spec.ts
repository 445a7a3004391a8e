import { jest } from '@jest/globals';
import { JsonLogger, OutboundFailure, OutboundHttp } from '@app/platform';
import type { PersonsService } from '@app/persons';
import { INTERNAL_ERROR, OWNER_GONE_ERROR, WebhookDeliveryService } from './webhook-delivery.service';
import type { AttemptOutcome, ClaimedDelivery, WebhooksRepository } from './persistence/webhooks.repository';

/** What an attempt records as last_error: the receiver's failures as they are, Bunting's own never. */
describe('WebhookDeliveryService.attempt', () => {
  const delivery: ClaimedDelivery = {
    id: '0192d6e4-8c1a-7c3e-9f00-000000000001',
    projectId: 1,
    webhookId: 7,
    event: 'feature_flag.updated',
    payload: { type: 'feature_flag.updated' },
    attempts: 1,
    retryUntil: new Date(Date.now() + 3_600_000),
    leaseToken: '0192d6e4-8c1a-7c3e-9f00-000000000002',
    url: 'https://93.184.215.14/hook',
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    enabled: true,
    slackUrl: null,
    ownerActive: true,
    claimedAt: new Date(),
  };

  function service(failure: Error): {
    svc: WebhookDeliveryService;
    recorded: AttemptOutcome[];
    logged: string[];
    deferrals: number[];
  } {
    const recorded: AttemptOutcome[] = [];
    const logged: string[] = [];
    const deferrals: number[] = [];
    const repo = {
      complete: (_d: ClaimedDelivery, outcome: AttemptOutcome, receiver?: { deferralMs?: (n: number) => number }) => {
        recorded.push(outcome);
        if (receiver?.deferralMs) deferrals.push(...[1, 2, 3].map(receiver.deferralMs));
        return Promise.resolve(true);
      },
    } as unknown as WebhooksRepository;
    const outbound = { postJson: () => Promise.reject(failure) } as unknown as OutboundHttp;
    const stream = { write: (line: string) => logged.push(line) } as unknown as NodeJS.WritableStream;
    const logger = new JsonLogger('warn', stream);
    const svc = new WebhookDeliveryService(repo, outbound, {} as PersonsService, logger, {
      retryBaseMs: 1_000,
      timeoutMs: 1_000,
      perProject: 2,
      perOrganization: 8,
      publicUrl: 'https://bunting.example.com',
      retentionDays: 30,
    });
    return { svc, recorded, logged, deferrals };
  }

  it('keeps an unexpected error out of last_error (logged instead) and retries', async () => {
    const { svc, recorded, logged } = service(new Error('connect to pg at 10.9.8.7:5432 failed'));
    await svc.attempt(delivery);
    expect(recorded).toEqual([expect.objectContaining({ status: 'pending', error: INTERNAL_ERROR })]);
    expect(logged.join('')).toContain('10.9.8.7');
  });

  it("records the receiver's failure as it is", async () => {
    const { svc, recorded } = service(new OutboundFailure('timed out after 1000 ms'));
    await svc.attempt(delivery);
    expect(recorded).toEqual([expect.objectContaining({ status: 'pending', error: 'timed out after 1000 ms' })]);
  });

  it('defers a receiver that timed out, longer for each round (a refused connection does not)', async () => {
    const timedOut = service(new OutboundFailure('timed out after 1000 ms', true));
    await timedOut.svc.attempt(delivery);
    expect(timedOut.deferrals).toEqual([1_000, 2_000, 4_000]);
    const refused = service(new OutboundFailure('connect ECONNREFUSED 93.184.215.14:443'));
    await refused.svc.attempt(delivery);
    expect(refused.deferrals).toEqual([]);
  });

  it('sends nothing to a webhook whose creator lost access to the project', async () => {
    const { svc, recorded } = service(new Error('not sent'));
    await svc.attempt({ ...delivery, ownerActive: false });
    expect(recorded).toEqual([expect.objectContaining({ status: 'failed', error: OWNER_GONE_ERROR })]);
  });
});

/** A Slack message's person lookup is part of the attempt's time: a slow database cannot stretch it past its lease. */
describe('WebhookDeliveryService.attempt of a Slack message', () => {
  const TIMEOUT_MS = 1_000;
  const slack: ClaimedDelivery = {
    id: '0192d6e4-8c1a-7c3e-9f00-000000000003',
    projectId: 7,
    webhookId: null,
    event: 'slack',
    payload: { event: 'signed_up', distinct_id: 'ada', timestamp: '2025-01-01T00:00:00.000Z' },
    attempts: 1,
    retryUntil: new Date(Date.now() + 3_600_000),
    leaseToken: '0192d6e4-8c1a-7c3e-9f00-000000000004',
    url: null,
    secret: null,
    enabled: null,
    slackUrl: 'https://hooks.slack.com/services/T/B/x',
    ownerActive: true,
    claimedAt: new Date(),
  };

  function service(lookup: () => Promise<unknown>) {
    const recorded: AttemptOutcome[] = [];
    const posted: string[] = [];
    const repo = {
      complete: (_d: ClaimedDelivery, outcome: AttemptOutcome) => {
        recorded.push(outcome);
        return Promise.resolve(true);
      },
    } as unknown as WebhooksRepository;
    const outbound = {
      postJson: (_target: string, body: string) => {
        posted.push(body);
        return Promise.resolve({ status: 200, body: 'ok' });
      },
    } as unknown as OutboundHttp;
    const persons = { personByDistinctId: lookup } as unknown as PersonsService;
    const svc = new WebhookDeliveryService(repo, outbound, persons, new JsonLogger('silent'), {
      retryBaseMs: 1_000,
      timeoutMs: TIMEOUT_MS,
      perProject: 2,
      perOrganization: 8,
      publicUrl: 'https://bunting.example.com',
      retentionDays: 30,
    });
    return { svc, recorded, posted };
  }

  afterEach(() => jest.useRealTimers());

  it('names and links the person the lookup finds', async () => {
    const uuid = '0192d6e4-8c1a-7c3e-9f00-00000000beef';
    const { svc, posted } = service(() =>
      Promise.resolve({ personId: 1, uuid, properties: { name: 'Ada' }, staticCohortIds: [] }),
    );
    await svc.attempt(slack);
    expect(posted.map((b) => JSON.parse(b))).toEqual([
      { text: `*signed_up* by <https://bunting.example.com/project/7/persons/${uuid}|Ada>` },
    ]);
  });

  it('sends without the person when the lookup has not answered within WEBHOOK_TIMEOUT_MS', async () => {
    jest.useFakeTimers();
    const { svc, recorded, posted } = service(() => new Promise(() => undefined));
    let done = false;
    const attempt = svc.attempt(slack).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(posted).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    await attempt;
    expect(done).toBe(true);
    expect(posted.map((b) => JSON.parse(b))).toEqual([
      { text: '*signed_up* by <https://bunting.example.com/project/7/persons?search=ada|ada>' },
    ]);
    expect(recorded).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });
});
