import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cohorts (persons context) and static cohort membership.
 *
 * - `cohorts.filters` is PostHog's `{properties: {type, values}}` tree; `groups` keeps the legacy
 *   form as sent. `version` grows with each definition change, so a background count only lands
 *   on the definition it counted.
 * - `cohort_static_members`: the persons of static cohorts; flag evaluation reads a person's
 *   memberships with its person lookup (`ix_cohort_static_members_person`).
 * - Scans over every person or group of a project in id order (blast radius, static cohorts
 *   from flags) read `ix_persons_project_id` / `ix_groups_project_type_id`.
 */
export class Cohorts1763950000000 implements MigrationInterface {
  name = 'Cohorts1763950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cohorts (
        id serial NOT NULL,
        project_id integer NOT NULL,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        groups jsonb NOT NULL DEFAULT '[]',
        filters jsonb NOT NULL DEFAULT '{}',
        is_static boolean NOT NULL DEFAULT false,
        is_calculating boolean NOT NULL DEFAULT false,
        deleted boolean NOT NULL DEFAULT false,
        count integer NULL,
        errors_calculating integer NOT NULL DEFAULT 0,
        last_calculation timestamptz NULL,
        version integer NOT NULL DEFAULT 1,
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_cohorts PRIMARY KEY (id),
        CONSTRAINT ck_cohorts_filters CHECK (jsonb_typeof(filters) = 'object'),
        CONSTRAINT ck_cohorts_groups CHECK (jsonb_typeof(groups) = 'array'),
        CONSTRAINT fk_cohorts_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_cohorts_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX ix_cohorts_project_deleted ON cohorts (project_id, deleted, id)`);
    await q.query(`CREATE INDEX ix_cohorts_project_name ON cohorts (project_id, name, id) WHERE NOT deleted`);
    await q.query(`
      CREATE TABLE cohort_static_members (
        cohort_id integer NOT NULL,
        person_id bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_cohort_static_members PRIMARY KEY (cohort_id, person_id),
        CONSTRAINT fk_cohort_static_members_cohort FOREIGN KEY (cohort_id) REFERENCES cohorts (id) ON DELETE CASCADE,
        CONSTRAINT fk_cohort_static_members_person FOREIGN KEY (person_id) REFERENCES persons (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_cohort_static_members_person ON cohort_static_members (person_id, cohort_id)`);
    await q.query(`CREATE INDEX ix_persons_project_id ON persons (project_id, id)`);
    await q.query(`CREATE INDEX ix_groups_project_type_id ON groups (project_id, group_type_index, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ix_groups_project_type_id`);
    await q.query(`DROP INDEX IF EXISTS ix_persons_project_id`);
    await q.query(`DROP TABLE IF EXISTS cohort_static_members`);
    await q.query(`DROP TABLE IF EXISTS cohorts`);
  }
}
