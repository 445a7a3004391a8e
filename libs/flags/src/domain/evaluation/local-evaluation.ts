import type {
  CohortDefinition,
  FlagCondition,
  FlagDefinition,
  FlagFilters,
  PropertyFilter,
  PropertyGroup,
} from './definitions';
import { isPropertyGroup } from './definitions';
import { ChainLimits, NO_CHAIN_LIMITS, withDependencyChains } from './dependencies';

/**
 * What the local-evaluation endpoints send to SDKs besides the flags (reference §3.3, §4.6).
 */

type CohortLookup = ReadonlyMap<number, CohortDefinition>;

/**
 * What `local_evaluation` and `/flags/definitions` ship besides the group type mapping: every
 * non-deleted flag (inactive ones too; SDKs respect `active`) with its conditions as stored (SDKs
 * try them in array order, as the server does), with dependency chains, and either the dynamic
 * cohorts they reference (`sendCohorts`) or, without them, single-cohort flags rewritten into
 * person-property conditions. `chainLimits` bounds what the dependency chains may add to the
 * response.
 */
export function localEvaluationDefinitions<F extends FlagDefinition>(
  flags: readonly F[],
  cohorts: readonly CohortDefinition[],
  options: { sendCohorts: boolean; chainLimits?: ChainLimits },
): { flags: F[]; cohorts: Record<string, PropertyGroup> } {
  const lookup = cohortLookup(cohorts);
  const live = withDependencyChains(
    flags.filter((f) => !f.deleted),
    options.chainLimits ?? NO_CHAIN_LIMITS,
  );
  const shipped = live.map((flag) => {
    const filters = flag.filters;
    if (!filters) return flag;
    return options.sendCohorts ? flag : { ...flag, filters: expandCohortsForLocalEvaluation(filters, lookup) };
  });
  return {
    flags: shipped,
    cohorts: options.sendCohorts
      ? cohortsForLocalEvaluation(
          live.map((f) => f.filters),
          lookup,
        )
      : {},
  };
}

export function cohortLookup(cohorts: readonly CohortDefinition[]): CohortLookup {
  return new Map(cohorts.filter((c) => !c.deleted).map((c) => [Number(c.id), c]));
}

/**
 * `send_cohorts`: every dynamic cohort the flags reference, nested ones included, keyed by id.
 * Static cohorts are left out on purpose: an SDK that meets one defers to the server.
 */
export function cohortsForLocalEvaluation(
  filters: readonly (FlagFilters | null | undefined)[],
  cohorts: CohortLookup,
): Record<string, PropertyGroup> {
  const shipped: Record<string, PropertyGroup> = {};
  const visit = (id: number) => {
    const cohort = cohorts.get(id);
    if (!cohort || cohort.is_static || String(id) in shipped) return;
    const properties = cohort.filters?.properties ?? {};
    shipped[String(id)] = properties;
    leaves(properties).forEach((leaf) => leaf.type === 'cohort' && visit(Number(leaf.value)));
  };
  for (const f of filters) {
    for (const condition of f?.groups ?? []) {
      for (const property of condition.properties ?? []) if (property.type === 'cohort') visit(Number(property.value));
    }
  }
  return shipped;
}

/**
 * Without `send_cohorts`, PostHog rewrites a flag whose only cohort (nested ones counted) is made
 * of plain person properties into ordinary conditions, so SDKs can still evaluate it: an AND
 * cohort becomes one condition, an OR cohort one condition per property, an OR of ANDs one
 * condition per AND, each with the cohort condition's rollout. Anything else (several cohorts,
 * a cohort sharing its condition with other properties, variant overrides, negation, non-person
 * properties, deeper nesting) is returned unchanged. Unlike PostHog, the expansion stays where
 * the cohort condition was and a `not_in` cohort is never expanded.
 */
export function expandCohortsForLocalEvaluation(filters: FlagFilters, cohorts: CohortLookup): FlagFilters {
  const conditions = filters.groups ?? [];
  const cohortIds = new Set<number>();
  const collect = (id: number) => {
    const cohort = cohorts.get(id);
    if (!cohort || cohortIds.has(id)) return;
    cohortIds.add(id);
    leaves(cohort.filters?.properties ?? {}).forEach((l) => l.type === 'cohort' && collect(Number(l.value)));
  };
  conditions.forEach((c) => (c.properties ?? []).forEach((p) => p.type === 'cohort' && collect(Number(p.value))));
  if (cohortIds.size !== 1) return filters;

  const expanded: FlagCondition[] = [];
  for (const condition of conditions) {
    if (condition.variant) return filters;
    const properties = condition.properties ?? [];
    const reference = properties.find((p) => p.type === 'cohort');
    if (!reference) {
      expanded.push(condition);
      continue;
    }
    if (properties.length > 1 || reference.operator === 'not_in' || reference.negation) return filters;
    const replacement = conditionsForCohort(cohorts.get(Number(reference.value)), condition.rollout_percentage);
    if (!replacement) return filters;
    expanded.push(...replacement);
  }
  return { ...filters, groups: expanded };
}

function conditionsForCohort(
  cohort: CohortDefinition | undefined,
  rollout: number | null | undefined,
): FlagCondition[] | null {
  const root = cohort?.filters?.properties;
  if (!cohort || cohort.is_static || !root) return null;
  const flat = leaves(root);
  if (flat.length === 0 || flat.some((p) => p.type !== 'person' || p.negation)) return null;
  const condition = (properties: PropertyFilter[]): FlagCondition => ({
    properties,
    rollout_percentage: rollout ?? null,
  });
  const simplified = simplify(root, false);
  if (!isPropertyGroup(simplified)) return [condition([simplified])];
  const values = simplified.values ?? [];
  if (values.length === 0) return null;
  if (values.every((v) => !isPropertyGroup(v))) {
    const properties = values as PropertyFilter[];
    return simplified.type === 'OR' ? properties.map((p) => condition([p])) : [condition(properties)];
  }
  if (simplified.type !== 'OR') return null;
  const out: FlagCondition[] = [];
  for (const child of values) {
    if (!isPropertyGroup(child)) return null;
    const inner = child.values ?? [];
    if (inner.length === 0 || inner.some(isPropertyGroup) || (child.type === 'OR' && inner.length > 1)) return null;
    out.push(condition(inner as PropertyFilter[]));
  }
  return out;
}

/** Drops groups of one element at the top; below it, keeps them but simplifies their content. */
function simplify(node: PropertyGroup | PropertyFilter, nested: boolean): PropertyGroup | PropertyFilter {
  if (!isPropertyGroup(node)) return node;
  const values = node.values ?? [];
  if (values.length === 1) {
    return nested ? { ...node, values: [simplify(values[0], false)] } : simplify(values[0], false);
  }
  return { ...node, values: values.map((v) => simplify(v, true)) };
}

function leaves(node: PropertyGroup | PropertyFilter): PropertyFilter[] {
  if (!isPropertyGroup(node)) return [node];
  return (node.values ?? []).flatMap(leaves);
}
