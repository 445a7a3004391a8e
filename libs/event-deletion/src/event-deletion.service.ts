import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** What the deletion batch needs once the person row is gone. */
export interface EventDeletionRequestInput {
  projectId: number;
  personUuid: string;
  distinctIds: readonly string[];
  /** The user who deleted the person; null for deletions the system made. */
  createdBy: number | null;
}

/** The queue of event-deletion requests; the batch that works it off runs on a schedule. */
@Injectable()
export class EventDeletionService {
  /**
   * Queues the deletion of a person's events, in the caller's transaction (the one deleting the
   * person). A request already pending for that person is kept as it is: one pending request
   * per (project, person). Returns whether a new request was queued.
   */
  async enqueue(manager: EntityManager, request: EventDeletionRequestInput): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO event_deletion_requests (project_id, person_uuid, distinct_ids, created_by)
       VALUES ($1, $2, $3::text[], $4)
       ON CONFLICT (project_id, person_uuid) WHERE delete_verified_at IS NULL DO NOTHING
       RETURNING id`,
      [request.projectId, request.personUuid, [...request.distinctIds], request.createdBy],
    );
    return rows.length > 0;
  }
}
