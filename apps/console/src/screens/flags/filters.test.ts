import { describe, expect, it } from 'vitest';
import { evenSplit, payloadError, rebaseDraft, splitError } from './filters';

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
});
