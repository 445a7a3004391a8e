import { MigrationInterface, QueryRunner } from 'typeorm';

export class Flags1763800000000 implements MigrationInterface {
  name = 'Flags1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE feature_flags (
        id serial NOT NULL,
        project_id integer NOT NULL,
        key text NOT NULL,
        name text NOT NULL DEFAULT '',
        filters jsonb NOT NULL DEFAULT '{}',
        active boolean NOT NULL DEFAULT true,
        deleted boolean NOT NULL DEFAULT false,
        version integer NOT NULL DEFAULT 1,
        ensure_experience_continuity boolean NOT NULL DEFAULT false,
        rollback_conditions jsonb NULL,
        performed_rollback boolean NOT NULL DEFAULT false,
        has_enriched_analytics boolean NOT NULL DEFAULT false,
        tags text[] NOT NULL DEFAULT '{}',
        created_by_id integer NULL,
        last_modified_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_feature_flags PRIMARY KEY (id),
        CONSTRAINT ck_feature_flags_key CHECK (key ~ '^[a-zA-Z0-9_-]+$' AND length(key) <= 400),
        CONSTRAINT ck_feature_flags_filters CHECK (jsonb_typeof(filters) = 'object'),
        CONSTRAINT ck_feature_flags_version CHECK (version >= 1),
        CONSTRAINT fk_feature_flags_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_feature_flags_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL,
        CONSTRAINT fk_feature_flags_last_modified_by FOREIGN KEY (last_modified_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    // The list's default page (newest first, non-deleted, one project) and its exact count read
    // this index; id breaks ties between flags created in the same transaction.
    await q.query(
      `CREATE INDEX ix_feature_flags_project_deleted_created ON feature_flags (project_id, deleted, created_at, id)`,
    );
    // A key is unique among the live flags of a project; soft-deleted flags keep theirs, so a
    // restore can collide (reported as 400 unique). Also serves key lookups (org level, copy).
    await q.query(
      `CREATE UNIQUE INDEX uq_feature_flags_project_key ON feature_flags (project_id, key) WHERE NOT deleted`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS feature_flags`);
  }
}
