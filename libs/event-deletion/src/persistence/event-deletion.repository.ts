import { queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { requestStatus, RequestStatus } from '../domain/claim';

/** What the batch needs once the person row is gone. */
export interface EventDeletionRequestInput {
  projectId: number;
  personUuid: string;
  distinctIds: readonly string[];
  /** The user who deleted the person; null for deletions the system made. */
  createdBy: number | null;
}

/** A request a batch run has claimed. */
export interface ClaimedRequest {
  id: number;
  projectId: number;
  personUuid: string;
  /** Deleted by earlier, interrupted runs. */
  eventsDeleted: number;
  attempts: number;
}

/** A claim held by some run: for the liveness check. */
export interface LiveClaim {
  token: string;
  claimedBy: string;
}

export interface EventDeletionRequestRow {
  id: number;
  projectId: number;
  personUuid: string;
  distinctIds: string[];
  createdAt: Date;
  createdBy: number | null;
  status: RequestStatus;
  claimedBy: string | null;
  deleteVerifiedAt: Date | null;
  eventsDeleted: number;
  attempts: number;
  lastError: string | null;
}

export interface ChunkResult {
  deleted: number;
  /** None of the person's events remain: the request is done. */
  verified: boolean;
}

export interface Claim {
  token: string;
  claimedBy: string;
  leaseSeconds: number;
}

/**
 * Up to $3 of person $2's events in project $1, deleted; answers how many. A person's events go
 * whatever their time, as PostHog deletes them, so no month's partition is pruned: each is probed
 * through its part of ix_events_project_person_timestamp (test/persons/indexes.e2e-spec.ts
 * EXPLAINs this statement). The rows are deleted by (tableoid, ctid) in the same statement, since
 * a ctid names a row only within its partition; the repeated conditions are checked again on each
 * row deleted.
 */
export const DELETE_EVENTS_CHUNK = `WITH gone AS (
     DELETE FROM events
      WHERE (tableoid, ctid) IN (SELECT tableoid, ctid FROM events WHERE project_id = $1 AND person_id = $2 LIMIT $3)
        AND project_id = $1 AND person_id = $2
     RETURNING 1)
   SELECT count(*)::int AS deleted FROM gone`;

/** Stamps request $1 done (dropping its claim) when none of its person's events remain, in any month. */
export const VERIFY_NO_EVENTS_LEFT = `UPDATE event_deletion_requests r
    SET delete_verified_at = now(), claim_token = NULL, claimed_by = NULL, claimed_until = NULL, last_error = NULL
  WHERE r.id = $1
    AND NOT EXISTS (SELECT 1 FROM events e WHERE e.project_id = r.project_id AND e.person_id = r.person_uuid)
  RETURNING r.id`;

/**
 * The queue's SQL. Every statement is short: the embedded database runs one transaction at a
 * time, so nothing here holds a transaction (or a lock) across chunks.
 */
@Injectable()
export class EventDeletionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** In the caller's transaction. A request already pending for that person is kept. */
  async enqueue(m: EntityManager, request: EventDeletionRequestInput): Promise<boolean> {
    const rows = await queryRows(
      m,
      `INSERT INTO event_deletion_requests (project_id, person_uuid, distinct_ids, created_by)
       VALUES ($1, $2, $3::text[], $4)
       ON CONFLICT (project_id, person_uuid) WHERE delete_verified_at IS NULL DO NOTHING
       RETURNING id`,
      [request.projectId, request.personUuid, [...request.distinctIds], request.createdBy],
    );
    return rows.length > 0;
  }

  /** Claims of pending requests whose lease has not run out. */
  async liveClaims(): Promise<LiveClaim[]> {
    return queryRows<LiveClaim>(
      this.ds,
      `SELECT DISTINCT claim_token AS token, claimed_by AS "claimedBy" FROM event_deletion_requests
        WHERE delete_verified_at IS NULL AND claim_token IS NOT NULL AND claimed_until >= now()`,
    );
  }

  /**
   * Claims the oldest pending request that nobody holds (or whose claim ran out, or is in
   * `takeOver`), skipping `skip`. SKIP LOCKED: two runs claiming at once get different requests.
   */
  async claimNext(claim: Claim, takeOver: string[], skip: number[]): Promise<ClaimedRequest | null> {
    const [row] = await queryRows<ClaimedRequest>(
      this.ds,
      `UPDATE event_deletion_requests r
          SET claim_token = $1, claimed_by = $2, claimed_until = now() + make_interval(secs => $3),
              attempts = r.attempts + 1
        WHERE r.id = (
          SELECT c.id FROM event_deletion_requests c
           WHERE c.delete_verified_at IS NULL
             AND (c.claim_token IS NULL OR c.claimed_until < now() OR c.claim_token = ANY ($4::uuid[]))
             AND c.id <> ALL ($5::bigint[])
           ORDER BY c.created_at, c.id
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.project_id AS "projectId", r.person_uuid AS "personUuid",
                  r.events_deleted AS "eventsDeleted", r.attempts`,
      [claim.token, claim.claimedBy, claim.leaseSeconds, takeOver, skip],
    );
    return row ?? null;
  }

  /**
   * One chunk, in its own transaction: renews the claim (null when it is no longer ours), deletes
   * up to `limit` of the person's events in the request's project and adds them to the request's
   * count. When that left fewer than `limit`, stamps `delete_verified_at` (dropping the claim) if
   * none of them remain. A run killed mid-chunk leaves neither the deletions nor the count.
   */
  async deleteChunk(requestId: number, claim: Claim, limit: number): Promise<ChunkResult | null> {
    return this.ds.transaction(async (m) => {
      const [request] = await queryRows<{ projectId: number; personUuid: string }>(
        m,
        `UPDATE event_deletion_requests SET claimed_until = now() + make_interval(secs => $3)
          WHERE id = $1 AND claim_token = $2 AND delete_verified_at IS NULL
          RETURNING project_id AS "projectId", person_uuid AS "personUuid"`,
        [requestId, claim.token, claim.leaseSeconds],
      );
      if (!request) return null;
      const [{ deleted }] = await queryRows<{ deleted: number }>(m, DELETE_EVENTS_CHUNK, [
        request.projectId,
        request.personUuid,
        limit,
      ]);
      if (deleted > 0) {
        await queryRows(m, `UPDATE event_deletion_requests SET events_deleted = events_deleted + $2 WHERE id = $1`, [
          requestId,
          deleted,
        ]);
      }
      if (deleted === limit) return { deleted, verified: false };
      const verified = await queryRows(m, VERIFY_NO_EVENTS_LEFT, [requestId]);
      return { deleted, verified: verified.length > 0 };
    });
  }

  /** Gives the request back (for the next run), recording `error` when there is one. */
  async release(requestId: number, claim: Claim, error: string | null = null): Promise<void> {
    await queryRows(
      this.ds,
      `UPDATE event_deletion_requests
          SET claim_token = NULL, claimed_by = NULL, claimed_until = NULL, last_error = coalesce($3, last_error)
        WHERE id = $1 AND claim_token = $2`,
      [requestId, claim.token, error],
    );
  }

  async pendingCount(): Promise<number> {
    const [{ n }] = await queryRows<{ n: number }>(
      this.ds,
      `SELECT count(*)::int AS n FROM event_deletion_requests WHERE delete_verified_at IS NULL`,
    );
    return n;
  }

  /** Pending requests another run holds right now. */
  async claimedByOthers(token: string): Promise<number> {
    const [{ n }] = await queryRows<{ n: number }>(
      this.ds,
      `SELECT count(*)::int AS n FROM event_deletion_requests
        WHERE delete_verified_at IS NULL AND claim_token IS NOT NULL AND claim_token <> $1 AND claimed_until >= now()`,
      [token],
    );
    return n;
  }

  /** Pending requests oldest first, then done ones most recently verified first; up to `limit` of each kind asked for. */
  async list(kinds: { pending: boolean; done: boolean }, limit: number): Promise<EventDeletionRequestRow[]> {
    const columns = `id, project_id AS "projectId", person_uuid AS "personUuid", distinct_ids AS "distinctIds",
      created_at AS "createdAt", created_by AS "createdBy", claimed_by AS "claimedBy",
      delete_verified_at AS "deleteVerifiedAt", events_deleted AS "eventsDeleted", attempts, last_error AS "lastError",
      coalesce(claimed_until >= now(), false) AS "claimLive"`;
    const rows: Array<Omit<EventDeletionRequestRow, 'status'> & { claimLive: boolean }> = [];
    if (kinds.pending) {
      rows.push(
        ...(await queryRows<(typeof rows)[number]>(
          this.ds,
          `SELECT ${columns} FROM event_deletion_requests WHERE delete_verified_at IS NULL
            ORDER BY created_at, id LIMIT $1`,
          [limit],
        )),
      );
    }
    if (kinds.done) {
      rows.push(
        ...(await queryRows<(typeof rows)[number]>(
          this.ds,
          `SELECT ${columns} FROM event_deletion_requests WHERE delete_verified_at IS NOT NULL
            ORDER BY delete_verified_at DESC, id DESC LIMIT $1`,
          [limit],
        )),
      );
    }
    return rows.slice(0, limit).map(({ claimLive, ...r }) => ({
      ...r,
      status: requestStatus(r.deleteVerifiedAt !== null, claimLive),
    }));
  }
}
