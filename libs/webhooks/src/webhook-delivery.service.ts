import { JsonLogger, metrics, OutboundFailure, OutboundHttp } from '@app/platform';
import { PersonsService } from '@app/persons';
import type { PersonForEvaluation } from '@app/persons';
import { Inject, Injectable } from '@nestjs/common';
import { Webhook as Signer } from 'standardwebhooks';
import { nextAttemptAt, receiverDeferralMs } from './domain/backoff';
import { slackMessage } from './domain/slack-message';
import { messageId } from './domain/webhook';
import { AttemptOutcome, ClaimedDelivery, WebhooksRepository } from './persistence/webhooks.repository';

export const DELIVERY_OPTIONS = Symbol('webhook delivery options');

export interface DeliveryOptions {
  /** WEBHOOK_RETRY_BASE_MS. */
  retryBaseMs: number;
  /**
   * WEBHOOK_TIMEOUT_MS: how long the request may take, and a Slack message's person lookup
   * before it; an attempt's lease is twice this (the lookup and the request) and 5 s more.
   */
  timeoutMs: number;
  /** WEBHOOK_CONCURRENCY_PER_PROJECT. */
  perProject: number;
  /** WEBHOOK_CONCURRENCY_PER_ORGANIZATION. */
  perOrganization: number;
  /** Where the console is (PUBLIC_URL): the Slack messages' links to persons. */
  publicUrl: string;
  /** WEBHOOK_RETENTION_DAYS. */
  retentionDays: number;
}

/** last_error of a message to a webhook whose creator lost access to the project. */
export const OWNER_GONE_ERROR =
  "The webhook's creator no longer has access to the project: it is sent nothing (an admin may delete it).";

/** last_error of an attempt that failed on Bunting's side (the detail is logged). */
export const INTERNAL_ERROR = 'Internal error: the attempt could not be made; it will be retried.';

/** Finished deliveries one DELETE removes at most. */
const RETENTION_CHUNK = 5_000;

/** What an attempt told of the receiver: it answered, it held the request past the timeout, or nothing. */
type Receiver = 'answered' | 'timed_out' | 'unknown';

const attempts = metrics.counter(
  'webhook_delivery_attempts_total',
  'Webhook and Slack delivery attempts, by outcome (succeeded, retry, failed).',
  ['outcome'],
);

/**
 * Works the outbox off: claims due deliveries (WebhooksRepository.claim: SKIP LOCKED and a
 * lease, so several processes never send one attempt twice), sends each once, and records the
 * outcome: a 2xx is delivered; anything else is tried again with backoff (domain/backoff) until
 * 24 h have passed, then failed. Every attempt of a delivery carries the same `webhook-id`. A
 * receiver that lets an attempt time out is deferred, with its pending messages, for longer
 * each round it does so (`receiverDeferralMs`), until it answers again.
 */
@Injectable()
export class WebhookDeliveryService {
  constructor(
    private readonly repo: WebhooksRepository,
    private readonly outbound: OutboundHttp,
    private readonly persons: PersonsService,
    private readonly logger: JsonLogger,
    @Inject(DELIVERY_OPTIONS) private readonly options: DeliveryOptions,
  ) {}

  /** Claims up to `limit` due deliveries for this process. */
  claim(limit: number): Promise<ClaimedDelivery[]> {
    return this.repo.claim(
      limit,
      this.options.perProject,
      this.options.perOrganization,
      this.options.timeoutMs * 2 + 5_000,
      (n, now, until) => nextAttemptAt(n, now, until, this.options.retryBaseMs),
    );
  }

  /**
   * Deletes the deliveries that ended (delivered or failed) more than WEBHOOK_RETENTION_DAYS days
   * after they were written, RETENTION_CHUNK rows per statement; returns how many.
   */
  async deleteFinished(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.repo.deleteFinished(this.options.retentionDays, RETENTION_CHUNK);
      total += n;
      if (n < RETENTION_CHUNK) return total;
    }
  }

  /** One attempt of a claimed delivery, recorded. Never throws (a database error leaves the lease to run out). */
  async attempt(delivery: ClaimedDelivery, now: () => Date = () => new Date()): Promise<void> {
    let outcome: AttemptOutcome;
    let receiver: Receiver = 'unknown';
    try {
      ({ outcome, receiver } = await this.send(delivery, now));
    } catch (e) {
      // Not the receiver's doing (a bug, the database): the detail is for the log, not for last_error.
      this.logger.entry('warn', 'webhook delivery not attempted', { id: delivery.id, error: String(e) });
      outcome = this.retry(delivery, now(), null, null, INTERNAL_ERROR);
    }
    attempts.inc({ outcome: outcome.status === 'pending' ? 'retry' : outcome.status });
    const report =
      receiver === 'answered'
        ? { answered: true as const }
        : receiver === 'timed_out'
          ? { answered: false as const, deferralMs: (n: number) => receiverDeferralMs(n, this.options.retryBaseMs) }
          : undefined;
    try {
      await this.repo.complete(delivery, outcome, report);
    } catch (e) {
      this.logger.entry('warn', 'webhook delivery outcome not recorded', { id: delivery.id, error: String(e) });
    }
  }

  private async send(d: ClaimedDelivery, now: () => Date): Promise<{ outcome: AttemptOutcome; receiver: Receiver }> {
    let target: string;
    let body: string;
    let headers: Record<string, string> = {};
    if (d.webhookId === null) {
      if (!d.slackUrl) return this.failed('The project has no slack_incoming_webhook.');
      target = d.slackUrl;
      body = JSON.stringify(await this.slackBody(d));
    } else {
      if (!d.url || !d.secret) return this.failed('The webhook was deleted.');
      if (!d.enabled) return this.failed('The webhook is turned off.');
      if (!d.ownerActive) return this.failed(OWNER_GONE_ERROR);
      target = d.url;
      body = JSON.stringify(d.payload);
      const id = messageId(d.id);
      const at = now();
      headers = {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Signer(d.secret).sign(id, at, body),
      };
    }
    try {
      const res = await this.outbound.postJson(target, body, headers);
      const outcome: AttemptOutcome =
        res.status >= 200 && res.status < 300
          ? { status: 'succeeded', nextAttemptAt: null, statusCode: res.status, response: res.body, error: null }
          : this.retry(d, now(), res.status, res.body, `The receiver answered ${res.status}.`);
      return { outcome, receiver: 'answered' };
    } catch (e) {
      if (!(e instanceof OutboundFailure)) throw e;
      return { outcome: this.retry(d, now(), null, null, e.message), receiver: e.timedOut ? 'timed_out' : 'unknown' };
    }
  }

  private async slackBody(d: ClaimedDelivery): Promise<{ text: string }> {
    const event = String(d.payload.event);
    const distinctId = String(d.payload.distinct_id);
    const person = await this.personOf(d, distinctId);
    return slackMessage(
      {
        event,
        distinctId,
        projectId: d.projectId,
        personUuid: person?.uuid ?? null,
        properties: person?.properties ?? null,
      },
      this.options.publicUrl,
    );
  }

  /**
   * The person behind a Slack message's event, if the database answers within WEBHOOK_TIMEOUT_MS:
   * otherwise the message goes without (named by distinct id, linked to the persons searched by
   * it), so that a slow database cannot stretch the attempt past its lease.
   */
  private async personOf(d: ClaimedDelivery, distinctId: string): Promise<PersonForEvaluation | null> {
    const lookup = this.persons.personByDistinctId(d.projectId, distinctId);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.options.timeoutMs)));
    try {
      const person = await Promise.race([lookup, late]);
      if (person !== 'late') return person;
      lookup.catch(() => undefined);
      this.logger.entry('warn', 'Slack message sent without its person: the lookup took too long', {
        id: d.id,
        timeout_ms: this.options.timeoutMs,
      });
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  private retry(
    d: ClaimedDelivery,
    now: Date,
    statusCode: number | null,
    response: string | null,
    error: string,
  ): AttemptOutcome {
    const next = nextAttemptAt(d.attempts, now, d.retryUntil, this.options.retryBaseMs);
    return next
      ? { status: 'pending', nextAttemptAt: next, statusCode, response, error }
      : { status: 'failed', nextAttemptAt: null, statusCode, response, error };
  }

  private failed(error: string): { outcome: AttemptOutcome; receiver: Receiver } {
    return {
      outcome: { status: 'failed', nextAttemptAt: null, statusCode: null, response: null, error },
      receiver: 'unknown',
    };
  }
}
