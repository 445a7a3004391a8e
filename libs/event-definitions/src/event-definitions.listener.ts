import type { IngestedBatch, IngestionListener } from '@app/persons';
import { IngestionHooks } from '@app/persons';
import { JsonLogger, metrics } from '@app/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventDefinitionsService } from './event-definitions.service';

const written = metrics.counter(
  'event_definition_writes_total',
  'Event definitions created or given a fresher last_seen_at by ingestion.',
);
const failures = metrics.counter(
  'event_definition_write_failures_total',
  'Ingestion batches whose event definitions could not be written (logged; the events are stored).',
);

/**
 * Keeps definitions up to date with what ingestion stored. Runs after the batch committed: a
 * failure here is logged and counted, never passed on, since the events are safely stored and
 * the next event of each name writes again.
 */
@Injectable()
export class EventDefinitionsIngestionListener implements IngestionListener, OnModuleInit {
  constructor(
    private readonly hooks: IngestionHooks,
    private readonly definitions: EventDefinitionsService,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.hooks.register(this);
  }

  async onEventsIngested(batch: IngestedBatch): Promise<void> {
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
