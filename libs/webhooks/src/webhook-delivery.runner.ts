import { JsonLogger } from '@app/platform';
import { WebhookOutbox } from '@app/webhook-outbox';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { WebhookDeliveryService } from './webhook-delivery.service';

export const RUNNER_OPTIONS = Symbol('webhook delivery runner options');

/** How often the deliveries past WEBHOOK_RETENTION_DAYS are deleted. */
export const RETENTION_INTERVAL_MS = 3_600_000;

export interface RunnerOptions {
  /** WEBHOOK_POLL_INTERVAL_MS. */
  pollIntervalMs: number;
  /** WEBHOOK_CONCURRENCY: attempts this process has in flight at most. */
  concurrency: number;
}

/**
 * Sends the due webhook and Slack deliveries in a process that runs scheduled jobs (the worker;
 * the API with SCHEDULER_ENABLED). Every WEBHOOK_POLL_INTERVAL_MS, whenever an attempt ends, and
 * whenever this process commits a message (WebhookOutbox tells it), it claims as many due
 * deliveries as it has free slots (WEBHOOK_CONCURRENCY) and starts them without waiting for
 * them, so a slow receiver holds its slots and nothing else; WebhooksRepository.claim keeps each
 * project to its own share across processes. At start and every hour it deletes the deliveries
 * that ended more than WEBHOOK_RETENTION_DAYS ago. At shutdown it stops claiming and lets the
 * attempts in flight end.
 */
@Injectable()
export class WebhookDeliveryRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'webhook-deliveries';
  static readonly RETENTION_INTERVAL_NAME = 'webhook-deliveries-retention';
  private readonly inFlight = new Set<Promise<void>>();
  private pruning: Promise<void> | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    private readonly registry: SchedulerRegistry,
    private readonly outbox: WebhookOutbox,
    private readonly logger: JsonLogger,
    @Inject(RUNNER_OPTIONS) private readonly options: RunnerOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      WebhookDeliveryRunner.INTERVAL_NAME,
      setInterval(() => void this.run(), this.options.pollIntervalMs),
    );
    this.unsubscribe = this.outbox.subscribe(() => void this.run());
    this.registry.addInterval(
      WebhookDeliveryRunner.RETENTION_INTERVAL_NAME,
      setInterval(() => void this.deleteFinished(), RETENTION_INTERVAL_MS),
    );
    void this.deleteFinished();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    await this.claiming;
    await this.pruning;
    await Promise.all([...this.inFlight]);
  }

  /** Deletes the deliveries past WEBHOOK_RETENTION_DAYS (at start and hourly); one run at a time. */
  deleteFinished(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.pruning ??= this.deliveries
      .deleteFinished()
      .then((deleted) => {
        if (deleted > 0) this.logger.entry('info', 'old webhook deliveries deleted', { deleted });
      })
      .catch((e: unknown) => {
        this.logger.entry('warn', 'old webhook deliveries not deleted', { error: String(e) });
      })
      .finally(() => (this.pruning = undefined));
    return this.pruning;
  }

  /** Claims and starts what the free slots allow; resolves once claimed (not once sent). */
  run(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.claiming) {
      this.again = true;
      return this.claiming;
    }
    this.claiming = this.claim().finally(() => {
      this.claiming = undefined;
      if (this.again) {
        this.again = false;
        void this.run();
      }
    });
    return this.claiming;
  }

  private async claim(): Promise<void> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return;
    let claimed;
    try {
      claimed = await this.deliveries.claim(free);
    } catch (e) {
      // The database is away: the next poll tries again.
      this.logger.entry('warn', 'webhook deliveries could not be claimed', { error: String(e) });
      return;
    }
    for (const delivery of claimed) {
      const attempt: Promise<void> = this.deliveries.attempt(delivery).finally(() => {
        this.inFlight.delete(attempt);
        void this.run();
      });
      this.inFlight.add(attempt);
    }
    // A full claim may have left more behind.
    if (claimed.length === free) this.again = true;
  }
}
