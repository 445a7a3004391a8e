import { brokenNodes, dependenciesFirst, pathTo } from '@app/platform/domain/graph';
import type { FlagDefinition, FlagFilters, PropertyFilter } from './definitions';

/**
 * The flag-dependency graph: a condition property `{type: "flag", key, operator:
 * "flag_evaluates_to", value}` names another flag of the project, by id (what PostHog's UI
 * stores, as a string) or by key. Every walk of it lives here and none recurses: how deep the
 * graph goes is up to the project (a 10,000-flag chain is a few requests away).
 *
 * The SDKs need each such property to carry `dependency_chain`: the keys to evaluate first, in
 * order, ending with the dependency itself; PostHog sends an empty chain for a dependency that is
 * missing or part of a cycle (the SDK then defers to the server). The API rejects both on save.
 */

type FlagLike = Pick<FlagDefinition, 'id' | 'key' | 'filters'> & { deleted?: boolean };

/** Flags by id and key, for resolving many references. */
export class FlagIndex<F extends FlagLike> {
  private readonly byId = new Map<string, F>();
  private readonly byKey = new Map<string, F>();

  constructor(flags: readonly F[]) {
    for (const flag of flags) {
      if (flag.deleted) continue;
      this.byId.set(String(flag.id), flag);
      this.byKey.set(flag.key, flag);
    }
  }

  /** The flag a dependency property names: an integer reference is an id first, then a key. */
  resolve(reference: unknown): F | undefined {
    const text = String(reference);
    return (/^\d+$/.test(text) ? this.byId.get(text) : undefined) ?? this.byKey.get(text);
  }
}

/** Every flag-dependency property of a flag's conditions and early-access condition. */
export function flagDependencyProperties(filters: FlagFilters | null | undefined): PropertyFilter[] {
  const conditions = [...(filters?.groups ?? []), ...(filters?.super_groups ?? [])];
  return conditions.flatMap((c) => (c.properties ?? []).filter((p) => p.type === 'flag'));
}

/** What the definitions endpoints may spend on `dependency_chain` (see docs/limits.md). */
export interface ChainLimits {
  /** Most keys in one chain; a longer one ships empty, as a cyclic one does. */
  maxChainLength: number;
  /**
   * Most keys in all the chains of one response. Flags are served cheapest first; a flag whose
   * chains no longer fit ships every chain of its own empty.
   */
  maxTotalKeys: number;
}

export const NO_CHAIN_LIMITS: ChainLimits = { maxChainLength: Infinity, maxTotalKeys: Infinity };

/**
 * The flags as the local-evaluation endpoint ships them: each dependency property names its flag
 * by key and carries `dependency_chain` (empty when missing, cyclic or over `limits`).
 */
export function withDependencyChains<F extends FlagLike>(flags: readonly F[], limits = NO_CHAIN_LIMITS): F[] {
  const index = new FlagIndex(flags);
  const chains = dependencyChains(flags, index, limits.maxChainLength);
  const chainOf = (property: PropertyFilter) => {
    const target = index.resolve(property.key);
    return (target && chains.get(target.key)) ?? null;
  };
  const cost = (flag: F) =>
    flagDependencyProperties(flag.filters).reduce((sum, p) => sum + (chainOf(p)?.length ?? 0), 0);
  const served = new Set<F>();
  let budget = limits.maxTotalKeys;
  for (const { flag, keys } of flags.map((flag) => ({ flag, keys: cost(flag) })).sort((a, b) => a.keys - b.keys)) {
    if (keys > budget) break;
    budget -= keys;
    served.add(flag);
  }
  return flags.map((flag) => {
    if (flagDependencyProperties(flag.filters).length === 0) return flag;
    const rewrite = (property: PropertyFilter): PropertyFilter => {
      if (property.type !== 'flag') return property;
      const target = index.resolve(property.key);
      if (!target) return { ...property, dependency_chain: [] };
      const chain = served.has(flag) ? chainOf(property) : null;
      return { ...property, key: target.key, dependency_chain: chain ? [...chain] : [] };
    };
    const filters = flag.filters as FlagFilters;
    const mapConditions = (conditions: FlagFilters['groups']) =>
      conditions?.map((c) => ({ ...c, properties: c.properties?.map(rewrite) ?? c.properties }));
    return {
      ...flag,
      filters: {
        ...filters,
        groups: mapConditions(filters.groups) ?? filters.groups,
        ...(filters.super_groups ? { super_groups: mapConditions(filters.super_groups) } : {}),
      },
    };
  });
}

/**
 * Every flag's chain, in one depth-first pass over the project: what a walk from the flag lists
 * (PostHog's), built from its dependencies' chains merged in property order, so each chain is
 * made once. Null when the flag reaches a missing flag or a cycle, or its chain is longer than
 * `max` (then so is every chain that contains it: the walk stops there).
 */
function dependencyChains(
  flags: readonly FlagLike[],
  index: FlagIndex<FlagLike>,
  max: number,
): Map<string, readonly string[] | null> {
  const chains = new Map<string, readonly string[] | null>();
  const targets = (flag: FlagLike) => flagDependencyProperties(flag.filters).map((p) => index.resolve(p.key));
  const chainOf = (flag: FlagLike, dependencies: readonly (FlagLike | undefined)[]): readonly string[] | null => {
    const chain = new Set<string>();
    const merged = new Set<FlagLike>();
    for (const dependency of dependencies) {
      if (dependency === undefined) return null;
      if (merged.has(dependency)) continue;
      merged.add(dependency);
      // Still unknown: on the walk's current path, so this flag is part of a cycle.
      const before = chains.get(dependency.key);
      if (!before) return null;
      for (const key of before) chain.add(key);
      if (chain.size >= max) return null;
    }
    return chain.has(flag.key) ? null : [...chain.add(flag.key)];
  };
  for (const root of flags) {
    if (chains.has(root.key)) continue;
    const onPath = new Set([root.key]);
    const stack = [{ flag: root, dependencies: targets(root), next: 0 }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.next < top.dependencies.length) {
        const dependency = top.dependencies[top.next++];
        if (dependency && !chains.has(dependency.key) && !onPath.has(dependency.key)) {
          onPath.add(dependency.key);
          stack.push({ flag: dependency, dependencies: targets(dependency), next: 0 });
        }
        continue;
      }
      stack.pop();
      onPath.delete(top.flag.key);
      chains.set(top.flag.key, chainOf(top.flag, top.dependencies));
    }
  }
  return chains;
}

/** Keys of the flags that reach a missing flag or a cycle along `dependencies` (key → keys). */
export function brokenDependencies(dependencies: ReadonlyMap<string, readonly string[]>): Set<string> {
  return brokenNodes(
    dependencies.keys(),
    (key) => dependencies.get(key) ?? [],
    (key) => dependencies.has(key),
  );
}

/**
 * The flags to evaluate before `key`, dependencies first, ending with `key`; `done` ones (already
 * evaluated, or being evaluated) are left out with what they depend on.
 */
export function evaluationSequence(
  key: string,
  dependencies: (key: string) => readonly string[],
  done: (key: string) => boolean,
): string[] {
  return dependenciesFirst(key, dependencies, done);
}

/**
 * A dependency path from `dependencies` (ids the flag `flagId` is about to depend on) back to
 * `flagId`, through `graph` (id → the ids it depends on): `[first, …, flagId]`, or null.
 */
export function dependencyCycle(
  flagId: number,
  dependencies: readonly number[],
  graph: (id: number) => readonly number[],
): number[] | null {
  return pathTo(flagId, dependencies, graph);
}
