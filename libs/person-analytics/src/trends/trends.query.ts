import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import { addIntervals, alignToInterval, DateRange, parseDateRange, parseInterval } from '../domain/analytics-dates';
import {
  AnalyticsEntity,
  AnalyticsParams,
  Breakdown,
  parseAnalyticsFilter,
  parseBreakdown,
  targetEntity,
} from '../domain/analytics-params';

export const ENTITY_MATHS = ['total', 'dau', 'weekly_active', 'monthly_active'] as const;
export type EntityMath = (typeof ENTITY_MATHS)[number];

export interface TrendsActorsQuery {
  entity: AnalyticsEntity;
  math: EntityMath;
  range: DateRange;
  properties: PropertyFilterGroup | null;
  breakdown: Breakdown | null;
}

/**
 * Persons behind one point of a trends chart: the point is `date_from`–`date_to` widened to
 * whole `interval`s; weekly/monthly active users look back 7/30 days from the point's end.
 */
export function trendsQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): TrendsActorsQuery {
  const entity = targetEntity(p);
  const mathText = p.string('entity_math') || 'total';
  if (!(ENTITY_MATHS as readonly string[]).includes(mathText)) {
    throw DomainError.invalid(`entity_math must be one of ${ENTITY_MATHS.join(', ')}.`, 'entity_math');
  }
  const math = mathText as EntityMath;
  const interval = parseInterval(p.string('interval'));
  let range = alignToInterval(
    parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone),
    interval,
    timeZone,
  );
  if (math === 'weekly_active' || math === 'monthly_active') {
    range = { ...range, from: addIntervals(range.to, 'day', math === 'weekly_active' ? -7 : -30, timeZone) };
  }
  return {
    entity,
    math,
    range,
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    breakdown: parseBreakdown(p, 'breakdown_value'),
  };
}
