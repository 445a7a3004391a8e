import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A flag as an edit policy sees it. */
export interface FlagEditSubject {
  id: number;
  createdById: number | null;
}

/** Which flags of one organization a user wants to edit. */
export interface FlagEditRequest {
  userId: number;
  organizationId: string;
  /** The user's membership level in that organization (1 member, 8 admin, 15 owner). */
  membershipLevel: number;
  flags: readonly FlagEditSubject[];
  /** The caller's transaction when the check runs inside one: every query must use it. */
  manager?: EntityManager;
}

/**
 * A rule that may forbid editing flags, e.g. role-based access. It answers for a whole page of
 * flags with a fixed number of queries, never one per flag.
 */
export interface FlagEditPolicy {
  /** The ids among `request.flags` the user may edit. */
  editableFlags(request: FlagEditRequest): Promise<ReadonlySet<number>>;
}

/**
 * Where other contexts register their `FlagEditPolicy` (from their module's `onModuleInit`), so
 * that flags does not depend on them. A flag is editable when every registered policy allows
 * it; with none registered, every flag is.
 */
@Injectable()
export class FlagEditPolicies {
  private readonly policies: FlagEditPolicy[] = [];

  register(policy: FlagEditPolicy): void {
    this.policies.push(policy);
  }

  async editableFlags(request: FlagEditRequest): Promise<Set<number>> {
    let allowed = new Set(request.flags.map((f) => f.id));
    for (const policy of this.policies) {
      if (allowed.size === 0) break;
      const flags = request.flags.filter((f) => allowed.has(f.id));
      const ok = await policy.editableFlags({ ...request, flags });
      allowed = new Set([...allowed].filter((id) => ok.has(id)));
    }
    return allowed;
  }
}
