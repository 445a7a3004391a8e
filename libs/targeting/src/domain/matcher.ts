import { compilePredicate, matchesValue, matchesWhenAbsent } from './predicate';
import type { MatchContext } from './predicate';
import type { Properties, PropertyFilter } from './property-filter';

/**
 * A property filter as an in-memory test over a bag of properties (flag conditions, cohorts in
 * the flags engine). The semantics are the predicate's (see predicate.ts); the SQL compiler
 * reads the same predicate.
 */
export type PropertyMatcher = (properties: Properties, context: MatchContext) => boolean;

export function compilePropertyMatcher(filter: PropertyFilter): PropertyMatcher {
  const key = String(filter.key);
  const predicate = compilePredicate(filter.operator, filter.value);
  const whenAbsent = matchesWhenAbsent(predicate);
  return (properties, context) =>
    Object.prototype.hasOwnProperty.call(properties, key) && properties[key] !== undefined
      ? matchesValue(predicate, properties[key], context)
      : whenAbsent;
}
