import { isTimeZone, parseDateFilter, parseDateProperty, resolveDateFilter } from './dates';

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
    ['-2m', '2023-03-31T08:00:00.000Z', '2023-01-28T08:00:00.000Z'], // PostHog's service and the SDKs, not Jan 31
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

describe("absolute filter values (what PostHog's API accepts)", () => {
  it.each([
    ['2022-04-05 12:34:12 +01:00', '2022-04-05T11:34:12.000Z'],
    ['2022-04-05T12:34:12 +01:00', '2022-04-05T11:34:12.000Z'],
    ['2022-04-05T12:34:12+01', '2022-04-05T11:34:12.000Z'],
    ['2022-04-05 12:34 UTC', '2022-04-05T12:34:00.000Z'],
    ['2022-04-05', '2022-04-05T00:00:00.000Z'],
    ['June 1, 2023', new Date('June 1, 2023').toISOString()],
  ])('%j is %s', (value, expected) => {
    expect(new Date(resolveDateFilter(parseDateFilter(value), 0)).toISOString()).toBe(expected);
  });

  it('refuses what neither reads', () => {
    for (const value of ['someday', '20220405', '2022-13-01', 5, null])
      expect(parseDateFilter(value)).toEqual({ kind: 'invalid' });
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

  it.each([
    ['2024', '2024-01-01T00:00:00.000Z'],
    ['2024-02', '2024-02-01T00:00:00.000Z'],
    ['2024-01-15t10:30:00z', '2024-01-15T10:30:00.000Z'],
    ['2024-01-15 10:30:00.123456+0100', '2024-01-15T09:30:00.123Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
  ])('reads %j as JavaScript does: %s', (value, expected) => {
    expect(new Date(parseDateProperty(value)).toISOString()).toBe(expected);
    expect(parseDateProperty(value)).toBe(Date.parse(value.replace('+0100', '+01:00')));
  });

  it('is NaN for what is not a date', () => {
    for (const value of [
      'yesterday!',
      '',
      true,
      null,
      {},
      ['2024-01-01'],
      'June 1, 2024',
      '2024-02-30',
      '2024-01-15T24:00',
    ]) {
      expect(parseDateProperty(value)).toBeNaN();
    }
  });
});

describe("dates in the project's time zone (PostHog's flags service)", () => {
  const iso = (ms: number) => (Number.isNaN(ms) ? 'NaN' : new Date(ms).toISOString());
  const filterIn = (value: string, timeZone: string, now = 0) =>
    iso(resolveDateFilter(parseDateFilter(value), now, timeZone));

  it.each([
    ['2024-06-01', 'Europe/Paris', '2024-05-31T22:00:00.000Z'],
    ['2024-06-01 10:30', 'Europe/Paris', '2024-06-01T08:30:00.000Z'],
    ['2024-06-01T10:30:00.5', 'America/New_York', '2024-06-01T14:30:00.500Z'],
    ['2024-01-15', 'Asia/Kolkata', '2024-01-14T18:30:00.000Z'],
    // An explicit zone is honoured whatever the project's.
    ['2024-06-01T10:30:00Z', 'Europe/Paris', '2024-06-01T10:30:00.000Z'],
    ['2024-06-01T10:30:00+02:00', 'America/New_York', '2024-06-01T08:30:00.000Z'],
    ['2022-04-05 12:34:12 +01:00', 'Asia/Tokyo', '2022-04-05T11:34:12.000Z'],
    // Forms the service reads with its fallback parser stay UTC.
    ['2024-06', 'Europe/Paris', '2024-06-01T00:00:00.000Z'],
  ])('reads the filter %s in %s as %s', (value, timeZone, expected) => {
    expect(filterIn(value, timeZone)).toBe(expected);
  });

  it('reads a skipped wall-clock time as no date and a repeated one as the earlier instant', () => {
    expect(filterIn('2024-03-31 02:30', 'Europe/Paris')).toBe('NaN');
    expect(filterIn('2024-10-27 02:30', 'Europe/Paris')).toBe('2024-10-27T00:30:00.000Z');
    expect(filterIn('2024-10-06 02:15', 'Australia/Lord_Howe')).toBe('NaN');
    expect(filterIn('2024-04-07 01:45', 'Australia/Lord_Howe')).toBe('2024-04-06T14:45:00.000Z');
    expect(iso(parseDateProperty('2024-03-31 02:30', 'Europe/Paris'))).toBe('NaN');
    expect(iso(parseDateProperty('2024-10-27T02:30:00', 'Europe/Paris'))).toBe('2024-10-27T00:30:00.000Z');
  });

  it('reads property values without a zone in the time zone, and the rest as before', () => {
    expect(iso(parseDateProperty('2024-06-01', 'Europe/Paris'))).toBe('2024-05-31T22:00:00.000Z');
    expect(iso(parseDateProperty('2024-06-01T10:30:00Z', 'Europe/Paris'))).toBe('2024-06-01T10:30:00.000Z');
    expect(iso(parseDateProperty('2024', 'Europe/Paris'))).toBe('2024-01-01T00:00:00.000Z');
    expect(iso(parseDateProperty(1_717_200_000_000, 'Europe/Paris'))).toBe('2024-06-01T00:00:00.000Z');
    expect(iso(parseDateProperty('1717200000', 'Europe/Paris'))).toBe('2024-06-01T00:00:00.000Z');
  });

  it("counts relative dates back on the zone's wall clock", () => {
    // 2024-03-31 12:00 in Paris (10:00Z, summer time); a day before is 2024-03-30 12:00 (11:00Z, winter).
    const now = Date.parse('2024-03-31T10:00:00Z');
    expect(filterIn('-1d', 'Europe/Paris', now)).toBe('2024-03-30T11:00:00.000Z');
    expect(filterIn('-1d', 'UTC', now)).toBe('2024-03-30T10:00:00.000Z');
    expect(filterIn('-24h', 'Europe/Paris', now)).toBe('2024-03-30T11:00:00.000Z');
  });

  it('knows time-zone names', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
