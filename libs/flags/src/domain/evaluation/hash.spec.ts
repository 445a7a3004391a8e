import { createHash } from 'node:crypto';
import { flagHash, hash01, holdoutHash } from './hash';

const SCALE = Number(0xfffffffffffffffn);

// Golden vectors from reference/posthog-semantics.md §4.1 and reference/sdk-clients.md §1.5.
describe('flagHash', () => {
  it.each([
    ['beta-feature', 'user-1', 0.7264912549260886, 0.14578218334266493],
    ['beta-feature', 'user-2', 0.6965384916745126, 0.6022743244643839],
    ['simple-flag', 'distinct_id_0', 0.7836963764220432, 0.6595248869787484],
    ['multivariate-flag', 'user-1', 0.652180513307143, 0.30281816997820665],
  ])('%s / %s → %d (variant %d)', (key, id, rollout, variant) => {
    expect(flagHash(key, id)).toBe(rollout);
    expect(flagHash(key, id, 'variant')).toBe(variant);
  });

  it.each([
    ['distinct-0', 0.4888099024676102, 0.03992472877910943],
    ['distinct-1', 0.6553091233477739, 0.49347851262350423],
    ['distinct-2', 0.3337171307377763, 0.954351249757495],
    ['distinct-3', 0.2480313030895192, 0.01060136074009329],
  ])('sdk vector %s', (id, variantHash, rolloutHash) => {
    expect(flagHash('multi-variant', id, 'variant')).toBe(variantHash);
    expect(flagHash('partial-rollout', id)).toBe(rolloutHash);
  });

  it('rounds exactly like parsing the 15 hex digits', () => {
    for (let i = 0; i < 20_000; i++) {
      const text = `k${i}.id-${i * 7919}`;
      const hex = createHash('sha1').update(text).digest('hex').slice(0, 15);
      expect(flagHash(`k${i}`, `id-${i * 7919}`)).toBe(parseInt(hex, 16) / SCALE);
    }
  });

  it('computes SHA-1 like node:crypto for any text', () => {
    const samples = ['', 'a', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(64), 'z'.repeat(1000), 'é😀\u0800\uffff'];
    samples.push('lone \ud800 high', 'lone \udc00 low', 'end \ud83d', '\u007f\u0080\u07ff');
    for (let i = 0; i < 2_000; i++) {
      samples.push(
        Array.from({ length: i % 150 }, (_, j) => String.fromCharCode((i * 7919 + j * 104729) % 0x10000)).join(''),
      );
    }
    for (const text of samples) {
      const hex = createHash('sha1').update(`${text}.id`, 'utf8').digest('hex').slice(0, 15);
      expect({ text, hash: flagHash(text, 'id') }).toEqual({ text, hash: parseInt(hex, 16) / SCALE });
    }
  });

  it('hashes UTF-8 and holdouts over "holdout-<id>"', () => {
    const hex = createHash('sha1').update('ключ.пользователь', 'utf8').digest('hex').slice(0, 15);
    expect(flagHash('ключ', 'пользователь')).toBe(parseInt(hex, 16) / SCALE);
    const holdout = createHash('sha1').update('holdout-user-1').digest('hex').slice(0, 15);
    expect(holdoutHash('user-1')).toBe(parseInt(holdout, 16) / SCALE);
  });
});

describe('an empty identifier', () => {
  it('hashes to 0 for rollouts and variants (PostHog’s get_hash), while holdouts hash `holdout-` alone', () => {
    expect(flagHash('beta-search', '')).toBe(0);
    expect(flagHash('beta-search', '', 'variant')).toBe(0);
    expect(hash01('beta-search.')).toBe(0.6211969413249854); // what hashing would have given
    expect(holdoutHash('')).toBe(0.9268829483920294);
  });
});
