import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What flag evaluation stores besides the flags:
 *
 * - `flag_definition_versions`: one row per project, bumped in the same transaction as every
 *   change to its flags, cohorts or group types (`FlagDefinitionChanges.record`). API instances
 *   compare it with the version their cached definitions were compiled from, as a backstop for
 *   missed change notifications.
 * - `flag_hash_key_overrides`: experience continuity. Per (project, person, flag key) the hash key
 *   the person is bucketed by, stored the first time /flags sees the person's anonymous id. No
 *   foreign key to persons (created by a later migration): merges move the rows, and rows of a
 *   deleted person are never read again (person ids are not reused).
 * - `dashboards`: flag usage dashboards (their insights kept inline as tiles), and on
 *   `feature_flags` the usage dashboard and the analytics dashboards.
 */
export class FlagEvaluation1763850000000 implements MigrationInterface {
  name = 'FlagEvaluation1763850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE flag_definition_versions (
        project_id integer NOT NULL,
        version bigint NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_flag_definition_versions PRIMARY KEY (project_id),
        CONSTRAINT fk_flag_definition_versions_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE flag_hash_key_overrides (
        project_id integer NOT NULL,
        person_id bigint NOT NULL,
        feature_flag_key text NOT NULL,
        hash_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_flag_hash_key_overrides PRIMARY KEY (project_id, person_id, feature_flag_key),
        CONSTRAINT fk_flag_hash_key_overrides_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE dashboards (
        id serial NOT NULL,
        project_id integer NOT NULL,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        filters jsonb NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        tiles jsonb NOT NULL DEFAULT '[]',
        deleted boolean NOT NULL DEFAULT false,
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_dashboards PRIMARY KEY (id),
        CONSTRAINT ck_dashboards_tiles CHECK (jsonb_typeof(tiles) = 'array'),
        CONSTRAINT fk_dashboards_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_dashboards_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX ix_dashboards_project ON dashboards (project_id, id)`);
    await q.query(`
      ALTER TABLE feature_flags
        ADD COLUMN usage_dashboard_id integer NULL,
        ADD COLUMN analytics_dashboards integer[] NOT NULL DEFAULT '{}',
        ADD CONSTRAINT fk_feature_flags_usage_dashboard FOREIGN KEY (usage_dashboard_id) REFERENCES dashboards (id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE feature_flags DROP COLUMN IF EXISTS usage_dashboard_id, DROP COLUMN IF EXISTS analytics_dashboards`,
    );
    for (const table of ['dashboards', 'flag_hash_key_overrides', 'flag_definition_versions']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
