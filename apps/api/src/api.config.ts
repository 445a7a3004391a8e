import { EnvBoolean, EnvInt, EnvOptional, EnvString, HttpConfig } from '@app/platform';
import { DEFAULT_TARGETING_LIMITS, ENGINE_MAX_PROGRAM, TargetingLimits } from '@app/targeting';
import { Matches } from 'class-validator';

/** The API process's environment (see .env.example). */
export class ApiConfig extends HttpConfig {
  /** E-mail of the user created on the first start. */
  @EnvString()
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'BOOTSTRAP_EMAIL must be an e-mail address' })
  BOOTSTRAP_EMAIL = 'admin@localhost';

  /** Fixes the personal API key created on the first start (phx_ + 43 letters/digits). */
  @EnvOptional()
  @EnvString()
  @Matches(/^phx_[A-Za-z0-9]{43}$/, { message: 'BOOTSTRAP_API_KEY must be phx_ followed by 43 letters or digits' })
  BOOTSTRAP_API_KEY?: string;

  /** Fixes the project token created on the first start (phc_ + 43 letters/digits). */
  @EnvOptional()
  @EnvString()
  @Matches(/^phc_[A-Za-z0-9]{43}$/, {
    message: 'BOOTSTRAP_PROJECT_TOKEN must be phc_ followed by 43 letters or digits',
  })
  BOOTSTRAP_PROJECT_TOKEN?: string;

  /** Run the scheduled jobs (the weekly event-deletion batch) in this process. */
  @EnvBoolean()
  SCHEDULER_ENABLED = true;

  /** Seconds between two writes of one event definition's last_seen_at by ingestion (0: every batch). */
  @EnvInt(0, 86_400)
  EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS = 3600;

  // --- Targeting limits (flag conditions, cohorts, persons and analytics filters) -------------

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
