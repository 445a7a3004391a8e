import { EnvInt, PlatformConfig } from '@app/platform';
import { DEFAULT_TARGETING_LIMITS, ENGINE_MAX_PROGRAM, TargetingLimits } from '@app/targeting';
import { DynamicModule, Global, Module } from '@nestjs/common';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript's mixin pattern needs any[] here
type ConfigClass = new (...args: any[]) => PlatformConfig;

/**
 * `Base` with the targeting limits (TARGETING_*): what every process that checks or evaluates
 * filters reads (the API; the worker, which applies scheduled flag changes).
 */
export function withTargetingLimits<T extends ConfigClass>(Base: T) {
  class WithTargetingLimits extends Base {
    /** Property filters in one flag (all its condition sets) or one cohort. */
    @EnvInt(1, 100_000)
    TARGETING_MAX_CONDITIONS = DEFAULT_TARGETING_LIMITS.maxConditions;

    /** Characters of one regular expression. */
    @EnvInt(1, 1_000_000)
    TARGETING_REGEX_MAX_LENGTH = DEFAULT_TARGETING_LIMITS.regexMaxLength;

    /** Instructions one regular expression may compile to. */
    @EnvInt(1, ENGINE_MAX_PROGRAM)
    TARGETING_REGEX_MAX_PROGRAM = DEFAULT_TARGETING_LIMITS.regexMaxProgram;

    /** Regular-expression steps one flag evaluation request may spend, shared by all its tests. */
    @EnvInt(1)
    TARGETING_REGEX_BUDGET = DEFAULT_TARGETING_LIMITS.regexBudget;

    /** Filters of a cohort counting every cohort it references each time it is referenced. */
    @EnvInt(1)
    TARGETING_COHORT_MAX_EXPANSION = DEFAULT_TARGETING_LIMITS.cohortMaxExpansion;

    /** Cohorts in the longest chain of references from one cohort, itself included. */
    @EnvInt(1, 10_000)
    TARGETING_COHORT_MAX_DEPTH = DEFAULT_TARGETING_LIMITS.cohortMaxDepth;

    targetingLimits(): TargetingLimits {
      return new TargetingLimits(
        this.TARGETING_MAX_CONDITIONS,
        this.TARGETING_REGEX_MAX_LENGTH,
        this.TARGETING_REGEX_MAX_PROGRAM,
        this.TARGETING_REGEX_BUDGET,
        this.TARGETING_COHORT_MAX_EXPANSION,
        this.TARGETING_COHORT_MAX_DEPTH,
      );
    }
  }
  return WithTargetingLimits;
}

/** The targeting limits every context's filters are checked and evaluated against. */
@Global()
@Module({})
export class TargetingLimitsModule {
  static forRoot(limits: TargetingLimits): DynamicModule {
    const provider = { provide: TargetingLimits, useValue: limits };
    return { module: TargetingLimitsModule, global: true, providers: [provider], exports: [provider] };
  }
}
