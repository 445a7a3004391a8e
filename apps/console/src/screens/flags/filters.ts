import type { Schemas } from '../../api/client';

export type PropertyFilter = Schemas['PropertyFilterDto'];
export type Condition = { properties: PropertyFilter[]; rollout_percentage: number | null; variant: string | null };
export type Variant = { key: string; name: string; rollout_percentage: number };

/** The operators of a person or group property, as PostHog's editor names them. */
export const PROPERTY_OPERATORS: Array<[string, string]> = [
  ['exact', 'equals'],
  ['is_not', "doesn't equal"],
  ['icontains', 'contains'],
  ['not_icontains', "doesn't contain"],
  ['icontains_multi', 'contains any of'],
  ['not_icontains_multi', "doesn't contain any of"],
  ['starts_with', 'starts with'],
  ['not_starts_with', "doesn't start with"],
  ['ends_with', 'ends with'],
  ['not_ends_with', "doesn't end with"],
  ['regex', 'matches regex'],
  ['not_regex', "doesn't match regex"],
  ['gt', 'greater than'],
  ['gte', 'greater than or equal to'],
  ['lt', 'less than'],
  ['lte', 'less than or equal to'],
  ['between', 'between'],
  ['not_between', 'not between'],
  ['is_set', 'is set'],
  ['is_not_set', 'is not set'],
  ['is_date_exact', 'on date'],
  ['is_date_before', 'before date'],
  ['is_date_after', 'after date'],
  ['semver_eq', 'semver ='],
  ['semver_neq', 'semver ≠'],
  ['semver_gt', 'semver >'],
  ['semver_gte', 'semver ≥'],
  ['semver_lt', 'semver <'],
  ['semver_lte', 'semver ≤'],
  ['semver_tilde', 'semver ~'],
  ['semver_caret', 'semver ^'],
  ['semver_wildcard', 'semver wildcard'],
];

export const NO_VALUE = new Set(['is_set', 'is_not_set']);

/** The JSON text of a payload is valid (empty means no payload). */
export function payloadError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    return `Not valid JSON: ${(e as Error).message}`;
  }
}

/** The sum of the variants' splits, and a message when it is not 100. */
export function splitError(variants: Variant[]): string | undefined {
  if (variants.length === 0) return undefined;
  const sum = variants.reduce((s, v) => s + (Number.isFinite(v.rollout_percentage) ? v.rollout_percentage : 0), 0);
  return Math.abs(sum - 100) < 1e-9 ? undefined : `The variants' split must add up to 100% (now ${sum}%).`;
}

/** An even split of 100 over n variants, the remainder on the first ones. */
export function evenSplit(n: number): number[] {
  const base = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 100 - base * n ? 1 : 0));
}

/** Operators whose value may be a list of values (the property equals, or does not equal, any of them). */
export const LIST_OPERATORS = new Set(['exact', 'is_not', 'icontains_multi', 'not_icontains_multi']);

/** List operators whose value is a list even of one item, as PostHog's editor sends them. */
const ALWAYS_LIST = new Set(['icontains_multi', 'not_icontains_multi']);

/** Operators that compare numbers: a numeric text is sent as the number. */
const NUMERIC_OPERATORS = new Set(['gt', 'gte', 'lt', 'lte']);

/** Operators whose value is the range `[min, max]` (two numbers, both ends included). */
export const RANGE_OPERATORS = new Set(['between', 'not_between']);

/** A decimal number as the server reads one (no hex, no `Infinity`). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The number a text is, or the text itself when it is not one (the server then says why on save). */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : text;
}

const escapeItem = (item: string) => item.replace(/[\\,]/g, (c) => `\\${c}`);

/** A list's items from their text: separated by commas, `\,` a comma and `\\` a backslash inside one; trimmed, blanks dropped. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) current += text[++i];
    else if (c === ',') {
      items.push(current);
      current = '';
    } else current += c;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/**
 * What a person types becomes the filter's value: for exact and is_not, one value or, when the
 * text has several separated by commas, the list of them; for contains any of, always a list;
 * for gt/gte/lt/lte the number when the text is one; for the others the text as typed. A range
 * (between) has two texts: see `rangeValue`.
 */
export function filterValue(operator: string, text: string): PropertyFilter['value'] {
  if (NO_VALUE.has(operator)) return operator;
  if (RANGE_OPERATORS.has(operator)) return rangeValue(text, '');
  if (NUMERIC_OPERATORS.has(operator)) return numberOrText(text);
  if (!LIST_OPERATORS.has(operator)) return text;
  const items = splitItems(text);
  if (ALWAYS_LIST.has(operator)) return items;
  return items.length > 1 ? items : text.includes(',') || text.includes('\\') ? (items[0] ?? '') : text;
}

/** The text a filter's value shows as (what `filterValue` reads back to the same value); a range shows its minimum. */
export function valueText(operator: string, value: PropertyFilter['value'] | undefined): string {
  if (NO_VALUE.has(operator) || value === undefined || value === null) return '';
  if (RANGE_OPERATORS.has(operator)) return rangeTexts(value)[0];
  const items = Array.isArray(value) ? value : [value];
  if (LIST_OPERATORS.has(operator)) return items.map((item) => escapeItem(String(item))).join(', ');
  return items.map(String).join(', ');
}

/** A between filter's value from its minimum and maximum as typed: `[min, max]`, each a number when it is one. */
export function rangeValue(min: string, max: string): PropertyFilter['value'] {
  return [numberOrText(min), numberOrText(max)];
}

/** The minimum and maximum a between filter's value shows as (what `rangeValue` reads back to it). */
export function rangeTexts(value: PropertyFilter['value'] | undefined): [string, string] {
  if (!Array.isArray(value)) return [value === undefined || value === null ? '' : String(value), ''];
  return [String(value[0] ?? ''), String(value[1] ?? '')];
}

/** The value of a filter whose operator changes from `from` to `to`, carried over as its text shows it. */
export function convertValue(
  from: string,
  to: string,
  value: PropertyFilter['value'] | undefined,
): PropertyFilter['value'] {
  if (RANGE_OPERATORS.has(from) && RANGE_OPERATORS.has(to)) return value ?? rangeValue('', '');
  return filterValue(to, valueText(from, value));
}

/**
 * A draft moved onto a newer version of what it was made from: each field the draft left as it
 * was in `base` takes its value in `next`; each field edited keeps the edit.
 */
export function rebaseDraft<T extends object>(draft: T, base: T, next: T): T {
  const out = { ...draft };
  for (const key of Object.keys(draft) as Array<keyof T>) {
    if (JSON.stringify(draft[key]) === JSON.stringify(base[key])) out[key] = next[key];
  }
  return out;
}
