import type { FlagDefinition } from './definitions';
import { dependencyChain, findDependencyProblems, withDependencyChains } from './dependencies';

function flag(id: number, key: string, dependsOn: (string | number)[] = [], deleted = false): FlagDefinition {
  return {
    id,
    key,
    active: true,
    deleted,
    filters: {
      groups: [
        {
          properties: dependsOn.map((reference) => ({
            key: String(reference),
            type: 'flag',
            operator: 'flag_evaluates_to',
            value: true,
          })),
        },
      ],
    },
  };
}

describe('flag dependencies', () => {
  // PostHog's UI stores the dependency's id; keys work too.
  const a = flag(1, 'flag-a');
  const b = flag(2, 'flag-b', [1]);
  const c = flag(3, 'flag-c', [2, 'flag-a']);
  const d = flag(4, 'flag-d', ['3']);

  it('orders the chain dependencies first, ending with the flag itself', () => {
    expect(dependencyChain('1', [a, b, c, d])).toEqual({ ok: true, chain: ['flag-a'] });
    expect(dependencyChain('flag-b', [a, b, c, d])).toEqual({ ok: true, chain: ['flag-a', 'flag-b'] });
    expect(dependencyChain(4, [a, b, c, d])).toEqual({
      ok: true,
      chain: ['flag-a', 'flag-b', 'flag-c', 'flag-d'],
    });
  });

  it('finds cycles, self-references and missing or deleted flags before a save', () => {
    const cyclicA = flag(1, 'flag-a', [2]);
    expect(findDependencyProblems(cyclicA, [a, b])).toEqual([{ kind: 'cycle', cycle: ['flag-a', 'flag-b', 'flag-a'] }]);
    expect(findDependencyProblems(flag(5, 'self', ['self']), [])).toEqual([{ kind: 'cycle', cycle: ['self', 'self'] }]);
    expect(findDependencyProblems(flag(5, 'e', ['999']), [a])).toEqual([
      { kind: 'missing', flag: 'e', reference: '999' },
    ]);
    expect(findDependencyProblems(flag(5, 'e', ['gone']), [flag(6, 'gone', [], true)])).toEqual([
      { kind: 'missing', flag: 'e', reference: 'gone' },
    ]);
    expect(findDependencyProblems(d, [a, b, c])).toEqual([]);
  });

  it('ships dependencies by key with their chain, empty when missing or cyclic', () => {
    const loop = flag(7, 'loop', ['loop']);
    const broken = flag(8, 'broken', ['12345', 'loop']);
    const shipped = withDependencyChains([a, b, c, d, loop, broken]);
    const properties = (key: string) => shipped.find((f) => f.key === key)?.filters?.groups?.[0].properties;
    expect(properties('flag-c')).toEqual([
      {
        key: 'flag-b',
        type: 'flag',
        operator: 'flag_evaluates_to',
        value: true,
        dependency_chain: ['flag-a', 'flag-b'],
      },
      { key: 'flag-a', type: 'flag', operator: 'flag_evaluates_to', value: true, dependency_chain: ['flag-a'] },
    ]);
    expect(properties('broken')).toEqual([
      { key: '12345', type: 'flag', operator: 'flag_evaluates_to', value: true, dependency_chain: [] },
      { key: 'loop', type: 'flag', operator: 'flag_evaluates_to', value: true, dependency_chain: [] },
    ]);
    expect(shipped[0]).toBe(a);
  });
});
