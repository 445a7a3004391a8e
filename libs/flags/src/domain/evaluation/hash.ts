import { hash as digest } from 'node:crypto';

const TWO_POW_28 = 2 ** 28;
// 0xFFFFFFFFFFFFFFF as a double (it rounds to 2^60), what PostHog divides by in every language,
// so rollout and variant boundaries land where theirs do.
const LONG_SCALE = Number(0xfffffffffffffffn);

/**
 * PostHog's bucketing hash: the first 15 hex digits (60 bits) of SHA-1 over UTF-8
 * `"<flag key>.<id><salt>"`, divided by 0xFFFFFFFFFFFFFFF. A float in [0, 1].
 */
export function flagHash(flagKey: string, id: string, salt = ''): number {
  return hashOf(`${flagKey}.${id}${salt}`);
}

/** The holdout hash: same scale, but over `"holdout-<id>"` (a dash, no flag key). */
export function holdoutHash(id: string): number {
  return hashOf(`holdout-${id}`);
}

function hashOf(text: string): number {
  const bytes = digest('sha1', text, 'buffer');
  // 32 + 28 bits; both parts are exact doubles and the one addition rounds to nearest, the same
  // rounding parseInt applies to the 15-digit hex string.
  const high = bytes.readUInt32BE(0);
  const low = bytes.readUInt32BE(4) >>> 4;
  return (high * TWO_POW_28 + low) / LONG_SCALE;
}
