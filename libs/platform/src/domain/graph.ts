/**
 * Walks of the dependency graphs saved objects form (flags on flags, cohorts in cohorts), without
 * recursion: a tenant decides how deep those graphs go, and a recursive walk of a 10,000-long
 * chain overflows the stack.
 */

/**
 * A path from one of `starts` to `target` along `next`, depth-first in the order given
 * (`[start, …, target]`), or null when `target` is not reachable. Each node is expanded once.
 */
export function pathTo<T>(target: T, starts: Iterable<T>, next: (node: T) => Iterable<T>): T[] | null {
  const expanded = new Set<T>();
  for (const start of starts) {
    if (start === target) return [start];
    if (expanded.has(start)) continue;
    expanded.add(start);
    const path: T[] = [start];
    const pending: Iterator<T>[] = [next(start)[Symbol.iterator]()];
    while (pending.length > 0) {
      const step = pending[pending.length - 1].next();
      if (step.done) {
        pending.pop();
        path.pop();
        continue;
      }
      const node = step.value;
      if (node === target) return [...path, node];
      if (expanded.has(node)) continue;
      expanded.add(node);
      path.push(node);
      pending.push(next(node)[Symbol.iterator]());
    }
  }
  return null;
}

/**
 * `node` and everything it reaches along `next`, dependencies before dependents (depth-first
 * postorder, `next` in order), each once. Nodes for which `skip` is true are neither listed nor
 * expanded; a node met again while its own dependencies are being listed (a cycle) is ignored.
 */
export function dependenciesFirst<T>(node: T, next: (node: T) => Iterable<T>, skip: (node: T) => boolean): T[] {
  const out: T[] = [];
  if (skip(node)) return out;
  const entered = new Set<T>([node]);
  const stack: Array<{ node: T; edges: Iterator<T> }> = [{ node, edges: next(node)[Symbol.iterator]() }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const step = top.edges.next();
    if (step.done) {
      stack.pop();
      out.push(top.node);
    } else if (!entered.has(step.value) && !skip(step.value)) {
      entered.add(step.value);
      stack.push({ node: step.value, edges: next(step.value)[Symbol.iterator]() });
    }
  }
  return out;
}

/**
 * Those of `nodes` that lie on a cycle or reach one, or reach a node that is not `known`,
 * along `next`, in one depth-first pass over the graph.
 */
export function brokenNodes<T>(
  nodes: Iterable<T>,
  next: (node: T) => Iterable<T>,
  known: (node: T) => boolean,
): Set<T> {
  const state = new Map<T, 'visiting' | 'ok' | 'broken'>();
  for (const root of nodes) {
    if (state.has(root)) continue;
    state.set(root, 'visiting');
    const stack: Array<{ node: T; edges: Iterator<T>; ok: boolean }> = [
      { node: root, edges: next(root)[Symbol.iterator](), ok: true },
    ];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const step = top.edges.next();
      if (step.done) {
        stack.pop();
        state.set(top.node, top.ok ? 'ok' : 'broken');
        if (!top.ok && stack.length > 0) stack[stack.length - 1].ok = false;
        continue;
      }
      const target = step.value;
      const seen = state.get(target);
      if (!known(target) || seen === 'visiting' || seen === 'broken') top.ok = false;
      else if (seen === undefined) {
        state.set(target, 'visiting');
        stack.push({ node: target, edges: next(target)[Symbol.iterator](), ok: true });
      }
    }
  }
  const broken = new Set<T>();
  for (const [node, s] of state) if (s === 'broken') broken.add(node);
  return broken;
}
