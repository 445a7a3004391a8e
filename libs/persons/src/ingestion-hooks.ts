import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

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

/** Persons folded into others by an `$identify` / `$create_alias`. */
export interface PersonMerge {
  fromId: number;
  intoId: number;
}

/**
 * Something that keeps rows per person and must follow merges (flags' experience-continuity
 * hash keys). Called inside the ingestion transaction, before the merged persons are deleted;
 * use `m` for every query.
 */
export interface PersonMergeListener {
  onPersonsMerged(m: EntityManager, projectId: number, merges: readonly PersonMerge[]): Promise<void>;
}

/**
 * Something that writes rows for the events a batch stores, atomically with them (the Slack
 * messages of `post_to_slack` events). Called inside the ingestion transaction, after the events
 * are inserted, on every attempt of it; use `m` for every query (on the embedded database the
 * transaction holds the only connection). Should cost next to nothing when it has nothing to
 * write: it runs for every batch. A throw fails the batch (the SDK retries it).
 */
export interface EventsStoredListener {
  onEventsStored(m: EntityManager, projectId: number, events: readonly IngestedEvent[]): Promise<void>;
}

/**
 * Where other contexts register their `IngestionListener` / `PersonMergeListener` /
 * `EventsStoredListener` (from their
 * module's `onModuleInit`), so that ingestion does not depend on them.
 */
@Injectable()
export class IngestionHooks {
  private readonly listeners: IngestionListener[] = [];
  private readonly mergeListeners: PersonMergeListener[] = [];
  private readonly storedListeners: EventsStoredListener[] = [];

  register(listener: IngestionListener): void {
    this.listeners.push(listener);
  }

  registerMergeListener(listener: PersonMergeListener): void {
    this.mergeListeners.push(listener);
  }

  registerStoredListener(listener: EventsStoredListener): void {
    this.storedListeners.push(listener);
  }

  async eventsStored(m: EntityManager, projectId: number, events: readonly IngestedEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const listener of this.storedListeners) await listener.onEventsStored(m, projectId, events);
  }

  async personsMerged(m: EntityManager, projectId: number, merges: readonly PersonMerge[]): Promise<void> {
    if (merges.length === 0) return;
    for (const listener of this.mergeListeners) await listener.onPersonsMerged(m, projectId, merges);
  }

  async notify(batch: IngestedBatch): Promise<void> {
    for (const listener of this.listeners) await listener.onEventsIngested(batch);
  }
}
