import { DomainError } from '@app/platform/errors/domain-error';
import { offsetAt, UTC, wallToInstant } from '@app/targeting';

/**
 * The time buckets of PostHog's insights; weeks start on Sunday (PostHog's default). Every date
 * is read in the project's time zone (an IANA name, `UTC` unless set), as PostHog's
 * `QueryDateRange` reads them with the team's zone and ClickHouse buckets with
 * `toStartOfDay(timestamp, tz)`: a day is a local day, a week starts at local midnight on
 * Sunday, across a change to or from daylight saving time too.
 */
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

/** The wall-clock time `timeZone`'s clocks show at `at`, as a date read in UTC. */
function wallOf(at: Date, timeZone: string): Date {
  return timeZone === UTC ? at : new Date(at.getTime() + offsetAt(at.getTime(), timeZone));
}

/**
 * The instant `timeZone`'s clocks show `wall` (read in UTC): the earlier one when they show it
 * twice; in the hour skipped in spring, the wall time in the offset before it (as PostgreSQL's
 * `AT TIME ZONE` reads it), which is the first instant of a day whose midnight is skipped.
 */
function instantOf(wall: Date, timeZone: string): Date {
  if (timeZone === UTC) return wall;
  const w = wall.getTime();
  const at = wallToInstant(w, timeZone);
  return new Date(Number.isNaN(at) ? w - offsetAt(w - DAY, timeZone) : at);
}

/** The start of the `interval` that contains `date`, in `timeZone` (weeks from Sunday). */
export function startOf(date: Date, interval: Interval, timeZone: string = UTC): Date {
  if (interval === 'hour') {
    // Whole hours of the clock, the repeated autumn hour twice.
    const wall = wallOf(date, timeZone).getTime();
    return new Date(date.getTime() - (((wall % HOUR) + HOUR) % HOUR));
  }
  return instantOf(startOfWall(wallOf(date, timeZone), interval), timeZone);
}

/** `startOf` on a wall-clock time read in UTC. */
function startOfWall(date: Date, interval: Interval): Date {
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

/**
 * `date` moved by `n` intervals on `timeZone`'s clock (a day from midnight is the next midnight,
 * 23 or 25 hours across a DST change; months keep the day, clamped to the month's last day);
 * hours are hours of elapsed time.
 */
export function addIntervals(date: Date, interval: Interval, n: number, timeZone: string = UTC): Date {
  if (interval === 'hour' || timeZone === UTC) return addWall(date, interval, n);
  return instantOf(addWall(wallOf(date, timeZone), interval, n), timeZone);
}

/** `addIntervals` on a wall-clock time read in UTC. */
function addWall(date: Date, interval: Interval, n: number): Date {
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

// The count may be left out: `dStart` is the start of today, `mStart` of this month (PostHog's regex).
const RELATIVE = /^-?(\d{1,5})?([hdwmqy])(Start|End)?$/;
const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** What a date parameter names: an instant, or a whole day/hour/month whose start or end is meant. */
export type ParsedDate = { kind: 'instant'; at: Date } | { kind: 'span'; start: Date; end: Date } | { kind: 'all' };

/**
 * PostHog's date parameters, in the project's `timeZone`: ISO dates (`2024-01-31`: that whole
 * local day), ISO date-times (that instant; without a zone, the project's wall-clock time),
 * relative dates counted on the local clock (`-7d`, `-2w`, `-1m`, `-1y`, `-3h`, `-1mStart`,
 * `dStart`: the whole day, hour or month that far back, as PostHog rounds them) and `all` where
 * allowed. Anything else is a 400 naming `attr`.
 */
export function parseAnalyticsDate(
  raw: string,
  now: Date,
  attr: string,
  allowAll = false,
  timeZone: string = UTC,
): ParsedDate {
  const parsed = parseDate(raw, now, attr, allowAll, timeZone);
  // Far enough from the ends of the calendar that the periods around a date, months or years
  // before it, still exist in PostgreSQL (which has no year 0).
  const dates = parsed.kind === 'instant' ? [parsed.at] : parsed.kind === 'span' ? [parsed.start, parsed.end] : [];
  if (dates.some((d) => !(d.getUTCFullYear() >= MIN_YEAR && d.getUTCFullYear() <= MAX_YEAR))) {
    throw DomainError.invalid(`${attr} must be between the years ${MIN_YEAR} and ${MAX_YEAR}.`, attr);
  }
  return parsed;
}

const MIN_YEAR = 1000;
const MAX_YEAR = 9000;

/** A span of wall-clock times (read in UTC) as the instants `timeZone`'s clocks show them. */
function localSpan(start: Date, end: Date, timeZone: string): ParsedDate {
  return { kind: 'span', start: instantOf(start, timeZone), end: instantOf(end, timeZone) };
}

function parseDate(raw: string, now: Date, attr: string, allowAll: boolean, timeZone: string): ParsedDate {
  const value = raw.trim();
  if (value === 'all') {
    if (allowAll) return { kind: 'all' };
    throw DomainError.invalid(`${attr} cannot be "all".`, attr);
  }
  const relative = RELATIVE.exec(value);
  if (relative) {
    const n = Number(relative[1] ?? 0);
    const unit = relative[2];
    if (unit === 'h') {
      const start = startOf(new Date(now.getTime() - n * HOUR), 'hour', timeZone);
      return { kind: 'span', start, end: new Date(start.getTime() + HOUR) };
    }
    // On the local clock: "now" as its wall-clock time, moved and rounded there.
    const wall = wallOf(now, timeZone);
    const moved =
      unit === 'd'
        ? addWall(wall, 'day', -n)
        : unit === 'w'
          ? addWall(wall, 'week', -n)
          : unit === 'm'
            ? addWall(wall, 'month', -n)
            : unit === 'q'
              ? addWall(wall, 'month', -3 * n)
              : addWall(wall, 'month', -12 * n);
    // `-1mStart` / `-1yEnd`: the whole month or year; otherwise the whole day.
    if (relative[3] && unit !== 'd' && unit !== 'w') {
      const year = unit === 'y';
      const start = year ? utc(moved.getUTCFullYear(), 0, 1) : startOfWall(moved, 'month');
      const end = year ? utc(moved.getUTCFullYear() + 1, 0, 1) : addWall(start, 'month', 1);
      return localSpan(start, end, timeZone);
    }
    const start = startOfWall(moved, 'day');
    return localSpan(start, addWall(start, 'day', 1), timeZone);
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
    return localSpan(start, addWall(start, 'day', 1), timeZone);
  }
  if (DATE_TIME.test(value)) {
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
    const ms = Date.parse((zoned ? value : `${value}Z`).replace(' ', 'T'));
    if (!Number.isNaN(ms)) {
      const at = zoned ? new Date(ms) : instantOf(new Date(ms), timeZone);
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
export function parseDatePoint(raw: string, now: Date, attr: string, timeZone: string = UTC): Date {
  const parsed = parseAnalyticsDate(raw, now, attr, false, timeZone);
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
  timeZone: string = UTC,
): DateRange {
  const fromText = rawFrom === undefined || rawFrom === '' ? (options.defaultFrom ?? '-7d') : rawFrom;
  const from = parseAnalyticsDate(fromText, now, 'date_from', options.allowAll ?? true, timeZone);
  let to: Date;
  let toInclusive: boolean;
  if (rawTo === undefined || rawTo === '') {
    to = now;
    toInclusive = true;
  } else {
    const parsed = parseAnalyticsDate(rawTo, now, 'date_to', false, timeZone);
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
export function alignToInterval(range: DateRange, interval: Interval, timeZone: string = UTC): DateRange {
  const from = range.from === null ? null : startOf(range.from, interval, timeZone);
  // The last instant the range covers, then the end of its interval.
  const last = range.toInclusive ? range.to : new Date(range.to.getTime() - 1);
  const start = startOf(last, interval, timeZone);
  return { from, to: addIntervals(start, interval, 1, timeZone), toInclusive: false };
}
