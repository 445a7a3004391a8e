import { DomainError } from '@app/platform/errors/domain-error';
import { etagMatches, parseFlagsRequest, parseGroupsQuery, tokenOf } from './sdk-request';

function fails(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('SDK requests', () => {
  it('finds the token under each name SDKs use', () => {
    expect(tokenOf({ token: 'a' })).toBe('a');
    expect(tokenOf({ api_key: 'b' })).toBe('b');
    expect(tokenOf({ $token: 'c' })).toBe('c');
    expect(tokenOf({ token: '' })).toBeUndefined();
    expect(tokenOf([])).toBeUndefined();
  });

  it('reads what posthog-node sends, numbers as text', () => {
    expect(
      parseFlagsRequest({
        distinct_id: 42,
        groups: { company: 'acme', project: 7, empty: '' },
        person_properties: { plan: 'pro' },
        group_properties: { company: { $group_key: 'acme', seats: 3 } },
        flag_keys_to_evaluate: ['a'],
        $anon_distinct_id: 'anon',
        $device_id: 'dev',
        geoip_disable: true,
        evaluation_contexts: ['web'],
        evaluation_runtime: 'server',
      }),
    ).toEqual({
      distinctId: '42',
      groups: { company: 'acme', project: '7' },
      personProperties: { plan: 'pro' },
      groupProperties: { company: { $group_key: 'acme', seats: 3 } },
      flagKeys: ['a'],
      anonDistinctId: 'anon',
      deviceId: 'dev',
      runtime: 'server',
      evaluationContexts: ['web'],
    });
    expect(parseFlagsRequest({ distinct_id: 'x', groups: null, person_properties: null })).toMatchObject({
      groups: {},
      personProperties: {},
    });
  });

  it('accepts any distinct id, as PostHog does: empty, blank, and long ones cut to 200 code points', () => {
    expect(parseFlagsRequest({ distinct_id: '' }).distinctId).toBe('');
    expect(parseFlagsRequest({ distinct_id: '  ' }).distinctId).toBe('  ');
    expect(parseFlagsRequest({ distinct_id: 'a'.repeat(205) }).distinctId).toBe('a'.repeat(200));
    expect(parseFlagsRequest({ distinct_id: 'x'.repeat(5000) }).distinctId).toHaveLength(200);
    // Code points, not UTF-16 units: 199 letters, an emoji (two units), then more.
    const emoji = 'a'.repeat(199) + '\u{1F600}' + 'b'.repeat(10);
    expect(parseFlagsRequest({ distinct_id: emoji }).distinctId).toBe('a'.repeat(199) + '\u{1F600}');
    const accents = '\u00e9'.repeat(200);
    expect(parseFlagsRequest({ distinct_id: accents }).distinctId).toBe(accents);
  });

  it.each([
    ['a list', [], null],
    ['no distinct id', {}, 'distinct_id'],
    ['a null distinct id', { distinct_id: null }, 'distinct_id'],
    ['a distinct id object', { distinct_id: {} }, 'distinct_id'],
    ['groups as a list', { distinct_id: 'x', groups: [] }, 'groups'],
    ['a group key object', { distinct_id: 'x', groups: { a: {} } }, 'groups'],
    ['group properties not objects', { distinct_id: 'x', group_properties: { a: 1 } }, 'group_properties'],
    ['flag keys with numbers', { distinct_id: 'x', flag_keys_to_evaluate: [1] }, 'flag_keys_to_evaluate'],
    [
      'deep properties',
      { distinct_id: 'x', person_properties: JSON.parse('{"a":'.repeat(70) + '1' + '}'.repeat(70)) },
      'person_properties',
    ],
  ])('refuses %s (400 naming the field)', (_, body, attr) => {
    const e = fails(() => parseFlagsRequest(body));
    expect([e.kind, e.attr]).toEqual(['invalid', attr]);
  });

  it('reads ?groups= as a JSON object', () => {
    expect(parseGroupsQuery(undefined)).toEqual({});
    expect(parseGroupsQuery('{"company":"acme","n":1}')).toEqual({ company: 'acme', n: '1' });
    expect(fails(() => parseGroupsQuery('{bad')).detail).toBe('Invalid JSON in groups parameter');
    expect(fails(() => parseGroupsQuery('[1]')).detail).toBe('groups must be a JSON object');
    expect(fails(() => parseGroupsQuery(['a', 'b'])).attr).toBe('groups');
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
