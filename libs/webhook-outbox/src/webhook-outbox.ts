import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ActivityEntryInput } from '@app/platform';

/** What a webhook can subscribe to. */
export const WEBHOOK_EVENTS = [
  'feature_flag.created',
  'feature_flag.updated',
  'feature_flag.deleted',
  'event_definition.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A change to report: the object as it is after the change and the activity entry that records it. */
export interface WebhookMessage {
  projectId: number;
  event: WebhookEvent;
  object: Record<string, unknown>;
  activity: ActivityEntryInput;
}

/** One stored event whose definition has `post_to_slack`. */
export interface SlackEvent {
  event: string;
  distinctId: string;
  timestamp: Date;
}

/** Called after Slack messages were written for project `projectId` (in this process, committed). */
export type OutboxListener = (projectId: number) => void;

/**
 * The outbox of webhooks and Slack messages: the writing end, low in the layers so that the
 * contexts whose changes are reported (flags, event definitions) write their messages in their
 * own transaction: a change never commits without its messages, and a change that rolls back
 * sends none. `libs/webhooks` owns the subscriptions and works the outbox off.
 *
 * `record` costs one indexed read when the project has no subscription to the event, and one
 * row per subscription otherwise.
 */
@Injectable()
export class WebhookOutbox {
  private readonly listeners = new Set<OutboxListener>();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** In the change's transaction: one delivery per enabled subscription of the project to `event`. */
  async record(m: EntityManager, message: WebhookMessage): Promise<void> {
    const hooks: Array<{ id: string }> = await m.query(
      `SELECT id FROM webhooks WHERE project_id = $1 AND enabled AND $2 = ANY(events)`,
      [message.projectId, message.event],
    );
    if (hooks.length === 0) return;
    const { activity } = message;
    const users: Array<{ id: number; email: string; first_name: string }> =
      activity.userId === null
        ? []
        : await m.query(`SELECT id, email, first_name FROM users WHERE id = $1`, [activity.userId]);
    const now = new Date().toISOString();
    const payload = {
      type: message.event,
      timestamp: now,
      data: {
        object: message.object,
        activity: {
          activity: activity.activity,
          scope: activity.scope,
          item_id: activity.itemId,
          detail: activity.detail,
          user: users[0]
            ? { id: users[0].id, email: users[0].email, first_name: users[0].first_name }
            : { first_name: 'System', email: null, is_system: true },
          created_at: now,
        },
      },
    };
    await m.query(
      `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload)
       SELECT $1, id, $2, $3::jsonb FROM unnest($4::bigint[]) AS id`,
      [message.projectId, message.event, JSON.stringify(payload), hooks.map((h) => h.id)],
    );
  }

  /** Slack messages for `events` (one statement; after ingestion committed them). */
  async slack(projectId: number, events: readonly SlackEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.ds.query(
      `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload)
       SELECT $1, NULL, 'slack', jsonb_build_object('event', e.event, 'distinct_id', e.distinct_id, 'timestamp', e.ts)
         FROM unnest($2::text[], $3::text[], $4::text[]) AS e(event, distinct_id, ts)`,
      [
        projectId,
        events.map((e) => e.event),
        events.map((e) => e.distinctId),
        events.map((e) => e.timestamp.toISOString()),
      ],
    );
    this.emit(projectId);
  }

  /**
   * `listener` hears of the Slack messages this process writes (a delivery runner here can go at
   * once instead of at its next poll); returns the unsubscribe function.
   */
  subscribe(listener: OutboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(projectId: number): void {
    for (const listener of this.listeners) listener(projectId);
  }
}
