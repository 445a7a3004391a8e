import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Persons, their distinct ids, groups and the events store.
 *
 * - `person_distinct_ids` is the identity map: one row per (project, distinct id), so two
 *   concurrent batches cannot both create a person for a new id.
 * - `events.person_id` is the person's uuid at ingestion, rewritten when persons merge or split;
 *   it stays after the person is deleted (the deletion queue holds that uuid). NULL for
 *   personless events (`$process_person_profile: false`) until their distinct id gets a person.
 * - Event indexes serve the access paths of later work: `(project_id, event, timestamp)` for
 *   event analytics, `(project_id, person_id, timestamp)` for per-person analytics, the
 *   properties timeline and the deletion batch's chunks.
 */
export class Persons1763900000000 implements MigrationInterface {
  name = 'Persons1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE persons (
        id bigserial NOT NULL,
        uuid uuid NOT NULL,
        project_id integer NOT NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        is_identified boolean NOT NULL DEFAULT false,
        version bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_persons PRIMARY KEY (id),
        CONSTRAINT uq_persons_uuid UNIQUE (uuid),
        CONSTRAINT ck_persons_properties_object CHECK (jsonb_typeof(properties) = 'object'),
        CONSTRAINT fk_persons_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_persons_project_created ON persons (project_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX ix_persons_properties_gin ON persons USING gin (properties)`);

    await q.query(`
      CREATE TABLE person_distinct_ids (
        id bigserial NOT NULL,
        project_id integer NOT NULL,
        person_id bigint NOT NULL,
        distinct_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_person_distinct_ids PRIMARY KEY (id),
        CONSTRAINT uq_person_distinct_ids_project_distinct_id UNIQUE (project_id, distinct_id),
        CONSTRAINT fk_person_distinct_ids_person FOREIGN KEY (person_id) REFERENCES persons (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_person_distinct_ids_person ON person_distinct_ids (person_id, id)`);

    await q.query(`
      CREATE TABLE group_type_mappings (
        project_id integer NOT NULL,
        group_type_index smallint NOT NULL,
        group_type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_group_type_mappings PRIMARY KEY (project_id, group_type_index),
        CONSTRAINT uq_group_type_mappings_project_type UNIQUE (project_id, group_type),
        CONSTRAINT ck_group_type_mappings_index CHECK (group_type_index BETWEEN 0 AND 4),
        CONSTRAINT fk_group_type_mappings_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE groups (
        id bigserial NOT NULL,
        project_id integer NOT NULL,
        group_type_index smallint NOT NULL,
        group_key text NOT NULL,
        group_properties jsonb NOT NULL DEFAULT '{}',
        version bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_groups PRIMARY KEY (id),
        CONSTRAINT uq_groups_project_type_key UNIQUE (project_id, group_type_index, group_key),
        CONSTRAINT fk_groups_type FOREIGN KEY (project_id, group_type_index)
          REFERENCES group_type_mappings (project_id, group_type_index) ON DELETE CASCADE
      )`);

    await q.query(`
      CREATE TABLE events (
        uuid uuid NOT NULL,
        project_id integer NOT NULL,
        event text NOT NULL,
        distinct_id text NOT NULL,
        person_id uuid NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        timestamp timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_events PRIMARY KEY (project_id, uuid),
        CONSTRAINT fk_events_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_events_project_event_timestamp ON events (project_id, event, timestamp)`);
    await q.query(`CREATE INDEX ix_events_project_person_timestamp ON events (project_id, person_id, timestamp)`);
    // Only personless events: found again when their distinct id later gets a person.
    await q.query(
      `CREATE INDEX ix_events_personless_distinct_id ON events (project_id, distinct_id) WHERE person_id IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['events', 'groups', 'group_type_mappings', 'person_distinct_ids', 'persons']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
