import { DomainError } from '@app/platform/errors/domain-error';
import { checkEvaluationContexts, requestContexts, requestRuntime, servedTo } from './evaluation-runtime';

describe('evaluation runtime (PostHog rust/feature-flags handler/flags.rs)', () => {
  it('takes the explicit runtime first, any other string as all', () => {
    expect(requestRuntime('SERVER', { 'user-agent': 'Mozilla/5.0' })).toBe('server');
    expect(requestRuntime('edge', {})).toBe('all');
    expect(() => requestRuntime(1, {})).toThrow(DomainError);
  });

  it.each([
    ['posthog-node/5.70.0', 'server'],
    ['posthog-python/6.0.0 (Linux; Python 3.12)', 'server'],
    ['curl/8.5.0', 'server'],
    ['posthog-js/1.269.0', 'client'],
    ['posthog-react-native/4.0.0', 'client'],
    ['Mozilla/5.0 (X11) Chrome/120', 'client'],
    ['posthog-node/', null],
    ['posthog-rust/0.3.0', null],
    ['node', null],
  ])('reads the User-Agent %s as %s', (ua, runtime) => {
    expect(requestRuntime(undefined, { 'user-agent': ua })).toBe(runtime);
  });

  it('takes browser headers for a client when the User-Agent says nothing', () => {
    expect(requestRuntime(undefined, { 'user-agent': 'node', 'sec-fetch-site': 'cross-site' })).toBe('client');
    expect(requestRuntime(null, { origin: 'https://a.example' })).toBe('client');
    expect(requestRuntime(undefined, {})).toBeNull();
  });

  it('serves a runtime-limited flag only to that runtime or all, never to an undetermined one', () => {
    expect(servedTo({ evaluation_runtime: 'server' }, 'server')).toBe(true);
    expect(servedTo({ evaluation_runtime: 'server' }, 'client')).toBe(false);
    expect(servedTo({ evaluation_runtime: 'server' }, null)).toBe(false);
    expect(servedTo({ evaluation_runtime: 'server' }, 'all')).toBe(true);
    expect(servedTo({ evaluation_runtime: null }, null)).toBe(true);
    expect(servedTo({ evaluation_runtime: 'all' }, 'client')).toBe(true);
  });

  it('serves a flag with contexts to requests naming one, or none', () => {
    const flag = { evaluation_contexts: ['web', 'eu'] };
    expect(servedTo(flag, 'all', ['eu'])).toBe(true);
    expect(servedTo(flag, 'all', ['us'])).toBe(false);
    expect(servedTo(flag, 'all', [])).toBe(true);
    expect(servedTo({ evaluation_contexts: [] }, 'all', ['us'])).toBe(true);
  });

  it('reads the request contexts under either name', () => {
    expect(requestContexts({ evaluation_environments: ['a'] })).toEqual(['a']);
    expect(requestContexts({ evaluation_contexts: ['b'], evaluation_environments: ['a'] })).toEqual(['b']);
    expect(() => requestContexts({ evaluation_contexts: 'a' })).toThrow(DomainError);
  });

  it("checks a flag's contexts as PostHog's serializer does", () => {
    expect(checkEvaluationContexts(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(() => checkEvaluationContexts(Array.from({ length: 51 }, (_, i) => String(i)))).toThrow(
      'evaluation_contexts must be a list of at most 50 items.',
    );
    expect(() => checkEvaluationContexts([3])).toThrow('Invalid evaluation context name.');
  });
});
