import type { IngestedBatch, IngestionListener } from '@app/persons';
import { IngestionHooks } from '@app/persons';
import { JsonLogger, metrics } from '@app/platform';
import { WebhookOutbox } from '@app/webhook-outbox';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventDefinitionsService } from './event-definitions.service';
import { PostToSlack } from './post-to-slack';

const written = metrics.counter(
  'event_definition_writes_total',
  'Event definitions created or given a fresher last_seen_at by ingestion.',
);
const failures = metrics.counter(
  'event_definition_write_failures_total',
  'Ingestion batches whose event definitions could not be written (logged; the events are stored).',
);

/**
 * Keeps definitions up to date with what ingestion stored, and puts a Slack message in the
 * outbox for each event whose definition has `post_to_slack` (PostToSlack decides from a cache;
 * the worker sends). Runs after the batch committed: a failure here is logged and counted, never
 * passed on, since the events are safely stored and the next event of each name writes again.
 */
@Injectable()
export class EventDefinitionsIngestionListener implements IngestionListener, OnModuleInit {
  constructor(
    private readonly hooks: IngestionHooks,
    private readonly definitions: EventDefinitionsService,
    private readonly postToSlack: PostToSlack,
    private readonly outbox: WebhookOutbox,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  async onEventsIngested(batch: IngestedBatch): Promise<void> {
    await this.recordSeen(batch);
    await this.queueSlackMessages(batch);
  }

  private async queueSlackMessages(batch: IngestedBatch): Promise<void> {
    try {
      const posted = await this.postToSlack.matching(batch.projectId, batch.events);
      if (posted.length === 0) return;
      await this.outbox.slack(batch.projectId, posted);
    } catch (e) {
      failures.inc();
      this.logger.entry('error', 'post_to_slack messages not queued', {
        project_id: batch.projectId,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }

  private async recordSeen(batch: IngestedBatch): Promise<void> {
    try {
      const count = await this.definitions.recordSeen(
        batch.projectId,
        batch.events.map((e) => e.event),
        batch.receivedAt,
      );
      written.inc({}, count);
    } catch (e) {
      failures.inc();
      this.logger.entry('error', 'event definitions not updated', {
        project_id: batch.projectId,
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }
}
