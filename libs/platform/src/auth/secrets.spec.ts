import {
  generateSecret,
  hashPersonalApiKey,
  maskPersonalApiKey,
  PERSONAL_API_KEY_PATTERN,
  PROJECT_TOKEN_PATTERN,
} from './secrets';
import { missingScope, scopeAllows } from './scopes';

describe('secrets', () => {
  it('generates keys and tokens in PostHog format, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateSecret('phx_')));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(PERSONAL_API_KEY_PATTERN);
    expect(generateSecret('phc_')).toMatch(PROJECT_TOKEN_PATTERN);
  });

  it('hashes as sha256$hex and masks as first4...last4', () => {
    expect(hashPersonalApiKey('abc')).toBe('sha256$ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(maskPersonalApiKey('phx_IFdqdH62fKoax8x17bwu8gujE0tsTBZRvNmlMJ7eZxz')).toBe('phx_...eZxz');
  });
});

describe('scopes', () => {
  it('lets * and write scopes satisfy reads', () => {
    expect(scopeAllows(['*'], 'person:write')).toBe(true);
    expect(scopeAllows(['person:write'], 'person:read')).toBe(true);
    expect(scopeAllows(['person:read'], 'person:write')).toBe(false);
    expect(scopeAllows(['feature_flag:read'], 'person:read')).toBe(false);
    expect(missingScope(['person:read'], ['person:read', 'cohort:read'])).toBe('cohort:read');
  });
});
