import { DomainError } from '@app/platform/errors/domain-error';
import { AccessLevel } from './flag-access';

/** The activity log's scope for roles (PostHog's model name). */
export const ROLE_SCOPE = 'Role';
export const ROLE_NAME_MAX_LENGTH = 200;
/** The fields whose changes a role's activity entry lists. */
export const ROLE_ACTIVITY_FIELDS = ['name', 'feature_flags_access_level'] as const;

export interface Role {
  id: string;
  organizationId: string;
  name: string;
  featureFlagsAccessLevel: AccessLevel;
  createdById: number | null;
  createdAt: Date;
}

export interface RoleMembership {
  id: string;
  roleId: string;
  userId: number;
  joinedAt: Date;
  updatedAt: Date;
}

/** One row of feature-flag role access: `roleId` may edit flag `flagId` even at level 21. */
export interface FlagRoleAccess {
  id: number;
  flagId: number;
  roleId: string;
  addedAt: Date;
  updatedAt: Date;
}

/** A role name as DRF's CharField takes it: trimmed, not blank, at most 200 characters. */
export function checkRoleName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw DomainError.invalid('This field may not be blank.', 'name', 'blank');
  if (trimmed.length > ROLE_NAME_MAX_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${ROLE_NAME_MAX_LENGTH} characters.`,
      'name',
      'max_length',
    );
  }
  if (trimmed.includes('\u0000')) {
    throw DomainError.invalid('Null characters are not allowed.', 'name', 'null_characters_not_allowed');
  }
  return trimmed;
}

/** Only organization admins and owners create, change or delete roles and their members. */
export function checkCanManageRoles(isOrganizationAdmin: boolean): void {
  if (!isOrganizationAdmin) throw DomainError.forbidden('You need to have admin level or higher.');
}

export function roleSnapshot(role: Role): Record<string, unknown> {
  return { name: role.name, feature_flags_access_level: role.featureFlagsAccessLevel };
}

export const RoleErrors = {
  nameTaken: () => DomainError.unique('There is already a role with this name.', 'name'),
  roleMissing: (id: unknown) =>
    DomainError.invalid(`Invalid pk "${String(id)}" - object does not exist.`, 'role_id', 'does_not_exist'),
  userMissing: () => DomainError.invalid('User does not exist.', 'user_uuid', 'does_not_exist'),
  alreadyMember: () => DomainError.unique('User is already part of the role.', 'user_uuid'),
  accessExists: () => DomainError.unique('This role already has access to this feature flag.', 'role_id'),
  cannotManageFlagAccess: () => DomainError.forbidden("You can't edit roles for this feature flag."),
};
