export type {
  CohortDefinition,
  FlagCondition,
  FlagDefinition,
  FlagFilters,
  FlagVariant,
  JsonValue,
  Properties,
  PropertyFilter,
  PropertyGroup,
} from './definitions';
export { flagHash, hash01, holdoutHash, inRollout, rolloutThreshold, variantAt, variantRanges } from './hash';
export type { VariantRange } from './hash';
export { REASON_PRIORITY, evaluationReasonsCode, ofrepReason, reason } from './reasons';
export type { EvaluationReason, ReasonCode } from './reasons';
export { dependencyCycle, flagDependencyProperties, NO_CHAIN_LIMITS, withDependencyChains } from './dependencies';
export type { ChainLimits } from './dependencies';
export {
  compileConditionMatcher,
  compileFlags,
  evaluateAll,
  evaluateFlag,
  flagsWithExperienceContinuity,
} from './engine';
export type { CompileOptions, CompiledFlag, CompiledProject, EvaluationContext, FlagEvaluation } from './engine';
export {
  cohortLookup,
  cohortsForLocalEvaluation,
  expandCohortsForLocalEvaluation,
  localEvaluationDefinitions,
} from './local-evaluation';
export { parsePayload } from './payloads';
