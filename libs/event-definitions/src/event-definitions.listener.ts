import type { EventsStoredListener, IngestedBatch, IngestedEvent, IngestionListener } from '@app/persons';
import { IngestionHooks } from '@app/persons';
import { JsonLogger, metrics } from '@app/platform';
import { WebhookOutbox } from '@app/webhook-outbox';
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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
 * Keeps definitions up to date with what ingestion stored (after the batch committed: a failure
 * there is logged and counted, never passed on, since the events are safely stored and the next
 * event of each name writes again), and puts a Slack message in the outbox for each event whose
 * definition has `post_to_slack`, inside the ingestion transaction (PostToSlack decides from a
 * cache; the worker sends): the messages commit with the events, or the batch fails and the SDK
 * sends it again.
 */
@Injectable()
export class EventDefinitionsIngestionListener implements IngestionListener, EventsStoredListener, OnModuleInit {
  constructor(
    private readonly hooks: IngestionHooks,
    private readonly definitions: EventDefinitionsService,
    private readonly postToSlack: PostToSlack,
    private readonly outbox: WebhookOutbox,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
    this.hooks.registerStoredListener(this);
  }

  async onEventsIngested(batch: IngestedBatch): Promise<void> {
    await this.recordSeen(batch);
  }

  /** In the ingestion transaction: the Slack messages of the events that post, written with them. */
  async onEventsStored(m: EntityManager, projectId: number, events: readonly IngestedEvent[]): Promise<void> {
    const posted = await this.postToSlack.matching(m, projectId, events);
    if (posted.length > 0) await this.outbox.slack(m, projectId, posted);
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
