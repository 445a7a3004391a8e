import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event definitions: one row per (project, event name), created and refreshed by ingestion.
 *
 * - `created_at` / `last_seen_at` are nullable because PATCH may clear them (as in PostHog);
 *   ingestion only ever moves `last_seen_at` forward.
 * - `volume_30_day` is a cache of the events store, written by the scheduled refresh; NULL
 *   until its first run.
 * - The list pages by `last_seen_at` (either direction, NULLs last when descending) then
 *   `name`, or by `name`: each ordering has an index whose order it is, read forwards or
 *   backwards, so a page reads its own rows and nothing else. `uq_…_project_name` serves the
 *   ordering by name and the lookups by name (ingestion's upsert, PATCH's rename check).
 */
export class EventDefinitions1764000000000 implements MigrationInterface {
  name = 'EventDefinitions1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_definitions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        project_id integer NOT NULL,
        name text NOT NULL,
        created_at timestamptz NULL DEFAULT now(),
        last_seen_at timestamptz NULL,
        last_updated_at timestamptz NOT NULL DEFAULT now(),
        tags text[] NOT NULL DEFAULT '{}',
        post_to_slack boolean NOT NULL DEFAULT false,
        created_by integer NULL,
        volume_30_day bigint NULL,
        CONSTRAINT pk_event_definitions PRIMARY KEY (id),
        CONSTRAINT uq_event_definitions_project_name UNIQUE (project_id, name),
        CONSTRAINT ck_event_definitions_name_length CHECK (char_length(name) BETWEEN 1 AND 400),
        CONSTRAINT ck_event_definitions_volume CHECK (volume_30_day >= 0),
        CONSTRAINT fk_event_definitions_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_event_definitions_created_by FOREIGN KEY (created_by) REFERENCES users (id) ON DELETE SET NULL
      )`);
    // -last_seen_at then name (the default), and backwards: last_seen_at then -name.
    await q.query(
      `CREATE INDEX ix_event_definitions_project_last_seen_desc
         ON event_definitions (project_id, last_seen_at DESC NULLS LAST, name)`,
    );
    // last_seen_at then name, and backwards: -last_seen_at then -name.
    await q.query(
      `CREATE INDEX ix_event_definitions_project_last_seen_asc
         ON event_definitions (project_id, last_seen_at ASC NULLS FIRST, name)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS event_definitions`);
  }
}
