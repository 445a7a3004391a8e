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
export { flagHash, holdoutHash } from './hash';
export { compileRegex } from './regex';
export type { SafeRegex } from './regex';
export { compilePropertyMatcher } from './operators';
export type { PropertyMatcher } from './operators';
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
  inEvaluationOrder,
  localEvaluationDefinitions,
} from './local-evaluation';
export { evaluationOrder, hasVariantOverride } from './definitions';
export { parsePayload } from './payloads';
