import { metrics } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ActorRows } from './analytics.service';
import { CACHED_RESULTS_TTL_MS, isStale } from './domain/cached-results';

/** The time the persons-modal answers are computed at and aged by; tests move it. */
@Injectable()
export class AnalyticsClock {
  now(): Date {
    return new Date();
  }
}

/** Answers kept per process, and their estimated bytes: a page is at most 1,000 persons (~48 KB). */
const MAX_ANSWERS = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

const served = metrics.counter(
  'person_analytics_cached_answers_total',
  'Persons-modal answers served from the cache (trends, funnel, correlation, path).',
);

interface Kept {
  projectId: number;
  answer: ActorRows;
  lastRefresh: Date;
}

/** One answer, fresh or kept. */
export interface ActorAnswer {
  answer: ActorRows;
  isCached: boolean;
  lastRefresh: Date;
}

/** What the cache needs of a request: its key and how to tell whether a kept answer is stale. */
export interface CachedRequest {
  projectId: number;
  key: string;
  refresh: boolean;
  /** The request's `interval` as given (PostHog ages an answer by it). */
  interval: string | undefined;
  /** The end of the request's range, resolved at `now` (relative dates move). */
  dateTo: (now: Date) => Date;
}

/**
 * The persons of a trends point, a funnel step, a correlation and a path, kept by their
 * parameters as PostHog's `cached_by_filters` keeps them (PostHog keeps them in Redis; here each
 * process keeps its own, bounded). The answer kept is the page of person ids with the counts;
 * the persons themselves are loaded for every answer, so their properties show at once and a
 * person deleted since is left out (the counts, `next` and who matched stay as computed).
 */
@Injectable()
export class ActorResultsCache {
  private readonly kept = new LRUCache<string, Kept>({
    max: MAX_ANSWERS,
    maxSize: MAX_BYTES,
    sizeCalculation: (k) => 256 + 48 * k.answer.rows.length,
    // Frees the memory of answers no longer served; whether one is served goes by the clock (`isStale`).
    ttl: CACHED_RESULTS_TTL_MS,
  });

  constructor(private readonly clock: AnalyticsClock) {}

  /** The kept answer when there is a fresh one and no refresh is asked; else `compute`'s, kept. */
  async answer(request: CachedRequest, compute: (now: Date) => Promise<ActorRows>): Promise<ActorAnswer> {
    const now = this.clock.now();
    if (!request.refresh) {
      const kept = this.kept.get(request.key);
      if (
        kept &&
        kept.projectId === request.projectId &&
        !isStale(kept.lastRefresh, request.dateTo(now), request.interval, now)
      ) {
        served.inc();
        return { answer: kept.answer, isCached: true, lastRefresh: kept.lastRefresh };
      }
    }
    const answer = await compute(now);
    // Requests share a kept answer: nothing may change it.
    for (const row of answer.rows) Object.freeze(row);
    Object.freeze(answer.rows);
    Object.freeze(answer);
    // A slower request started before a refresh must not replace the refresh's answer.
    const current = this.kept.peek(request.key);
    if (!current || current.lastRefresh.getTime() <= now.getTime()) {
      this.kept.set(request.key, { projectId: request.projectId, answer, lastRefresh: now });
    }
    return { answer, isCached: false, lastRefresh: now };
  }
}
