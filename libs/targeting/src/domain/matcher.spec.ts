import { compilePropertyMatcher } from './matcher';
import { EvaluationBudget } from './regex';

const NOW = Date.parse('2024-06-15T12:00:00Z');

function match(operator: string | undefined, filterValue: unknown, properties: Record<string, unknown>): boolean {
  const context = { now: NOW, budget: new EvaluationBudget(1_000_000) };
  return compilePropertyMatcher({ key: 'k', operator, value: filterValue })(properties, context);
}

const is = (value: unknown) => ({ k: value });

describe('property operators', () => {
  describe('exact / is_not', () => {
    it.each([
      ['pro', 'pro', true],
      ['pro', 'PRO', true], // case-insensitive
      ['straße', 'STRASSE', false],
      ['ÄB', 'äb', true], // Unicode case folding for exact
      ['', '', true],
      ['5', 5, true], // numbers compare by their text
      [5, '5', true],
      [10.5, '10.5', true],
      ['null', null, true],
      [['a', 'B'], 'b', true], // list: any of, case-insensitive
      [['a', 'B'], 'c', false],
      [[1, 2], '2', true],
      [[], 'us', false], // the empty list never matches text
      [{ b: 1, a: 2 }, '{"a":2,"b":1}', true], // objects as sorted compact JSON
      [['a', 'b'], ['a', 'b'], false],
    ])('exact %j vs %j → %s', (filter, value, expected) => {
      expect(match('exact', filter, is(value))).toBe(expected);
      expect(match('is_not', filter, is(value))).toBe(!expected);
    });

    it.each([
      [true, true, true],
      [true, 'TRUE', true],
      ['true', true, true],
      ['True', 'tRuE', true],
      [false, 'false', true],
      ['false', null, true], // only "true" is truthy
      ['false', 0, true],
      ['true', 1, false], // numbers are not booleans
      [['true'], true, true],
      [[true, 'TRUE'], 'true', true],
      [[], true, true], // an empty list reads as boolean true (PostHog)
    ])('boolean-like filter %j vs %j → %s', (filter, value, expected) => {
      expect(match('exact', filter, is(value))).toBe(expected);
    });

    it('defaults to exact and treats a missing key as no match (is_not: match)', () => {
      expect(match(undefined, 'pro', is('Pro'))).toBe(true);
      expect(match('exact', 'pro', {})).toBe(false);
      expect(match('is_not', 'pro', {})).toBe(true);
      expect(match('exact', 'false', {})).toBe(false);
    });
  });

  describe('text operators', () => {
    it.each([
      ['icontains', 'PR', 'pro', true],
      ['icontains', 'ä', 'ÄB', false], // ASCII-only folding, as PostHog
      ['icontains', 'a,b', ['a', 'b'], true], // lists read as "a,b"
      ['icontains', 'ul', null, true], // null reads as "null"
      ['icontains', '1', 10, true],
      ['not_icontains', 'x', 'abc', true],
      ['starts_with', 'AB', 'abc', true],
      ['ends_with', 'BC', 'abc', true],
      ['not_starts_with', 'b', 'abc', true],
      ['not_ends_with', 'c', 'abc', false],
    ])('%s %j on %j → %s', (operator, filter, value, expected) => {
      expect(match(operator, filter, is(value))).toBe(expected);
    });

    it('matches not_* for a missing key and nothing else', () => {
      expect(match('icontains', 'a', {})).toBe(false);
      expect(match('not_icontains', 'a', {})).toBe(true);
      expect(match('starts_with', 'a', {})).toBe(false);
      expect(match('not_ends_with', 'a', {})).toBe(true);
    });
  });

  describe('regex', () => {
    it.each([
      ['regex', '^pro$', 'pro', true],
      ['regex', '^pro$', 'PRO', false], // case-sensitive, as posthog-node and PostHog's server
      ['regex', '(?i)^pro$', 'PRO', true],
      ['regex', '\\d+', 42, true],
      ['regex', 'null', null, true],
      ['not_regex', 'x', 'abc', true],
      ['regex', '[', 'abc', false], // invalid: false for both operators
      ['not_regex', '[', 'abc', false],
      ['regex', 'a(?=b)', 'abc', true], // lookarounds and back-references run (backtracking, budgeted)
      ['not_regex', '(\\w)\\1', 'abc', true],
      ['regex', '\\1', 'abc', false], // a reference to no group does not parse
    ])('%s %j on %j → %s', (operator, filter, value, expected) => {
      expect(match(operator, filter, is(value))).toBe(expected);
    });

    it('cannot be made to hang and treats a missing key as regex false / not_regex true', () => {
      const started = Date.now();
      expect(match('regex', '(a+)+$', is('a'.repeat(100_000) + '!'))).toBe(false);
      expect(match('not_regex', '(a+)+\\1$', is('a'.repeat(100_000) + '!'))).toBe(false); // out of budget
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(match('regex', 'a', {})).toBe(false);
      expect(match('not_regex', 'a', {})).toBe(true);
    });
  });

  describe('gt / gte / lt / lte', () => {
    // PostHog's flags service: both sides must read as numbers (Rust's float syntax), else false.
    it.each([
      ['gt', 5, 10, true],
      ['gt', '5', '10', true], // both read as numbers
      ['gt', 5, '10abc', false], // not a number (posthog-node's parseFloat would read 10)
      ['gt', 5, ' 10', false],
      ['lt', '1e3', 999, true],
      ['lt', '1e3', '.5', true],
      ['gt', 'inf', 1e308, false],
      ['lt', 'inf', 1e308, true],
      ['gt', 'nan', 1, false],
      ['gte', 10, 10, true],
      ['lte', 10.5, 10.4, true],
      ['gt', 'abc', 'abd', false], // not numbers: false (posthog-node compares them as strings)
      ['lt', 'm', 'abc', false],
      ['gt', 5, true, false],
      ['gt', 5, null, false], // null never compares
    ])('%s %j on %j → %s', (operator, filter, value, expected) => {
      expect(match(operator, filter, is(value))).toBe(expected);
    });

    it('never matches a missing key', () => {
      for (const operator of ['gt', 'gte', 'lt', 'lte']) expect(match(operator, 5, {})).toBe(false);
    });
  });

  describe('is_set / is_not_set', () => {
    it('looks only at presence; null counts as set', () => {
      expect(match('is_set', 'is_set', is(null))).toBe(true);
      expect(match('is_set', 'is_set', {})).toBe(false);
      expect(match('is_not_set', 'is_not_set', {})).toBe(true);
      expect(match('is_not_set', 'is_not_set', is(''))).toBe(false);
    });
  });

  describe('dates', () => {
    it.each([
      ['is_date_before', '-7d', '2024-06-01', true],
      ['is_date_before', '-7d', '2024-06-10', false],
      ['is_date_after', '-30h', '2024-06-14T12:00:00Z', true],
      ['is_date_after', '-1w', '2024-06-08T12:00:01Z', true],
      ['is_date_before', '-2m', '2024-04-14', true],
      ['is_date_before', '-1y', '2023-06-15T11:59:59Z', true],
      ['is_date_after', '2024-01-01', '2024-01-01T00:00:01Z', true],
      ['is_date_after', '2024-01-01 00:00:00', '2024-01-01T00:00:01Z', true], // no zone: UTC
      ['is_date_before', '2024-01-01', Date.parse('2023-12-31T00:00:00Z'), true], // numbers: epoch ms
      ['is_date_before', '2024-01-01', '1700000000', true], // numeric strings: epoch seconds
      ['is_date_exact', '2024-01-01T00:00:00Z', '2024-01-01', true], // the same instant
      ['is_date_exact', '2024-01-01', '2024-01-01T00:00:01Z', false],
      ['is_date_before', '2022-04-05 12:34:12 +01:00', '2022-04-05T11:34:11Z', true], // dateutil's form
      ['is_date_before', '-7d', 'June 1, 2024', false], // property values: ISO 8601 only
      ['is_date_before', '-7d', 'not a date', false],
      ['is_date_before', 'not a date', '2024-01-01', false],
      ['is_date_before', true, '2024-01-01', false],
      ['is_date_before', '-7d', null, false],
    ])('%s %j on %j → %s', (operator, filter, value, expected) => {
      expect(match(operator, filter, is(value))).toBe(expected);
    });
  });

  describe('semver', () => {
    it.each([
      ['semver_eq', '1.2.3', 'v1.2.3', true],
      ['semver_eq', '1.2', '1.2.0', true],
      ['semver_eq', '1.2.3', '1.2.3-beta', false], // pre-releases count, as PostHog's service
      ['semver_lt', '1.2.3', '1.2.3-beta', true],
      ['semver_gt', '1.2.3-beta.2', '1.2.3-beta.10', true],
      ['semver_eq', '1.2.3', '1.2.3+build', false], // so does build metadata
      ['semver_eq', '3.8', '3.08', true],
      ['semver_eq', '1.2.3', '1.2.3.4', false], // four parts are not a version
      ['semver_neq', '1.2.3', '1.2.4', true],
      ['semver_gt', '1.2.3', '1.10.0', true],
      ['semver_lt', '1.2.3', '1.02.0', true], // leading zeros read as PostHog's server does
      ['semver_gte', '1.2.3', 'abc', false],
      ['semver_neq', '1.2.3', 'abc', false], // unparsable never matches, even neq
      ['semver_tilde', '1.2.3', '1.2.9', true],
      ['semver_tilde', '1.2.3', '1.3.0', false],
      ['semver_tilde', '1.2.3', '1.2.4-beta', false], // a pre-release only matches a pre-release range
      ['semver_tilde', '1.2.3-beta', '1.2.3-rc', true],
      ['semver_tilde', '~1.2.3', '1.2.3', false], // the operator adds `~`: `~~1.2.3` is no version
      ['semver_caret', '1.2.3', '1.9.0', true],
      ['semver_caret', '0.2.3', '0.3.0', false],
      ['semver_caret', '0.0.3', '0.0.4', false],
      ['semver_wildcard', '1.2.*', '1.2.7', true],
      ['semver_wildcard', '1.*', '2.0.0', false],
      ['semver_wildcard', '*', '9.9.9', true],
      ['semver_wildcard', '*', '9.9.9-beta', false],
      ['semver_wildcard', '1.2.3', '1.9.0', true], // a plain version is a caret requirement (Rust's default)
      ['semver_wildcard', '1.*.3', '1.2.3', false],
    ])('%s %j on %j → %s', (operator, filter, value, expected) => {
      expect(match(operator, filter, is(value))).toBe(expected);
    });
  });

  describe('between / not_between (inclusive, PostHog’s flags service)', () => {
    it.each([
      [[1, 5], 1, true],
      [[1, 5], 5, true], // both ends included
      [[1, 5], 3.5, true],
      [[1, 5], 0.99, false],
      [[1, 5], 6, false],
      [['1', '5'], '3', true], // numeric strings on either side
      [[1, 1], 1, true],
      [['-inf', 'inf'], -1e300, true],
      [[1, 5], '3x', null], // not a number: neither operator matches
      [[1, 5], 'nan', null],
      [[1, 5], true, null],
      [[1, 5], null, null],
      [[5, 1], 3, null], // min above max: an invalid filter
      [[1, 'x'], 3, null],
      [[1], 3, null],
      [[1, 2, 3], 2, null],
      ['1', 1, null],
    ])('%j on %j → %s', (filter, value, expected) => {
      expect(match('between', filter, is(value))).toBe(expected ?? false);
      expect(match('not_between', filter, is(value))).toBe(expected === null ? false : !expected);
    });

    it('holds not_between, and not between, for a person without the property', () => {
      expect(match('between', [1, 5], {})).toBe(false);
      expect(match('not_between', [1, 5], {})).toBe(true);
      expect(match('not_between', [5, 1], {})).toBe(true); // PostHog checks the value's presence first
      expect(match('not_between', undefined, {})).toBe(false); // ... after the filter's
    });
  });

  describe('icontains_multi / not_icontains_multi', () => {
    it.each([
      [['gmail', 'posthog'], 'ben@PostHog.com', true],
      [['gmail', 'yahoo'], 'ben@posthog.com', false],
      ['HOG', 'posthog', true], // a single value is a list of one
      [[5], 'a5b', true],
      [[], 'anything', false],
      [['ä'], 'Ä', false], // ASCII folding only, as icontains
      [['null'], null, true], // null reads as the text null, as icontains
    ])('%j on %j → %s', (filter, value, expected) => {
      expect(match('icontains_multi', filter, is(value))).toBe(expected);
      expect(match('not_icontains_multi', filter, is(value))).toBe(!expected);
    });

    it('holds not_icontains_multi for a person without the property', () => {
      expect(match('icontains_multi', ['a'], {})).toBe(false);
      expect(match('not_icontains_multi', ['a'], {})).toBe(true);
    });
  });

  it('compares numeric filter values as numbers', () => {
    expect(match('gte', 18, is(18))).toBe(true);
    expect(match('gte', 18, is('18'))).toBe(true);
    expect(match('gt', 18, is(17.9))).toBe(false);
    expect(match('lt', 1.5, is('1'))).toBe(true);
  });

  it('never matches an unknown operator or a missing key for value operators', () => {
    expect(match('min', 1, is(3))).toBe(false);
    expect(match('semver_eq', '1.0.0', {})).toBe(false);
    expect(match('is_date_after', '-7d', {})).toBe(false);
  });
});
