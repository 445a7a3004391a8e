/**
 * What a saved filter may hold and what one request may spend on it (docs/limits.md). The
 * API's configuration sets them (`TARGETING_*`); the defaults are here.
 */
export class TargetingLimits {
  constructor(
    /** Property filters in one flag (all its condition sets) or one cohort. */
    readonly maxConditions = 500,
    /** Characters of one regular expression. */
    readonly regexMaxLength = 1_000,
    /** Instructions one regular expression compiles to. */
    readonly regexMaxProgram = 2_000,
    /** Regular-expression steps one request may spend, shared by all its tests. */
    readonly regexBudget = 1_000_000,
    /** Filters of a cohort with every cohort it references counted each time it is referenced. */
    readonly cohortMaxExpansion = 10_000,
    /** Cohorts in the longest chain of references from one cohort (itself included). */
    readonly cohortMaxDepth = 100,
  ) {}
}

export const DEFAULT_TARGETING_LIMITS = new TargetingLimits();
