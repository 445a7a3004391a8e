import { activityInsert, JsonLogger, metrics, PlatformConfig, queryRows } from '@app/platform';
import type { ActivityEntryInput } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/**
 * How long a count of a project's waiting Slack messages is trusted: other instances' messages of
 * that long may go past WEBHOOK_SLACK_PENDING_MAX (as may batches in flight, which no count sees).
 */
const SLACK_ROOM_MS = 1_000;

/** How often a project whose Slack messages are dropped is logged at most. */
const DROPPED_LOG_INTERVAL_MS = 60_000;

const slackWritten = metrics.counter(
  'post_to_slack_messages_total',
  'Slack messages written to the outbox for events whose definition has post_to_slack.',
);
const slackDropped = metrics.counter(
  'post_to_slack_messages_dropped_total',
  'Slack messages not written because the project already had WEBHOOK_SLACK_PENDING_MAX waiting to be sent.',
);

/** What a webhook can subscribe to. */
export const WEBHOOK_EVENTS = [
  'feature_flag.created',
  'feature_flag.updated',
  'feature_flag.deleted',
  'event_definition.updated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * SQL true when webhook `w` of project `p` may still be sent: its creator is unknown (created
 * before creators were kept: the admins' webhook) or an active member of the project's
 * organization. Checked when messages are written (`record`) and when they are claimed, so a
 * creator who is removed or deactivated stops their webhooks, by whatever path they lost access.
 */
export const WEBHOOK_OWNER_HAS_ACCESS = `(w.created_by_id IS NULL OR EXISTS (
  SELECT 1 FROM users wo JOIN organization_memberships om ON om.user_id = wo.id
   WHERE wo.id = w.created_by_id AND wo.is_active AND om.organization_id = p.organization_id))`;

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

/** Called after messages for project `projectId` were committed (by this process). */
export type OutboxListener = (projectId: number) => void;

/**
 * The outbox of webhooks and Slack messages: the writing end, low in the layers so that the
 * contexts whose changes are reported (flags, event definitions) write their messages in their
 * own transaction: a change never commits without its messages, and a change that rolls back
 * sends none. Slack messages for ingested events are written the same way, in the ingestion
 * transaction (`slack`). `libs/webhooks` owns the subscriptions and works the outbox off.
 *
 * `record` is one statement: the activity entry, and an indexed read when the project has no
 * subscription to the event, one row per subscription otherwise.
 */
const PENDING = 'bunting.webhookMessages';

@Injectable()
export class WebhookOutbox implements EntitySubscriberInterface {
  private readonly listeners = new Set<OutboxListener>();
  /** Per project: when its dropped Slack messages were last logged (the projects dropping least recently are forgotten first). */
  private readonly droppedLoggedAt = new LRUCache<number, number>({ max: 10_000 });
  /** Per project: room left under WEBHOOK_SLACK_PENDING_MAX as last counted, less this instance's writes since. */
  private readonly slackRoom = new LRUCache<number, { room: number }>({ max: 10_000, ttl: SLACK_ROOM_MS });

  constructor(
    @InjectDataSource() ds: DataSource,
    private readonly config: PlatformConfig,
    private readonly logger: JsonLogger,
  ) {
    ds.subscribers.push(this);
  }

  /**
   * In the change's transaction: the change's activity entry and one delivery per enabled
   * subscription of the project to `event`, in one statement. A subscription whose creator is no
   * longer an active member of the project's organization is written nothing (its creator lost
   * access; the delivery runner fails what was written before), and one whose receiver is
   * deferred (it kept timing out) gets its message due when the deferral ends. The subscriptions are read
   * `FOR KEY SHARE`, so one being deleted meanwhile is waited for and then skipped (instead of
   * failing the change on the foreign key), and a delete that comes after waits for this
   * transaction.
   */
  async record(m: EntityManager, message: WebhookMessage): Promise<void> {
    const { activity } = message;
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
          user: null,
          created_at: now,
        },
      },
    };
    const params: unknown[] = [message.projectId, message.event, JSON.stringify(payload), activity.userId];
    const entry = activityInsert(activity, params.length + 1);
    const written = await queryRows(
      m,
      `WITH activity AS (${entry.sql})
       INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload, next_attempt_at)
       SELECT w.project_id, w.id, $2,
              jsonb_set($3::jsonb, '{data,activity,user}', coalesce(
                (SELECT jsonb_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name)
                   FROM users u WHERE u.id = $4),
                '{"first_name": "System", "email": null, "is_system": true}'::jsonb)),
              greatest(now(), coalesce(w.deferred_until, now()))
         FROM webhooks w JOIN projects p ON p.id = w.project_id
        WHERE w.project_id = $1 AND w.enabled AND $2 = ANY(w.events)
          AND ${WEBHOOK_OWNER_HAS_ACCESS}
          FOR KEY SHARE OF w
       RETURNING webhook_id`,
      [...params, ...entry.params],
    );
    if (written.length === 0) return;
    this.afterCommit(m, message.projectId);
  }

  /** Listeners hear of `projectId`'s messages once `m`'s transaction commits (a delivery runner here then goes at once). */
  private afterCommit(m: EntityManager, projectId: number): void {
    const runner = m.queryRunner;
    if (runner?.isTransactionActive) {
      ((runner.data[PENDING] ??= new Set<number>()) as Set<number>).add(projectId);
    } else {
      this.emit(projectId);
    }
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint: the outer transaction decides
    const pending = runner.data[PENDING] as Set<number> | undefined;
    if (!pending) return;
    delete runner.data[PENDING];
    for (const projectId of pending) this.emit(projectId);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data[PENDING];
  }

  /**
   * In the ingestion transaction `m`: one Slack message per event of `events` (those whose
   * definition has `post_to_slack`), in one statement, so the messages commit with the events
   * or not at all. A project already holding WEBHOOK_SLACK_PENDING_MAX unsent Slack messages (a
   * Slack webhook that fails for hours under a busy event) gets no more: the rest are dropped,
   * counted (`post_to_slack_messages_dropped_total`) and logged once a minute per project.
   */
  async slack(m: EntityManager, projectId: number, events: readonly SlackEvent[]): Promise<void> {
    if (events.length === 0) return;
    const max = this.config.WEBHOOK_SLACK_PENDING_MAX;
    // Counting the waiting messages reads up to `max` index entries, every batch once Slack lags
    // (it takes about one message a second per webhook). While a count at most SLACK_ROOM_MS old,
    // less what this instance wrote since, leaves room for the whole batch, or none at all, it
    // decides instead.
    const known = this.slackRoom.get(projectId);
    if (known?.room === 0) {
      this.dropped(projectId, events.length, max);
      return;
    }
    const count = known === undefined || known.room < events.length;
    const room = count
      ? `SELECT $5::int - count(*)::int AS n FROM (
           SELECT 1 FROM webhook_deliveries
            WHERE project_id = $1 AND webhook_id IS NULL AND status = 'pending' LIMIT $5) AS waiting`
      : 'SELECT $5::int AS n';
    const [{ n, remaining }] = await queryRows<{ n: number; remaining: number }>(
      m,
      `WITH room AS (${room}), written AS (
         INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload)
         SELECT $1, NULL, 'slack', jsonb_build_object('event', e.event, 'distinct_id', e.distinct_id, 'timestamp', e.ts)
           FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS e(event, distinct_id, ts, i), room
          WHERE e.i <= room.n
         RETURNING 1
       )
       SELECT count(*)::int AS n, (SELECT n FROM room) - count(*)::int AS remaining FROM written`,
      [
        projectId,
        events.map((e) => e.event),
        events.map((e) => e.distinctId),
        events.map((e) => e.timestamp.toISOString()),
        count ? max : known.room,
      ],
    );
    if (count) this.slackRoom.set(projectId, { room: remaining });
    else known.room -= n;
    if (n > 0) {
      slackWritten.inc({}, n);
      this.afterCommit(m, projectId);
    }
    if (n < events.length) this.dropped(projectId, events.length - n, max);
  }

  private dropped(projectId: number, count: number, max: number): void {
    slackDropped.inc({}, count);
    const now = Date.now();
    if (now - (this.droppedLoggedAt.get(projectId) ?? 0) < DROPPED_LOG_INTERVAL_MS) return;
    this.droppedLoggedAt.set(projectId, now);
    this.logger.entry('warn', 'post_to_slack messages dropped: too many waiting to be sent', {
      project_id: projectId,
      messages: count,
      pending_max: max,
    });
  }

  /**
   * `listener` hears of the messages this process commits (a delivery runner here goes at once
   * instead of at its next poll); returns the unsubscribe function.
   */
  subscribe(listener: OutboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(projectId: number): void {
    for (const listener of this.listeners) listener(projectId);
  }
}
