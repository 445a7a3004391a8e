import { DomainError } from '@app/platform/errors/domain-error';
import {
  addIntervals,
  alignToInterval,
  parseAnalyticsDate,
  parseDatePoint,
  parseDateRange,
  parseInterval,
  startOf,
} from './analytics-dates';

const NOW = new Date('2024-03-13T15:45:30.123Z'); // a Wednesday
const iso = (d: Date | null) => d?.toISOString();

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('startOf / addIntervals (UTC, weeks from Sunday)', () => {
  it.each([
    ['hour', '2024-03-13T15:00:00.000Z'],
    ['day', '2024-03-13T00:00:00.000Z'],
    ['week', '2024-03-10T00:00:00.000Z'],
    ['month', '2024-03-01T00:00:00.000Z'],
  ] as const)('%s', (interval, start) => {
    expect(iso(startOf(NOW, interval))).toBe(start);
  });

  it('a Sunday starts its own week', () => {
    expect(iso(startOf(new Date('2024-03-10T00:00:00Z'), 'week'))).toBe('2024-03-10T00:00:00.000Z');
    expect(iso(startOf(new Date('2024-03-09T23:59:59.999Z'), 'week'))).toBe('2024-03-03T00:00:00.000Z');
  });

  it('months keep the day, clamped to the month end', () => {
    expect(iso(addIntervals(new Date('2024-01-31T00:00:00Z'), 'month', 1))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(addIntervals(new Date('2024-03-31T00:00:00Z'), 'month', -1))).toBe('2024-02-29T00:00:00.000Z');
    expect(iso(addIntervals(new Date('2024-03-10T00:00:00Z'), 'week', -1))).toBe('2024-03-03T00:00:00.000Z');
  });
});

describe('parseAnalyticsDate', () => {
  it('reads a bare date as that whole UTC day', () => {
    expect(parseAnalyticsDate('2024-03-04', NOW, 'date_from')).toEqual({
      kind: 'span',
      start: new Date('2024-03-04T00:00:00Z'),
      end: new Date('2024-03-05T00:00:00Z'),
    });
  });

  it('reads date-times as instants, UTC without a zone', () => {
    expect(parseAnalyticsDate('2024-03-04T23:00:00', NOW, 'x')).toEqual({
      kind: 'instant',
      at: new Date('2024-03-04T23:00:00Z'),
    });
    expect(parseAnalyticsDate('2024-03-04 23:00', NOW, 'x')).toEqual({
      kind: 'instant',
      at: new Date('2024-03-04T23:00:00Z'),
    });
    expect(parseAnalyticsDate('2024-03-05T01:00:00+02:00', NOW, 'x')).toEqual({
      kind: 'instant',
      at: new Date('2024-03-04T23:00:00Z'),
    });
  });

  it.each([
    ['-7d', '2024-03-06T00:00:00.000Z', '2024-03-07T00:00:00.000Z'],
    ['-0d', '2024-03-13T00:00:00.000Z', '2024-03-14T00:00:00.000Z'],
    ['-2w', '2024-02-28T00:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    ['-1m', '2024-02-13T00:00:00.000Z', '2024-02-14T00:00:00.000Z'],
    ['-1y', '2023-03-13T00:00:00.000Z', '2023-03-14T00:00:00.000Z'],
    ['-3h', '2024-03-13T12:00:00.000Z', '2024-03-13T13:00:00.000Z'],
    ['-1mStart', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['-0yStart', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
  ])('reads %s as the whole day (hour, month) that far back', (raw, start, end) => {
    const parsed = parseAnalyticsDate(raw, NOW, 'date_from');
    expect(parsed).toEqual({ kind: 'span', start: new Date(start), end: new Date(end) });
  });

  it('allows all only where asked', () => {
    expect(parseAnalyticsDate('all', NOW, 'date_from', true)).toEqual({ kind: 'all' });
    expect(errorOf(() => parseAnalyticsDate('all', NOW, 'date_to')).attr).toBe('date_to');
  });

  it.each([
    'yesterday',
    '2024-02-30',
    '2024-13-01',
    '-7x',
    '7',
    '2024-03-04T25:00:00',
    '',
    '10000-01-01',
    '0999-12-31',
    '9001-01-01',
    '-99999y',
  ])('refuses %p naming the parameter', (raw) => {
    const e = errorOf(() => parseAnalyticsDate(raw, NOW, 'target_date'));
    expect(e.kind).toBe('invalid');
    expect(e.attr).toBe('target_date');
  });

  it('a date point is its first instant', () => {
    expect(iso(parseDatePoint('2024-03-04', NOW, 'x'))).toBe('2024-03-04T00:00:00.000Z');
    expect(iso(parseDatePoint('2024-03-04T05:06:07Z', NOW, 'x'))).toBe('2024-03-04T05:06:07.000Z');
  });
});

describe('parseDateRange', () => {
  it('defaults to the start of the day a week ago until now', () => {
    expect(parseDateRange(undefined, undefined, NOW)).toEqual({
      from: new Date('2024-03-06T00:00:00Z'),
      to: NOW,
      toInclusive: true,
    });
  });

  it('a bare date_to reaches to the end of its day (exclusive)', () => {
    expect(parseDateRange('2024-03-04', '2024-03-04', NOW)).toEqual({
      from: new Date('2024-03-04T00:00:00Z'),
      to: new Date('2024-03-05T00:00:00Z'),
      toInclusive: false,
    });
  });

  it('all: since the first event', () => {
    expect(parseDateRange('all', '2024-03-04T12:00:00Z', NOW)).toEqual({
      from: null,
      to: new Date('2024-03-04T12:00:00Z'),
      toInclusive: true,
    });
  });

  it('refuses a range that ends before it starts', () => {
    expect(errorOf(() => parseDateRange('2024-03-05', '2024-03-04', NOW)).attr).toBe('date_from');
    expect(errorOf(() => parseDateRange('2024-03-05', 'nope', NOW)).attr).toBe('date_to');
  });

  it('widens to whole intervals', () => {
    const range = parseDateRange('2024-03-06', '2024-03-06', NOW);
    expect(alignToInterval(range, 'week')).toEqual({
      from: new Date('2024-03-03T00:00:00Z'),
      to: new Date('2024-03-10T00:00:00Z'),
      toInclusive: false,
    });
    const hour = parseDateRange('2024-03-04T23:10:00', '2024-03-04T23:10:00', NOW);
    expect(alignToInterval(hour, 'hour')).toEqual({
      from: new Date('2024-03-04T23:00:00Z'),
      to: new Date('2024-03-05T00:00:00Z'),
      toInclusive: false,
    });
  });
});

describe('parseInterval', () => {
  it('accepts the four intervals in any case, day by default', () => {
    expect(parseInterval(undefined)).toBe('day');
    expect(parseInterval('Week')).toBe('week');
  });

  it('refuses others naming the parameter', () => {
    expect(errorOf(() => parseInterval('fortnight')).attr).toBe('interval');
    expect(errorOf(() => parseInterval('minute', 'period')).attr).toBe('period');
  });
});
