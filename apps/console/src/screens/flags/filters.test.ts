import { describe, expect, it } from 'vitest';
import {
  convertValue,
  evenSplit,
  filterValue,
  payloadError,
  PROPERTY_OPERATORS,
  rangeTexts,
  rangeValue,
  rebaseDraft,
  splitError,
  valueText,
} from './filters';

describe('flag editor rules', () => {
  it('splits 100 evenly, the remainder on the first variants', () => {
    expect(evenSplit(3)).toEqual([34, 33, 33]);
    expect(evenSplit(4)).toEqual([25, 25, 25, 25]);
  });
  it('says when the split is not 100', () => {
    expect(
      splitError([
        { key: 'a', name: '', rollout_percentage: 50 },
        { key: 'b', name: '', rollout_percentage: 40 },
      ]),
    ).toMatch(/now 90%/);
    expect(
      splitError([
        { key: 'a', name: '', rollout_percentage: 50 },
        { key: 'b', name: '', rollout_percentage: 50 },
      ]),
    ).toBeUndefined();
  });
  it('validates payloads as JSON', () => {
    expect(payloadError('{"a": 1}')).toBeUndefined();
    expect(payloadError('')).toBeUndefined();
    expect(payloadError('{a: 1}')).toMatch(/Not valid JSON/);
  });
  it('moves a draft onto a newer version: fields not edited take the new values, edits stay', () => {
    const base = { name: 'a', active: false, tags: 'x', conditions: [{ rollout: 50 }] };
    const draft = { ...base, name: 'mine', conditions: [{ rollout: 70 }] };
    const next = { name: 'a', active: true, tags: 'x, theirs', conditions: [{ rollout: 50 }] };
    expect(rebaseDraft(draft, base, next)).toEqual({
      name: 'mine',
      active: true,
      tags: 'x, theirs',
      conditions: [{ rollout: 70 }],
    });
    expect(rebaseDraft(base, base, next)).toEqual(next);
  });
  it('keeps a list a list for exact and is_not: shown comma-separated, read back the same', () => {
    // The defect: ['a', 'b'] became the one value "a, b" on the first keystroke.
    for (const op of ['exact', 'is_not']) {
      expect(valueText(op, ['a', 'b'])).toBe('a, b');
      expect(filterValue(op, valueText(op, ['a', 'b']))).toEqual(['a', 'b']);
      expect(filterValue(op, 'a, b, c')).toEqual(['a', 'b', 'c']);
    }
    expect(filterValue('exact', 'pro')).toBe('pro');
    expect(filterValue('exact', 'a, ')).toBe('a');
    expect(filterValue('exact', '')).toBe('');
    // A comma inside one value is escaped, so that it round-trips.
    expect(valueText('exact', ['Smith, John', 'a\\b', 'x'])).toBe('Smith\\, John, a\\\\b, x');
    expect(filterValue('exact', 'Smith\\, John, a\\\\b, x')).toEqual(['Smith, John', 'a\\b', 'x']);
    expect(filterValue('exact', valueText('exact', 'Smith, John'))).toBe('Smith, John');
    expect(valueText('exact', [1, 2])).toBe('1, 2');
    // Other operators take the text as typed.
    expect(filterValue('icontains', 'a, b')).toBe('a, b');
    expect(filterValue('is_set', 'whatever')).toBe('is_set');
    expect(valueText('is_set', 'is_set')).toBe('');
  });

  it('carries a value over when the operator changes', () => {
    expect(convertValue('exact', 'is_not', ['a', 'b'])).toEqual(['a', 'b']);
    expect(convertValue('exact', 'icontains', ['a', 'b'])).toBe('a, b');
    expect(convertValue('icontains', 'exact', 'a, b')).toEqual(['a', 'b']);
    expect(convertValue('is_set', 'exact', 'is_set')).toBe('');
    expect(convertValue('exact', 'is_not_set', 'x')).toBe('is_not_set');
  });

  it("offers PostHog's between and contains-any-of operators under its labels", () => {
    const labels = new Map(PROPERTY_OPERATORS);
    expect(labels.get('between')).toBe('between');
    expect(labels.get('not_between')).toBe('not between');
    expect(labels.get('icontains_multi')).toBe('contains any of');
    expect(labels.get('not_icontains_multi')).toBe("doesn't contain any of");
  });

  it('sends between as [min, max] numbers, and reads a saved range back unchanged', () => {
    expect(rangeValue('18', '65')).toEqual([18, 65]);
    expect(rangeValue(' -1.5 ', '1e3')).toEqual([-1.5, 1000]);
    // Not numbers: sent as typed, for the server to refuse with its reason.
    expect(rangeValue('', 'x')).toEqual(['', 'x']);
    for (const saved of [
      [18, 65],
      [0.5, 2],
    ]) {
      expect(rangeValue(...rangeTexts(saved))).toEqual(saved);
    }
    expect(rangeTexts(['18', '65'])).toEqual(['18', '65']);
    expect(rangeTexts(undefined)).toEqual(['', '']);
  });

  it('sends contains any of as a list, even of one, that reads back the same', () => {
    for (const op of ['icontains_multi', 'not_icontains_multi']) {
      expect(filterValue(op, 'gmail')).toEqual(['gmail']);
      expect(filterValue(op, 'gmail, yahoo')).toEqual(['gmail', 'yahoo']);
      expect(filterValue(op, '')).toEqual([]);
      for (const saved of [['gmail'], ['a, b', 'c\\d'], []]) {
        expect(filterValue(op, valueText(op, saved))).toEqual(saved);
      }
    }
  });

  it('sends a number for gt, gte, lt and lte when the text is one', () => {
    for (const op of ['gt', 'gte', 'lt', 'lte']) {
      expect(filterValue(op, '18')).toBe(18);
      expect(filterValue(op, ' 2.5 ')).toBe(2.5);
      expect(filterValue(op, '-3')).toBe(-3);
      expect(filterValue(op, valueText(op, 18))).toBe(18);
      // Not a decimal number: kept as typed (the server reads hex and Infinity as no number).
      expect(filterValue(op, 'abc')).toBe('abc');
      expect(filterValue(op, '0x10')).toBe('0x10');
      expect(filterValue(op, 'Infinity')).toBe('Infinity');
      expect(filterValue(op, '')).toBe('');
    }
  });

  it('carries a value over to and from between', () => {
    expect(convertValue('gt', 'between', 18)).toEqual([18, '']);
    expect(convertValue('between', 'not_between', [18, 65])).toEqual([18, 65]);
    expect(convertValue('between', 'gte', [18, 65])).toBe(18);
    expect(convertValue('exact', 'icontains_multi', ['a', 'b'])).toEqual(['a', 'b']);
    expect(convertValue('icontains_multi', 'icontains', ['a'])).toBe('a');
  });
});
