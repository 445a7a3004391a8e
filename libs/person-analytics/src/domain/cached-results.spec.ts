import { AnalyticsParams } from './analytics-params';
import { intervalOf, isStale, refreshRequested, resultKey } from './cached-results';

/** The key of a request with this query string and body, as the handler makes it. */
const keyOf = (projectId: number, route: string, query: object, body: object) =>
  resultKey(projectId, route, new AnalyticsParams(query, body).sent(), query);

const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

describe('refreshRequested (PostHog refresh_requested_by_client)', () => {
  it.each([
    [{ refresh: 'true' }, {}, true],
    [{ refresh: 'TRUE' }, {}, true],
    [{ refresh: '1' }, {}, true],
    [{ refresh: 'yes' }, {}, true],
    [{ refresh: '' }, {}, true],
    [{ refresh: 'force_blocking' }, {}, true],
    [{ refresh: 'force_cache' }, {}, true],
    [{ refresh: 'Force_Blocking' }, {}, false],
    [{ refresh: 'false' }, {}, false],
    [{ refresh: '0' }, {}, false],
    [{ refresh: 'later' }, {}, false],
    [{}, {}, false],
    [{}, { refresh: true }, true],
    [{}, { refresh: false }, false],
    [{}, { refresh: 'true' }, true],
    [{}, { refresh: 1 }, true],
    [{}, { refresh: { nested: true } }, false],
    [{ refresh: 'false' }, { refresh: true }, false], // the query string is read first
    [{ refresh: ['false', 'true'] }, {}, true], // Django reads the last of a repeated parameter
    [{ refresh: ['true', 'no'] }, {}, false],
  ])('%j %j → %s', (query, body, expected) => {
    expect(refreshRequested(query, body)).toBe(expected);
  });
});

describe('resultKey', () => {
  it('is the same for the same parameters in any order, without refresh or format', () => {
    const a = keyOf(1, 'funnel', { date_from: '-7d', funnel_step: '2', refresh: 'true' }, {});
    const b = keyOf(1, 'funnel', { funnel_step: '2', date_from: '-7d', format: 'json', other: undefined }, {});
    expect(a).toBe(b);
  });

  it('differs by project, route, parameter, cache_invalidation_key and page', () => {
    const base = keyOf(1, 'funnel', { funnel_step: '2' }, {});
    expect(keyOf(2, 'funnel', { funnel_step: '2' }, {})).not.toBe(base);
    expect(keyOf(1, 'path', { funnel_step: '2' }, {})).not.toBe(base);
    expect(keyOf(1, 'funnel', { funnel_step: '3' }, {})).not.toBe(base);
    expect(keyOf(1, 'funnel', { funnel_step: '2', cache_invalidation_key: 'x' }, {})).not.toBe(base);
    expect(keyOf(1, 'funnel', { funnel_step: '2', offset: '100' }, {})).not.toBe(base);
  });

  it("reads a parameter as the handler does: the body's value wins", () => {
    expect(keyOf(1, 'funnel', { funnel_step: '3' }, { funnel_step: '2' })).toBe(
      keyOf(1, 'funnel', { funnel_step: '2' }, {}),
    );
    expect(keyOf(1, 'funnel', { funnel_step: '2' }, { funnel_step: undefined })).toBe(
      keyOf(1, 'funnel', { funnel_step: '2' }, {}),
    );
  });

  it('takes cache_invalidation_key from the query string and the body, as PostHog does', () => {
    const both = keyOf(1, 'funnel', { cache_invalidation_key: 'a' }, { cache_invalidation_key: 'b' });
    expect(both).not.toBe(keyOf(1, 'funnel', { cache_invalidation_key: 'c' }, { cache_invalidation_key: 'b' }));
    expect(both).not.toBe(keyOf(1, 'funnel', {}, { cache_invalidation_key: 'b' }));
  });

  it('takes a parameter named __proto__ as a parameter', () => {
    const hostile = JSON.parse('{"__proto__": {"funnel_step": "9"}}') as object;
    expect(keyOf(1, 'funnel', {}, hostile)).not.toBe(keyOf(1, 'funnel', {}, {}));
  });
});

describe('isStale (PostHog is_stale)', () => {
  const computed = at('2024-03-10T12:00:00Z');

  it('not while kept less than 7 days, when the range ended before the answer was computed', () => {
    const ended = at('2024-03-10T11:59:49Z');
    expect(isStale(computed, ended, 'day', new Date(computed.getTime() + 7 * 24 * HOUR))).toBe(false);
    expect(isStale(computed, ended, 'day', new Date(computed.getTime() + 7 * 24 * HOUR + 1))).toBe(true);
  });

  it('within 10 s of the computation the range counts as still open', () => {
    expect(isStale(computed, at('2024-03-10T11:59:51Z'), 'day', at('2024-03-10T18:00:01Z'))).toBe(true);
  });

  it.each([
    ['hour', 1],
    ['day', 6],
    [undefined, 6],
    ['', 6],
    ['Week', 24],
    ['month', 48],
    ['minute', 5 / 60],
    ['fortnight', 6],
    ['constructor', 6],
    ['__proto__', 6],
    ['toString', 6],
  ])('interval %s: stale after %s hours', (interval, hours) => {
    const open = at('2024-03-10T12:00:00Z');
    const limit = computed.getTime() + hours * HOUR;
    expect(isStale(computed, open, interval, new Date(limit))).toBe(false);
    expect(isStale(computed, open, interval, new Date(limit + 1))).toBe(true);
  });
});

describe('intervalOf', () => {
  it("is the body's, else the query string's last, else none; never an error", () => {
    expect(intervalOf(new AnalyticsParams({ interval: 'week' }, { interval: 'hour' }).sent())).toBe('hour');
    expect(intervalOf(new AnalyticsParams({ interval: 'week' }, {}).sent())).toBe('week');
    expect(intervalOf(new AnalyticsParams({ interval: ['day', 'hour'] }, {}).sent())).toBe('hour');
    expect(intervalOf(new AnalyticsParams({}, { interval: 7 }).sent())).toBeUndefined();
    expect(intervalOf(new AnalyticsParams({}, {}).sent())).toBeUndefined();
  });
});
