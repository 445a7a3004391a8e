import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled changes (PostHog's `ScheduledChange`): a change to a flag applied at `scheduled_at`
 * by the worker (or the API with SCHEDULER_ENABLED), as the user who scheduled it. A one-time
 * change is done when `executed_at` is set (applied or failed for good, `failure_reason` says
 * which); a recurring one keeps `executed_at` null, moves `scheduled_at` to its next occurrence
 * after each run and stamps `last_executed_at`. The partial index is what the runner scans: the
 * changes still to run, by when they are due.
 */
export class ScheduledChanges1765800000000 implements MigrationInterface {
  name = 'ScheduledChanges1765800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scheduled_changes (
        id bigserial NOT NULL,
        project_id integer NOT NULL,
        record_id varchar(200) NOT NULL,
        model_name varchar(100) NOT NULL,
        payload jsonb NOT NULL,
        scheduled_at timestamptz NOT NULL,
        executed_at timestamptz NULL,
        failure_reason varchar(400) NULL,
        failure_count integer NOT NULL DEFAULT 0,
        is_recurring boolean NOT NULL DEFAULT false,
        recurrence_interval varchar(10) NULL,
        cron_expression varchar(100) NULL,
        last_executed_at timestamptz NULL,
        end_date timestamptz NULL,
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_scheduled_changes PRIMARY KEY (id),
        CONSTRAINT ck_scheduled_changes_model CHECK (model_name IN ('FeatureFlag')),
        CONSTRAINT ck_scheduled_changes_payload CHECK (jsonb_typeof(payload) = 'object'),
        CONSTRAINT ck_scheduled_changes_interval CHECK (recurrence_interval IN ('daily', 'weekly', 'monthly', 'yearly')),
        CONSTRAINT fk_scheduled_changes_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_scheduled_changes_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(
      `CREATE INDEX ix_scheduled_changes_due ON scheduled_changes (scheduled_at, id) WHERE executed_at IS NULL`,
    );
    await q.query(`CREATE INDEX ix_scheduled_changes_project ON scheduled_changes (project_id, record_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE scheduled_changes`);
  }
}
