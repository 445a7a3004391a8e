import type { FlagEditPolicy, FlagEditRequest } from '@app/flags';
import { isOrganizationAdmin } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { canEditFlag, needsRoleData } from './domain/flag-access';
import { RolesRepository } from './persistence/roles.repository';

/**
 * PostHog's edit rule for flags, registered with flags' `FlagEditPolicies`. One query per call
 * whatever the number of flags (none when the caller is an admin or created them all).
 */
@Injectable()
export class RoleFlagEditPolicy implements FlagEditPolicy {
  constructor(private readonly repo: RolesRepository) {}

  async editableFlags(request: FlagEditRequest): Promise<ReadonlySet<number>> {
    const { userId, organizationId, flags } = request;
    const isAdmin = isOrganizationAdmin(request.membershipLevel);
    const open = flags.filter((f) => needsRoleData(userId, isAdmin, f));
    if (open.length === 0) return new Set(flags.map((f) => f.id));
    const stored = await this.repo.flagAccess(
      organizationId,
      userId,
      open.map((f) => f.id),
      request.manager,
    );
    const access = { userId, isOrganizationAdmin: isAdmin, ...stored };
    return new Set(flags.filter((f) => canEditFlag(access, f)).map((f) => f.id));
  }
}
