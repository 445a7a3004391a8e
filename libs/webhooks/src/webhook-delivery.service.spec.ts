import { JsonLogger, OutboundFailure, OutboundHttp } from '@app/platform';
import type { PersonsService } from '@app/persons';
import { INTERNAL_ERROR, WebhookDeliveryService } from './webhook-delivery.service';
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
  };

  function service(failure: Error): { svc: WebhookDeliveryService; recorded: AttemptOutcome[]; logged: string[] } {
    const recorded: AttemptOutcome[] = [];
    const logged: string[] = [];
    const repo = {
      complete: (_d: ClaimedDelivery, outcome: AttemptOutcome) => {
        recorded.push(outcome);
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
      publicUrl: 'https://bunting.example.com',
      retentionDays: 30,
    });
    return { svc, recorded, logged };
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
});
