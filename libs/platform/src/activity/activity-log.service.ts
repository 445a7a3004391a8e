import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ActivityDetail } from './activity-diff';

export interface ActivityEntryInput {
  organizationId: string;
  projectId: number | null;
  /** null for changes the system made on its own (the deletion batch, ingestion). */
  userId: number | null;
  scope: string;
  itemId: string | null;
  activity: string;
  detail: ActivityDetail;
}

/** An activity entry as PostHog's activity endpoints return it. */
export interface ActivityEntry {
  id: string;
  user: { first_name: string; email: string | null; is_system?: boolean };
  activity: string;
  scope: string;
  item_id: string | null;
  detail: ActivityDetail;
  created_at: string;
}

export interface ActivityFilter {
  projectId: number;
  scope: string;
  itemId?: string;
}

/**
 * The statement that writes `entry`, its parameters numbered from `$first`: `record` runs it, and
 * a writer that records more of the same change in one statement (the webhook outbox) embeds it.
 */
export function activityInsert(entry: ActivityEntryInput, first = 1): { sql: string; params: unknown[] } {
  const params = [
    entry.organizationId,
    entry.projectId,
    entry.userId,
    entry.userId === null,
    entry.scope,
    entry.itemId,
    entry.activity,
    JSON.stringify(entry.detail),
  ];
  const values = params.map((_, i) => `$${first + i}`).join(', ');
  return {
    sql: `INSERT INTO activity_log (organization_id, project_id, user_id, is_system, scope, item_id, activity, detail)
       VALUES (${values})`,
    params,
  };
}

/** The shared activity log every context writes to, in the caller's transaction. */
@Injectable()
export class ActivityLogService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async record(manager: EntityManager, entry: ActivityEntryInput): Promise<void> {
    const { sql, params } = activityInsert(entry);
    await manager.query(sql, params);
  }

  /**
   * The change history of one item, newest first, at most `limit` entries: what reconstructing
   * an earlier version walks back through (`manager` inside a transaction).
   */
  async history(
    filter: Required<ActivityFilter>,
    limit: number,
    manager?: EntityManager,
  ): Promise<Array<{ detail: ActivityDetail; createdAt: Date; userId: number | null }>> {
    const rows: Array<{ detail: ActivityDetail; created_at: Date; user_id: number | null }> = await (
      manager ?? this.ds
    ).query(
      `SELECT detail, created_at, user_id FROM activity_log
        WHERE project_id = $1 AND scope = $2 AND item_id = $3
        ORDER BY created_at DESC, id DESC LIMIT $4`,
      [filter.projectId, filter.scope, filter.itemId, limit],
    );
    return rows.map((r) => ({ detail: r.detail, createdAt: r.created_at, userId: r.user_id }));
  }

  /** Entries newest first, one page (1-based) of `limit`, with the total. */
  async list(
    filter: ActivityFilter,
    page: number,
    limit: number,
  ): Promise<{ total: number; results: ActivityEntry[] }> {
    const params: unknown[] = [filter.projectId, filter.scope];
    let where = 'a.project_id = $1 AND a.scope = $2';
    if (filter.itemId !== undefined) {
      params.push(filter.itemId);
      where += ` AND a.item_id = $${params.length}`;
    }
    const [{ total }] = await this.ds.query(`SELECT count(*) AS total FROM activity_log a WHERE ${where}`, params);
    const rows: Array<{
      id: string;
      activity: string;
      scope: string;
      item_id: string | null;
      detail: ActivityDetail;
      created_at: Date;
      is_system: boolean;
      first_name: string | null;
      email: string | null;
    }> = await this.ds.query(
      `SELECT a.id, a.activity, a.scope, a.item_id, a.detail, a.created_at, a.is_system, u.first_name, u.email
         FROM activity_log a LEFT JOIN users u ON u.id = a.user_id
        WHERE ${where}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, (page - 1) * limit],
    );
    return {
      total,
      results: rows.map((r) => ({
        id: r.id,
        user: r.is_system
          ? { first_name: 'System', email: null, is_system: true }
          : { first_name: r.first_name ?? '', email: r.email },
        activity: r.activity,
        scope: r.scope,
        item_id: r.item_id,
        detail: r.detail,
        created_at: r.created_at.toISOString(),
      })),
    };
  }
}
