import {
  activityDetail,
  ActivityLogService,
  Actor,
  diffChanges,
  DomainError,
  isOrganizationAdmin,
  isUuid,
  TenancyService,
  UserRecord,
} from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccessLevel, checkAccessLevel } from './domain/flag-access';
import {
  checkCanManageRoles,
  checkRoleName,
  Role,
  ROLE_ACTIVITY_FIELDS,
  ROLE_SCOPE,
  RoleErrors,
  RoleMembership,
  roleSnapshot,
} from './domain/role';
import { AssociatedFlag, RolesRepository } from './persistence/roles.repository';

/** The organization a request is about and the caller's level in it. */
export interface OrganizationScope {
  id: string;
  membershipLevel: number;
}

export interface RoleInput {
  name?: string;
  feature_flags_access_level?: number;
}

export interface MembershipView {
  membership: RoleMembership;
  user: UserRecord | null;
}

/** A role with what its response shows besides its own fields. */
export interface RoleView {
  role: Role;
  createdBy: UserRecord | null;
  members: MembershipView[];
  associatedFlags: AssociatedFlag[];
}

export interface OrganizationFlagAccess {
  accessLevel: AccessLevel;
  /** null while the organization has never set it (the default, 37). */
  updatedAt: Date | null;
}

/** Organization roles, their members, and the organization's default feature-flag level. */
@Injectable()
export class RolesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: RolesRepository,
    private readonly activityLog: ActivityLogService,
    private readonly tenancy: TenancyService,
  ) {}

  async list(
    org: OrganizationScope,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; roles: RoleView[] }> {
    const { count, roles } = await this.repo.pageRoles(org.id, page.limit, page.offset);
    return { count, roles: await this.views(roles) };
  }

  async get(org: OrganizationScope, id: string): Promise<RoleView> {
    return (await this.views([await this.find(org, id)]))[0];
  }

  /** Roles of the organization by id, as embedded in role-access responses (missing ids are left out). */
  async viewsByIds(organizationId: string, ids: readonly string[]): Promise<Map<string, RoleView>> {
    const roles = await this.repo.findRoles(organizationId, [...new Set(ids)]);
    return new Map((await this.views(roles)).map((v) => [v.role.id, v]));
  }

  /** A role of the organization, for other use cases; null when there is none with this id. */
  async findRole(organizationId: string, id: unknown, m?: EntityManager): Promise<Role | null> {
    return isUuid(id) ? this.repo.findRole(organizationId, id, m) : null;
  }

  async create(org: OrganizationScope, actor: Actor, input: RoleInput): Promise<RoleView> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    const name = checkRoleName(input.name ?? '');
    let level =
      input.feature_flags_access_level === undefined
        ? undefined
        : checkAccessLevel(input.feature_flags_access_level, 'feature_flags_access_level');
    const role = await this.ds.transaction(async (m) => {
      // A new role starts at the organization's level unless it says otherwise (as PostHog's default).
      level ??= (await this.repo.organizationAccess(org.id, m)).accessLevel;
      const created = await this.repo.insertRole(m, {
        organizationId: org.id,
        name,
        featureFlagsAccessLevel: level,
        createdById: actor.userId,
      });
      await this.record(m, org, actor, created, 'created', null);
      return created;
    });
    return (await this.views([role]))[0];
  }

  async update(org: OrganizationScope, actor: Actor, id: string, input: RoleInput): Promise<RoleView> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    const role = await this.ds.transaction(async (m) => {
      const current = await this.find(org, id, m, true);
      const next: Role = { ...current };
      if (input.name !== undefined) next.name = checkRoleName(input.name);
      if (input.feature_flags_access_level !== undefined) {
        next.featureFlagsAccessLevel = checkAccessLevel(input.feature_flags_access_level, 'feature_flags_access_level');
      }
      const changes = diffChanges(ROLE_SCOPE, roleSnapshot(current), roleSnapshot(next), ROLE_ACTIVITY_FIELDS);
      if (changes.length === 0) return current;
      const saved = await this.repo.updateRole(m, next);
      await this.record(m, org, actor, saved, 'updated', changes);
      return saved;
    });
    return (await this.views([role]))[0];
  }

  /**
   * Deletes the role with its memberships and flag access. Each flag that loses the role's access
   * gets an activity entry, as if the access had been removed by hand.
   */
  async remove(org: OrganizationScope, actor: Actor, id: string): Promise<void> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    await this.ds.transaction(async (m) => {
      const role = await this.find(org, id, m, true);
      const flags = (await this.repo.associatedFlags([role.id], m)).get(role.id)!;
      await this.repo.deleteRole(m, role);
      await this.record(m, org, actor, role, 'deleted', null);
      for (const flag of flags) await this.recordFlagAccessChange(m, org.id, actor, flag, role, 'deleted');
    });
  }

  // ---- memberships ----

  async memberships(
    org: OrganizationScope,
    roleId: string,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; members: MembershipView[] }> {
    const role = await this.find(org, roleId);
    const { count, memberships } = await this.repo.pageMemberships(role.id, page.limit, page.offset);
    return { count, members: await this.membershipViews(memberships) };
  }

  /** Adds a user of the organization (by uuid) to the role. */
  async addMember(org: OrganizationScope, actor: Actor, roleId: string, userUuid: string): Promise<MembershipView> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    const { membership, user } = await this.ds.transaction(async (m) => {
      const role = await this.find(org, roleId, m, true);
      const user = isUuid(userUuid) ? await this.repo.organizationUser(org.id, userUuid, m) : null;
      if (!user) throw RoleErrors.userMissing();
      const membership = await this.repo.insertMembership(m, role.id, user.id);
      await this.record(m, org, actor, role, 'updated', [
        { type: ROLE_SCOPE, action: 'created', field: 'members', after: user.email },
      ]);
      return { membership, user };
    });
    return { membership, user };
  }

  async removeMember(org: OrganizationScope, actor: Actor, roleId: string, membershipId: string): Promise<void> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    await this.ds.transaction(async (m) => {
      const role = await this.find(org, roleId, m, true);
      const membership = isUuid(membershipId) ? await this.repo.findMembership(role.id, membershipId, m) : null;
      if (!membership || !(await this.repo.deleteMembership(m, membership))) throw DomainError.notFound();
      const user = await m.getRepository(UserRecord).findOneBy({ id: membership.userId });
      await this.record(m, org, actor, role, 'updated', [
        { type: ROLE_SCOPE, action: 'deleted', field: 'members', before: user?.email ?? null },
      ]);
    });
  }

  // ---- the organization's default level ----

  async featureFlagAccess(org: OrganizationScope): Promise<OrganizationFlagAccess> {
    return this.repo.organizationAccess(org.id);
  }

  async setFeatureFlagAccess(
    org: OrganizationScope,
    actor: Actor,
    accessLevel: number,
  ): Promise<OrganizationFlagAccess> {
    checkCanManageRoles(isOrganizationAdmin(org.membershipLevel));
    const level = checkAccessLevel(accessLevel, 'access_level');
    return this.ds.transaction(async (m) => {
      const before = await this.repo.organizationAccess(org.id, m);
      const after = await this.repo.setOrganizationLevel(m, org.id, level, actor.userId);
      if (before.accessLevel !== after.accessLevel) {
        await this.activityLog.record(m, {
          organizationId: org.id,
          projectId: null,
          userId: actor.userId,
          scope: 'Organization',
          itemId: org.id,
          activity: 'updated',
          detail: activityDetail(null, [
            {
              type: 'Organization',
              action: 'changed',
              field: 'feature_flags_access_level',
              before: before.accessLevel,
              after: after.accessLevel,
            },
          ]),
        });
      }
      return after;
    });
  }

  /**
   * The activity entry of a flag gaining or losing a role's access: on the flag (scope
   * FeatureFlag), so that the flag's activity shows it.
   */
  async recordFlagAccessChange(
    m: EntityManager,
    organizationId: string,
    actor: Actor,
    flag: { id: number; key: string; projectId: number },
    role: { id: string; name: string },
    action: 'created' | 'deleted',
  ): Promise<void> {
    const value = { id: role.id, name: role.name };
    await this.activityLog.record(m, {
      organizationId,
      projectId: flag.projectId,
      userId: actor.userId,
      scope: 'FeatureFlag',
      itemId: String(flag.id),
      activity: 'updated',
      detail: activityDetail(flag.key, [
        action === 'created'
          ? { type: 'FeatureFlag', action, field: 'role_access', after: value }
          : { type: 'FeatureFlag', action, field: 'role_access', before: value },
      ]),
    });
  }

  private async find(org: OrganizationScope, id: string, m?: EntityManager, lock = false): Promise<Role> {
    const role = isUuid(id) ? await this.repo.findRole(org.id, id, m, lock) : null;
    if (!role) throw DomainError.notFound();
    return role;
  }

  private async record(
    m: EntityManager,
    org: OrganizationScope,
    actor: Actor,
    role: Role,
    activity: 'created' | 'updated' | 'deleted',
    changes: Parameters<typeof activityDetail>[1],
  ): Promise<void> {
    await this.activityLog.record(m, {
      organizationId: org.id,
      projectId: null,
      userId: actor.userId,
      scope: ROLE_SCOPE,
      itemId: role.id,
      activity,
      detail: activityDetail(role.name, changes),
    });
  }

  private async membershipViews(memberships: RoleMembership[]): Promise<MembershipView[]> {
    const users = await this.tenancy.getUsers(memberships.map((ms) => ms.userId));
    return memberships.map((membership) => ({ membership, user: users.get(membership.userId) ?? null }));
  }

  /** Views of a page of roles with a fixed number of queries: members, flags, users. */
  private async views(roles: Role[]): Promise<RoleView[]> {
    const ids = roles.map((r) => r.id);
    const members = await this.repo.membersOf(ids);
    const flags = await this.repo.associatedFlags(ids);
    const userIds = [
      ...roles.flatMap((r) => (r.createdById === null ? [] : [r.createdById])),
      ...[...members.values()].flat().map((ms) => ms.userId),
    ];
    const users = await this.tenancy.getUsers(userIds);
    return roles.map((role) => ({
      role,
      createdBy: role.createdById === null ? null : (users.get(role.createdById) ?? null),
      members: members.get(role.id)!.map((membership) => ({ membership, user: users.get(membership.userId) ?? null })),
      associatedFlags: flags.get(role.id)!,
    }));
  }
}
