import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (issue 21). A project's Slack incoming webhook (`post_to_slack` events go there); the
 * project's webhook subscriptions; and `webhook_deliveries`, the transactional outbox: one row
 * per message to one target (a subscription, or the project's Slack webhook when `webhook_id` is
 * null), written in the transaction of the change it reports and worked off by whichever process
 * runs the deliveries. A process claims a due row by setting `lease_until`/`lease_token` (FOR
 * UPDATE SKIP LOCKED), sends it, then records the outcome under that token; a lease that runs out
 * with no outcome (the process died) counts as an attempt and the row waits its backoff; nothing
 * is sent past `retry_until`. The partial indexes are what the runner scans: the
 * pending rows by when they are due, the rows in flight per project, a project's unsent Slack
 * messages (capped) and the finished rows by age (deleted after WEBHOOK_RETENTION_DAYS).
 */
export class Webhooks1766000000000 implements MigrationInterface {
  name = 'Webhooks1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN slack_incoming_webhook text NULL`);
    // What ingestion's Slack check reads (when its cache misses): the few definitions that post.
    await q.query(
      `CREATE INDEX ix_event_definitions_post_to_slack ON event_definitions (project_id) WHERE post_to_slack`,
    );
    await q.query(`
      CREATE TABLE webhooks (
        id bigserial NOT NULL,
        project_id integer NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        secret text NOT NULL,
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_webhooks PRIMARY KEY (id),
        CONSTRAINT ck_webhooks_events CHECK (cardinality(events) > 0),
        CONSTRAINT fk_webhooks_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_webhooks_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX ix_webhooks_project ON webhooks (project_id, id)`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        project_id integer NOT NULL,
        webhook_id bigint NULL,
        event text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        retry_until timestamptz NOT NULL DEFAULT now() + interval '24 hours',
        lease_until timestamptz NULL,
        lease_token uuid NULL,
        last_attempt_at timestamptz NULL,
        last_status_code integer NULL,
        last_response text NULL,
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id),
        CONSTRAINT ck_webhook_deliveries_status CHECK (status IN ('pending', 'succeeded', 'failed')),
        CONSTRAINT ck_webhook_deliveries_payload CHECK (jsonb_typeof(payload) = 'object'),
        CONSTRAINT fk_webhook_deliveries_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_webhook_deliveries_webhook FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE
      )`);
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_leased ON webhook_deliveries (project_id, lease_until)
        WHERE status = 'pending' AND lease_until IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at DESC, id)
        WHERE webhook_id IS NOT NULL`,
    );
    // A project's unsent Slack messages (the cap counts them), and what retention deletes.
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_slack_pending ON webhook_deliveries (project_id)
        WHERE status = 'pending' AND webhook_id IS NULL`,
    );
    await q.query(
      `CREATE INDEX ix_webhook_deliveries_done ON webhook_deliveries (created_at) WHERE status <> 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhooks`);
    await q.query(`DROP INDEX ix_event_definitions_post_to_slack`);
    await q.query(`ALTER TABLE projects DROP COLUMN slack_incoming_webhook`);
  }
}
