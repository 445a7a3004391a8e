import type { Flag } from './flag';

/** PostHog's flag statuses (FeatureFlagStatusChecker) that Bunting can reach. */
export type FlagStatus = 'active' | 'stale' | 'deleted';

/** How long without a call, or fully rolled out, before a flag is stale. */
export const STALE_AFTER_MS = 30 * 86_400_000;

type Condition = { rollout_percentage?: unknown; properties?: unknown; variant?: unknown };

function conditions(filters: Flag['filters']): Condition[] {
  return Array.isArray(filters?.groups) ? (filters.groups as Condition[]) : [];
}

/** A condition at 100 % with no property filters: everyone gets past it. */
function fullyRolledOut(c: Condition): boolean {
  return (
    Number(c?.rollout_percentage) === 100 &&
    c?.rollout_percentage !== null &&
    (!Array.isArray(c.properties) || c.properties.length === 0)
  );
}

/**
 * Whether the flag answers the same for everyone (PostHog's `is_flag_fully_rolled_out`): a
 * boolean flag with no conditions or one at 100 % without properties; a multivariate flag with
 * such a condition and a variant at 100 % (or that condition's variant override). The SQL
 * function `flag_fully_rolled_out` (migration 1765820000000) is this rule for the list's filter.
 */
export function isFullyRolledOut(filters: Flag['filters']): boolean {
  const variants = (filters?.multivariate as { variants?: unknown } | null | undefined)?.variants;
  const groups = conditions(filters);
  if (Array.isArray(variants) && variants.length > 0) {
    const full = groups.filter(fullyRolledOut);
    if (full.length === 0) return false;
    const override = full.find((c) => c.variant !== undefined && c.variant !== null);
    return (
      override !== undefined ||
      variants.some((v) => (v as { rollout_percentage?: unknown })?.rollout_percentage === 100)
    );
  }
  return groups.length === 0 || groups.some(fullyRolledOut);
}

/**
 * PostHog's status of a flag at `now`: deleted; stale when on and not called for 30 days, or
 * never called, made more than 30 days ago and fully rolled out; active otherwise (a flag that is
 * off is never stale).
 */
export function flagStatus(
  flag: Pick<Flag, 'deleted' | 'active' | 'lastCalledAt' | 'createdAt' | 'filters'>,
  now: Date,
): { status: FlagStatus; reason: string } {
  if (flag.deleted) return { status: 'deleted', reason: 'Flag has been deleted' };
  if (!flag.active) return { status: 'active', reason: 'Flag is disabled (not evaluated for staleness)' };
  const threshold = now.getTime() - STALE_AFTER_MS;
  if (flag.lastCalledAt) {
    const days = Math.floor((now.getTime() - flag.lastCalledAt.getTime()) / 86_400_000);
    if (flag.lastCalledAt.getTime() < threshold)
      return { status: 'stale', reason: `Flag has not been called in ${days} days` };
    return {
      status: 'active',
      reason: days === 0 ? 'Flag was called today' : `Flag was last called ${days} day${days === 1 ? '' : 's'} ago`,
    };
  }
  if (flag.createdAt.getTime() < threshold && isFullyRolledOut(flag.filters)) {
    return { status: 'stale', reason: 'This flag is fully rolled out and has not been called in 30 days' };
  }
  return { status: 'active', reason: 'Flag has no usage data yet' };
}
