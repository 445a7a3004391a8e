import { CASE_IGNORABLE_RANGES, CASED_RANGES, LOWER_PAIRS, UPPER_PAIRS } from './unicode-case.data';

/**
 * JavaScript's case mappings as tables, for the SQL compiler: PostgreSQL's `lower()` follows the
 * C library's (older) Unicode tables and knows neither `İ` → `i̇` nor the Greek final sigma, so
 * the SQL reproduces `toLowerCase()` from these instead (and the regular-expression translation
 * its case-insensitive matching).
 */

export type Ranges = ReadonlyArray<readonly [number, number]>;

function pairsOf(flat: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}

let lowerMap: Map<number, number> | undefined;
let lowerPreimages: Map<number, number[]> | undefined;

/** Code point → its `toLowerCase()`, for those whose lower case is one other code point. */
export function lowerCaseMap(): ReadonlyMap<number, number> {
  return (lowerMap ??= new Map(lowerPairs));
}

function preimages(flat: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [from, to] of pairsOf(flat)) out.set(to, [...(out.get(to) ?? []), from]);
  return out;
}

/** The code points whose `toLowerCase()` is `cp` (not `cp` itself). */
export function lowerPreimage(cp: number): readonly number[] {
  return (lowerPreimages ??= preimages(LOWER_PAIRS)).get(cp) ?? [];
}

const lowerPairs = pairsOf(LOWER_PAIRS);
const upperPairs = pairsOf(UPPER_PAIRS);

/** Every [code point, toLowerCase] pair, in code point order. */
export function lowerCasePairs(): ReadonlyArray<readonly [number, number]> {
  return lowerPairs;
}

/** Every [code point, toUpperCase] pair, in code point order. */
export function upperCasePairs(): ReadonlyArray<readonly [number, number]> {
  return upperPairs;
}

export const CASED: Ranges = pairsOf(CASED_RANGES);
export const CASE_IGNORABLE: Ranges = pairsOf(CASE_IGNORABLE_RANGES);
