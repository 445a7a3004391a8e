import { DomainError } from '@app/platform/errors/domain-error';

/** The time buckets of PostHog's insights; weeks start on Sunday (PostHog's default), all in UTC. */
export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/**
 * A time range of events: `from` inclusive (null: since the first event), `to` inclusive when
 * `toInclusive` (an explicit instant), else exclusive (the end of a day, week, …).
 */
export interface DateRange {
  from: Date | null;
  to: Date;
  toInclusive: boolean;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The start of the `interval` that contains `date` (UTC; weeks from Sunday). */
export function startOf(date: Date, interval: Interval): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (interval) {
    case 'hour':
      return new Date(Math.floor(date.getTime() / HOUR) * HOUR);
    case 'day':
      return utc(y, m, d);
    case 'week':
      return utc(y, m, d - date.getUTCDay());
    case 'month':
      return utc(y, m, 1);
  }
}

function utc(y: number, m: number, d: number): Date {
  const date = new Date(Date.UTC(2000, m, d));
  // Date.UTC maps years 0-99 to 1900-1999.
  date.setUTCFullYear(date.getUTCFullYear() + y - 2000);
  return date;
}

/** `date` moved by `n` intervals (months keep the day, clamped to the month's last day). */
export function addIntervals(date: Date, interval: Interval, n: number): Date {
  switch (interval) {
    case 'hour':
      return new Date(date.getTime() + n * HOUR);
    case 'day':
      return new Date(date.getTime() + n * DAY);
    case 'week':
      return new Date(date.getTime() + n * 7 * DAY);
    case 'month': {
      const d = new Date(date.getTime());
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + n);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      d.setUTCDate(Math.min(day, last));
      return d;
    }
  }
}

export function parseInterval(raw: string | undefined, attr = 'interval', fallback: Interval = 'day'): Interval {
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase();
  if (!(INTERVALS as readonly string[]).includes(value)) {
    throw DomainError.invalid(`${attr} must be one of ${INTERVALS.join(', ')}.`, attr);
  }
  return value as Interval;
}

const RELATIVE = /^-?(\d{1,5})([hdwmqy])(Start|End)?$/;
const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** What a date parameter names: an instant, or a whole day/hour/month whose start or end is meant. */
export type ParsedDate = { kind: 'instant'; at: Date } | { kind: 'span'; start: Date; end: Date } | { kind: 'all' };

/**
 * PostHog's date parameters: ISO dates (`2024-01-31`: that whole UTC day), ISO date-times (that
 * instant; without a zone, UTC), relative dates (`-7d`, `-2w`, `-1m`, `-1y`, `-3h`, `-1mStart`:
 * the whole day, hour or month that far back, as PostHog rounds them) and `all` where allowed.
 * Anything else is a 400 naming `attr`.
 */
export function parseAnalyticsDate(raw: string, now: Date, attr: string, allowAll = false): ParsedDate {
  const parsed = parseDate(raw, now, attr, allowAll);
  // Far enough from the ends of the calendar that the periods around a date, months or years
  // before it, still exist in PostgreSQL (which has no year 0).
  const dates = parsed.kind === 'instant' ? [parsed.at] : parsed.kind === 'span' ? [parsed.start, parsed.end] : [];
  if (dates.some((d) => d.getUTCFullYear() < MIN_YEAR || d.getUTCFullYear() > MAX_YEAR)) {
    throw DomainError.invalid(`${attr} must be between the years ${MIN_YEAR} and ${MAX_YEAR}.`, attr);
  }
  return parsed;
}

const MIN_YEAR = 1000;
const MAX_YEAR = 9000;

function parseDate(raw: string, now: Date, attr: string, allowAll: boolean): ParsedDate {
  const value = raw.trim();
  if (value === 'all') {
    if (allowAll) return { kind: 'all' };
    throw DomainError.invalid(`${attr} cannot be "all".`, attr);
  }
  const relative = RELATIVE.exec(value);
  if (relative) {
    const n = Number(relative[1]);
    const unit = relative[2];
    if (unit === 'h') {
      const start = startOf(new Date(now.getTime() - n * HOUR), 'hour');
      return { kind: 'span', start, end: addIntervals(start, 'hour', 1) };
    }
    const moved =
      unit === 'd'
        ? addIntervals(now, 'day', -n)
        : unit === 'w'
          ? addIntervals(now, 'week', -n)
          : unit === 'm'
            ? addIntervals(now, 'month', -n)
            : unit === 'q'
              ? addIntervals(now, 'month', -3 * n)
              : addIntervals(now, 'month', -12 * n);
    // `-1mStart` / `-1yEnd`: the whole month or year; otherwise the whole day.
    if (relative[3] && unit !== 'd' && unit !== 'w') {
      const year = unit === 'y';
      const start = year ? utc(moved.getUTCFullYear(), 0, 1) : startOf(moved, 'month');
      const end = year ? utc(moved.getUTCFullYear() + 1, 0, 1) : addIntervals(start, 'month', 1);
      return { kind: 'span', start, end };
    }
    const start = startOf(moved, 'day');
    return { kind: 'span', start, end: addIntervals(start, 'day', 1) };
  }
  const bare = BARE_DATE.exec(value);
  if (bare) {
    const start = utc(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]));
    if (
      start.getUTCFullYear() !== Number(bare[1]) ||
      start.getUTCMonth() !== Number(bare[2]) - 1 ||
      start.getUTCDate() !== Number(bare[3]) ||
      start.getUTCFullYear() < 1 ||
      start.getUTCFullYear() > 9998
    ) {
      throw invalidDate(attr);
    }
    return { kind: 'span', start, end: addIntervals(start, 'day', 1) };
  }
  if (DATE_TIME.test(value)) {
    const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
    const ms = Date.parse(withZone.replace(' ', 'T'));
    if (!Number.isNaN(ms)) {
      const at = new Date(ms);
      if (at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9998) return { kind: 'instant', at };
    }
  }
  throw invalidDate(attr);
}

function invalidDate(attr: string): DomainError {
  return DomainError.invalid(
    `${attr} must be a date (2024-01-31), a date-time (2024-01-31T12:00:00Z) or relative (-7d, -2w, -1m, -1y, -3h).`,
    attr,
  );
}

/** The first instant a `from`-side date covers. */
export function fromSide(date: Exclude<ParsedDate, { kind: 'all' }>): Date {
  return date.kind === 'instant' ? date.at : date.start;
}

/** A date naming one point in time (`target_date`, `entrance_period_start`): its first instant. */
export function parseDatePoint(raw: string, now: Date, attr: string): Date {
  const parsed = parseAnalyticsDate(raw, now, attr);
  return parsed.kind === 'all' ? now : fromSide(parsed);
}

/**
 * `date_from`/`date_to` as PostHog's insights read them: `date_from` defaults to `-7d` (the
 * start of that day), `date_to` to now; a day (`2024-01-31`, `-1d`) as `date_to` reaches to the
 * end of that day; `all` means since the first event. 400 when `date_from` is after `date_to`.
 */
export function parseDateRange(
  rawFrom: string | undefined,
  rawTo: string | undefined,
  now: Date,
  options: { defaultFrom?: string; allowAll?: boolean } = {},
): DateRange {
  const fromText = rawFrom === undefined || rawFrom === '' ? (options.defaultFrom ?? '-7d') : rawFrom;
  const from = parseAnalyticsDate(fromText, now, 'date_from', options.allowAll ?? true);
  let to: Date;
  let toInclusive: boolean;
  if (rawTo === undefined || rawTo === '') {
    to = now;
    toInclusive = true;
  } else {
    const parsed = parseAnalyticsDate(rawTo, now, 'date_to');
    if (parsed.kind === 'instant') {
      to = parsed.at;
      toInclusive = true;
    } else if (parsed.kind === 'span') {
      to = parsed.end;
      toInclusive = false;
    } else {
      throw DomainError.invalid('date_to cannot be "all".', 'date_to');
    }
  }
  const start = from.kind === 'all' ? null : fromSide(from);
  if (start !== null && (toInclusive ? start > to : start >= to)) {
    throw DomainError.invalid('date_from must be before date_to.', 'date_from');
  }
  return { from: start, to, toInclusive };
}

/**
 * The range widened to whole intervals: `from` back to the start of its interval, `to` on to the
 * end of its interval (a data point of a weekly chart is the whole week).
 */
export function alignToInterval(range: DateRange, interval: Interval): DateRange {
  const from = range.from === null ? null : startOf(range.from, interval);
  // The last instant the range covers, then the end of its interval.
  const last = range.toInclusive ? range.to : new Date(range.to.getTime() - 1);
  const start = startOf(last, interval);
  return { from, to: addIntervals(start, interval, 1), toInclusive: false };
}
