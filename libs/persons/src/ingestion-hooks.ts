import { Injectable } from '@nestjs/common';

/** One stored (not duplicate) event, as other contexts see it. */
export interface IngestedEvent {
  event: string;
  distinctId: string;
  timestamp: Date;
}

/** A batch ingestion has committed. */
export interface IngestedBatch {
  projectId: number;
  /** When the request arrived (what PostHog calls `now`). */
  receivedAt: Date;
  events: readonly IngestedEvent[];
}

/**
 * Something that wants to know what ingestion stored, e.g. event definitions (`last_seen_at`).
 * Called after the batch's transaction commits; a listener that throws fails the request, and
 * the SDK's retry is harmless because events are de-duplicated by uuid.
 */
export interface IngestionListener {
  onEventsIngested(batch: IngestedBatch): Promise<void>;
}

/**
 * Where other contexts register their `IngestionListener` (from their module's `onModuleInit`),
 * so that ingestion does not depend on them.
 */
@Injectable()
export class IngestionHooks {
  private readonly listeners: IngestionListener[] = [];

  register(listener: IngestionListener): void {
    this.listeners.push(listener);
  }

  async notify(batch: IngestedBatch): Promise<void> {
    for (const listener of this.listeners) await listener.onEventsIngested(batch);
  }
}
