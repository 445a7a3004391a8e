import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { pidAlive } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ClaimOwner, isAbandoned, ownerLabel } from './domain/claim';
import {
  Claim,
  ClaimedRequest,
  EventDeletionRepository,
  EventDeletionRequestInput,
  EventDeletionRequestRow,
} from './persistence/event-deletion.repository';

/**
 * How long a claim stays valid without a chunk renewing it. It only matters when a run dies on
 * another host: a dead claim of this host is taken over at once (see `isAbandoned`).
 */
export const CLAIM_LEASE_SECONDS = 300;

export interface BatchOptions {
  chunkSize: number;
  /** Stops the run between two chunks; the request in progress is given back. */
  signal?: AbortSignal;
  leaseSeconds?: number;
  onChunk?(request: ClaimedRequest, deleted: number, totalDeleted: number): void;
  onRequest?(outcome: RequestOutcome): void;
}

export interface RequestOutcome {
  id: number;
  projectId: number;
  personUuid: string;
  /** `stopped`: the run was asked to stop; `taken_over`: another run took the claim. Both resume later. */
  status: 'done' | 'failed' | 'stopped' | 'taken_over';
  /** Deleted by this run. */
  eventsDeleted: number;
  /** Deleted for the request since it was queued, over every run. */
  totalDeleted: number;
  error?: string;
}

export interface BatchResult {
  eventsDeleted: number;
  outcomes: RequestOutcome[];
  /** Pending requests left to another run that holds them. */
  busy: number;
  /** Pending requests after the run (failed, stopped, busy, or queued meanwhile). */
  pending: number;
  stopped: boolean;
}

/** The queue of event-deletion requests and the batch that works it off. */
@Injectable()
export class EventDeletionService {
  private readonly self: ClaimOwner = { host: hostname(), pid: process.pid };

  constructor(private readonly repo: EventDeletionRepository) {}

  /**
   * Queues the deletion of a person's events, in the caller's transaction (the one deleting the
   * person). A request already pending for that person is kept as it is: one pending request
   * per (project, person). Returns whether a new request was queued.
   */
  enqueue(manager: EntityManager, request: EventDeletionRequestInput): Promise<boolean> {
    return this.repo.enqueue(manager, request);
  }

  pendingCount(): Promise<number> {
    return this.repo.pendingCount();
  }

  list(kinds: { pending: boolean; done: boolean }, limit: number): Promise<EventDeletionRequestRow[]> {
    return this.repo.list(kinds, limit);
  }

  /**
   * Works the queue off, oldest request first, one claimed request at a time: deletes that
   * person's events of that project in chunks (each its own transaction), then stamps the
   * request verified once none remain. A request that fails is given back with its error and
   * left for the next run. Safe to run in several processes at once and to kill at any point.
   */
  async runBatch(options: BatchOptions): Promise<BatchResult> {
    const claim: Claim = {
      token: randomUUID(),
      claimedBy: ownerLabel(this.self),
      leaseSeconds: options.leaseSeconds ?? CLAIM_LEASE_SECONDS,
    };
    const outcomes: RequestOutcome[] = [];
    const tried: number[] = [];
    let stopped = false;
    for (;;) {
      if (options.signal?.aborted) {
        stopped = true;
        break;
      }
      const abandoned = (await this.repo.liveClaims())
        .filter((c) => isAbandoned(c.claimedBy, this.self, pidAlive))
        .map((c) => c.token);
      const request = await this.repo.claimNext(claim, abandoned, tried);
      if (!request) break;
      tried.push(request.id);
      const outcome = await this.work(request, claim, options);
      outcomes.push(outcome);
      options.onRequest?.(outcome);
      if (outcome.status === 'stopped') {
        stopped = true;
        break;
      }
    }
    return {
      eventsDeleted: outcomes.reduce((n, o) => n + o.eventsDeleted, 0),
      outcomes,
      busy: await this.repo.claimedByOthers(claim.token),
      pending: await this.repo.pendingCount(),
      stopped,
    };
  }

  private async work(request: ClaimedRequest, claim: Claim, options: BatchOptions): Promise<RequestOutcome> {
    let deleted = 0;
    const outcome = (status: RequestOutcome['status'], error?: string): RequestOutcome => ({
      id: request.id,
      projectId: request.projectId,
      personUuid: request.personUuid,
      status,
      eventsDeleted: deleted,
      totalDeleted: request.eventsDeleted + deleted,
      ...(error === undefined ? {} : { error }),
    });
    try {
      for (;;) {
        if (options.signal?.aborted) {
          await this.repo.release(request.id, claim);
          return outcome('stopped');
        }
        const chunk = await this.repo.deleteChunk(request.id, claim, options.chunkSize);
        if (chunk === null) return outcome('taken_over');
        deleted += chunk.deleted;
        if (chunk.deleted > 0) options.onChunk?.(request, chunk.deleted, request.eventsDeleted + deleted);
        if (chunk.verified) return outcome('done');
        // A short chunk that did not verify: events written meanwhile; more chunks, unless none went.
        if (chunk.deleted === 0) throw new Error('events of the person remain but none could be deleted');
      }
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await this.repo.release(request.id, claim, message).catch(() => {});
      return outcome('failed', message);
    }
  }
}
