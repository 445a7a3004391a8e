import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the event-deletion batch needs to work the queue off safely:
 *
 * - `events_deleted`: how many events the batch has deleted for the request so far, written in
 *   the same transaction as each chunk's DELETE (so it never counts an event twice).
 * - A claim: `claim_token` (one batch run), `claimed_by` (`host:pid` of its process) and
 *   `claimed_until` (a lease the run renews with every chunk). A request is worked by one run at
 *   a time; a claim whose lease ran out, or whose process on this host is gone, is taken over.
 */
export class EventDeletionClaims1764150000000 implements MigrationInterface {
  name = 'EventDeletionClaims1764150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE event_deletion_requests
        ADD COLUMN events_deleted bigint NOT NULL DEFAULT 0,
        ADD COLUMN claim_token uuid NULL,
        ADD COLUMN claimed_by text NULL,
        ADD COLUMN claimed_until timestamptz NULL,
        ADD CONSTRAINT ck_event_deletion_requests_events_deleted CHECK (events_deleted >= 0),
        ADD CONSTRAINT ck_event_deletion_requests_claim CHECK (
          (claim_token IS NULL) = (claimed_by IS NULL) AND (claim_token IS NULL) = (claimed_until IS NULL)
        ),
        ADD CONSTRAINT ck_event_deletion_requests_verified_unclaimed CHECK (
          delete_verified_at IS NULL OR claim_token IS NULL
        )`);
    // `deletions list` shows the most recently finished requests after the pending ones.
    await q.query(
      `CREATE INDEX ix_event_deletion_requests_done_verified ON event_deletion_requests (delete_verified_at DESC, id DESC)
        WHERE delete_verified_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_event_deletion_requests_done_verified`);
    await q.query(`
      ALTER TABLE event_deletion_requests
        DROP CONSTRAINT IF EXISTS ck_event_deletion_requests_verified_unclaimed,
        DROP CONSTRAINT IF EXISTS ck_event_deletion_requests_claim,
        DROP CONSTRAINT IF EXISTS ck_event_deletion_requests_events_deleted,
        DROP COLUMN IF EXISTS claimed_until,
        DROP COLUMN IF EXISTS claimed_by,
        DROP COLUMN IF EXISTS claim_token,
        DROP COLUMN IF EXISTS events_deleted`);
  }
}
