import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The queue of event-deletion requests: written when a person is deleted with
 * `delete_events=true`, worked off by the scheduled batch. It holds what the batch needs after
 * the person row is gone (the person's uuid and distinct ids), and at most one pending request
 * per (project, person).
 */
export class EventDeletion1764100000000 implements MigrationInterface {
  name = 'EventDeletion1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_deletion_requests (
        id bigserial NOT NULL,
        project_id integer NOT NULL,
        person_uuid uuid NOT NULL,
        distinct_ids text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by integer NULL,
        delete_verified_at timestamptz NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL,
        CONSTRAINT pk_event_deletion_requests PRIMARY KEY (id),
        CONSTRAINT ck_event_deletion_requests_attempts CHECK (attempts >= 0),
        CONSTRAINT fk_event_deletion_requests_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_event_deletion_requests_created_by FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX uq_event_deletion_requests_pending ON event_deletion_requests (project_id, person_uuid)
        WHERE delete_verified_at IS NULL`,
    );
    // The batch claims pending requests oldest first.
    await q.query(
      `CREATE INDEX ix_event_deletion_requests_pending_created ON event_deletion_requests (created_at, id)
        WHERE delete_verified_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS event_deletion_requests`);
  }
}
