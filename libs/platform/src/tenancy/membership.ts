/** PostHog's organization membership levels. */
export const MEMBERSHIP_LEVELS = { member: 1, admin: 8, owner: 15 } as const;
export type MembershipLevelName = keyof typeof MEMBERSHIP_LEVELS;

export function isMembershipLevelName(value: unknown): value is MembershipLevelName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MEMBERSHIP_LEVELS, value);
}

export function isOrganizationAdmin(level: number): boolean {
  return level >= MEMBERSHIP_LEVELS.admin;
}

export interface MemberSide {
  userId: number;
  level: number;
}

/**
 * PostHog's rules for changing a membership's level (OrganizationMemberSerializer): only admins
 * change others, never themselves, never someone above them, never to a level above their own;
 * only the owner makes someone owner, which hands the ownership over. The detail of the first
 * rule broken, or undefined when the change is allowed.
 */
export function memberChangeRefusal(actor: MemberSide, target: MemberSide, level: number): string | undefined {
  if (actor.userId === target.userId) return "You can't change your own access level.";
  if (!isOrganizationAdmin(actor.level)) return 'You can only edit others if you are an admin.';
  if (target.level > actor.level) return 'You can only edit others with level lower or equal to you.';
  if (level > actor.level) return 'You can only change access level of others to lower or equal to your current one.';
  return undefined;
}

/**
 * Who may remove a membership: anyone themselves (leaving), an admin anyone at or below their
 * level; never the owner (who hands the ownership over first).
 */
export function memberRemovalRefusal(actor: MemberSide, target: MemberSide): string | undefined {
  if (target.level === MEMBERSHIP_LEVELS.owner)
    return 'You cannot remove the organization owner. Transfer ownership first.';
  if (actor.userId === target.userId) return undefined;
  if (!isOrganizationAdmin(actor.level)) return 'You can only remove others if you are an admin.';
  if (target.level > actor.level) return 'You can only remove members with level lower or equal to you.';
  return undefined;
}
