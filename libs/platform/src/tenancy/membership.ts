/** PostHog's organization membership levels. */
export const MEMBERSHIP_LEVELS = { member: 1, admin: 8, owner: 15 } as const;
export type MembershipLevelName = keyof typeof MEMBERSHIP_LEVELS;

export function isMembershipLevelName(value: unknown): value is MembershipLevelName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MEMBERSHIP_LEVELS, value);
}

export function isOrganizationAdmin(level: number): boolean {
  return level >= MEMBERSHIP_LEVELS.admin;
}
