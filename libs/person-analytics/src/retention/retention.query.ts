import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import { addIntervals, Interval, parseDatePoint, startOf } from '../domain/analytics-dates';
import {
  AnalyticsEntity,
  AnalyticsParams,
  parseAnalyticsFilter,
  parseEntities,
  parseEntity,
} from '../domain/analytics-params';

// A Map: `period` comes from the query string, and an object would answer `__proto__` or
// `constructor` from its prototype (a 500).
const RETENTION_PERIODS = new Map<string, Interval>([
  ['hour', 'hour'],
  ['day', 'day'],
  ['week', 'week'],
  ['month', 'month'],
]);
export const MAX_RETENTION_INTERVALS = 400;

export interface RetentionQuery {
  target: AnalyticsEntity;
  returning: AnalyticsEntity;
  firstTime: boolean;
  /** Period starts from the cohort's period to the end of the last one (length: intervals shown + 1). */
  bounds: Date[];
  properties: PropertyFilterGroup | null;
}

/**
 * One retention cohort: persons who did `target_entity` in period `selected_interval` (for
 * `retention_first_time`: for the first time ever), with, per later period, whether they did
 * `returning_entity`. Periods are whole hours/days/weeks/months of the project's time zone; the last one contains
 * `date_to` (default now) and there are `total_intervals` of them.
 */
export function retentionQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): RetentionQuery {
  const periodText = (p.string('period') || 'Day').toLowerCase();
  const period = RETENTION_PERIODS.get(periodText);
  if (!period) throw DomainError.invalid('period must be Hour, Day, Week or Month.', 'period');
  const total = p.int('total_intervals', { min: 1, max: MAX_RETENTION_INTERVALS, fallback: 11 })!;
  const selected = p.int('selected_interval', { min: 0, max: total - 1, fallback: 0 })!;
  const typeText = p.string('retention_type') || 'retention_recurring';
  if (!['retention_recurring', 'retention_first_time', 'retention'].includes(typeText)) {
    throw DomainError.invalid('retention_type must be retention_recurring or retention_first_time.', 'retention_type');
  }
  const entity = (name: string) => {
    const raw = p.json(name);
    return raw === undefined ? undefined : parseEntity(raw, name, p.filters, false);
  };
  const target = entity('target_entity') ?? { id: '$pageview', properties: null };
  const events = parseEntities(p.json('events'), p.filters);
  const returning = entity('returning_entity') ?? events[0] ?? target;
  const rawTo = p.string('date_to');
  const point = rawTo === undefined || rawTo === '' ? now : parseDatePoint(rawTo, now, 'date_to', timeZone);
  const last = startOf(point, period, timeZone);
  const first = addIntervals(last, period, -(total - 1), timeZone);
  const bounds: Date[] = [];
  for (let k = selected; k <= total; k++) bounds.push(addIntervals(first, period, k, timeZone));
  return {
    target,
    returning,
    firstTime: typeText === 'retention_first_time',
    bounds,
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}
