import { queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RecurrenceInterval, ScheduledChange, ScheduledPayload, ScheduleFields } from '../domain/scheduled-change';

type Db = DataSource | EntityManager;

interface ScheduledChangeRow {
  id: string;
  project_id: number;
  record_id: string;
  model_name: string;
  payload: ScheduledPayload;
  scheduled_at: Date;
  executed_at: Date | null;
  failure_reason: string | null;
  failure_count: number;
  is_recurring: boolean;
  recurrence_interval: RecurrenceInterval | null;
  cron_expression: string | null;
  last_executed_at: Date | null;
  end_date: Date | null;
  created_by_id: number | null;
  run_as_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, project_id, record_id, model_name, payload, scheduled_at, executed_at, failure_reason, failure_count,
  is_recurring, recurrence_interval, cron_expression, last_executed_at, end_date, created_by_id, run_as_id, created_at, updated_at`;

// Arbitrary constant: the first key of the two-key advisory lock that orders a project's creates (the cap).
const PENDING_CAP_LOCK = 1_766_700_000;

function toChange(r: ScheduledChangeRow): ScheduledChange {
  return {
    id: Number(r.id),
    projectId: r.project_id,
    recordId: r.record_id,
    modelName: r.model_name,
    payload: r.payload,
    scheduledAt: r.scheduled_at,
    executedAt: r.executed_at,
    failureReason: r.failure_reason,
    failureCount: r.failure_count,
    isRecurring: r.is_recurring,
    recurrenceInterval: r.recurrence_interval,
    cronExpression: r.cron_expression,
    lastExecutedAt: r.last_executed_at,
    endDate: r.end_date,
    createdById: r.created_by_id,
    runAsId: r.run_as_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** What one run of a change leaves behind. */
export interface RunOutcome {
  /** Set when the change is over (applied once, failed for good, or its recurrence ended). */
  executedAt: Date | null;
  failureReason: string | null;
  failureCount: number;
  lastExecutedAt: Date | null;
  /** A recurring change's next occurrence. */
  scheduledAt: Date;
}

/** Scheduled changes, scoped by project; the runner's claim is `FOR UPDATE SKIP LOCKED`. */
@Injectable()
export class ScheduledChangesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(
    projectId: number,
    filter: { modelName?: string; recordId?: string },
    page: { limit: number; offset: number },
  ): Promise<{ count: number; changes: ScheduledChange[] }> {
    const where = ['project_id = $1'];
    const params: unknown[] = [projectId];
    if (filter.modelName !== undefined) where.push(`model_name = $${params.push(filter.modelName)}`);
    if (filter.recordId !== undefined) where.push(`record_id = $${params.push(filter.recordId)}`);
    const [{ count }] = await queryRows<{ count: string }>(
      this.ds,
      `SELECT count(*) AS count FROM scheduled_changes WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await queryRows<ScheduledChangeRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM scheduled_changes WHERE ${where.join(' AND ')}
        ORDER BY scheduled_at DESC, id DESC LIMIT $${params.push(page.limit)} OFFSET $${params.push(page.offset)}`,
      params,
    );
    return { count: Number(count), changes: rows.map(toChange) };
  }

  async find(db: Db, projectId: number, id: number, lock = false): Promise<ScheduledChange | null> {
    const rows = await queryRows<ScheduledChangeRow>(
      db,
      `SELECT ${COLUMNS} FROM scheduled_changes WHERE project_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toChange(rows[0]);
  }

  async insert(db: Db, projectId: number, userId: number, f: ScheduleFields): Promise<ScheduledChange> {
    const rows = await queryRows<ScheduledChangeRow>(
      db,
      `INSERT INTO scheduled_changes (project_id, record_id, model_name, payload, scheduled_at, is_recurring,
         recurrence_interval, cron_expression, end_date, created_by_id, run_as_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${COLUMNS}`,
      [
        projectId,
        f.recordId,
        f.modelName,
        JSON.stringify(f.payload),
        f.scheduledAt,
        f.isRecurring,
        f.recurrenceInterval,
        f.cronExpression,
        f.endDate,
        userId,
      ],
    );
    return toChange(rows[0]);
  }

  /** Saves the fields; the change runs as `editorId` from now on. */
  async update(db: Db, id: number, f: ScheduleFields, editorId: number): Promise<ScheduledChange> {
    const rows = await queryRows<ScheduledChangeRow>(
      db,
      `UPDATE scheduled_changes SET payload = $2, scheduled_at = $3, is_recurring = $4, recurrence_interval = $5,
         cron_expression = $6, end_date = $7, run_as_id = $8, updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        JSON.stringify(f.payload),
        f.scheduledAt,
        f.isRecurring,
        f.recurrenceInterval,
        f.cronExpression,
        f.endDate,
        editorId,
      ],
    );
    return toChange(rows[0]);
  }

  /**
   * The project's pending changes, counted under a lock on the project's creates (held until the
   * transaction ends), so that concurrent creates cannot pass the cap together.
   */
  async countPendingLocked(m: EntityManager, projectId: number): Promise<number> {
    await m.query('SELECT pg_advisory_xact_lock($1, $2)', [PENDING_CAP_LOCK, projectId]);
    const [{ count }] = await queryRows<{ count: number }>(
      m,
      `SELECT count(*)::int AS count FROM scheduled_changes WHERE project_id = $1 AND executed_at IS NULL`,
      [projectId],
    );
    return count;
  }

  async delete(db: Db, projectId: number, id: number): Promise<boolean> {
    const rows = await queryRows(db, `DELETE FROM scheduled_changes WHERE project_id = $1 AND id = $2 RETURNING id`, [
      projectId,
      id,
    ]);
    return rows.length > 0;
  }

  /**
   * The projects with changes due at `now`, the one whose change has waited longest first (at most
   * `limit`; the rest come in the next round).
   */
  async dueProjects(db: Db, now: Date, limit: number): Promise<number[]> {
    const rows = await queryRows<{ project_id: number }>(
      db,
      `SELECT project_id FROM scheduled_changes WHERE executed_at IS NULL AND scheduled_at <= $1
        GROUP BY project_id ORDER BY min(scheduled_at), project_id LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.project_id);
  }

  /**
   * The project's oldest change due at `now` that no other process holds, locked until the
   * transaction ends: two runners never take the same one, and a runner that dies gives it back.
   */
  async claimDue(m: EntityManager, projectId: number, now: Date): Promise<ScheduledChange | null> {
    const rows = await queryRows<ScheduledChangeRow>(
      m,
      `SELECT ${COLUMNS} FROM scheduled_changes
        WHERE project_id = $1 AND executed_at IS NULL AND scheduled_at <= $2
        ORDER BY scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [projectId, now],
    );
    return rows.length === 0 ? null : toChange(rows[0]);
  }

  async recordRun(m: EntityManager, id: number, outcome: RunOutcome): Promise<void> {
    await m.query(
      `UPDATE scheduled_changes SET executed_at = $2, failure_reason = $3, failure_count = $4, last_executed_at = $5,
         scheduled_at = $6, updated_at = now()
       WHERE id = $1`,
      [
        id,
        outcome.executedAt,
        outcome.failureReason,
        outcome.failureCount,
        outcome.lastExecutedAt,
        outcome.scheduledAt,
      ],
    );
  }
}
