import { MigrationInterface, QueryRunner } from 'typeorm';

export class Platform1763700000000 implements MigrationInterface {
  name = 'Platform1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_organizations PRIMARY KEY (id),
        CONSTRAINT ck_organizations_name CHECK (length(name) BETWEEN 1 AND 200)
      )`);
    await q.query(`
      CREATE TABLE projects (
        id serial NOT NULL,
        uuid uuid NOT NULL DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        name text NOT NULL,
        api_token text NOT NULL,
        timezone text NOT NULL DEFAULT 'UTC',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_projects PRIMARY KEY (id),
        CONSTRAINT uq_projects_uuid UNIQUE (uuid),
        CONSTRAINT uq_projects_api_token UNIQUE (api_token),
        CONSTRAINT ck_projects_name CHECK (length(name) BETWEEN 1 AND 200),
        CONSTRAINT fk_projects_organization FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_projects_organization ON projects (organization_id, id)`);
    await q.query(`
      CREATE TABLE users (
        id serial NOT NULL,
        uuid uuid NOT NULL DEFAULT gen_random_uuid(),
        distinct_id text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text NOT NULL,
        is_email_verified boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        current_organization_id uuid NULL,
        current_project_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_users PRIMARY KEY (id),
        CONSTRAINT uq_users_uuid UNIQUE (uuid),
        CONSTRAINT uq_users_distinct_id UNIQUE (distinct_id),
        CONSTRAINT fk_users_current_organization FOREIGN KEY (current_organization_id) REFERENCES organizations (id) ON DELETE SET NULL,
        CONSTRAINT fk_users_current_project FOREIGN KEY (current_project_id) REFERENCES projects (id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX uq_users_email ON users (lower(email))`);
    await q.query(`
      CREATE TABLE organization_memberships (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        user_id integer NOT NULL,
        level smallint NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_organization_memberships PRIMARY KEY (id),
        CONSTRAINT uq_organization_memberships_org_user UNIQUE (organization_id, user_id),
        CONSTRAINT ck_organization_memberships_level CHECK (level IN (1, 8, 15)),
        CONSTRAINT fk_organization_memberships_organization FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT fk_organization_memberships_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_organization_memberships_user ON organization_memberships (user_id)`);
    await q.query(`
      CREATE TABLE personal_api_keys (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id integer NOT NULL,
        label text NOT NULL DEFAULT '',
        mask_value text NOT NULL,
        secure_value text NOT NULL,
        scopes text[] NOT NULL DEFAULT '{*}',
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NULL,
        CONSTRAINT pk_personal_api_keys PRIMARY KEY (id),
        CONSTRAINT uq_personal_api_keys_secure_value UNIQUE (secure_value),
        CONSTRAINT fk_personal_api_keys_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX ix_personal_api_keys_user ON personal_api_keys (user_id, created_at)`);
    await q.query(`
      CREATE TABLE activity_log (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        project_id integer NULL,
        user_id integer NULL,
        is_system boolean NOT NULL DEFAULT false,
        scope text NOT NULL,
        item_id text NULL,
        activity text NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT pk_activity_log PRIMARY KEY (id),
        CONSTRAINT fk_activity_log_organization FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT fk_activity_log_project FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE,
        CONSTRAINT fk_activity_log_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    await q.query(
      `CREATE INDEX ix_activity_log_project_scope_created ON activity_log (project_id, scope, created_at DESC)`,
    );
    await q.query(
      `CREATE INDEX ix_activity_log_project_scope_item_created ON activity_log (project_id, scope, item_id, created_at DESC)`,
    );
    await q.query(`
      CREATE TABLE instance_settings (
        key text NOT NULL,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_instance_settings PRIMARY KEY (key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'instance_settings',
      'activity_log',
      'personal_api_keys',
      'organization_memberships',
      'users',
      'projects',
      'organizations',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
