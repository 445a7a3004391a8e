import { cronProblem, isTimeZone } from './cron-expression';

describe('cron expressions', () => {
  it.each([
    ['0 5 * * 0'],
    ['0 5 * * sun'],
    [' */15  1-3,22 1/10 JAN-mar fri-7 '],
    ['30 4 1 * *'],
    ['0 5 29 2 *'], // leap years only
    ['0 5 31 2 1'], // both day fields restricted: either matching is enough (Mondays of February)
    ['0 0 31 1-12 *'],
    ['*/5 * * * *'],
  ])('accepts %j', (expression) => {
    expect(cronProblem(expression)).toBeUndefined();
  });

  it.each([
    ['0 0 5 * * 0', /six fields: seconds are not supported/],
    ['* * * * * *', /six fields/],
    ['0 5 * *', /five fields .* got 4/],
    ['0 5 * * 0 1 2', /five fields .* got 7/],
    ['@weekly', /five fields .* got 1/],
    ['every sunday at 5', /five fields .* got 4/],
    ['60 5 * * 0', /can read in its minute field \("60"\): Field value \(60\) is out of range/],
    ['0 24 * * 0', /hour field .* out of range/],
    ['0 5 0 * *', /day-of-month field .* out of range/],
    ['0 5 * 13 *', /in its month field .* out of range/],
    ['0 5 * * 8', /day-of-week field .* out of range/],
    ['0 5 * * sunday', /in its day-of-week field \("sunday"\): Unknown alias/],
    ['0 5 * * mon-', /day-of-week field \("mon-"\): Field \(dayOfWeek\) cannot be parsed/],
    ['0 5 * * 0,', /cannot be parsed/],
    ['*/0 5 * * 0', /step of zero/],
    ['0 5-1 * * 0', /invalid range/],
    ['0 5 * jan *x', /day-of-week field \("\*x"\)/],
    ['0 5 31 2 *', /never fires/],
    ['0 5 30,31 2 *', /never fires/],
    ['0 5 31 4,6,9,11 *', /never fires/],
  ])('refuses %j', (expression, message) => {
    expect(cronProblem(expression)).toMatch(message);
    expect(cronProblem(expression)).toContain(`got "${expression}"`);
  });

  it('knows time zones', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
