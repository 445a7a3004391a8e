import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import { DateRange, Interval, parseDateRange, parseInterval } from '../domain/analytics-dates';
import { AnalyticsEntity, AnalyticsParams, parseAnalyticsFilter, targetEntity } from '../domain/analytics-params';

export interface StickinessQuery {
  entity: AnalyticsEntity;
  interval: Interval;
  days: number;
  range: DateRange;
  /** The project's time zone: the intervals are its local days, weeks, months and hours. */
  timeZone: string;
  properties: PropertyFilterGroup | null;
}

/** Persons active on exactly `stickiness_days` distinct `interval`s of `date_from`–`date_to`. */
export function stickinessQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): StickinessQuery {
  const entity = targetEntity(p);
  if (!p.has('stickiness_days')) throw DomainError.required('stickiness_days');
  const days = p.int('stickiness_days', { min: 1, max: 100_000 })!;
  const interval = parseInterval(p.string('interval'));
  return {
    entity,
    interval,
    days,
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone),
    timeZone,
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
  };
}
