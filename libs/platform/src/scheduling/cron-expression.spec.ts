import { cronFiresEver, cronProblem, isTimeZone, parseCron } from './cron-expression';

describe('cron expressions', () => {
  it('reads the five fields into sets, with names, ranges, steps and 7 as Sunday', () => {
    expect(parseCron('0 5 * * 0')).toEqual({
      minutes: new Set([0]),
      hours: new Set([5]),
      daysOfMonth: new Set(Array.from({ length: 31 }, (_, i) => i + 1)),
      months: new Set(Array.from({ length: 12 }, (_, i) => i + 1)),
      daysOfWeek: new Set([0]),
    });
    const f = parseCron(' */15  1-3,22 1/10 JAN-mar fri-7 ');
    expect([...f.minutes]).toEqual([0, 15, 30, 45]);
    expect([...f.hours]).toEqual([1, 2, 3, 22]);
    expect([...f.daysOfMonth]).toEqual([1, 11, 21, 31]);
    expect([...f.months]).toEqual([1, 2, 3]);
    expect([...f.daysOfWeek].sort()).toEqual([0, 5, 6]);
  });

  it.each([
    ['0 5 * * 0'],
    ['0 5 * * sun'],
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
    ['every sunday at 5', /five fields .* got 4|malformed/],
    ['60 5 * * 0', /minute 60 out of range 0-59/],
    ['0 24 * * 0', /hour 24 out of range 0-23/],
    ['0 5 0 * *', /day-of-month 0 out of range 1-31/],
    ['0 5 * 13 *', /month 13 out of range 1-12/],
    ['0 5 * * 8', /day-of-week 8 out of range 0-7/],
    ['0 5 * * sunday', /malformed day-of-week/],
    ['0 5 * * mon-', /malformed day-of-week/],
    ['0 5 * * 0,', /malformed day-of-week/],
    ['*/0 5 * * 0', /step of 0 in its minute field/],
    ['0 5-1 * * 0', /backwards hour range/],
    ['0 5 * jan *x', /malformed day-of-week/],
    ['0 5 31 2 *', /never fires/],
    ['0 5 30,31 2 *', /never fires/],
    ['0 5 31 4,6,9,11 *', /never fires/],
  ])('refuses %j', (expression, message) => {
    expect(cronProblem(expression)).toMatch(message);
    expect(cronProblem(expression)).toContain(`got "${expression}"`);
  });

  it('fires when the day of the month exists in one of its months', () => {
    expect(cronFiresEver(parseCron('0 5 31 2,3 *'))).toBe(true);
    expect(cronFiresEver(parseCron('0 5 31 2 *'))).toBe(false);
  });

  it('knows time zones', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
