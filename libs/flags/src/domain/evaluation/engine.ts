import type {
  CohortDefinition,
  FlagCondition,
  FlagDefinition,
  Properties,
  PropertyFilter,
  PropertyGroup,
} from './definitions';
import { isPropertyGroup } from './definitions';
import { brokenDependencies, evaluationSequence, FlagIndex } from './dependencies';
import { flagHash, holdoutHash, inRollout, rolloutThreshold, variantAt, variantRanges } from './hash';
import type { VariantRange } from './hash';
import { compilePropertyMatcher, DEFAULT_TARGETING_LIMITS, EvaluationBudget } from '@app/targeting';
import type { MatchContext, PropertyMatcher } from '@app/targeting';
import { budgetReason, groupsNotEvaluatedReason, REASON_PRIORITY, reason } from './reasons';
import type { EvaluationReason, ReasonCode } from './reasons';

/**
 * The evaluation engine. A project's flags and cohorts are compiled once (`compileFlags`) into a
 * structure that evaluates without re-reading definitions: regexes, dates, versions and variant
 * tables are prepared, references resolved, dependency cycles found. Evaluation is synchronous
 * and pure; the caller supplies the person's properties (stored ones merged with the request's
 * overrides), the groups, static cohort membership and experience-continuity hash keys.
 */

export interface CompileOptions {
  /** The project's group types: `{"0": "company"}` (index → the name used in `groups`). */
  groupTypeMapping?: Readonly<Record<string, string>>;
  /** The project's time zone (an IANA name; default UTC): dates without a zone are its wall-clock time. */
  timeZone?: string;
}

export interface EvaluationContext {
  distinctId: string;
  /** The person's properties: stored ones merged with the request's overrides. */
  personProperties?: Properties;
  /** The stored person's own fields (`created_at`) that `person_metadata` filters read; none without a person. */
  personMetadata?: Properties;
  /** Group type name → group key, for group flags. */
  groups?: Readonly<Record<string, string | number>>;
  /** Group type name → that group's properties. */
  groupProperties?: Readonly<Record<string, Properties>>;
  /** Experience continuity: the stored hash key per flag key for this person. */
  hashKeyOverrides?: Readonly<Record<string, string>>;
  /** Experience continuity without a stored override yet: the request's `$anon_distinct_id`. */
  anonDistinctId?: string;
  /** The device id, for flags bucketed by device (falls back to the `$device_id` property). */
  deviceId?: string;
  /** Static cohort membership of this person. Missing → member of none. */
  isInStaticCohort?: (cohortId: number) => boolean;
  /** The instant relative dates (`-7d`) are measured from; default now. */
  now?: number;
  /**
   * Regular-expression steps the whole call may spend (default: the default limit). Once spent,
   * every regex condition fails and the flags it decided say so in their reason.
   */
  budget?: EvaluationBudget;
}

export interface FlagEvaluation {
  key: string;
  id: number;
  version: number | null;
  enabled: boolean;
  variant: string | null;
  /** What clients see: the variant, else `true`/`false`. */
  value: boolean | string;
  reason: EvaluationReason;
  /** The payload for the value (JSON text as stored), when enabled and set. */
  payload: string | null;
}

export interface CompiledProject {
  /** Non-deleted flags by key, in the order given. */
  readonly flags: ReadonlyMap<string, CompiledFlag>;
  readonly groupTypeMapping: ReadonlyMap<number, string>;
  readonly cohorts: ReadonlyMap<number, CompiledCohort>;
  /** The project's time zone (an IANA name). */
  readonly timeZone: string;
}

export function compileFlags(
  flags: readonly FlagDefinition[],
  cohorts: readonly CohortDefinition[] = [],
  options: CompileOptions = {},
): CompiledProject {
  const live = flags.filter((f) => !f.deleted);
  const index = new FlagIndex(live);
  const groupTypeMapping = new Map<number, string>();
  for (const [key, name] of Object.entries(options.groupTypeMapping ?? {})) groupTypeMapping.set(Number(key), name);
  const compiler = new ConditionCompiler(index);
  const compiledCohorts = new Map<number, CompiledCohort>();
  for (const cohort of cohorts) {
    if (cohort.deleted) continue;
    compiledCohorts.set(Number(cohort.id), {
      id: Number(cohort.id),
      isStatic: cohort.is_static === true,
      root: cohort.is_static ? null : compiler.group(cohort.filters?.properties ?? null),
    });
  }
  const compiled = new Map<string, CompiledFlag>();
  for (const flag of live) compiled.set(flag.key, compileFlag(flag, compiler));
  markBrokenDependencies(compiled, compiledCohorts);
  return { flags: compiled, groupTypeMapping, cohorts: compiledCohorts, timeZone: options.timeZone ?? 'UTC' };
}

/** Evaluates one flag; undefined when the project has no (non-deleted) flag with that key. */
export function evaluateFlag(
  project: CompiledProject,
  key: string,
  context: EvaluationContext,
): FlagEvaluation | undefined {
  return new Session(project, context).evaluate(key);
}

/** Evaluates every flag (or those of `keys` that exist), sharing dependency and cohort results. */
export function evaluateAll(
  project: CompiledProject,
  context: EvaluationContext,
  keys?: Iterable<string>,
): FlagEvaluation[] {
  const session = new Session(project, context);
  const results: FlagEvaluation[] = [];
  for (const key of keys ?? project.flags.keys()) {
    const result = session.evaluate(key);
    if (result) results.push(result);
  }
  return results;
}

/** Keys of the active flags that bucket by a remembered hash key (experience continuity). */
export function flagsWithExperienceContinuity(project: CompiledProject): string[] {
  return [...project.flags.values()].filter((f) => f.active && f.continuity).map((f) => f.key);
}

/**
 * A matcher for one condition's properties alone (no rollout), e.g. to count the persons a
 * condition reaches. `groupTypeIndex` set: the properties are a group's.
 */
export function compileConditionMatcher(
  project: CompiledProject,
  condition: Pick<FlagCondition, 'properties'>,
  groupTypeIndex: number | null = null,
): (context: EvaluationContext) => boolean {
  const compiler = new ConditionCompiler(new FlagIndex([...project.flags.values()].map((f) => f.definition)));
  const checks = (condition.properties ?? []).map((p) => compiler.check(p, groupTypeIndex));
  return (context) => {
    const session = new Session(project, context);
    const focus = groupTypeIndex === null ? session.person : session.groupProperties(groupTypeIndex);
    return focus !== undefined && checks.every((check) => session.check(check, focus));
  };
}

// ---- compiled shapes --------------------------------------------------------------------------

/** One property test of a condition or cohort. */
type Check =
  | { kind: 'property'; source: 'focus' | 'person' | 'metadata' | number; match: PropertyMatcher }
  | { kind: 'cohort'; cohortId: number; member: boolean }
  | { kind: 'flag'; flagKey: string; expected: unknown }
  | { kind: 'never' };

type GroupNode = { all: boolean; children: { node: GroupNode | Check; negated: boolean }[] };

export interface CompiledCohort {
  readonly id: number;
  readonly isStatic: boolean;
  /** The dynamic definition; null for static cohorts. */
  readonly root: GroupNode | null;
}

interface CompiledCondition {
  /** Position in `filters.groups`, reported as `condition_index`. */
  index: number;
  /** Own aggregation when set on the condition, else the flag's. */
  aggregation: number | null;
  checks: Check[];
  /** `rollout_percentage / 100`, or null for everyone. */
  threshold: number | null;
  /** The override, when it names one of the flag's variants. */
  variant: string | null;
}

export interface CompiledFlag {
  readonly definition: FlagDefinition;
  readonly key: string;
  readonly id: number;
  readonly version: number | null;
  readonly active: boolean;
  readonly continuity: boolean;
  readonly bucketByDevice: boolean;
  readonly aggregation: number | null;
  readonly conditions: CompiledCondition[];
  readonly variants: VariantRange[];
  readonly payloads: ReadonlyMap<string, string>;
  readonly enrollmentKey: string | null;
  readonly superCondition: CompiledCondition | null;
  /** The enrolment properties: the super condition decides once the person has one of them. */
  readonly superKeys: string[];
  readonly holdout: { variant: string; threshold: number | null } | null;
  readonly earlyExit: boolean;
  /** Depends (transitively) on a flag that is missing or on a cycle: evaluates to false. */
  brokenDependency: boolean;
  /** Flag keys this flag's conditions and cohorts reference. */
  readonly references: string[];
}

class ConditionCompiler {
  constructor(private readonly flags: FlagIndex<FlagDefinition>) {}

  check(filter: PropertyFilter, aggregation: number | null): Check {
    switch (filter.type ?? 'person') {
      case 'cohort': {
        const cohortId = Number(filter.value);
        if (!Number.isInteger(cohortId)) return { kind: 'never' };
        return { kind: 'cohort', cohortId, member: filter.operator !== 'not_in' };
      }
      case 'flag': {
        // An unresolvable reference keeps its text: no flag has that key, so the flag is marked
        // as having a missing dependency.
        const target = this.flags.resolve(filter.key);
        return { kind: 'flag', flagKey: target?.key ?? `missing:${filter.key}`, expected: filter.value };
      }
      case 'person':
        return {
          kind: 'property',
          // An untyped filter reads the condition's own properties: a group's, in a group
          // condition of an older flag.
          source: filter.type === 'person' ? 'person' : 'focus',
          match: compilePropertyMatcher(filter),
        };
      case 'person_metadata':
        // The person's own fields, never the request's overrides (PostHog's PersonMetadata).
        return { kind: 'property', source: 'metadata', match: compilePropertyMatcher(filter) };
      case 'group': {
        const index = filter.group_type_index ?? aggregation;
        return {
          kind: 'property',
          source: index === aggregation || index === null ? 'focus' : index,
          match: compilePropertyMatcher(filter),
        };
      }
      default:
        return { kind: 'never' };
    }
  }

  condition(
    condition: FlagCondition,
    index: number,
    aggregation: number | null,
    variants: Set<string>,
  ): CompiledCondition {
    const own = condition.aggregation_group_type_index;
    const effective = own === undefined ? aggregation : own;
    const variant = condition.variant;
    return {
      index,
      aggregation: effective,
      checks: (condition.properties ?? []).map((p) => this.check(p, effective)),
      threshold: rolloutThreshold(condition.rollout_percentage),
      variant: typeof variant === 'string' && variants.has(variant) ? variant : null,
    };
  }

  /** A cohort property tree; cohort leaves are person properties. */
  group(group: PropertyGroup | null): GroupNode {
    if (!group || Object.keys(group).length === 0) return { all: true, children: [] };
    const children = (group.values ?? []).map((value) => {
      if (isPropertyGroup(value)) return { node: this.group(value), negated: false };
      const check = this.check(value, null);
      return {
        node:
          check.kind === 'property' && check.source !== 'metadata' ? { ...check, source: 'person' as const } : check,
        negated: !!value.negation,
      };
    });
    return { all: group.type !== 'OR', children };
  }
}

function compileFlag(flag: FlagDefinition, compiler: ConditionCompiler): CompiledFlag {
  const filters = flag.filters ?? {};
  const aggregation = filters.aggregation_group_type_index ?? null;
  const variantDefinitions = filters.multivariate?.variants ?? [];
  // Accumulated in declaration order, in doubles, so boundaries round as PostHog's do.
  const variants = variantRanges(variantDefinitions);
  const variantKeys = new Set(variantDefinitions.map((v) => v.key));
  // Tried in stored order, as PostHog's flags service does since September 2025.
  const conditions = (filters.groups ?? []).map((c, i) => compiler.condition(c, i, aggregation, variantKeys));
  const payloads = new Map<string, string>();
  for (const [key, payload] of Object.entries(filters.payloads ?? {})) {
    if (payload === null || payload === undefined || payload === '') continue;
    payloads.set(key, typeof payload === 'string' ? payload : JSON.stringify(payload));
  }
  const superGroup = filters.super_groups?.[0];
  const holdout = filters.holdout;
  const exclusion = holdout ? Number(holdout.exclusion_percentage) : NaN;
  const references = new Set<string>();
  const collect = (c: CompiledCondition) => c.checks.forEach((k) => k.kind === 'flag' && references.add(k.flagKey));
  conditions.forEach(collect);
  const superCondition =
    superGroup && (superGroup.properties ?? []).length > 0
      ? compiler.condition(superGroup, 0, null, variantKeys)
      : null;
  if (superCondition) collect(superCondition);
  return {
    definition: flag,
    key: flag.key,
    id: flag.id,
    version: flag.version ?? null,
    active: flag.active,
    continuity: flag.ensure_experience_continuity === true,
    bucketByDevice: flag.bucketing_identifier === 'device_id',
    aggregation,
    conditions,
    variants,
    payloads,
    enrollmentKey: filters.feature_enrollment === true ? `$feature_enrollment/${flag.key}` : null,
    superCondition: filters.feature_enrollment === true ? null : superCondition,
    superKeys: (superGroup?.properties ?? []).map((p) => String(p.key)),
    holdout:
      holdout && holdout.id !== null && holdout.id !== undefined && Number.isFinite(exclusion)
        ? {
            variant: `holdout-${holdout.id}`,
            threshold: exclusion >= 100 ? null : Math.max(exclusion, 0) / 100,
          }
        : null,
    earlyExit: filters.early_exit === true,
    brokenDependency: false,
    references: [...references],
  };
}

/** Marks flags whose dependencies (through conditions and cohorts) are missing or cyclic. */
function markBrokenDependencies(flags: Map<string, CompiledFlag>, cohorts: Map<number, CompiledCohort>): void {
  const viaCohort = new Map<number, string[]>();
  // The flags a cohort's conditions (nested cohorts included) check, each cohort walked once.
  const cohortReferences = (cohortId: number): string[] => {
    let out = viaCohort.get(cohortId);
    if (out) return out;
    out = [];
    const seen = new Set<number>();
    const pending: GroupNode[] = [];
    const enter = (id: number) => {
      const root = cohorts.get(id)?.root;
      seen.add(id);
      if (root) pending.push(root);
    };
    enter(cohortId);
    while (pending.length > 0) {
      for (const { node: child } of pending.pop()!.children) {
        if ('children' in child) pending.push(child);
        else if (child.kind === 'flag') out.push(child.flagKey);
        else if (child.kind === 'cohort' && !seen.has(child.cohortId)) enter(child.cohortId);
      }
    }
    viaCohort.set(cohortId, out);
    return out;
  };
  const edges = new Map<string, string[]>();
  for (const flag of flags.values()) {
    const viaCohorts = [flag.superCondition, ...flag.conditions]
      .flatMap((c) => c?.checks ?? [])
      .flatMap((check) => (check.kind === 'cohort' ? cohortReferences(check.cohortId) : []));
    for (const key of viaCohorts) flag.references.push(key);
    edges.set(flag.key, flag.references);
  }
  const broken = brokenDependencies(edges);
  for (const flag of flags.values()) flag.brokenDependency = broken.has(flag.key);
}

// ---- evaluation -------------------------------------------------------------------------------

/** One evaluation call: prepared properties and the dependency / cohort results it shares. */
class Session {
  readonly person: Record<string, unknown>;
  private readonly match: MatchContext;
  private readonly groupBags = new Map<number, Properties | undefined>();
  private readonly flagResults = new Map<string, FlagEvaluation>();
  private readonly cohortResults = new Map<number, boolean>();
  private readonly inProgress = new Set<string | number>();

  constructor(
    private readonly project: CompiledProject,
    private readonly context: EvaluationContext,
  ) {
    this.person = { distinct_id: context.distinctId, ...context.personProperties };
    this.match = {
      now: context.now ?? Date.now(),
      timeZone: project.timeZone,
      budget: context.budget ?? new EvaluationBudget(DEFAULT_TARGETING_LIMITS.regexBudget),
    };
  }

  evaluate(key: string): FlagEvaluation | undefined {
    const known = this.flagResults.get(key);
    if (known) return known;
    const flag = this.project.flags.get(key);
    if (!flag) return undefined;
    if (!flag.brokenDependency && flag.references.length > 0) {
      // Dependencies first, so that evaluating this flag finds them done: no recursion per level.
      const done = (k: string) => this.flagResults.has(k) || this.inProgress.has(k) || !this.project.flags.has(k);
      for (const dependency of evaluationSequence(key, (k) => this.project.flags.get(k)!.references, done)) {
        if (dependency !== key) this.evaluate(dependency);
      }
    }
    this.inProgress.add(key);
    const result = this.evaluateFlag(flag);
    this.inProgress.delete(key);
    this.flagResults.set(key, result);
    return result;
  }

  /** The group key of a group type, or undefined when the caller did not pass that group. */
  groupKey(index: number): string | undefined {
    const name = this.project.groupTypeMapping.get(index);
    const key = name === undefined ? undefined : this.context.groups?.[name];
    return key === undefined || key === null ? undefined : String(key);
  }

  /** A group's properties with `$group_key`, or undefined when the group was not passed. */
  groupProperties(index: number): Properties | undefined {
    if (this.groupBags.has(index)) return this.groupBags.get(index);
    const key = this.groupKey(index);
    const name = this.project.groupTypeMapping.get(index) as string;
    const bag = key === undefined ? undefined : { $group_key: key, ...this.context.groupProperties?.[name] };
    this.groupBags.set(index, bag);
    return bag;
  }

  check(check: Check, focus: Properties): boolean {
    switch (check.kind) {
      case 'property': {
        const source = check.source;
        const bag =
          source === 'focus'
            ? focus
            : source === 'person'
              ? this.person
              : source === 'metadata'
                ? this.context.personMetadata
                : this.groupProperties(source);
        return check.match(bag ?? {}, this.match);
      }
      case 'cohort': {
        // A cohort that does not exist (deleted) matches nobody, whichever the operator.
        const member = this.inCohort(check.cohortId);
        return member !== undefined && member === check.member;
      }
      case 'flag':
        return this.flagEvaluatesTo(check.flagKey, check.expected);
      case 'never':
        return false;
    }
  }

  private inCohort(cohortId: number): boolean | undefined {
    const known = this.cohortResults.get(cohortId);
    if (known !== undefined) return known;
    const cohort = this.project.cohorts.get(cohortId);
    if (!cohort) return undefined;
    let member = false;
    if (cohort.isStatic) member = this.context.isInStaticCohort?.(cohortId) ?? false;
    else if (cohort.root && !this.inProgress.has(cohortId)) {
      this.inProgress.add(cohortId);
      member = this.matchGroup(cohort.root);
      this.inProgress.delete(cohortId);
    }
    this.cohortResults.set(cohortId, member);
    return member;
  }

  private matchGroup(group: GroupNode): boolean {
    for (const { node, negated } of group.children) {
      const matched = ('children' in node ? this.matchGroup(node) : this.check(node, this.person)) !== negated;
      if (group.all && !matched) return false;
      if (!group.all && matched) return true;
    }
    return group.all;
  }

  /** `true` matches any enabled value, `false` only a disabled one, a string that variant. */
  private flagEvaluatesTo(flagKey: string, expected: unknown): boolean {
    const value = this.inProgress.has(flagKey) ? false : (this.evaluate(flagKey)?.value ?? false);
    if (typeof expected === 'boolean') return expected ? value !== false && value !== '' : value === false;
    if (typeof expected === 'string') return value === expected;
    return false;
  }

  private evaluateFlag(flag: CompiledFlag): FlagEvaluation {
    const cuts = this.match.budget.cuts;
    const result = this.decide(flag);
    // A regular expression cut short by the budget did not match: say so when nothing did.
    if (!result.enabled && this.match.budget.cuts > cuts) return { ...result, reason: budgetReason(result.reason) };
    return result;
  }

  private decide(flag: CompiledFlag): FlagEvaluation {
    if (!flag.active) return this.result(flag, false, null, reason('flag_disabled', null));
    if (flag.brokenDependency) return this.result(flag, false, null, reason('missing_dependency', null));

    const early = this.earlyAccess(flag);
    if (early) return early;

    // A group flag called without its group is not refused: each of its conditions is skipped
    // (`no_group_type`, that condition's index), as PostHog's `get_match` does.
    let focus: Properties | undefined = this.person;
    let bucket: string | null;
    if (flag.aggregation !== null) {
      focus = this.groupProperties(flag.aggregation);
      bucket = this.groupKey(flag.aggregation) ?? '';
    } else {
      bucket = this.personBucket(flag);
    }

    if (flag.holdout) {
      // Not the rollout hash: an empty id (or a missing group) hashes `holdout-` alone.
      const value = bucket ?? this.context.distinctId;
      if (flag.holdout.threshold === null || holdoutHash(value) <= flag.holdout.threshold) {
        return this.result(flag, true, flag.holdout.variant, reason('holdout_condition_value', null));
      }
    }

    // PostHog's seed: the lowest "could not evaluate" reason, no condition.
    let best = 'no_group_type' as ReasonCode;
    let bestIndex: number | null = null;
    let skippedGroup = false;
    const note = (code: ReasonCode, index: number) => {
      if (code === 'no_group_type') skippedGroup = true;
      if (REASON_PRIORITY[code] >= REASON_PRIORITY[best]) [best, bestIndex] = [code, index];
    };
    for (const condition of flag.conditions) {
      let conditionFocus = focus;
      let conditionBucket = bucket;
      if (condition.aggregation !== flag.aggregation && condition.aggregation !== null) {
        conditionFocus = this.groupProperties(condition.aggregation);
        conditionBucket = this.groupKey(condition.aggregation) ?? '';
      }
      if (conditionFocus === undefined) {
        note('no_group_type', condition.index);
        continue;
      }
      if (conditionBucket === null) {
        // Bucketed by a device id the caller did not send: nobody is in the rollout.
        note('out_of_rollout_bound', condition.index);
        continue;
      }
      if (!condition.checks.every((check) => this.check(check, conditionFocus))) {
        note('no_condition_match', condition.index);
        continue;
      }
      if (condition.threshold !== null && !inRollout(flagHash(flag.key, conditionBucket), condition.threshold)) {
        note('out_of_rollout_bound', condition.index);
        if (flag.earlyExit) return this.result(flag, false, null, reason('out_of_rollout_bound', condition.index));
        continue;
      }
      const variant = condition.variant ?? this.variantFor(flag, conditionBucket);
      return this.result(flag, true, variant, reason('condition_match', condition.index));
    }
    const why = reason(best, bestIndex);
    return this.result(
      flag,
      false,
      null,
      best === 'no_condition_match' && skippedGroup ? groupsNotEvaluatedReason(why) : why,
    );
  }

  private personBucket(flag: CompiledFlag): string | null {
    if (flag.bucketByDevice) {
      const device = this.context.deviceId ?? this.person.$device_id;
      return device === undefined || device === null || device === '' ? null : String(device);
    }
    if (flag.continuity) {
      return this.context.hashKeyOverrides?.[flag.key] ?? this.context.anonDistinctId ?? this.context.distinctId;
    }
    return this.context.distinctId;
  }

  /** Early-access enrolment: once the person's enrolment property is set, it decides. */
  private earlyAccess(flag: CompiledFlag): FlagEvaluation | null {
    if (flag.enrollmentKey !== null) {
      const value = this.person[flag.enrollmentKey];
      if (value === undefined) return null;
      return this.result(flag, value === true || value === 'true', null, reason('super_condition_value', 0));
    }
    const condition = flag.superCondition;
    if (!condition || !flag.superKeys.some((key) => Object.prototype.hasOwnProperty.call(this.person, key))) {
      return null;
    }
    const bucket = this.personBucket(flag) ?? this.context.distinctId;
    const matched =
      condition.checks.every((check) => this.check(check, this.person)) &&
      (condition.threshold === null || inRollout(flagHash(flag.key, bucket), condition.threshold));
    return this.result(flag, matched, null, reason('super_condition_value', 0));
  }

  private variantFor(flag: CompiledFlag, bucket: string): string | null {
    if (flag.variants.length === 0) return null;
    return variantAt(flag.variants, flagHash(flag.key, bucket, 'variant'));
  }

  private result(flag: CompiledFlag, enabled: boolean, variant: string | null, why: EvaluationReason): FlagEvaluation {
    const payload = enabled ? (flag.payloads.get(variant ?? 'true') ?? null) : null;
    return {
      key: flag.key,
      id: flag.id,
      version: flag.version,
      enabled,
      variant: enabled ? variant : null,
      value: enabled ? (variant ?? true) : false,
      reason: why,
      payload,
    };
  }
}
