import { DomainError } from '@app/platform/errors/domain-error';
import {
  CAN_EDIT,
  canEditFlag,
  canManageFlagRoleAccess,
  checkAccessLevel,
  FlagAccess,
  needsRoleData,
  VIEW_ONLY,
} from './flag-access';

const USER = 7;
const OTHER = 8;
const flag = { id: 1, createdById: OTHER };
const access = (over: Partial<FlagAccess> = {}): FlagAccess => ({
  userId: USER,
  isOrganizationAdmin: false,
  organizationLevel: VIEW_ONLY,
  roleLevel: null,
  attachedFlagIds: new Set(),
  ...over,
});

describe('canEditFlag (PostHog can_user_edit_feature_flag)', () => {
  it('lets the creator edit, whatever the levels', () => {
    expect(canEditFlag(access(), { id: 1, createdById: USER })).toBe(true);
    expect(canEditFlag(access({ roleLevel: VIEW_ONLY }), { id: 1, createdById: USER })).toBe(true);
  });

  it('lets organization admins and owners edit', () => {
    expect(canEditFlag(access({ isOrganizationAdmin: true }), flag)).toBe(true);
  });

  it("lets everyone edit when the organization's default is 37, even with only view-only roles", () => {
    expect(canEditFlag(access({ organizationLevel: CAN_EDIT }), flag)).toBe(true);
    expect(canEditFlag(access({ organizationLevel: CAN_EDIT, roleLevel: VIEW_ONLY }), flag)).toBe(true);
  });

  it('lets a member with a 37 role edit in a view-only organization', () => {
    expect(canEditFlag(access({ roleLevel: CAN_EDIT }), flag)).toBe(true);
  });

  it('refuses a view-only member (organization 21, no roles)', () => {
    expect(canEditFlag(access(), flag)).toBe(false);
  });

  it('at effective level 21, allows exactly the flags one of the roles is attached to', () => {
    const viewer = access({ roleLevel: VIEW_ONLY, attachedFlagIds: new Set([1]) });
    expect(canEditFlag(viewer, flag)).toBe(true);
    expect(canEditFlag(viewer, { id: 2, createdById: OTHER })).toBe(false);
  });

  it('treats a flag whose creator is gone like any other flag', () => {
    expect(canEditFlag(access(), { id: 1, createdById: null })).toBe(false);
    expect(canEditFlag(access({ organizationLevel: CAN_EDIT }), { id: 1, createdById: null })).toBe(true);
  });
});

describe('canManageFlagRoleAccess (PostHog FeatureFlagRoleAccessPermissions)', () => {
  it('allows the creator, admins, an editing organization and 37 roles', () => {
    expect(canManageFlagRoleAccess(access(), { id: 1, createdById: USER })).toBe(true);
    expect(canManageFlagRoleAccess(access({ isOrganizationAdmin: true }), flag)).toBe(true);
    expect(canManageFlagRoleAccess(access({ organizationLevel: CAN_EDIT }), flag)).toBe(true);
    expect(canManageFlagRoleAccess(access({ roleLevel: CAN_EDIT }), flag)).toBe(true);
  });

  it('refuses view-only members, also those whose role is attached to the flag', () => {
    expect(canManageFlagRoleAccess(access(), flag)).toBe(false);
    expect(canManageFlagRoleAccess(access({ roleLevel: VIEW_ONLY, attachedFlagIds: new Set([1]) }), flag)).toBe(false);
  });
});

describe('needsRoleData', () => {
  it('is false for admins and for the creator: their answer needs no query', () => {
    expect(needsRoleData(USER, true, flag)).toBe(false);
    expect(needsRoleData(USER, false, { id: 1, createdById: USER })).toBe(false);
    expect(needsRoleData(USER, false, flag)).toBe(true);
  });
});

describe('checkAccessLevel', () => {
  it('accepts 21 and 37 and refuses anything else as an invalid choice naming the field', () => {
    expect(checkAccessLevel(21, 'x')).toBe(21);
    expect(checkAccessLevel(37, 'x')).toBe(37);
    for (const bad of [0, 1, 22, 36, 38, -21]) {
      const error = (() => {
        try {
          checkAccessLevel(bad, 'feature_flags_access_level');
        } catch (e) {
          return e;
        }
      })() as DomainError;
      expect(error).toMatchObject({
        kind: 'invalid',
        code: 'invalid_choice',
        attr: 'feature_flags_access_level',
        detail: `"${bad}" is not a valid choice.`,
      });
    }
  });
});
