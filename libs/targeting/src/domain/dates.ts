/**
 * Dates for `is_date_before/after/exact`. Filter values are relative (`-7d`, `30h`, `2w`, `3m`,
 * `1y`: always that long before now) or absolute; property values are date strings or epoch
 * numbers. Parsing follows posthog-node where it decides (JavaScript's `Date` parsing, epoch
 * numbers in milliseconds) and PostHog's server where the SDK gives up (numeric strings are epoch
 * seconds). Date-times without a zone are read as UTC whatever the process time zone.
 */

const RELATIVE = /^-?([0-9]+)([a-z])$/;
const NAIVE_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A filter value resolved once: a fixed instant, or an offset computed against `now`. */
export type DateFilter =
  | { kind: 'absolute'; at: number }
  | { kind: 'relative'; amount: number; unit: 'h' | 'd' | 'w' | 'm' | 'y' }
  | { kind: 'invalid' };

export function parseDateFilter(value: unknown): DateFilter {
  if (typeof value !== 'string' && typeof value !== 'number') return { kind: 'invalid' };
  const relative = RELATIVE.exec(String(value));
  if (relative) {
    const amount = parseInt(relative[1], 10);
    const unit = relative[2];
    if (amount < 10_000 && (unit === 'h' || unit === 'd' || unit === 'w' || unit === 'm' || unit === 'y')) {
      return { kind: 'relative', amount, unit };
    }
  }
  const at = typeof value === 'number' ? new Date(value).getTime() : parseDateText(value);
  return Number.isNaN(at) ? { kind: 'invalid' } : { kind: 'absolute', at };
}

/** The instant a filter stands for at `now` (ms), or NaN. */
export function resolveDateFilter(filter: DateFilter, now: number): number {
  switch (filter.kind) {
    case 'absolute':
      return filter.at;
    case 'invalid':
      return NaN;
  }
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

/** A property value as an instant (ms), or NaN when it is not a date. */
export function parseDateProperty(value: unknown): number {
  if (typeof value === 'number') return new Date(value).getTime();
  if (typeof value !== 'string') return NaN;
  const at = parseDateText(value);
  if (!Number.isNaN(at) || !NUMERIC.test(value)) return at;
  return new Date(Number(value) * 1000).getTime();
}

function parseDateText(text: string): number {
  const naive = NAIVE_DATE_TIME.exec(text);
  if (naive) {
    const utc = Date.parse(`${naive[1]}T${naive[2]}Z`);
    if (!Number.isNaN(utc)) return utc;
  }
  return Date.parse(text);
}

// Months are taken off one at a time and the day clamped after each step (the SDK spec), so
// March 31 minus two months is January 28, not January 31.
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
