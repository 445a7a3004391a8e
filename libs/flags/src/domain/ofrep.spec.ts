import { DomainError } from '@app/platform/errors/domain-error';
import { compileFlags, evaluateFlag } from './evaluation';
import type { FlagDefinition } from './evaluation';
import { parseOfrepRequest, toOfrepSuccess } from './ofrep';

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
  throw new Error('no error');
}

describe('OFREP mapping', () => {
  it('reads the context: targeting key, groups, group properties, the rest as person properties', () => {
    expect(
      parseOfrepRequest({
        context: {
          targetingKey: 'ann',
          plan: 'pro',
          groups: { company: 'acme' },
          groupProperties: { company: { seats: 3 } },
        },
      }),
    ).toEqual({
      distinctId: 'ann',
      personProperties: { plan: 'pro' },
      groups: { company: 'acme' },
      groupProperties: { company: { seats: 3 } },
      // no runtime in the context nor the headers: undetermined, as PostHog's /flags
      runtime: null,
    });
    expect(code(() => parseOfrepRequest('x'))).toBe('PARSE_ERROR');
    expect(code(() => parseOfrepRequest({ context: [] }))).toBe('INVALID_CONTEXT');
    expect(code(() => parseOfrepRequest({ context: {} }))).toBe('TARGETING_KEY_MISSING');
    expect(code(() => parseOfrepRequest({ context: { targetingKey: 'a', groups: 'x' } }))).toBe('INVALID_CONTEXT');
  });

  const flag = (key: string, filters: FlagDefinition['filters'], active = true): FlagDefinition => ({
    id: 1,
    key,
    active,
    version: 2,
    filters,
  });
  const answer = (f: FlagDefinition, properties: Record<string, unknown> = {}) =>
    toOfrepSuccess(f, evaluateFlag(compileFlags([f]), f.key, { distinctId: 'ann', personProperties: properties })!);
  const pro = [{ key: 'plan', type: 'person', value: 'pro' }];

  it('serves one JSON type per flag: boolean, variant, payload', () => {
    const bool = flag('b', { groups: [{ properties: pro }] });
    expect(answer(bool, { plan: 'pro' })).toEqual({
      key: 'b',
      value: true,
      variant: 'true',
      reason: 'TARGETING_MATCH',
      metadata: { id: 1, version: 2, reasonCode: 'condition_match', conditionIndex: 0 },
    });
    expect(answer(bool)).toMatchObject({ value: false, variant: 'false', reason: 'DEFAULT' });
    const multi = flag('m', {
      groups: [{ properties: pro }],
      multivariate: { variants: [{ key: 'only', rollout_percentage: 100 }] },
    });
    expect(answer(multi, { plan: 'pro' })).toMatchObject({ value: 'only', variant: 'only' });
    expect(answer(multi)).not.toHaveProperty('value'); // off: the code default
    const payload = flag('p', { groups: [{ properties: pro }], payloads: { true: '{"a":[1]}' } });
    expect(answer(payload, { plan: 'pro' }).value).toEqual({ a: [1] });
    expect(answer(payload)).not.toHaveProperty('value');
    expect(answer(flag('off', { groups: [] }, false))).toMatchObject({ value: false, reason: 'DISABLED' });
  });
});
