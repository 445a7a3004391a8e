/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), checked before a
 * scheduler sees them so a bad one stops the boot with a message naming the variable.
 *
 * The grammar is the subset of what `@nestjs/schedule` (the `cron` package) accepts that
 * classic crontab documents: `*`, numbers, `a-b` ranges, `/n` steps, lists, and three-letter
 * month and weekday names. The sets mean what the scheduler makes of them, including its
 * crontab rule that when both day fields are restricted, either one matching is enough.
 */

export interface CronFields {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (7 is read as Sunday). */
  daysOfWeek: ReadonlySet<number>;
}

interface FieldSpec {
  label: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const FIELDS: readonly FieldSpec[] = [
  { label: 'minute', min: 0, max: 59 },
  { label: 'hour', min: 0, max: 23 },
  { label: 'day-of-month', min: 1, max: 31 },
  { label: 'month', min: 1, max: 12, names: MONTH_NAMES },
  { label: 'day-of-week', min: 0, max: 7, names: DAY_NAMES },
];

// Longest month by number; February counts its leap day (the scheduler looks 8 years ahead).
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export class CronExpressionError extends Error {}

const ITEM = /^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:\/(\d+))?$/;

function valueOf(text: string, spec: FieldSpec, item: string): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n < spec.min || n > spec.max) {
      throw new CronExpressionError(`has ${spec.label} ${n} out of range ${spec.min}-${spec.max}`);
    }
    return n;
  }
  const named = spec.names?.indexOf(text) ?? -1;
  if (named === -1) throw new CronExpressionError(`has a malformed ${spec.label} field ("${item}")`);
  return spec.names === MONTH_NAMES ? named + 1 : named;
}

function parseField(text: string, spec: FieldSpec): Set<number> {
  const values = new Set<number>();
  for (const item of text.toLowerCase().split(',')) {
    const m = ITEM.exec(item);
    if (!m) throw new CronExpressionError(`has a malformed ${spec.label} field ("${text}")`);
    const [, start, end, stepText] = m;
    const step = stepText === undefined ? 1 : Number(stepText);
    if (step === 0) throw new CronExpressionError(`has a step of 0 in its ${spec.label} field`);
    if (start === '*' && end !== undefined) {
      throw new CronExpressionError(`has a malformed ${spec.label} field ("${text}")`);
    }
    const low = start === '*' ? spec.min : valueOf(start, spec, item);
    // `a/n` runs from a to the end of the range, as in the scheduler.
    const high = start === '*' ? spec.max : end !== undefined ? valueOf(end, spec, item) : stepText ? spec.max : low;
    if (low > high) throw new CronExpressionError(`has a backwards ${spec.label} range ("${item}")`);
    for (let v = low; v <= high; v += step) values.add(v);
  }
  if (spec.label === 'day-of-week' && values.delete(7)) values.add(0);
  return values;
}

/** Parses a five-field expression; throws CronExpressionError saying what is wrong. */
export function parseCron(expression: string): CronFields {
  const parts = expression.trim().split(/\s+/);
  if (parts.length === 6) {
    throw new CronExpressionError(
      'has six fields: seconds are not supported; use five (minute hour day-of-month month day-of-week)',
    );
  }
  if (parts.length !== 5) {
    throw new CronExpressionError(
      `must have five fields (minute hour day-of-month month day-of-week), got ${parts.length}`,
    );
  }
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((p, i) => parseField(p, FIELDS[i]));
  return { minutes, hours, daysOfMonth, months, daysOfWeek };
}

/**
 * True when some calendar day matches. Restricted on day-of-month only, the day must exist in
 * one of the months (`0 5 31 2 *` never fires); a restricted day-of-week always matches some day.
 */
export function cronFiresEver(fields: CronFields): boolean {
  const domRestricted = fields.daysOfMonth.size !== 31;
  const dowRestricted = fields.daysOfWeek.size !== 7;
  if (!domRestricted || dowRestricted) return true;
  for (const month of fields.months) {
    for (const day of fields.daysOfMonth) if (day <= DAYS_IN_MONTH[month]) return true;
  }
  return false;
}

/** What is wrong with the expression (a phrase to follow the variable's name), or undefined. */
export function cronProblem(expression: string): string | undefined {
  let fields: CronFields;
  try {
    fields = parseCron(expression);
  } catch (e) {
    if (e instanceof CronExpressionError) return `${e.message} (got "${expression}")`;
    throw e;
  }
  if (!cronFiresEver(fields)) {
    return `never fires: no month has the days of the month it names (got "${expression}")`;
  }
  return undefined;
}

/** True for a time zone the runtime knows (IANA names such as UTC or Europe/Paris). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
