import { parseDateFilter, parseDateProperty, resolveDateFilter } from './dates';

const at = (iso: string) => Date.parse(iso);
const relative = (value: string, now: string) =>
  new Date(resolveDateFilter(parseDateFilter(value), at(now))).toISOString();

describe('relative dates', () => {
  it.each([
    ['-7d', '2024-03-10T08:00:00.000Z', '2024-03-03T08:00:00.000Z'],
    ['7d', '2024-03-10T08:00:00.000Z', '2024-03-03T08:00:00.000Z'], // always in the past
    ['-30h', '2024-03-10T08:00:00.000Z', '2024-03-09T02:00:00.000Z'],
    ['-2w', '2024-03-10T08:00:00.000Z', '2024-02-25T08:00:00.000Z'],
    ['-1m', '2024-03-31T08:00:00.000Z', '2024-02-29T08:00:00.000Z'],
    ['-2m', '2024-03-31T08:00:00.000Z', '2024-01-29T08:00:00.000Z'], // clamped at each step
    ['-13m', '2024-03-31T08:00:00.000Z', '2023-02-28T08:00:00.000Z'],
    ['-1y', '2024-02-29T08:00:00.000Z', '2023-02-28T08:00:00.000Z'],
    ['-9999d', '2024-03-10T00:00:00.000Z', '1996-10-24T00:00:00.000Z'],
  ])('%s before %s is %s', (value, now, expected) => {
    expect(relative(value, now)).toBe(expected);
  });

  it('reads too-large or unknown units as absolute dates (mostly invalid)', () => {
    expect(parseDateFilter('-10000d')).toEqual({ kind: 'invalid' });
    expect(parseDateFilter('-5x').kind).not.toBe('relative');
    expect(parseDateFilter(true)).toEqual({ kind: 'invalid' });
  });
});

describe('date values', () => {
  it.each([
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-01-15T10:30:00Z', '2024-01-15T10:30:00.000Z'],
    ['2024-01-15T10:30:00', '2024-01-15T10:30:00.000Z'], // no zone: UTC
    ['2024-01-15 10:30', '2024-01-15T10:30:00.000Z'],
    ['2023-06-01T00:00:00+02:00', '2023-05-31T22:00:00.000Z'],
    ['1700000000', '2023-11-14T22:13:20.000Z'], // numeric text: epoch seconds
    [1700000000000, '2023-11-14T22:13:20.000Z'], // numbers: epoch milliseconds
  ])('%j is %s', (value, expected) => {
    expect(new Date(parseDateProperty(value)).toISOString()).toBe(expected);
  });

  it('is NaN for what is not a date', () => {
    for (const value of ['yesterday!', '', true, null, {}, ['2024-01-01']]) {
      expect(parseDateProperty(value)).toBeNaN();
    }
  });
});
