import type { FlagDefinition } from './definitions';
import {
  brokenDependencies,
  dependencyCycle,
  evaluationSequence,
  flagDependencyProperties,
  withDependencyChains,
} from './dependencies';

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

/** Shipped chains per flag key, one list per dependency property. */
function chains(flags: readonly FlagDefinition[]): Record<string, unknown[]> {
  return Object.fromEntries(
    flags.map((f) => [f.key, flagDependencyProperties(f.filters).map((p) => p.dependency_chain)]),
  );
}

/** What a plain depth-first walk from `key` lists (PostHog's `_DependencyChainBuilder`), or []. */
function referenceChain(key: string, flags: readonly FlagDefinition[]): string[] {
  const byKey = new Map(flags.map((f) => [f.key, f]));
  const byId = new Map(flags.map((f) => [String(f.id), f]));
  const chain: string[] = [];
  const done = new Set<string>();
  const path = new Set<string>();
  const visit = (k: string): boolean => {
    if (done.has(k)) return true;
    if (path.has(k)) return false;
    const f = byKey.get(k);
    if (!f) return false;
    path.add(k);
    for (const p of flagDependencyProperties(f.filters)) {
      const target = byId.get(String(p.key)) ?? byKey.get(String(p.key));
      if (!target || !visit(target.key)) return false;
    }
    path.delete(k);
    done.add(k);
    chain.push(k);
    return true;
  };
  return visit(key) ? chain : [];
}

describe('flag dependencies', () => {
  // PostHog's UI stores the dependency's id; keys work too.
  const a = flag(1, 'flag-a');
  const b = flag(2, 'flag-b', [1]);
  const c = flag(3, 'flag-c', [2, 'flag-a']);
  const d = flag(4, 'flag-d', ['3']);

  it('ships dependencies by key with their chain, dependencies first, empty when missing or cyclic', () => {
    const loop = flag(7, 'loop', ['loop']);
    const broken = flag(8, 'broken', ['12345', 'loop']);
    const gone = flag(9, 'gone', [], true);
    const onGone = flag(10, 'on-gone', ['gone']);
    const shipped = withDependencyChains([a, b, c, d, loop, broken, onGone, gone].filter((f) => !f.deleted));
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
    expect(chains(shipped)).toMatchObject({
      'flag-d': [['flag-a', 'flag-b', 'flag-c']],
      loop: [[]],
      broken: [[], []],
      'on-gone': [[]],
    });
    expect(properties('broken')?.[0]).toMatchObject({ key: '12345', dependency_chain: [] });
    expect(shipped[0]).toBe(a);
  });

  it('builds each chain once yet lists what a depth-first walk from the flag lists', () => {
    // Random DAGs (edges only to older flags, some references by key, some missing), and cycles.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 30; round++) {
      const flags: FlagDefinition[] = [];
      for (let i = 1; i <= 40; i++) {
        const deps = Array.from({ length: random(5) }, () => {
          const j = random(i + 2) + 1; // sometimes itself or a flag that does not exist yet
          return random(3) === 0 ? `k${j}` : j;
        });
        flags.push(flag(i, `k${i}`, deps));
      }
      const shipped = chains(withDependencyChains(flags));
      for (const f of flags) {
        const expected = flagDependencyProperties(f.filters).map((p) => {
          const target = flags.find((x) => String(x.id) === String(p.key) || x.key === String(p.key));
          return target ? referenceChain(target.key, flags) : [];
        });
        expect(shipped[f.key]).toEqual(expected);
      }
    }
  });

  it('bounds what the chains add: long chains ship empty, and the cheapest flags are served first', () => {
    const line = Array.from({ length: 6 }, (_, i) => flag(i + 1, `l${i + 1}`, i === 0 ? [] : [i]));
    expect(chains(withDependencyChains(line, { maxChainLength: 3, maxTotalKeys: Infinity }))).toEqual({
      l1: [],
      l2: [['l1']],
      l3: [['l1', 'l2']],
      l4: [['l1', 'l2', 'l3']],
      l5: [[]],
      l6: [[]],
    });
    // Costs: l2 1, l3 2, l4 3, l5 4, l6 5 keys. A budget of 7 serves l2, l3 and l4 (6 keys).
    expect(chains(withDependencyChains(line, { maxChainLength: 10, maxTotalKeys: 7 }))).toEqual({
      l1: [],
      l2: [['l1']],
      l3: [['l1', 'l2']],
      l4: [['l1', 'l2', 'l3']],
      l5: [[]],
      l6: [[]],
    });
  });

  it('handles a 10,000-flag chain without recursion, in about linear time', () => {
    const n = 10_000;
    const flags = Array.from({ length: n }, (_, i) => flag(i + 1, `c${i + 1}`, i === 0 ? [] : [i]));
    const started = Date.now();
    const shipped = chains(withDependencyChains(flags, { maxChainLength: 100, maxTotalKeys: 1_000_000 }));
    const ms = Date.now() - started;
    expect(shipped.c100).toEqual([Array.from({ length: 99 }, (_, i) => `c${i + 1}`)]);
    expect(shipped.c101).toEqual([Array.from({ length: 100 }, (_, i) => `c${i + 1}`)]);
    expect(shipped.c102).toEqual([[]]);
    expect(shipped[`c${n}`]).toEqual([[]]);
    // Unbounded, every chain is listed in full (2 million keys here), still without recursion.
    expect(() => withDependencyChains(flags.slice(0, 2_000))).not.toThrow();
    expect(ms).toBeLessThan(5_000);
  });

  it('finds the flags that reach a missing flag or a cycle', () => {
    const edges = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['nowhere']],
      ['d', ['c']],
      ['e', []],
      ['f', ['e']],
    ]);
    expect([...brokenDependencies(edges)].sort()).toEqual(['a', 'b', 'c', 'd']);
    const deep = new Map(Array.from({ length: 100_000 }, (_, i) => [`f${i}`, i === 0 ? [] : [`f${i - 1}`]]));
    expect(brokenDependencies(deep).size).toBe(0);
  });

  it('orders an evaluation dependencies first and finds the path that would close a cycle', () => {
    const edges: Record<string, string[]> = { top: ['mid', 'base'], mid: ['base'], base: [] };
    expect(
      evaluationSequence(
        'top',
        (k) => edges[k],
        () => false,
      ),
    ).toEqual(['base', 'mid', 'top']);
    expect(
      evaluationSequence(
        'top',
        (k) => edges[k],
        (k) => k === 'mid',
      ),
    ).toEqual(['base', 'top']);
    const graph: Record<number, number[]> = { 2: [3], 3: [4, 1], 4: [] };
    expect(dependencyCycle(1, [2], (id) => graph[id] ?? [])).toEqual([2, 3, 1]);
    expect(dependencyCycle(1, [4], (id) => graph[id] ?? [])).toBeNull();
  });
});
