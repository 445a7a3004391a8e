import { ActorResultsCache, AnalyticsClock, CachedRequest } from './actor-results.cache';
import type { ActorRows } from './analytics.service';

class MovableClock extends AnalyticsClock {
  at = new Date('2024-03-10T12:00:00Z');
  override now(): Date {
    return this.at;
  }
}

const rows = (...ids: number[]): ActorRows => ({
  rows: ids.map((id) => ({ id, value: null })),
  total: ids.length,
  missing: 0,
});
const request = (refresh = false): CachedRequest => ({
  projectId: 1,
  key: 'k',
  refresh,
  interval: undefined,
  dateTo: () => new Date('2024-03-01T00:00:00Z'), // a past range: never stale within 7 days
});

describe('ActorResultsCache', () => {
  it('keeps a refresh’s answer when a request started before it finishes after it', async () => {
    const clock = new MovableClock();
    const cache = new ActorResultsCache(clock);
    let finishSlow!: (r: ActorRows) => void;
    const slow = cache.answer(request(), () => new Promise<ActorRows>((resolve) => (finishSlow = resolve)));
    clock.at = new Date('2024-03-10T12:00:05Z');
    const refreshed = await cache.answer(request(true), async () => rows(1, 2));
    finishSlow(rows(1));
    expect((await slow).answer).toEqual(rows(1)); // the slow request answers what it computed
    const kept = await cache.answer(request(), async () => rows(9));
    expect(kept).toEqual({ answer: rows(1, 2), isCached: true, lastRefresh: refreshed.lastRefresh });
  });

  it('never lets a caller change a kept answer', async () => {
    const cache = new ActorResultsCache(new MovableClock());
    const first = await cache.answer(request(), async () => rows(1));
    expect(() => (first.answer.rows as unknown[]).push({ id: 2 })).toThrow();
    expect(() => ((first.answer.rows[0] as { id: number }).id = 3)).toThrow();
  });
});
