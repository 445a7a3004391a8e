import { JsonLogger, metrics } from '@app/platform';
import type { ActivityEntryInput } from '@app/platform';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

/** Slack messages one INSERT writes at most. */
const SLACK_WRITE_MAX = 5_000;
/** Slack messages waiting to be written past which ingestion waits for the write. */
const SLACK_BUFFER_MAX = 20_000;

const slackWritten = metrics.counter(
  'post_to_slack_messages_total',
  'Slack messages written to the outbox for events whose definition has post_to_slack.',
);
const slackLost = metrics.counter(
  'post_to_slack_messages_lost_total',
  'Slack messages that could not be written to the outbox (logged; the events are stored).',
);

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

/** Called after messages for project `projectId` were committed (by this process). */
export type OutboxListener = (projectId: number) => void;

/**
 * The outbox of webhooks and Slack messages: the writing end, low in the layers so that the
 * contexts whose changes are reported (flags, event definitions) write their messages in their
 * own transaction: a change never commits without its messages, and a change that rolls back
 * sends none. Slack messages for ingested events are written just after the events (`slack`).
 * `libs/webhooks` owns the subscriptions and works the outbox off.
 *
 * `record` costs one indexed read when the project has no subscription to the event, and one
 * row per subscription otherwise.
 */
const PENDING = 'bunting.webhookMessages';

@Injectable()
export class WebhookOutbox implements BeforeApplicationShutdown, EntitySubscriberInterface {
  private readonly listeners = new Set<OutboxListener>();
  private readonly buffer: Array<SlackEvent & { projectId: number }> = [];
  private writing: Promise<void> | undefined;
  private writingCount = 0;

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly logger: JsonLogger,
  ) {
    ds.subscribers.push(this);
  }

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
    // Listeners hear of it once it is committed (a delivery runner here then goes at once).
    const runner = m.queryRunner;
    if (runner?.isTransactionActive) {
      ((runner.data[PENDING] ??= new Set<number>()) as Set<number>).add(message.projectId);
    } else {
      this.emit(message.projectId);
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
   * Slack messages for `events` of a batch ingestion committed. Ingestion does not wait for the
   * write: the messages join a buffer that one statement at a time writes out (each statement
   * takes everything buffered meanwhile, so under load many batches share one INSERT). Only when
   * SLACK_BUFFER_MAX messages wait does the caller wait for a write. A crash loses what is
   * buffered (milliseconds' worth); shutdown writes it out.
   */
  slack(projectId: number, events: readonly SlackEvent[]): Promise<void> {
    for (const e of events) this.buffer.push({ projectId, ...e });
    if (events.length === 0) return Promise.resolve();
    const writing = this.flush();
    return this.buffer.length + this.writingCount > SLACK_BUFFER_MAX ? writing : Promise.resolve();
  }

  /** Writes out the buffered Slack messages; resolves once everything buffered before the call is written. */
  flush(): Promise<void> {
    this.writing ??= this.writeAll().finally(() => (this.writing = undefined));
    return this.writing;
  }

  /** Before the database closes: what is buffered is written. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const rows = this.buffer.splice(0, SLACK_WRITE_MAX);
      this.writingCount = rows.length;
      try {
        await this.ds.query(
          `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload)
           SELECT e.project_id, NULL, 'slack',
                  jsonb_build_object('event', e.event, 'distinct_id', e.distinct_id, 'timestamp', e.ts)
             FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS e(project_id, event, distinct_id, ts)`,
          [
            rows.map((r) => r.projectId),
            rows.map((r) => r.event),
            rows.map((r) => r.distinctId),
            rows.map((r) => r.timestamp.toISOString()),
          ],
        );
        slackWritten.inc({}, rows.length);
        for (const projectId of new Set(rows.map((r) => r.projectId))) this.emit(projectId);
      } catch (e) {
        slackLost.inc({}, rows.length);
        this.logger.entry('error', 'post_to_slack messages not written', {
          messages: rows.length,
          error: e instanceof Error ? e.message : String(e),
        });
      } finally {
        this.writingCount = 0;
      }
    }
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
