import { isForeignKeyViolation, isUniqueViolation, queryRows, UserRecord } from '@app/platform';
import { DomainError } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccessLevel, DEFAULT_ACCESS_LEVEL } from '../domain/flag-access';
import { FlagRoleAccess, Role, RoleErrors, RoleMembership } from '../domain/role';
import {
  FlagRoleAccessRecord,
  OrganizationResourceAccessRecord,
  RoleMembershipRecord,
  RoleRecord,
} from './role.records';

/** PostHog's resource name for the organization's feature-flag level. */
const FEATURE_FLAGS_RESOURCE = 'feature flags';

function toRole(r: RoleRecord): Role {
  return {
    id: r.id,
    organizationId: r.organizationId,
    name: r.name,
    featureFlagsAccessLevel: r.featureFlagsAccessLevel as AccessLevel,
    createdById: r.createdById,
    createdAt: r.createdAt,
  };
}

function toMembership(r: RoleMembershipRecord): RoleMembership {
  return { id: r.id, roleId: r.roleId, userId: r.userId, joinedAt: r.joinedAt, updatedAt: r.updatedAt };
}

function toFlagRoleAccess(r: FlagRoleAccessRecord): FlagRoleAccess {
  return { id: r.id, flagId: r.featureFlagId, roleId: r.roleId, addedAt: r.addedAt, updatedAt: r.updatedAt };
}

/** What `flagAccess` reads for one user of one organization. */
export interface StoredFlagAccess {
  organizationLevel: AccessLevel;
  roleLevel: AccessLevel | null;
  attachedFlagIds: Set<number>;
}

/** A flag a role has access to, as `associated_flags` and activity entries show it. */
export interface AssociatedFlag {
  id: number;
  key: string;
  projectId: number;
}

/**
 * Roles, role memberships, feature-flag role access and the organization's default levels in
 * PostgreSQL. Every role query is scoped by organization; role access by flag.
 */
@Injectable()
export class RolesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private manager(m?: EntityManager): EntityManager {
    return m ?? this.ds.manager;
  }

  // ---- the organization's default feature-flag level ----

  async organizationAccess(
    organizationId: string,
    m?: EntityManager,
  ): Promise<{ accessLevel: AccessLevel; updatedAt: Date | null }> {
    const row = await this.manager(m)
      .getRepository(OrganizationResourceAccessRecord)
      .findOneBy({ organizationId, resource: FEATURE_FLAGS_RESOURCE });
    return row
      ? { accessLevel: row.accessLevel as AccessLevel, updatedAt: row.updatedAt }
      : { accessLevel: DEFAULT_ACCESS_LEVEL, updatedAt: null };
  }

  async setOrganizationLevel(
    m: EntityManager,
    organizationId: string,
    level: AccessLevel,
    userId: number,
  ): Promise<{ accessLevel: AccessLevel; updatedAt: Date }> {
    const [row] = await queryRows<{ access_level: number; updated_at: Date }>(
      m,
      `INSERT INTO organization_resource_access (organization_id, resource, access_level, updated_by_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT pk_organization_resource_access
       DO UPDATE SET access_level = EXCLUDED.access_level, updated_by_id = EXCLUDED.updated_by_id, updated_at = now()
       RETURNING access_level, updated_at`,
      [organizationId, FEATURE_FLAGS_RESOURCE, level, userId],
    );
    return { accessLevel: row.access_level as AccessLevel, updatedAt: row.updated_at };
  }

  /**
   * In one query: the organization's level, the highest level of the user's roles in the
   * organization, and which of `flagIds` one of those roles is attached to.
   */
  async flagAccess(
    organizationId: string,
    userId: number,
    flagIds: readonly number[],
    m?: EntityManager,
  ): Promise<StoredFlagAccess> {
    const [row] = await queryRows<{ organization_level: number; role_level: number | null; attached: number[] }>(
      this.manager(m),
      `SELECT
         coalesce((SELECT access_level FROM organization_resource_access
                    WHERE organization_id = $1 AND resource = $4), $5) AS organization_level,
         (SELECT max(r.feature_flags_access_level)
            FROM role_memberships rm JOIN roles r ON r.id = rm.role_id
           WHERE rm.user_id = $2 AND r.organization_id = $1) AS role_level,
         coalesce((SELECT array_agg(DISTINCT a.feature_flag_id)
            FROM role_memberships rm
            JOIN roles r ON r.id = rm.role_id
            JOIN feature_flag_role_access a ON a.role_id = rm.role_id
           WHERE rm.user_id = $2 AND r.organization_id = $1 AND a.feature_flag_id = ANY($3::int[])), '{}') AS attached`,
      [organizationId, userId, [...flagIds], FEATURE_FLAGS_RESOURCE, DEFAULT_ACCESS_LEVEL],
    );
    return {
      organizationLevel: Number(row.organization_level) as AccessLevel,
      roleLevel: row.role_level === null ? null : (Number(row.role_level) as AccessLevel),
      attachedFlagIds: new Set(row.attached.map(Number)),
    };
  }

  // ---- roles ----

  async pageRoles(organizationId: string, limit: number, offset: number): Promise<{ count: number; roles: Role[] }> {
    const qb = this.ds
      .getRepository(RoleRecord)
      .createQueryBuilder('r')
      .where('r.organization_id = :organizationId', { organizationId });
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.id', 'ASC')
      .limit(limit)
      .offset(offset)
      .getMany();
    return { count, roles: rows.map(toRole) };
  }

  /** A role of the organization; locked for update when `lock` (inside a transaction). */
  async findRole(organizationId: string, id: string, m?: EntityManager, lock = false): Promise<Role | null> {
    const qb = this.manager(m)
      .getRepository(RoleRecord)
      .createQueryBuilder('r')
      .where('r.organization_id = :organizationId AND r.id = :id', { organizationId, id });
    if (lock) qb.setLock('pessimistic_write');
    const row = await qb.getOne();
    return row ? toRole(row) : null;
  }

  async findRoles(organizationId: string, ids: readonly string[]): Promise<Role[]> {
    if (ids.length === 0) return [];
    const rows = await this.ds
      .getRepository(RoleRecord)
      .createQueryBuilder('r')
      .where('r.organization_id = :organizationId AND r.id = ANY(:ids::uuid[])', { organizationId, ids: [...ids] })
      .getMany();
    return rows.map(toRole);
  }

  async insertRole(
    m: EntityManager,
    values: { organizationId: string; name: string; featureFlagsAccessLevel: AccessLevel; createdById: number },
  ): Promise<Role> {
    const repo = m.getRepository(RoleRecord);
    try {
      return toRole(await repo.save(repo.create(values)));
    } catch (e) {
      if (isUniqueViolation(e, 'uq_roles_organization_name')) throw RoleErrors.nameTaken();
      throw e;
    }
  }

  async updateRole(m: EntityManager, role: Role): Promise<Role> {
    try {
      await m
        .getRepository(RoleRecord)
        .update(
          { id: role.id, organizationId: role.organizationId },
          { name: role.name, featureFlagsAccessLevel: role.featureFlagsAccessLevel },
        );
    } catch (e) {
      if (isUniqueViolation(e, 'uq_roles_organization_name')) throw RoleErrors.nameTaken();
      throw e;
    }
    return (await this.findRole(role.organizationId, role.id, m))!;
  }

  /** Deletes the role; its memberships and flag access go with it (cascade). */
  async deleteRole(m: EntityManager, role: Role): Promise<void> {
    await m.getRepository(RoleRecord).delete({ id: role.id, organizationId: role.organizationId });
  }

  /** The flags each role has access to, by flag id. */
  async associatedFlags(roleIds: readonly string[], m?: EntityManager): Promise<Map<string, AssociatedFlag[]>> {
    const byRole = new Map<string, AssociatedFlag[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return byRole;
    const rows = await queryRows<{ role_id: string; id: number; key: string; project_id: number }>(
      this.manager(m),
      `SELECT a.role_id, f.id, f.key, f.project_id
         FROM feature_flag_role_access a JOIN feature_flags f ON f.id = a.feature_flag_id
        WHERE a.role_id = ANY($1::uuid[])
        ORDER BY f.id`,
      [[...roleIds]],
    );
    for (const r of rows) byRole.get(r.role_id)!.push({ id: r.id, key: r.key, projectId: r.project_id });
    return byRole;
  }

  /** Every membership of each role, oldest first. */
  async membersOf(roleIds: readonly string[]): Promise<Map<string, RoleMembership[]>> {
    const byRole = new Map<string, RoleMembership[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return byRole;
    const rows = await this.ds
      .getRepository(RoleMembershipRecord)
      .createQueryBuilder('rm')
      .where('rm.role_id = ANY(:roleIds::uuid[])', { roleIds: [...roleIds] })
      .orderBy('rm.joined_at', 'ASC')
      .addOrderBy('rm.id', 'ASC')
      .getMany();
    for (const r of rows) byRole.get(r.roleId)!.push(toMembership(r));
    return byRole;
  }

  // ---- role memberships ----

  async pageMemberships(
    roleId: string,
    limit: number,
    offset: number,
  ): Promise<{ count: number; memberships: RoleMembership[] }> {
    const qb = this.ds
      .getRepository(RoleMembershipRecord)
      .createQueryBuilder('rm')
      .where('rm.role_id = :roleId', { roleId });
    const count = await qb.getCount();
    const rows = await qb
      .orderBy('rm.joined_at', 'ASC')
      .addOrderBy('rm.id', 'ASC')
      .limit(limit)
      .offset(offset)
      .getMany();
    return { count, memberships: rows.map(toMembership) };
  }

  /** The active user with this uuid, if they belong to the organization. */
  async organizationUser(organizationId: string, uuid: string, m?: EntityManager): Promise<UserRecord | null> {
    return this.manager(m)
      .getRepository(UserRecord)
      .createQueryBuilder('u')
      .innerJoin('organization_memberships', 'om', 'om.user_id = u.id AND om.organization_id = :organizationId', {
        organizationId,
      })
      .where('u.uuid = :uuid AND u.is_active', { uuid })
      .getOne();
  }

  async insertMembership(m: EntityManager, roleId: string, userId: number): Promise<RoleMembership> {
    const repo = m.getRepository(RoleMembershipRecord);
    try {
      return toMembership(await repo.save(repo.create({ roleId, userId })));
    } catch (e) {
      if (isUniqueViolation(e, 'uq_role_memberships_role_user')) throw RoleErrors.alreadyMember();
      if (isForeignKeyViolation(e, 'fk_role_memberships_role')) throw DomainError.notFound();
      if (isForeignKeyViolation(e, 'fk_role_memberships_user')) throw RoleErrors.userMissing();
      throw e;
    }
  }

  async findMembership(roleId: string, id: string, m?: EntityManager): Promise<RoleMembership | null> {
    const row = await this.manager(m).getRepository(RoleMembershipRecord).findOneBy({ roleId, id });
    return row ? toMembership(row) : null;
  }

  /** Deletes the membership; false when it was already gone. */
  async deleteMembership(m: EntityManager, membership: RoleMembership): Promise<boolean> {
    const result = await m.getRepository(RoleMembershipRecord).delete({ id: membership.id, roleId: membership.roleId });
    return (result.affected ?? 0) > 0;
  }

  // ---- feature-flag role access ----

  async pageFlagAccess(
    flagId: number,
    limit: number,
    offset: number,
  ): Promise<{ count: number; rows: FlagRoleAccess[] }> {
    const qb = this.ds
      .getRepository(FlagRoleAccessRecord)
      .createQueryBuilder('a')
      .where('a.feature_flag_id = :flagId', { flagId });
    const count = await qb.getCount();
    const rows = await qb.orderBy('a.id', 'ASC').limit(limit).offset(offset).getMany();
    return { count, rows: rows.map(toFlagRoleAccess) };
  }

  async findFlagAccess(flagId: number, id: number, m?: EntityManager): Promise<FlagRoleAccess | null> {
    const row = await this.manager(m).getRepository(FlagRoleAccessRecord).findOneBy({ featureFlagId: flagId, id });
    return row ? toFlagRoleAccess(row) : null;
  }

  async insertFlagAccess(m: EntityManager, flagId: number, roleId: string): Promise<FlagRoleAccess> {
    const repo = m.getRepository(FlagRoleAccessRecord);
    try {
      return toFlagRoleAccess(await repo.save(repo.create({ featureFlagId: flagId, roleId })));
    } catch (e) {
      if (isUniqueViolation(e, 'uq_feature_flag_role_access_flag_role')) throw RoleErrors.accessExists();
      if (isForeignKeyViolation(e, 'fk_feature_flag_role_access_role')) throw RoleErrors.roleMissing(roleId);
      if (isForeignKeyViolation(e, 'fk_feature_flag_role_access_flag')) throw DomainError.notFound();
      throw e;
    }
  }

  /** Deletes the row; false when it was already gone. */
  async deleteFlagAccess(m: EntityManager, access: FlagRoleAccess): Promise<boolean> {
    const result = await m.getRepository(FlagRoleAccessRecord).delete({ id: access.id, featureFlagId: access.flagId });
    return (result.affected ?? 0) > 0;
  }
}
