import { DomainError } from '@app/platform/errors/domain-error';

/** PostHog's `OrganizationResourceAccess.AccessLevel`: 21 can only view, 37 can always edit. */
export const VIEW_ONLY = 21;
export const CAN_EDIT = 37;
export type AccessLevel = typeof VIEW_ONLY | typeof CAN_EDIT;
export const ACCESS_LEVELS: readonly AccessLevel[] = [VIEW_ONLY, CAN_EDIT];
/** An organization that never set its feature-flag level. */
export const DEFAULT_ACCESS_LEVEL: AccessLevel = CAN_EDIT;

/** DRF's choice field: anything but 21 or 37 is refused, naming the field. */
export function checkAccessLevel(value: number, attr: string): AccessLevel {
  if (!(ACCESS_LEVELS as readonly number[]).includes(value)) {
    throw DomainError.invalid(`"${value}" is not a valid choice.`, attr, 'invalid_choice');
  }
  return value as AccessLevel;
}

/** A flag as the access rules see it. */
export interface FlagRef {
  id: number;
  createdById: number | null;
}

/** Everything that decides what one user may do with the feature flags of one organization. */
export interface FlagAccess {
  userId: number;
  /** Admin or owner of the organization. */
  isOrganizationAdmin: boolean;
  /** The organization's default feature-flag level (37 when never set). */
  organizationLevel: AccessLevel;
  /** The highest level among the user's roles in the organization; null when the user has none. */
  roleLevel: AccessLevel | null;
  /** The flags (among those asked about) one of the user's roles is attached to. */
  attachedFlagIds: ReadonlySet<number>;
}

/**
 * Whether the answer for `flag` needs the organization's level and the user's roles: the creator
 * and organization admins may always edit, so no query is needed for them.
 */
export function needsRoleData(userId: number, isOrganizationAdmin: boolean, flag: FlagRef): boolean {
  return !isOrganizationAdmin && flag.createdById !== userId;
}

/**
 * PostHog's `can_user_edit_feature_flag`: the creator, an organization admin or owner, everyone
 * when the organization's default is "can always edit", a user whose roles give 37; a user whose
 * effective level is 21 (the highest of their roles, or the organization's when they have none)
 * only through a role attached to this flag.
 */
export function canEditFlag(access: FlagAccess, flag: FlagRef): boolean {
  if (!needsRoleData(access.userId, access.isOrganizationAdmin, flag)) return true;
  if (access.organizationLevel === CAN_EDIT) return true;
  const effective = access.roleLevel ?? access.organizationLevel;
  if (effective === CAN_EDIT) return true;
  return access.attachedFlagIds.has(flag.id);
}

/**
 * PostHog's `FeatureFlagRoleAccessPermissions` for writes: the creator, an organization admin or
 * owner, everyone when the organization's default is 37, or a user with a 37 role. A role
 * attached to the flag lets a view-only user edit it, not grant access to it.
 */
export function canManageFlagRoleAccess(access: FlagAccess, flag: FlagRef): boolean {
  if (!needsRoleData(access.userId, access.isOrganizationAdmin, flag)) return true;
  return access.organizationLevel === CAN_EDIT || access.roleLevel === CAN_EDIT;
}
