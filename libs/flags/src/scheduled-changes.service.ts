import {
  activityDetail,
  ActivityLogService,
  diffChanges,
  DomainError,
  isOrganizationAdmin,
  JsonLogger,
  TenancyService,
  translateDatabaseError,
  UserRecord,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Flag, FLAG_SCOPE } from './domain/flag';
import {
  checkCanManage,
  checkSchedule,
  flagChangeOf,
  MAX_PENDING_SCHEDULED_CHANGES,
  nextOccurrence,
  SCHEDULE_ACTIVITY_FIELDS,
  ScheduledChange,
  scheduleSnapshot,
  ScheduleInput,
} from './domain/scheduled-change';
import { FlagsService } from './flags.service';
import { ScheduledChangesRepository } from './persistence/scheduled-changes.repository';

/** Failures worth another try (the database went away); anything else fails the change for good. */
const MAX_ATTEMPTS = 5;

/**
 * Due changes one project runs in its turn before the next project's turn: a project's backlog
 * delays another project's change by at most this many runs per project ahead of it.
 */
export const SCHEDULED_CHANGES_PER_TURN = 10;

/** Projects one round of turns visits (those waiting longest first); the rest in the next round. */
const PROJECTS_PER_ROUND = 1000;

export interface ScheduledChangeView {
  change: ScheduledChange;
  createdBy: UserRecord | null;
  runAs: UserRecord | null;
}

/** What one pass of the runner did. */
export interface RunSummary {
  executed: number;
  failed: number;
}

/**
 * Scheduled changes to flags (PostHog's API): kept per project (at most
 * MAX_PENDING_SCHEDULED_CHANGES pending), edited or deleted only by their creator or an
 * organization admin, run when due by whichever process runs the scheduler, each exactly once: a
 * runner claims one due change with `FOR UPDATE SKIP LOCKED` and applies it, as the user it runs
 * as (`runAsId`: the creator, or the admin who edited it), in the claim's transaction, so the
 * flag's change and the schedule's record commit together or not at all. Projects take turns.
 */
@Injectable()
export class ScheduledChangesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: ScheduledChangesRepository,
    private readonly flags: FlagsService,
    private readonly tenancy: TenancyService,
    private readonly activityLog: ActivityLogService,
    private readonly logger: JsonLogger,
  ) {}

  async list(
    scope: ProjectAccess,
    filter: { modelName?: string; recordId?: string },
    page: { limit: number; offset: number },
  ): Promise<{ count: number; changes: ScheduledChangeView[] }> {
    const { count, changes } = await this.repo.list(scope.id, filter, page);
    return { count, changes: await this.views(changes) };
  }

  async get(scope: ProjectAccess, id: number): Promise<ScheduledChangeView> {
    const change = await this.repo.find(this.ds, scope.id, id);
    if (!change) throw DomainError.notFound();
    return (await this.views([change]))[0];
  }

  /** A new schedule; the caller must be allowed to edit the flag it targets. */
  async create(
    scope: ProjectAccess,
    actor: Actor,
    input: ScheduleInput,
    now = new Date(),
  ): Promise<ScheduledChangeView> {
    const fields = checkSchedule(input, now);
    const change = await this.ds.transaction(async (m) => {
      await this.checkTarget(scope, actor, fields.recordId, m);
      if ((await this.repo.countPendingLocked(m, scope.id)) >= MAX_PENDING_SCHEDULED_CHANGES) {
        throw DomainError.invalid(
          `A project may have at most ${MAX_PENDING_SCHEDULED_CHANGES} pending scheduled changes.`,
          'scheduled_at',
          'max_scheduled_changes',
        );
      }
      return this.repo.insert(m, scope.id, actor.userId, fields);
    });
    return (await this.views([change]))[0];
  }

  async update(
    scope: ProjectAccess,
    actor: Actor,
    id: number,
    input: ScheduleInput,
    now = new Date(),
  ): Promise<ScheduledChangeView> {
    const change = await this.ds.transaction(async (m) => {
      const current = await this.repo.find(m, scope.id, id, true);
      if (!current) throw DomainError.notFound();
      checkCanManage(current, actor.userId, isOrganizationAdmin(scope.membershipLevel));
      const fields = checkSchedule(input, now, current);
      const flag = await this.checkTarget(scope, actor, current.recordId, m);
      const saved = await this.repo.update(m, id, fields, actor.userId);
      const changes = diffChanges(
        'ScheduledChange',
        scheduleSnapshot(current),
        scheduleSnapshot(saved),
        SCHEDULE_ACTIVITY_FIELDS,
      );
      if (changes.length > 0)
        await this.recordActivity(m, scope, actor, flag, saved, 'scheduled_change_updated', changes);
      return saved;
    });
    return (await this.views([change]))[0];
  }

  async delete(scope: ProjectAccess, actor: Actor, id: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.repo.find(m, scope.id, id, true);
      if (!current) throw DomainError.notFound();
      checkCanManage(current, actor.userId, isOrganizationAdmin(scope.membershipLevel));
      const flag = await this.checkTarget(scope, actor, current.recordId, m);
      await this.repo.delete(m, scope.id, id);
      const changes = diffChanges('ScheduledChange', scheduleSnapshot(current), {}, SCHEDULE_ACTIVITY_FIELDS);
      await this.recordActivity(m, scope, actor, flag, current, 'scheduled_change_deleted', changes);
    });
  }

  /**
   * An edit or a deletion of a change, in the flag's activity (no `version` in it: versions are
   * rebuilt from the flag's own entries only).
   */
  private async recordActivity(
    m: EntityManager,
    scope: ProjectAccess,
    actor: Actor,
    flag: Flag,
    change: ScheduledChange,
    activity: string,
    changes: ReturnType<typeof diffChanges>,
  ): Promise<void> {
    await this.activityLog.record(m, {
      organizationId: scope.organizationId,
      projectId: scope.id,
      userId: actor.userId,
      scope: FLAG_SCOPE,
      itemId: String(flag.id),
      activity,
      detail: activityDetail(flag.key, changes, change.id),
    });
  }

  /**
   * Runs every change due at `now`, one transaction each, until none is left that another
   * process does not hold. Projects take turns: each round, every project with due changes (the
   * one waiting longest first) runs at most SCHEDULED_CHANGES_PER_TURN of them, oldest first,
   * before the next project's turn, so one project's backlog holds another's change back by at
   * most one turn per project ahead of it. Returns what it did; a change's own failure is
   * recorded on it.
   */
  async runDue(now: Date = new Date()): Promise<RunSummary> {
    const summary: RunSummary = { executed: 0, failed: 0 };
    for (;;) {
      const projects = await this.repo.dueProjects(this.ds, now, PROJECTS_PER_ROUND);
      let ranAny = false;
      for (const projectId of projects) {
        for (let i = 0; i < SCHEDULED_CHANGES_PER_TURN; i++) {
          const ran = await this.runOne(projectId, now);
          if (ran === null) break;
          summary[ran]++;
          ranAny = true;
        }
      }
      // nothing due, or all of it held by other processes
      if (!ranAny) return summary;
    }
  }

  private async runOne(projectId: number, now: Date): Promise<'executed' | 'failed' | null> {
    let retry: { change: ScheduledChange; error: unknown } | null = null;
    const outcome = await this.ds
      .transaction(async (m) => {
        const change = await this.repo.claimDue(m, projectId, now);
        if (!change) return null;
        try {
          // A savepoint: a change that fails leaves nothing of the flag's half-applied change.
          await m.transaction(async (inner) => {
            await this.flags.changeOnBehalf(
              inner,
              change.projectId,
              change.runAsId,
              flagIdOf(change.recordId),
              (flag) => flagChangeOf(flag, change.payload),
              { job_type: 'scheduled_change', job_id: String(change.id), payload: change.payload },
            );
          });
        } catch (error) {
          if (isTransient(error)) {
            retry = { change, error };
            throw error;
          }
          await this.repo.recordRun(m, change.id, {
            executedAt: now,
            failureReason: failureReason(error),
            failureCount: change.failureCount + 1,
            lastExecutedAt: change.lastExecutedAt,
            scheduledAt: change.scheduledAt,
          });
          this.logger.entry(error instanceof DomainError ? 'info' : 'error', 'scheduled change failed', {
            id: change.id,
            reason: failureReason(error),
            ...(error instanceof DomainError ? {} : { error: String(error) }),
          });
          return 'failed' as const;
        }
        const next = change.isRecurring ? nextOccurrence(change, now) : null;
        await this.repo.recordRun(m, change.id, {
          executedAt: next ? null : now,
          failureReason: null,
          failureCount: 0,
          lastExecutedAt: now,
          scheduledAt: next ?? change.scheduledAt,
        });
        return 'executed' as const;
      })
      .catch(async (error: unknown) => {
        if (!retry) throw error;
        await this.countAttempt(retry.change, now, error);
        return 'failed' as const;
      });
    return outcome;
  }

  /** A failure of the database itself: counted, retried by the next pass, given up after five. */
  private async countAttempt(change: ScheduledChange, now: Date, error: unknown): Promise<void> {
    const attempts = change.failureCount + 1;
    const reason = `${failureReason(error)} (attempt ${attempts} of ${MAX_ATTEMPTS})`;
    this.logger.entry('warn', 'scheduled change could not run', { id: change.id, reason });
    await this.ds
      .transaction((m) =>
        this.repo.recordRun(m, change.id, {
          executedAt: attempts >= MAX_ATTEMPTS ? now : null,
          failureReason: reason.slice(0, 400),
          failureCount: attempts,
          lastExecutedAt: change.lastExecutedAt,
          scheduledAt: change.scheduledAt,
        }),
      )
      .catch(() => {}); // still unreachable: the next pass counts again
  }

  /** 400 unless the target is a flag of the project the caller may edit (PostHog's check at save). */
  private async checkTarget(scope: ProjectAccess, actor: Actor, recordId: string, m: EntityManager): Promise<Flag> {
    const flagId = flagIdOf(recordId);
    try {
      return await this.flags.editable(scope, actor, flagId, m);
    } catch (e) {
      if (e instanceof DomainError && e.kind === 'not_found')
        throw DomainError.invalid('Feature flag not found', 'record_id');
      if (e instanceof DomainError && e.kind === 'forbidden') {
        throw DomainError.invalid("You don't have edit permissions for this feature flag", 'record_id');
      }
      throw e;
    }
  }

  private async views(changes: ScheduledChange[]): Promise<ScheduledChangeView[]> {
    const ids = [
      ...new Set(changes.flatMap((c) => [c.createdById, c.runAsId]).filter((id): id is number => id !== null)),
    ];
    const users = await this.tenancy.getUsers(ids);
    const user = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
    return changes.map((change) => ({ change, createdBy: user(change.createdById), runAs: user(change.runAsId) }));
  }
}

/** The database went away or took too long: the change itself is not at fault. */
function isTransient(error: unknown): boolean {
  const kind = translateDatabaseError(error)?.kind;
  return kind === 'unavailable' || kind === 'timeout';
}

/** A flag id as a record id names it; anything else names no flag (0 matches none). */
function flagIdOf(recordId: string): number {
  return /^\d{1,10}$/.test(recordId) && Number(recordId) <= 2_147_483_647 ? Number(recordId) : 0;
}

/** What a failed change records: the refusal's own words (a 4xx's detail), never a stack. */
function failureReason(error: unknown): string {
  if (error instanceof DomainError) {
    const detail = error.kind === 'not_found' ? 'Feature flag not found' : error.detail;
    return (error.attr && error.kind === 'invalid' ? `${error.attr}: ${detail}` : detail).slice(0, 400);
  }
  return 'Internal error while applying the change'.slice(0, 400);
}
