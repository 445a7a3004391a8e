/**
 * Dates for `is_date_before/after/exact`.
 *
 * Filter values are relative (`-7d`, `30h`, `2w`, `3m`, `1y`: always that long before now) or
 * absolute. Absolute ones are read as PostHog's API reads them on save (dateutil: ISO 8601 with
 * or without `T`, a zone `Z`, `±hh`, `±hhmm` or `±hh:mm`, with or without a space before it) and
 * otherwise as posthog-node reads them (JavaScript's `Date`); without a zone they are UTC.
 *
 * Property values are epoch milliseconds when numbers (posthog-node), epoch seconds when numeric
 * strings (PostHog's server), or strings in the ISO 8601 forms JavaScript's `Date` reads the same
 * way (`2024-06-01`, `2024-06-01T10:30`, `…:00.123Z`, `… 10:30:00+02:00`; `YYYY` and `YYYY-MM`;
 * no zone = UTC). Anything else is not a date. The SQL compiler reads them with the same grammar
 * (the PL/pgSQL `targeting_date_ms`), so a dynamic cohort counts the persons a flag sees.
 *
 * Time zones (PostHog's flags service): on both sides a date (`2024-06-01`) or a date and time
 * without a zone (`2024-06-01 10:30`, `…T10:30:00.5`) is wall-clock time in the project's time
 * zone, an explicit zone is honoured, and relative dates count back on the project's wall clock.
 * A wall-clock time that never happens there (the hour skipped in spring) is no date; one that
 * happens twice (in autumn) is the earlier instant. Other forms (`2024`, `2024-06`, the lenient
 * ones without a zone) stay UTC, as the service's fallback parser reads them.
 *
 * Hand-written: no date library reads this mix of dateutil, `Date` and relative offsets as PostHog does.
 */

import { LRUCache } from 'lru-cache';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** JavaScript's `Date` range (TimeClip). */
const MAX_TIME = 8.64e15;

export type RelativeUnit = 'h' | 'd' | 'w' | 'm' | 'y';

/** A filter value resolved once: a fixed instant, or an offset computed against `now`. */
export type DateFilter =
  | { kind: 'absolute'; at: number }
  /** Without a zone: `wall` is the wall-clock time as if in UTC, read in the project's time zone. */
  | { kind: 'wall'; wall: number }
  | { kind: 'relative'; amount: number; unit: RelativeUnit }
  | { kind: 'invalid' };

export const UTC = 'UTC';

const RELATIVE = /^-?([0-9]+)([hdwmy])$/;

/** `-7d`, `24h`, `1y`…: fewer than 10000 units of hours, days, weeks, months or years. */
export function parseRelativeDate(text: string): { amount: number; unit: RelativeUnit } | null {
  const match = RELATIVE.exec(text);
  if (!match) return null;
  const amount = parseInt(match[1], 10);
  return amount < 10_000 ? { amount, unit: match[2] as RelativeUnit } : null;
}

// Date, then an optional time and zone, in the forms JavaScript's Date reads alike.
const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:?\d{2})?)?)?)?$/;
// The filter side also takes what dateutil does: a space before the zone, `±hh`, `UTC`/`GMT`.
const LENIENT =
  /^(\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)\s*([Zz]|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/;

export function parseDateFilter(value: unknown): DateFilter {
  if (typeof value !== 'string') return { kind: 'invalid' };
  const relative = parseRelativeDate(value);
  if (relative) return { kind: 'relative', ...relative };
  const text = value.trim();
  const wall = NAIVE.test(text) ? parseIsoDate(text) : NaN;
  if (!Number.isNaN(wall)) return { kind: 'wall', wall };
  let at = parseIsoDate(text);
  const lenient = Number.isNaN(at) ? LENIENT.exec(text) : null;
  if (lenient) {
    const [, dateTime, zone] = lenient;
    const offset =
      zone === undefined || zone === 'UTC' || zone === 'GMT' ? 'Z' : /^[+-]\d{2}$/.test(zone) ? `${zone}:00` : zone;
    at = parseIsoDate(`${dateTime}${dateTime.length > 10 ? '' : 'T00:00'}${offset}`);
  }
  // Bare digits are not dates to dateutil (JavaScript reads some of them as years).
  if (Number.isNaN(at) && !/^\d+$/.test(text)) at = Date.parse(text);
  return Number.isNaN(at) ? { kind: 'invalid' } : { kind: 'absolute', at };
}

/** The instant a filter stands for at `now` (ms) in `timeZone` (an IANA name), or NaN. */
export function resolveDateFilter(filter: DateFilter, now: number, timeZone = UTC): number {
  switch (filter.kind) {
    case 'absolute':
      return filter.at;
    case 'wall':
      return wallToInstant(filter.wall, timeZone);
    case 'invalid':
      return NaN;
  }
  if (timeZone === UTC) return relativeWall(filter, now);
  const nowWall = now + offsetAt(now, timeZone);
  return Number.isNaN(nowWall) ? NaN : wallToInstant(relativeWall(filter, nowWall), timeZone);
}

/** `filter` counted back from the wall-clock time `now` (both as if in UTC). */
function relativeWall(filter: Extract<DateFilter, { kind: 'relative' }>, now: number): number {
  switch (filter.unit) {
    case 'h':
      return now - filter.amount * HOUR;
    case 'd':
      return now - filter.amount * DAY;
    case 'w':
      return now - filter.amount * 7 * DAY;
    case 'm':
      return monthsBefore(now, filter.amount);
    case 'y':
      return yearsBefore(now, filter.amount);
  }
}

const NUMERIC =
  /^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]*$/;

/** A property value as an instant (ms) in `timeZone` (an IANA name), or NaN when it is not a date. */
export function parseDateProperty(value: unknown, timeZone = UTC): number {
  if (typeof value === 'number') return timeClip(value);
  if (typeof value !== 'string') return NaN;
  const at = parseIsoDate(value);
  if (timeZone !== UTC && !Number.isNaN(at) && NAIVE.test(value)) return wallToInstant(at, timeZone);
  if (!Number.isNaN(at) || !NUMERIC.test(value)) return at;
  return timeClip(Number(value) * 1000);
}

/** A date, or a date and a time, without a zone: wall-clock time in the project's time zone. */
const NAIVE = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/** A formatter per time zone (making one is slow); the least recently used zone goes first. */
const FORMATS = new LRUCache<string, Intl.DateTimeFormat>({ max: 1000 });

/** Whether `timeZone` is a time-zone name this runtime knows (an IANA name such as `Europe/Paris`). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatIn(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    FORMATS.set(timeZone, format);
  }
  return format;
}

/** `timeZone`'s offset from UTC at instant `at` (ms; whole seconds), or NaN. */
export function offsetAt(at: number, timeZone: string): number {
  if (!Number.isFinite(at) || Math.abs(at) > MAX_TIME) return NaN;
  const parts: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const wall =
    daysFromCivil(year, Number(parts.month), Number(parts.day)) * DAY +
    Number(parts.hour) * HOUR +
    Number(parts.minute) * 60_000 +
    Number(parts.second) * 1000;
  return wall - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The instant at which `timeZone`'s clocks show `wall` (ms, as if in UTC): NaN in a gap (the
 * clocks skip it), the earlier instant when they show it twice. Hand-written: Intl reads instants
 * as wall-clock times, not the reverse, and no small library answers the gap as PostHog does.
 */
export function wallToInstant(wall: number, timeZone: string): number {
  if (Number.isNaN(wall)) return NaN;
  if (timeZone === UTC) return wall;
  // Offsets a day either side bracket every transition near `wall`; a candidate is an instant
  // whose clock shows `wall`.
  const candidates = [offsetAt(wall - DAY, timeZone), offsetAt(wall + DAY, timeZone)]
    .map((offset) => wall - offset)
    .filter((at) => !Number.isNaN(at) && at + offsetAt(at, timeZone) === wall);
  return candidates.length === 0 ? NaN : Math.min(...candidates);
}

/** What `new Date(ms).getTime()` gives. */
function timeClip(ms: number): number {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME) return NaN;
  return Math.trunc(ms) + 0;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (any year, no Date object). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** An ISO date or date-time (see the file comment) as an instant, or NaN. */
function parseIsoDate(text: string): number {
  const m = ISO.exec(text);
  if (!m) return NaN;
  const year = Number(m[1]);
  const month = m[2] === undefined ? 1 : Number(m[2]);
  const day = m[3] === undefined ? 1 : Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  if (hour > 23 || minute > 59 || second > 59) return NaN;
  let offset = 0;
  const zone = m[8];
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const hours = Number(zone.slice(1, 3));
    const minutes = Number(zone.slice(-2));
    if (hours > 23 || minutes > 59) return NaN;
    offset = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  }
  return daysFromCivil(year, month, day) * DAY + hour * HOUR + minute * 60_000 + second * 1000 + millis - offset;
}

// Months are taken off one at a time and the day clamped after each step (PostHog's flags
// service and the SDKs), so March 31 minus two months is January 28, not January 31.
function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  let day = date.getUTCDate();
  for (let step = 1; step <= months && day > 28; step++) {
    day = Math.min(day, new Date(Date.UTC(year, month - step + 1, 0)).getUTCDate());
  }
  date.setUTCFullYear(year, month - months, day);
  return date.getTime();
}

function yearsBefore(now: number, years: number): number {
  const date = new Date(now);
  const month = date.getUTCMonth();
  const day = years > 0 && month === 1 && date.getUTCDate() === 29 ? 28 : date.getUTCDate();
  date.setUTCFullYear(date.getUTCFullYear() - years, month, day);
  return date.getTime();
}
