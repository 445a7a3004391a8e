import { DomainError } from '@app/platform/errors/domain-error';
import type { PropertyFilterGroup } from '@app/targeting';
import {
  addIntervals,
  DateRange,
  parseDatePoint,
  parseDateRange,
  parseInterval,
  startOf,
} from '../domain/analytics-dates';
import {
  AnalyticsEntity,
  AnalyticsParams,
  Breakdown,
  parseAnalyticsFilter,
  parseBreakdown,
  parseEntities,
  parseEntity,
} from '../domain/analytics-params';

export const FUNNEL_ORDERS = ['ordered', 'strict', 'unordered'] as const;
export type FunnelOrder = (typeof FUNNEL_ORDERS)[number];

const WINDOW_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const;
type WindowUnit = (typeof WINDOW_UNITS)[number];

/** Which persons of a funnel: by step reached, or (funnel trends) by entrance period and conversion. */
export type FunnelSelection =
  | { kind: 'step'; steps: number[] | { atLeast: number } }
  | { kind: 'trends'; entranceFrom: Date; entranceTo: Date; converted: boolean; toStep: number };

export interface FunnelQuery {
  steps: AnalyticsEntity[];
  order: FunnelOrder;
  /** The conversion window as a PostgreSQL interval (`14 days`). */
  window: string;
  range: DateRange;
  properties: PropertyFilterGroup | null;
  breakdown: Breakdown | null;
}

export interface FunnelActorsQuery extends FunnelQuery {
  selection: FunnelSelection;
}

/** The funnel itself: `events` (steps), order type, window, dates, filters, breakdown. */
export function funnelBase(p: AnalyticsParams, now: Date, timeZone = 'UTC'): FunnelQuery {
  if (p.has('actions')) {
    const actions = p.json('actions');
    if (!Array.isArray(actions) || actions.length > 0) {
      throw DomainError.invalid('Actions are not supported; use events.', 'actions');
    }
  }
  const steps = parseEntities(p.json('events'), p.filters);
  if (steps.length === 0) throw DomainError.required('events');
  const orderText = p.string('funnel_order_type') || 'ordered';
  if (!(FUNNEL_ORDERS as readonly string[]).includes(orderText)) {
    throw DomainError.invalid(`funnel_order_type must be one of ${FUNNEL_ORDERS.join(', ')}.`, 'funnel_order_type');
  }
  return {
    steps,
    order: orderText as FunnelOrder,
    window: funnelWindow(p),
    range: parseDateRange(p.string('date_from'), p.string('date_to'), now, {}, timeZone),
    properties: parseAnalyticsFilter(p.json('properties'), 'properties', p.filters),
    breakdown: parseBreakdown(p, 'funnel_step_breakdown'),
  };
}

function funnelWindow(p: AnalyticsParams): string {
  const interval = p.int('funnel_window_interval', { min: 1, max: 100_000 });
  if (interval !== undefined) {
    const unitText = (p.string('funnel_window_interval_unit') || 'day').toLowerCase();
    if (!(WINDOW_UNITS as readonly string[]).includes(unitText)) {
      throw DomainError.invalid(
        `funnel_window_interval_unit must be one of ${WINDOW_UNITS.join(', ')}.`,
        'funnel_window_interval_unit',
      );
    }
    const unit = unitText as WindowUnit;
    if ((unit === 'month' && interval > 1200) || (unit === 'week' && interval > 5200)) {
      throw DomainError.invalid('funnel_window_interval is too large.', 'funnel_window_interval');
    }
    return `${interval} ${unit}s`;
  }
  const days = p.int('funnel_window_days', { min: 1, max: 36_500, fallback: 14 })!;
  return `${days} days`;
}

/**
 * Persons of one funnel step: `funnel_step` N ≥ 1 reached step N (or further); -N dropped off
 * before step N (reached N-1, not N). `funnel_custom_steps` ([1, 3]) selects persons whose last
 * reached step is one of those. Funnel trends (`funnel_viz_type=trends`): persons who entered in
 * the period starting `entrance_period_start` and converted (or, with `drop_off=true`, did not).
 */
export function funnelQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): FunnelActorsQuery {
  const base = funnelBase(p, now, timeZone);
  const n = base.steps.length;
  const viz = p.string('funnel_viz_type') || 'steps';
  if (!['steps', 'trends', 'time_to_convert'].includes(viz)) {
    throw DomainError.invalid('funnel_viz_type must be steps, trends or time_to_convert.', 'funnel_viz_type');
  }
  if (viz === 'trends') {
    if (n < 2) throw DomainError.invalid('A funnel trend needs at least two steps.', 'events');
    const rawStart = p.required('entrance_period_start');
    const interval = parseInterval(p.string('interval'));
    const entranceFrom = startOf(parseDatePoint(rawStart, now, 'entrance_period_start', timeZone), interval, timeZone);
    // 0-based, as PostHog's funnel_to_step: the step whose reaching counts as converting.
    const toStep = p.int('funnel_to_step', { min: 1, max: n - 1, fallback: n - 1 })!;
    return {
      ...base,
      selection: {
        kind: 'trends',
        entranceFrom,
        entranceTo: addIntervals(entranceFrom, interval, 1, timeZone),
        converted: !(p.bool('drop_off') ?? false),
        toStep: toStep + 1,
      },
    };
  }
  const custom = p.json('funnel_custom_steps');
  if (custom !== undefined) {
    if (
      !Array.isArray(custom) ||
      custom.length === 0 ||
      !custom.every((s) => typeof s === 'number' && Number.isInteger(s) && s >= 1 && s <= n)
    ) {
      throw DomainError.invalid(
        `funnel_custom_steps must be a list of step numbers from 1 to ${n}.`,
        'funnel_custom_steps',
      );
    }
    return { ...base, selection: { kind: 'step', steps: [...new Set(custom as number[])] } };
  }
  if (!p.has('funnel_step')) throw DomainError.required('funnel_step');
  const step = p.int('funnel_step', { min: -n, max: n })!;
  if (step === 0)
    throw DomainError.invalid('funnel_step counts from 1 (or from -2 for drop-offs); 0 is no step.', 'funnel_step');
  if (step === -1) throw DomainError.invalid('Nobody drops off before the first step; use -2 or lower.', 'funnel_step');
  return {
    ...base,
    selection: { kind: 'step', steps: step > 0 ? { atLeast: step } : [-step - 1] },
  };
}

export interface FunnelCorrelationQuery extends FunnelQuery {
  entity: AnalyticsEntity;
  /** true: converted persons only; false: the others; null: both. */
  converted: boolean | null;
}

/** Persons of the funnel who did `funnel_correlation_person_entity` between entering and converting (or dropping off). */
export function funnelCorrelationQuery(p: AnalyticsParams, now: Date, timeZone = 'UTC'): FunnelCorrelationQuery {
  const base = funnelBase(p, now, timeZone);
  const raw = p.json('funnel_correlation_person_entity');
  if (raw === undefined) throw DomainError.required('funnel_correlation_person_entity');
  const entity = parseEntity(raw, 'funnel_correlation_person_entity', p.filters, false);
  const converted = p.string('funnel_correlation_person_converted');
  let flag: boolean | null = null;
  if (converted !== undefined && converted !== '') {
    const v = converted.toLowerCase();
    if (v !== 'true' && v !== 'false') {
      throw DomainError.invalid(
        'funnel_correlation_person_converted must be TRUE or FALSE.',
        'funnel_correlation_person_converted',
      );
    }
    flag = v === 'true';
  }
  return { ...base, entity, converted: flag };
}
