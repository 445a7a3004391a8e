import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled changes run as `run_as_id`: their creator, or the organization admin who edited them
 * last (an admin's edit makes the change the admin's; another member may not edit it). Existing
 * changes run as their creator, as before. A user who is deleted leaves it null, and the change
 * fails rather than run as someone else. The runner takes each project's due changes in turn:
 * the second partial index finds a project's oldest due change, and counts its pending ones (the
 * cap at creation).
 */
export class ScheduledChangeEditor1766700000000 implements MigrationInterface {
  name = 'ScheduledChangeEditor1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE scheduled_changes
        ADD COLUMN run_as_id integer NULL,
        ADD CONSTRAINT fk_scheduled_changes_run_as FOREIGN KEY (run_as_id) REFERENCES users (id) ON DELETE SET NULL`);
    await q.query(`UPDATE scheduled_changes SET run_as_id = created_by_id`);
    await q.query(
      `CREATE INDEX ix_scheduled_changes_project_due ON scheduled_changes (project_id, scheduled_at, id)
        WHERE executed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_scheduled_changes_project_due`);
    await q.query(`ALTER TABLE scheduled_changes DROP COLUMN run_as_id`);
  }
}
