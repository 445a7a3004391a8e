import { CronTime, validateCronExpression } from 'cron';

/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week), checked with the
 * `cron` package (the one `@nestjs/schedule` runs them with) before the scheduler sees them, so a
 * bad one stops the boot with a message naming the variable.
 */

const FIELDS = ['minute', 'hour', 'day-of-month', 'month', 'day-of-week'];

/** What is wrong with the expression (a phrase to follow the variable's name), or undefined. */
export function cronProblem(expression: string): string | undefined {
  const parts = expression.trim().split(/\s+/);
  // The scheduler would read a sixth field as seconds (a job every second); five is the contract.
  if (parts.length === 6) {
    return `has six fields: seconds are not supported; use five (${FIELDS.join(' ')}) (got "${expression}")`;
  }
  if (parts.length !== 5) {
    return `must have five fields (${FIELDS.join(' ')}), got ${parts.length} (got "${expression}")`;
  }
  const { valid, error } = validateCronExpression(expression);
  if (!valid) {
    // Name the field: the first one the package refuses on its own, the others left at `*`.
    const alone = (i: number) => FIELDS.map((_, j) => (j === i ? parts[i] : '*')).join(' ');
    const bad = parts.findIndex((_, i) => !validateCronExpression(alone(i)).valid);
    const where = bad === -1 ? '' : ` in its ${FIELDS[bad]} field ("${parts[bad]}")`;
    return `is not a cron expression the scheduler can read${where}: ${error?.message ?? 'invalid'} (got "${expression}")`;
  }
  try {
    new CronTime(expression, 'UTC').sendAt();
  } catch {
    // The scheduler looks eight years ahead (leap days included) before giving up.
    return `never fires: no date in the next eight years matches it (got "${expression}")`;
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
