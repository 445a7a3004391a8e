import { Injectable } from '@nestjs/common';
import { isUuid } from '../domain/text';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../errors/domain-error';
import { OrganizationAccess } from './actor';
import { MEMBERSHIP_LEVELS, memberChangeRefusal, memberRemovalRefusal } from './membership';
import { MembershipRecord, UserRecord } from './tenancy.records';
import { Slice, TenancyService } from './tenancy.service';

export interface Member {
  membership: MembershipRecord;
  user: UserRecord;
}

/** An organization's members: listed by any member, changed and removed by PostHog's rules. */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tenancy: TenancyService,
  ) {}

  async list(organizationId: string, limit: number, offset: number): Promise<Slice<Member>> {
    const [memberships, count] = await this.ds.getRepository(MembershipRecord).findAndCount({
      where: { organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: offset,
      take: limit,
    });
    const users = await this.tenancy.getUsers(memberships.map((m) => m.userId));
    return { count, rows: memberships.map((membership) => ({ membership, user: users.get(membership.userId)! })) };
  }

  /** Sets a member's level; making someone owner makes the acting owner an admin, in one transaction. */
  async changeLevel(
    actor: { userId: number },
    org: OrganizationAccess,
    userUuid: string,
    level: number,
  ): Promise<Member> {
    return this.ds.transaction(async (m) => {
      const { target, actorLevel } = await this.lockPair(m, org.id, actor.userId, userUuid);
      const refusal = memberChangeRefusal(
        { userId: actor.userId, level: actorLevel },
        { userId: target.membership.userId, level: target.membership.level },
        level,
      );
      if (refusal) throw DomainError.forbidden(refusal);
      if (level === MEMBERSHIP_LEVELS.owner) {
        await m.query(
          `UPDATE organization_memberships SET level = $3, updated_at = now() WHERE organization_id = $1 AND user_id = $2`,
          [org.id, actor.userId, MEMBERSHIP_LEVELS.admin],
        );
      }
      await m.query(`UPDATE organization_memberships SET level = $2, updated_at = now() WHERE id = $1`, [
        target.membership.id,
        level,
      ]);
      const membership = await m.getRepository(MembershipRecord).findOneByOrFail({ id: target.membership.id });
      return { membership, user: target.user };
    });
  }

  /** Removes a member (or the actor leaving); their keys stay theirs but reach nothing here. */
  async remove(actor: { userId: number }, org: OrganizationAccess, userUuid: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      const { target, actorLevel } = await this.lockPair(m, org.id, actor.userId, userUuid);
      const refusal = memberRemovalRefusal(
        { userId: actor.userId, level: actorLevel },
        { userId: target.membership.userId, level: target.membership.level },
      );
      if (refusal) throw DomainError.forbidden(refusal);
      await m.query(`DELETE FROM organization_memberships WHERE id = $1`, [target.membership.id]);
      // Their current organization and project move to another they belong to, or to none.
      await m.query(
        `UPDATE users u SET
           current_organization_id = (SELECT organization_id FROM organization_memberships WHERE user_id = u.id ORDER BY created_at LIMIT 1),
           current_project_id = (SELECT min(p.id) FROM projects p JOIN organization_memberships om ON om.organization_id = p.organization_id
                                  WHERE om.user_id = u.id)
         WHERE u.id = $1 AND u.current_organization_id = $2`,
        [target.membership.userId, org.id],
      );
    });
  }

  /**
   * The target's membership and the actor's level as of this transaction, both rows locked in
   * one statement (in id order, so two admins changing each other cannot deadlock). 404 when
   * the uuid names no member.
   */
  private async lockPair(
    m: EntityManager,
    organizationId: string,
    actorUserId: number,
    userUuid: string,
  ): Promise<{ target: Member; actorLevel: number }> {
    if (!isUuid(userUuid)) throw DomainError.notFound();
    const user = await m.getRepository(UserRecord).findOneBy({ uuid: userUuid });
    if (!user) throw DomainError.notFound();
    const rows: Array<{ id: string; user_id: number; level: number }> = await m.query(
      `SELECT id, user_id, level FROM organization_memberships
        WHERE organization_id = $1 AND user_id = ANY($2::int[]) ORDER BY id FOR UPDATE`,
      [organizationId, [actorUserId, user.id]],
    );
    const row = rows.find((r) => r.user_id === user.id);
    if (!row) throw DomainError.notFound();
    const membership = await m.getRepository(MembershipRecord).findOneByOrFail({ id: row.id });
    return { target: { membership, user }, actorLevel: rows.find((r) => r.user_id === actorUserId)?.level ?? 0 };
  }
}
