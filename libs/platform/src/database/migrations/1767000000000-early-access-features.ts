import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostHog's early-access features: a named stage of a flag that persons opt into. One feature
 * per flag (PostHog refuses a second); a flag that a feature uses is kept (soft deletion is
 * refused while it is linked).
 */
export class EarlyAccessFeatures1767000000000 implements MigrationInterface {
  name = 'EarlyAccessFeatures1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE early_access_features (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        project_id integer NOT NULL,
        feature_flag_id integer NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        stage text NOT NULL,
        documentation_url text NOT NULL DEFAULT '',
        payload jsonb NOT NULL DEFAULT '{}',
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_early_access_features PRIMARY KEY (id),
        CONSTRAINT ck_early_access_features_stage
          CHECK (stage IN ('draft', 'concept', 'alpha', 'beta', 'general-availability', 'archived')),
        CONSTRAINT ck_early_access_features_name CHECK (length(name) <= 200),
        CONSTRAINT ck_early_access_features_documentation_url CHECK (length(documentation_url) <= 800),
        CONSTRAINT fk_early_access_features_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_early_access_features_feature_flag FOREIGN KEY (feature_flag_id) REFERENCES feature_flags (id),
        CONSTRAINT fk_early_access_features_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(
      `CREATE UNIQUE INDEX uq_early_access_features_feature_flag ON early_access_features (feature_flag_id)`,
    );
    // The management list (newest first) and the public list (by stage) of one project.
    await q.query(
      `CREATE INDEX ix_early_access_features_project_created ON early_access_features (project_id, created_at, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE early_access_features`);
  }
}
