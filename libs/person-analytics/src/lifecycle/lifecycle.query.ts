import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import { addIntervals, parseDatePoint, parseDateRange, parseInterval, startOf } from '../domain/analytics-dates';
import { AnalyticsEntity, AnalyticsParams, parseAnalyticsFilter, targetEntity } from '../domain/analytics-params';

export const LIFECYCLE_TYPES = ['new', 'returning', 'resurrecting', 'dormant'] as const;
export type LifecycleType = (typeof LIFECYCLE_TYPES)[number];

export interface LifecycleQuery {
  entity: AnalyticsEntity;
  type: LifecycleType;
  /** Starts of the period before, the target period, and the one after. */
  previous: Date;
  period: Date;
  next: Date;
  properties: PropertyFilterGroup | null;
}

/**
 * Persons in one lifecycle bar: the `interval` containing `target_date`. new: active and created
 * in it; returning: active in it and the one before; resurrecting: active in it, not in the one
 * before, created earlier; dormant: active in the one before, not in it.
 */
export function lifecycleQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): LifecycleQuery {
  const rawTarget = p.required('target_date');
  const typeText = p.required('lifecycle_type');
  if (!(LIFECYCLE_TYPES as readonly string[]).includes(typeText)) {
    throw DomainError.invalid(`lifecycle_type must be one of ${LIFECYCLE_TYPES.join(', ')}.`, 'lifecycle_type');
  }
  const entity = targetEntity(p);
  const interval = parseInterval(p.string('interval'));
  // Validated for PostHog clients that send the chart's range; one period is what counts.
  parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone);
  const period = startOf(parseDatePoint(rawTarget, now, 'target_date', timeZone), interval, timeZone);
  return {
    entity,
    type: typeText as LifecycleType,
    previous: addIntervals(period, interval, -1, timeZone),
    period,
    next: addIntervals(period, interval, 1, timeZone),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}
