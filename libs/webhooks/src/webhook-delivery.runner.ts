import { IntervalJob, JsonLogger } from '@app/platform';
import { WebhookOutbox } from '@app/webhook-outbox';
import { Inject, Injectable } from '@nestjs/common';
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
 * project to its own share across processes. One pass at a time (IntervalJob): a call during a
 * pass makes it look again before it ends. At shutdown it stops claiming and lets the attempts
 * in flight end.
 */
@Injectable()
export class WebhookDeliveryRunner extends IntervalJob {
  static readonly INTERVAL_NAME = 'webhook-deliveries';
  private readonly inFlight = new Set<Promise<void>>();
  private again = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    registry: SchedulerRegistry,
    private readonly outbox: WebhookOutbox,
    private readonly logger: JsonLogger,
    @Inject(RUNNER_OPTIONS) private readonly options: RunnerOptions,
  ) {
    super(registry, WebhookDeliveryRunner.INTERVAL_NAME, options.pollIntervalMs);
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.unsubscribe = this.outbox.subscribe(() => void this.run());
  }

  override async beforeApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await super.beforeApplicationShutdown();
    await Promise.all([...this.inFlight]);
  }

  /** Claims and starts what the free slots allow; resolves once claimed (not once sent). */
  override run(): Promise<void> {
    this.again = true;
    return super.run();
  }

  protected async pass(): Promise<void> {
    while (this.again && !this.stopping) {
      this.again = false;
      await this.claim();
    }
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

/**
 * Deletes the deliveries that ended (delivered or failed) more than WEBHOOK_RETENTION_DAYS
 * after they were written, at start and every hour, beside the delivery runner. Several
 * processes may run it at once: each skips the rows another is deleting.
 */
@Injectable()
export class WebhookRetentionJob extends IntervalJob {
  static readonly INTERVAL_NAME = 'webhook-deliveries-retention';

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    private readonly logger: JsonLogger,
    registry: SchedulerRegistry,
  ) {
    super(registry, WebhookRetentionJob.INTERVAL_NAME, RETENTION_INTERVAL_MS, 0);
  }

  protected async pass(): Promise<void> {
    try {
      const deleted = await this.deliveries.deleteFinished();
      if (deleted > 0) this.logger.entry('info', 'old webhook deliveries deleted', { deleted });
    } catch (e) {
      this.logger.entry('warn', 'old webhook deliveries not deleted', { error: String(e) });
    }
  }
}
