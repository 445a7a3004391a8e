import type { FlagDefinition, FlagFilters, PropertyFilter } from './definitions';

/**
 * Flag dependencies: a condition property `{type: "flag", key, operator: "flag_evaluates_to",
 * value}` names another flag of the project, by id (what PostHog's UI stores, as a string) or by
 * key. The SDKs need each such property to carry `dependency_chain`: the keys to evaluate first,
 * in order, ending with the dependency itself; PostHog sends an empty chain for a dependency that
 * is missing or part of a cycle (the SDK then defers to the server). The API rejects both on save.
 */

export type DependencyProblem =
  { kind: 'missing'; flag: string; reference: string } | { kind: 'cycle'; cycle: string[] };

export type DependencyChain = { ok: true; chain: string[] } | { ok: false; problem: DependencyProblem };

type FlagLike = Pick<FlagDefinition, 'id' | 'key' | 'filters'> & { deleted?: boolean };

/** The flag a dependency property names: an integer reference is an id first, then a key. */
export function resolveFlagReference<F extends FlagLike>(reference: unknown, flags: readonly F[]): F | undefined {
  return new FlagIndex(flags).resolve(reference);
}

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

/** The evaluation order for the flag `reference` names: its dependencies, then itself. */
export function dependencyChain(reference: unknown, flags: readonly FlagLike[]): DependencyChain {
  const graph = new DependencyGraph(flags);
  const start = graph.index.resolve(reference);
  if (!start) return { ok: false, problem: { kind: 'missing', flag: '', reference: String(reference) } };
  return graph.chainFrom(start);
}

/**
 * What is wrong with `flag`'s dependencies if it were saved into the project: references to
 * flags that do not exist (or are deleted) and cycles through it. Empty when it can be saved.
 */
export function findDependencyProblems(flag: FlagLike, projectFlags: readonly FlagLike[]): DependencyProblem[] {
  const others = projectFlags.filter((f) => f.id !== flag.id && f.key !== flag.key);
  const graph = new DependencyGraph([...others, flag]);
  const result = graph.chainFrom(flag);
  return result.ok ? [] : [result.problem];
}

/**
 * The flags as the local-evaluation endpoint ships them: each dependency property names its flag
 * by key and carries `dependency_chain` (empty when missing or cyclic, as PostHog sends it).
 */
export function withDependencyChains<F extends FlagLike>(flags: readonly F[]): F[] {
  const graph = new DependencyGraph(flags);
  const rewrite = (property: PropertyFilter): PropertyFilter => {
    if (property.type !== 'flag') return property;
    const target = graph.index.resolve(property.key);
    if (!target) return { ...property, dependency_chain: [] };
    const chain = graph.chainFrom(target);
    return { ...property, key: target.key, dependency_chain: chain.ok ? chain.chain : [] };
  };
  return flags.map((flag) => {
    if (flagDependencyProperties(flag.filters).length === 0) return flag;
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

class DependencyGraph {
  readonly index: FlagIndex<FlagLike>;

  constructor(flags: readonly FlagLike[]) {
    this.index = new FlagIndex(flags);
  }

  chainFrom(start: FlagLike): DependencyChain {
    const chain: string[] = [];
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (flag: FlagLike): DependencyProblem | null => {
      if (done.has(flag.key)) return null;
      const onPath = path.indexOf(flag.key);
      if (onPath !== -1) return { kind: 'cycle', cycle: [...path.slice(onPath), flag.key] };
      path.push(flag.key);
      for (const property of flagDependencyProperties(flag.filters)) {
        const target = this.index.resolve(property.key);
        if (!target) return { kind: 'missing', flag: flag.key, reference: String(property.key) };
        const problem = visit(target);
        if (problem) return problem;
      }
      path.pop();
      done.add(flag.key);
      chain.push(flag.key);
      return null;
    };
    const problem = visit(start);
    return problem ? { ok: false, problem } : { ok: true, chain };
  }
}
