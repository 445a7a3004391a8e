/** Why a flag has its value, in PostHog's vocabulary (`/flags` v2 `reason.code`). */
export type ReasonCode =
  | 'condition_match'
  | 'no_condition_match'
  | 'out_of_rollout_bound'
  | 'no_group_type'
  | 'super_condition_value'
  | 'holdout_condition_value'
  | 'flag_disabled'
  | 'missing_dependency';

export interface EvaluationReason {
  code: ReasonCode;
  /** The condition (its index in `filters.groups`) that decided, or null. */
  condition_index: number | null;
  description: string;
}

/**
 * When no condition matches, the reported reason is the highest-priority one any condition gave;
 * a tie goes to the later condition. PostHog's flags service ranks them so (`FeatureFlagMatchReason::score`
 * in rust/feature-flags `flag_match_reason.rs`): a condition skipped for want of its group
 * (`no_group_type`) ranks below every condition that was evaluated.
 */
export const REASON_PRIORITY: Readonly<Record<ReasonCode, number>> = {
  super_condition_value: 6,
  holdout_condition_value: 5,
  condition_match: 4,
  out_of_rollout_bound: 3,
  no_condition_match: 2,
  no_group_type: 1,
  flag_disabled: 0,
  missing_dependency: -1,
};

/** Reasons made once and shared (frozen), by code and condition index + 1 (0 for none). */
const SHARED = new Map<ReasonCode, EvaluationReason[]>();
/** Conditions past this index get a reason of their own (a hostile flag's many conditions stay out of memory). */
const SHARED_INDEXES = 1000;

/** The reason for `code` at `conditionIndex`: the same frozen object every time, up to a thousand conditions. */
export function reason(code: ReasonCode, conditionIndex: number | null): EvaluationReason {
  const shared =
    conditionIndex === null ||
    (Number.isInteger(conditionIndex) && conditionIndex >= 0 && conditionIndex < SHARED_INDEXES);
  if (!shared) {
    return { code, condition_index: conditionIndex, description: describe(code, conditionIndex) };
  }
  const slot = conditionIndex === null ? 0 : conditionIndex + 1;
  let byIndex = SHARED.get(code);
  if (byIndex === undefined) SHARED.set(code, (byIndex = []));
  return (byIndex[slot] ??= Object.freeze({
    code,
    condition_index: conditionIndex,
    description: describe(code, conditionIndex),
  }));
}

/** `why` for a flag whose regular-expression conditions ran out of the request's budget. */
export function budgetReason(why: EvaluationReason): EvaluationReason {
  return {
    ...why,
    description: `${why.description} (a regular expression was not evaluated: the request's evaluation budget ran out)`,
  };
}

/**
 * `why` (no condition matched) for a flag some of whose conditions were skipped for want of their
 * group: the code stays `no_condition_match`, the description says so, as PostHog's
 * `NoConditionMatchGroupsNotEvaluated` does.
 */
export function groupsNotEvaluatedReason(why: EvaluationReason): EvaluationReason {
  return {
    ...why,
    description: 'No matching condition set (group conditions were not evaluated because no group type was provided)',
  };
}

function describe(code: ReasonCode, conditionIndex: number | null): string {
  switch (code) {
    case 'condition_match':
      return `Matched condition set ${(conditionIndex ?? 0) + 1}`;
    case 'no_condition_match':
      return 'No matching condition set';
    case 'out_of_rollout_bound':
      return 'Out of rollout bound';
    case 'no_group_type':
      return 'No group type';
    case 'super_condition_value':
      return 'Super condition value';
    case 'holdout_condition_value':
      return 'Holdout condition value';
    case 'flag_disabled':
      return 'Flag is disabled';
    case 'missing_dependency':
      return 'Flag depends on a flag that is missing or part of a cycle';
  }
}

/** The code `GET …/feature_flags/evaluation_reasons` reports (`disabled` for inactive flags). */
export function evaluationReasonsCode(code: ReasonCode): string {
  return code === 'flag_disabled' ? 'disabled' : code;
}

/** OpenFeature's resolution reason (OFREP `reason`) for a PostHog reason. */
export function ofrepReason(code: ReasonCode): 'TARGETING_MATCH' | 'DEFAULT' | 'DISABLED' | 'ERROR' {
  switch (code) {
    case 'condition_match':
    case 'super_condition_value':
    case 'holdout_condition_value':
      return 'TARGETING_MATCH';
    case 'flag_disabled':
      return 'DISABLED';
    case 'missing_dependency':
      return 'ERROR';
    default:
      return 'DEFAULT';
  }
}
