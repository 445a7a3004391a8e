import { brokenNodes, dependenciesFirst, pathTo } from './graph';

const graph = (edges: Record<string, string[]>) => (node: string) => edges[node] ?? [];
// 0 → 1 → … → n-1: deep enough to overflow the stack of any recursive walk.
const chain = (n: number) => (node: number) => (node + 1 < n ? [node + 1] : []);

describe('graph walks', () => {
  it('finds the first path depth-first, in edge order, or null', () => {
    const next = graph({ a: ['b', 'c'], b: ['d'], c: ['t'], d: ['c'] });
    expect(pathTo('t', ['a'], next)).toEqual(['a', 'b', 'd', 'c', 't']);
    expect(pathTo('t', ['x', 'c'], next)).toEqual(['c', 't']);
    expect(pathTo('t', ['t'], next)).toEqual(['t']);
    expect(pathTo('a', ['b'], next)).toBeNull();
    expect(pathTo('z', ['a'], graph({ a: ['b'], b: ['a'] }))).toBeNull();
    expect(pathTo(99_999, [0], chain(100_000))).toHaveLength(100_000);
  });

  it('lists dependencies first, each once, skipping what is done', () => {
    const next = graph({ a: ['b', 'c'], b: ['c', 'd'], c: ['d'], d: [] });
    expect(dependenciesFirst('a', next, () => false)).toEqual(['d', 'c', 'b', 'a']);
    expect(dependenciesFirst('a', next, (n) => n === 'c')).toEqual(['d', 'b', 'a']);
    expect(dependenciesFirst('a', next, (n) => n === 'a')).toEqual([]);
    expect(dependenciesFirst('a', graph({ a: ['b'], b: ['a'] }), () => false)).toEqual(['b', 'a']);
    const order = dependenciesFirst(0, chain(100_000), () => false);
    expect(order[0]).toBe(99_999);
    expect(order.at(-1)).toBe(0);
  });

  it('finds the nodes on or before a cycle or a missing node', () => {
    const edges = { a: ['b'], b: ['a'], c: ['b'], d: ['e'], e: [], f: ['missing'], g: ['f', 'e'], h: ['h'] };
    const broken = brokenNodes(Object.keys(edges), graph(edges), (n) => n in edges);
    expect([...broken].sort()).toEqual(['a', 'b', 'c', 'f', 'g', 'h']);
    // A cycle entered from its middle: every member is found, whichever finishes first.
    const ring = { x: ['y'], y: ['z', 'w'], z: ['y'], w: [] };
    expect([...brokenNodes(['x', 'w'], graph(ring), (n) => n in ring)].sort()).toEqual(['x', 'y', 'z']);
    const long = chain(100_000);
    expect(brokenNodes([0], long, (n) => n < 100_000).size).toBe(0);
    expect(brokenNodes([0], long, (n) => n < 99_999).size).toBe(99_999);
  });
});
