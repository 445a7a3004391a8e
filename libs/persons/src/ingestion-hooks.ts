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
 * Where other contexts register their `IngestionListener` / `PersonMergeListener` (from their
 * module's `onModuleInit`), so that ingestion does not depend on them.
 */
@Injectable()
export class IngestionHooks {
  private readonly listeners: IngestionListener[] = [];
  private readonly mergeListeners: PersonMergeListener[] = [];

  register(listener: IngestionListener): void {
    this.listeners.push(listener);
  }

  registerMergeListener(listener: PersonMergeListener): void {
    this.mergeListeners.push(listener);
  }

  async personsMerged(m: EntityManager, projectId: number, merges: readonly PersonMerge[]): Promise<void> {
    if (merges.length === 0) return;
    for (const listener of this.mergeListeners) await listener.onPersonsMerged(m, projectId, merges);
  }

  async notify(batch: IngestedBatch): Promise<void> {
    for (const listener of this.listeners) await listener.onEventsIngested(batch);
  }
}
