import type { ParseOptions, TargetingLimits } from '@app/targeting';

/**
 * Property filters of a query (the persons list, insights' persons): PostgreSQL runs them, so a
 * pattern it cannot (lookarounds, back-references) or that does not parse is a 400, not a filter
 * that matches nobody.
 */
export function queryFilterOptions(limits: TargetingLimits): ParseOptions {
  return { limits, refuseInvalidRegex: true, refuseBacktracking: true };
}
