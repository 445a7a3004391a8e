import { FlagsService } from '@app/flags';
import type { Flag, FlagView } from '@app/flags';
import { Actor, DomainError, isOrganizationAdmin, ProjectAccess } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { canManageFlagRoleAccess, needsRoleData } from './domain/flag-access';
import { FlagRoleAccess, RoleErrors } from './domain/role';
import { RolesRepository } from './persistence/roles.repository';
import { RolesService, RoleView } from './roles.service';

/** A role-access row with the flag and the role it links, as the response embeds them. */
export interface FlagRoleAccessView {
  access: FlagRoleAccess;
  flag: FlagView;
  role: RoleView;
}

/**
 * Which roles have access to a feature flag. Anyone in the organization reads it; writes follow
 * PostHog's permission (see `canManageFlagRoleAccess`).
 */
@Injectable()
export class FlagRoleAccessService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: RolesRepository,
    private readonly flags: FlagsService,
    private readonly roles: RolesService,
  ) {}

  async list(
    project: ProjectAccess,
    actor: Actor,
    flagId: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; results: FlagRoleAccessView[] }> {
    const flag = await this.flags.get(project, actor, flagId);
    const { count, rows } = await this.repo.pageFlagAccess(flag.flag.id, page.limit, page.offset);
    const roles = await this.roles.viewsByIds(
      project.organizationId,
      rows.map((r) => r.roleId),
    );
    // A row whose role went between the two reads is gone too (cascade): leave it out.
    const results = rows.flatMap((access) => {
      const role = roles.get(access.roleId);
      return role ? [{ access, flag, role }] : [];
    });
    return { count, results };
  }

  async get(project: ProjectAccess, actor: Actor, flagId: number, id: number): Promise<FlagRoleAccessView> {
    const flag = await this.flags.get(project, actor, flagId);
    const access = await this.repo.findFlagAccess(flag.flag.id, id);
    const role = access && (await this.roles.viewsByIds(project.organizationId, [access.roleId])).get(access.roleId);
    if (!access || !role) throw DomainError.notFound();
    return { access, flag, role };
  }

  /** Gives role `roleId` (of the flag's organization) access to the flag. */
  async create(project: ProjectAccess, actor: Actor, flagId: number, roleId: string): Promise<FlagRoleAccessView> {
    const flag = await this.flags.get(project, actor, flagId);
    await this.checkCanManage(project, actor, flag.flag);
    const access = await this.ds.transaction(async (m) => {
      const role = await this.roles.findRole(project.organizationId, roleId, m);
      if (!role) throw RoleErrors.roleMissing(roleId);
      const created = await this.repo.insertFlagAccess(m, flag.flag.id, role.id);
      await this.roles.recordFlagAccessChange(m, project.organizationId, actor, flag.flag, role, 'created');
      return created;
    });
    const role = (await this.roles.viewsByIds(project.organizationId, [access.roleId])).get(access.roleId)!;
    return { access, flag, role };
  }

  async remove(project: ProjectAccess, actor: Actor, flagId: number, id: number): Promise<void> {
    const flag = await this.flags.get(project, actor, flagId);
    await this.checkCanManage(project, actor, flag.flag);
    await this.ds.transaction(async (m) => {
      const access = await this.repo.findFlagAccess(flag.flag.id, id, m);
      if (!access || !(await this.repo.deleteFlagAccess(m, access))) throw DomainError.notFound();
      const role = await this.roles.findRole(project.organizationId, access.roleId, m);
      await this.roles.recordFlagAccessChange(
        m,
        project.organizationId,
        actor,
        flag.flag,
        role ?? { id: access.roleId, name: '' },
        'deleted',
      );
    });
  }

  /** PostHog's stricter rule for a flag's role access, and then the flag's own edit check. */
  private async checkCanManage(project: ProjectAccess, actor: Actor, flag: Flag): Promise<void> {
    const isAdmin = isOrganizationAdmin(project.membershipLevel);
    if (needsRoleData(actor.userId, isAdmin, flag)) {
      const stored = await this.repo.flagAccess(project.organizationId, actor.userId, []);
      if (!canManageFlagRoleAccess({ userId: actor.userId, isOrganizationAdmin: isAdmin, ...stored }, flag)) {
        throw RoleErrors.cannotManageFlagAccess();
      }
    }
    await this.flags.checkEdit(actor, project, flag);
  }
}
