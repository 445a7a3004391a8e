import { createHash } from 'node:crypto';

/**
 * PostHog's `cached_by_filters` for the persons of a trends point, a funnel step (and its
 * correlation) and a path: an answer is kept under its parameters and served again, marked
 * `is_cached`, until it is stale, expires, or the client asks for a `refresh`.
 */

/** How long an answer is kept at most (PostHog's `CACHED_RESULTS_TTL`, 7 days). */
export const CACHED_RESULTS_TTL_MS = 7 * 24 * 3600_000;

/** The values of `refresh` that PostHog reads as "compute again", besides true/1/yes/"" (`refresh_requested_by_client`). */
const REFRESH_MODES = new Set(['async', 'blocking', 'force_async', 'force_blocking', 'force_cache', 'lazy_async']);

/** Parameters that say how to answer, not what: left out of the key, so a refresh replaces the answer others get. */
const NOT_IN_KEY = new Set(['refresh', 'format']);

/** A query-string value as Django reads it: the last of a repeated parameter. */
function lastOf(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** Whether the client asks for a fresh answer: `refresh` in the query string, else in the body. */
export function refreshRequested(query: object, body: object): boolean {
  const q = lastOf((query as Record<string, unknown>).refresh);
  const value = q !== undefined ? q : (body as Record<string, unknown>).refresh;
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  const text = String(value);
  if (['true', '1', 'yes', ''].includes(text.toLowerCase())) return true;
  return REFRESH_MODES.has(text);
}

/**
 * The key of an answer: the project, the route, the project's time zone the dates were read in
 * and every parameter as the handler reads them (`AnalyticsParams.sent`: the body's value wins),
 * hashed. PostHog keys on the filter and the team (its time zone among the team's fields the
 * query reads), and adds `cache_invalidation_key` from the body and from the query string: both
 * are in the key here too, so a new one in either misses.
 */
export function resultKey(
  projectId: number,
  route: string,
  sent: ReadonlyMap<string, unknown>,
  query: object,
  timeZone = 'UTC',
): string {
  const params = [...sent].filter(([name]) => !NOT_IN_KEY.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const invalidation = (query as Record<string, unknown>).cache_invalidation_key;
  return createHash('sha256')
    .update(JSON.stringify([projectId, route, timeZone, params, invalidation ?? null]))
    .digest('base64url');
}

/** PostHog's staleness thresholds by interval (`staleness_threshold_map`, default mode). */
const STALE_AFTER_MS = new Map([
  ['minute', 5 * 60_000],
  ['hour', 3600_000],
  ['day', 6 * 3600_000],
  ['week', 24 * 3600_000],
  ['month', 2 * 24 * 3600_000],
]);

/**
 * The `interval` a kept answer ages by, as sent (`AnalyticsParams.sent`); never an error, since
 * the funnel, correlation and path routes do not otherwise read it.
 */
export function intervalOf(sent: ReadonlyMap<string, unknown>): string | undefined {
  const value = lastOf(sent.get('interval'));
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether a kept answer is too old to serve: once kept for `CACHED_RESULTS_TTL_MS` (PostHog's
 * Redis expiry); before that, as PostHog's `is_stale`: never when the range ended before the
 * answer was computed (10 s of slack), else once the interval's threshold passed since it was
 * (6 hours for a day, the default).
 */
export function isStale(lastRefresh: Date, dateTo: Date, interval: string | undefined, now: Date): boolean {
  if (now.getTime() > lastRefresh.getTime() + CACHED_RESULTS_TTL_MS) return true;
  if (dateTo.getTime() < lastRefresh.getTime() - 10_000) return false;
  const threshold = STALE_AFTER_MS.get((interval || 'day').toLowerCase()) ?? STALE_AFTER_MS.get('day')!;
  return now.getTime() > lastRefresh.getTime() + threshold;
}
