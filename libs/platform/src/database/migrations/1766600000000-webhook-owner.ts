import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks belong to their creator (issue 44, items 5–6). `webhooks.created_by_id` exists since
 * 1766000000000 (set by every create); rows where it is null have no known creator, and only
 * organization admins may change or delete them. A creator's webhooks are sent nothing once the
 * creator is inactive or no longer a member of the project's organization (checked when
 * messages are written and again when they are claimed); `ix_webhooks_created_by` serves that
 * join's other side and the foreign key's ON DELETE SET NULL.
 *
 * Receivers that time out are backed off: `consecutive_timeouts` counts the rounds that timed
 * out since the receiver last answered, and `deferred_until` is when it is tried again (the
 * subscription's pending messages wait until then, and new ones are written due then).
 * `ix_webhook_deliveries_project_due` is what the claim reads per project (organizations take
 * turns), so one project's backlog is never scanned to find another's due messages.
 */
export class WebhookOwner1766600000000 implements MigrationInterface {
  name = 'WebhookOwner1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE webhooks
         ADD COLUMN consecutive_timeouts integer NOT NULL DEFAULT 0,
         ADD COLUMN deferred_until timestamptz NULL`,
    );
    await q.query(`CREATE INDEX ix_webhooks_created_by ON webhooks (created_by_id) WHERE created_by_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_project_due ON webhook_deliveries (project_id, next_attempt_at, id)
        WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_webhook_deliveries_project_due`);
    await q.query(`DROP INDEX ix_webhooks_created_by`);
    await q.query(`ALTER TABLE webhooks DROP COLUMN deferred_until, DROP COLUMN consecutive_timeouts`);
  }
}
