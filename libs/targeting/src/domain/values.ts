/**
 * How property values read under the operators (PostHog's coercions), shared by the in-memory
 * matcher and the SQL compiler's expectations.
 */

/** `true`/`false` in any case, booleans, or a list of only those (the empty list included). */
export function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return lower === 'true' || lower === 'false';
  }
  return Array.isArray(value) && value.every(isBooleanLike);
}

/** `true`, `"true"` in any case, or a list of only such values (the empty list included). */
export function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.toLowerCase() === 'true';
  return Array.isArray(value) && value.every(isTruthy);
}

/** Strings as they are; everything else as compact JSON with sorted keys (`30`, `true`, `null`). */
export function exactText(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.keys(value)
      .sort(compareCodePoints)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(String(value));
}

function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0) as number);
  const right = Array.from(b, (c) => c.codePointAt(0) as number);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i] - right[i];
  }
  return left.length - right.length;
}

/** What the text operators and regular expressions read: JavaScript's `String(value)`. */
export function textOf(value: unknown): string {
  return String(value);
}

/** PostHog folds only ASCII for the substring operators ("ÄB" does not contain "ä"). */
export function asciiLower(value: string): string {
  return value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

// Rust's `str::parse::<f64>` (PostHog's flags service): no surrounding space, `inf`/`nan` words.
const FLOAT = /^[+-]?(?:inf|infinity|nan|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)$/i;

/**
 * A value as a number for `gt`/`gte`/`lt`/`lte`, or null: numbers, and strings that PostHog's
 * service parses as one (`"10"`, `"1e3"`, `".5"`, `"inf"`; not `" 7"`, `"7abc"`, booleans). NaN is
 * null: it compares false with everything.
 */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !FLOAT.test(value)) return null;
  const word = value.replace(/^[+-]/, '').toLowerCase();
  if (word === 'nan') return null;
  if (word === 'inf' || word === 'infinity') return value.startsWith('-') ? -Infinity : Infinity;
  return Number(value);
}
