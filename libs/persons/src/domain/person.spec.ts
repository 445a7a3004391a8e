import { DomainError } from '@app/platform/errors/domain-error';
import {
  applyPropertyOperations,
  displayName,
  isIllegalMergeId,
  nestsDeeperThan,
  parsePersonRef,
  propertyOperationsOf,
} from './person';

describe('parsePersonRef', () => {
  it('reads integer ids and uuids', () => {
    expect(parsePersonRef('42')).toEqual({ id: 42 });
    expect(parsePersonRef('0188A7F0-0000-7000-8000-000000000000')).toEqual({
      uuid: '0188a7f0-0000-7000-8000-000000000000',
    });
  });

  it('names no person for digits beyond any id', () => {
    expect(parsePersonRef('99999999999999999999')).toBeNull();
  });

  it("refuses distinct ids with PostHog's message", () => {
    expect(() => parsePersonRef('user@example.com')).toThrow(DomainError);
    expect(() => parsePersonRef('abc')).toThrow(/does not look like a personID/);
  });
});

describe('displayName', () => {
  it('prefers email, then name-like properties, then identified distinct ids', () => {
    expect(displayName({ name: 'Ann', email: 'a@x.io' }, ['a'], 1)).toBe('a@x.io');
    expect(displayName({ username: 'ann' }, ['a'], 1)).toBe('ann');
    expect(displayName({}, ['0188a7f0-0000-7000-8000-000000000000', 'ann-id'], 1)).toBe('ann-id');
    expect(displayName({ email: '' }, [], 7)).toBe('7');
  });
});

describe('isIllegalMergeId', () => {
  it('knows the placeholder ids, quoted or not', () => {
    for (const id of [
      'anonymous',
      'NULL'.toLowerCase(),
      'Guest',
      '"undefined"',
      "'None'",
      '0',
      '  ',
      '[object Object]',
    ]) {
      expect(isIllegalMergeId(id)).toBe(true);
    }
    for (const id of ['nan', 'user-1', 'NONE']) expect(isIllegalMergeId(id)).toBe(false);
  });
});

describe('applyPropertyOperations', () => {
  it('applies $set_once, then $set, then $unset', () => {
    const props: Record<string, unknown> = { kept: 1, once: 'old', gone: true };
    const changed = applyPropertyOperations(
      props,
      propertyOperationsOf({
        $set_once: { once: 'new', first: 'f' },
        $set: { kept: 2, first: 's' },
        $unset: ['gone', 'missing'],
      }),
    );
    expect(changed).toBe(true);
    expect(props).toEqual({ kept: 2, once: 'old', first: 's' });
  });

  it('reports no change when values are equal and accepts $unset as an object', () => {
    const props = { a: { b: [1] } };
    expect(applyPropertyOperations(props, propertyOperationsOf({ $set: { a: { b: [1] } } }))).toBe(false);
    expect(applyPropertyOperations(props, propertyOperationsOf({ $unset: { a: null } }))).toBe(true);
    expect(props).toEqual({});
  });

  it('ignores operations of the wrong shape', () => {
    expect(propertyOperationsOf({ $set: 'x', $set_once: [1], $unset: 5 })).toEqual({});
  });
});

describe('nestsDeeperThan', () => {
  it('measures nesting without recursion, so very deep values cannot overflow the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(nestsDeeperThan(deep)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan('text')).toBe(false);
  });
});
