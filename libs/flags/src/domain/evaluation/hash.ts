/**
 * PostHog's bucketing hash: the first 15 hex digits (60 bits) of SHA-1 over UTF-8
 * `"<flag key>.<id><salt>"`, divided by 0xFFFFFFFFFFFFFFF. A float in [0, 1].
 *
 * SHA-1 is computed here rather than with node:crypto: for these short strings a plain
 * implementation costs half as much as a call into OpenSSL, and `/flags` hashes once or twice per
 * flag per request. The spec checks it against node:crypto.
 */
export function flagHash(flagKey: string, id: string, salt = ''): number {
  // PostHog's flags service (`get_hash`) answers 0 for an empty identifier without hashing: inside
  // every rollout (0 <= 0%) and the first variant. Holdouts hash the prefix alone (below).
  if (id === '') return 0;
  return hash01(`${flagKey}.${id}${salt}`);
}

/** The holdout hash: same scale, but over `"holdout-<id>"` (a dash, no flag key; `"holdout-"` for an empty id). */
export function holdoutHash(id: string): number {
  return hash01(`holdout-${id}`);
}

/** A condition's rollout as a threshold: `percentage / 100` in doubles; null (everyone) for none. */
export function rolloutThreshold(percentage: number | string | null | undefined): number | null {
  return percentage === null || percentage === undefined ? null : Number(percentage) / 100;
}

/** In the rollout: `hash <= threshold`, so 0% still takes a hash of exactly 0 (an empty id). */
export function inRollout(hash: number, threshold: number): boolean {
  return hash <= threshold;
}

export interface VariantRange {
  key: string;
  min: number;
  max: number;
}

/** Each variant's range: the previous bound plus its weight / 100, accumulated in stored order in doubles. */
export function variantRanges(variants: ReadonlyArray<{ key: string; rollout_percentage?: unknown }>): VariantRange[] {
  const ranges: VariantRange[] = [];
  let min = 0;
  for (const variant of variants) {
    const max = min + Number(variant.rollout_percentage) / 100;
    ranges.push({ key: variant.key, min, max });
    min = max;
  }
  return ranges;
}

/** The variant whose range holds `hash` (`min <= hash < max`); null past the last bound (the flag is plain `true`). */
export function variantAt(ranges: readonly VariantRange[], hash: number): string | null {
  for (const range of ranges) if (hash >= range.min && hash < range.max) return range.key;
  return null;
}

// 0xFFFFFFFFFFFFFFF as a double (it rounds to 2^60), what PostHog divides by in every language,
// so rollout and variant boundaries land where theirs do.
const LONG_SCALE = Number(0xfffffffffffffffn);
const TWO_POW_28 = 2 ** 28;

/** The hash arithmetic alone (sha1_60): SHA-1 of the UTF-8 of `text`, its first 60 bits over 2^60 - 1. */
export function hash01(text: string): number {
  const [h0, h1] = sha1(text);
  // 32 + 28 bits; both parts are exact doubles and the one addition rounds to nearest, the same
  // rounding parseInt applies to the 15-digit hex string.
  return ((h0 >>> 0) * TWO_POW_28 + ((h1 >>> 0) >>> 4)) / LONG_SCALE;
}

const words = new Int32Array(80);
let bytes = new Uint8Array(512);
let view = new DataView(bytes.buffer);

/** The first two 32-bit words of SHA-1 over the UTF-8 bytes of `text`. */
function sha1(text: string): [number, number] {
  const length = encodeUtf8(text);
  const padded = Math.ceil((length + 9) / 64) * 64;
  bytes.fill(0, length, padded);
  bytes[length] = 0x80;
  const bits = length * 8;
  view.setUint32(padded - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded - 4, bits >>> 0);

  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = words;
  for (let offset = 0; offset < padded; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(offset + t * 4);
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let t = 0;
    for (; t < 20; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (~b & d)) + e + 0x5a827999 + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 40; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + 0x6ed9eba1 + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 60; t++) {
      const next = (((a << 5) | (a >>> 27)) + ((b & c) | (b & d) | (c & d)) + e + (0x8f1bbcdc | 0) + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    for (; t < 80; t++) {
      const next = (((a << 5) | (a >>> 27)) + (b ^ c ^ d) + e + (0xca62c1d6 | 0) + w[t]) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  return [h0, h1];
}

/** Writes `text` as UTF-8 into `bytes` (lone surrogates as U+FFFD, as Node does); the length. */
function encodeUtf8(text: string): number {
  // 3 bytes per UTF-16 unit at most, plus 72 for padding.
  if (text.length * 3 + 72 > bytes.length) {
    bytes = new Uint8Array(text.length * 3 + 72);
    view = new DataView(bytes.buffer);
  }
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes[n++] = c;
    } else if (c < 0x800) {
      bytes[n++] = 0xc0 | (c >> 6);
      bytes[n++] = 0x80 | (c & 63);
    } else {
      const next = text.charCodeAt(i + 1);
      if (c >= 0xd800 && c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        bytes[n++] = 0xf0 | (cp >> 18);
        bytes[n++] = 0x80 | ((cp >> 12) & 63);
        bytes[n++] = 0x80 | ((cp >> 6) & 63);
        bytes[n++] = 0x80 | (cp & 63);
        continue;
      }
      if (c >= 0xd800 && c < 0xe000) c = 0xfffd;
      bytes[n++] = 0xe0 | (c >> 12);
      bytes[n++] = 0x80 | ((c >> 6) & 63);
      bytes[n++] = 0x80 | (c & 63);
    }
  }
  return n;
}
