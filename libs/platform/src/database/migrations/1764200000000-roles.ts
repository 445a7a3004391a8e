import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organization roles, their members, the organization's default access level per resource, and
 * which roles have access to which feature flags (PostHog's EE role-based access, 2024).
 */
export class Roles1764200000000 implements MigrationInterface {
  name = 'Roles1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE roles (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        name text NOT NULL,
        feature_flags_access_level smallint NOT NULL DEFAULT 37,
        created_by_id integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_roles PRIMARY KEY (id),
        CONSTRAINT ck_roles_name CHECK (length(name) BETWEEN 1 AND 200),
        CONSTRAINT ck_roles_feature_flags_access_level CHECK (feature_flags_access_level IN (21, 37)),
        CONSTRAINT fk_roles_organization FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT fk_roles_created_by FOREIGN KEY (created_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);
    // Names are unique per organization whatever their case; also serves the list (by organization).
    await q.query(`CREATE UNIQUE INDEX uq_roles_organization_name ON roles (organization_id, lower(name))`);
    await q.query(`CREATE INDEX ix_roles_organization_created ON roles (organization_id, created_at, id)`);

    await q.query(`
      CREATE TABLE role_memberships (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        role_id uuid NOT NULL,
        user_id integer NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_role_memberships PRIMARY KEY (id),
        CONSTRAINT uq_role_memberships_role_user UNIQUE (role_id, user_id),
        CONSTRAINT fk_role_memberships_role FOREIGN KEY (role_id) REFERENCES roles (id) ON DELETE CASCADE,
        CONSTRAINT fk_role_memberships_user FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    // A user's roles (the edit check of every flag response).
    await q.query(`CREATE INDEX ix_role_memberships_user ON role_memberships (user_id, role_id)`);

    await q.query(`
      CREATE TABLE organization_resource_access (
        organization_id uuid NOT NULL,
        resource text NOT NULL,
        access_level smallint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by_id integer NULL,
        CONSTRAINT pk_organization_resource_access PRIMARY KEY (organization_id, resource),
        CONSTRAINT ck_organization_resource_access_resource CHECK (resource IN ('feature flags')),
        CONSTRAINT ck_organization_resource_access_access_level CHECK (access_level IN (21, 37)),
        CONSTRAINT fk_organization_resource_access_organization FOREIGN KEY (organization_id) REFERENCES organizations (id) ON DELETE CASCADE,
        CONSTRAINT fk_organization_resource_access_updated_by FOREIGN KEY (updated_by_id) REFERENCES users (id) ON DELETE SET NULL
      )`);

    await q.query(`
      CREATE TABLE feature_flag_role_access (
        id serial NOT NULL,
        feature_flag_id integer NOT NULL,
        role_id uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pk_feature_flag_role_access PRIMARY KEY (id),
        CONSTRAINT uq_feature_flag_role_access_flag_role UNIQUE (feature_flag_id, role_id),
        CONSTRAINT fk_feature_flag_role_access_flag FOREIGN KEY (feature_flag_id) REFERENCES feature_flags (id) ON DELETE CASCADE,
        CONSTRAINT fk_feature_flag_role_access_role FOREIGN KEY (role_id) REFERENCES roles (id) ON DELETE CASCADE
      )`);
    // A role's flags (associated_flags, and the cascade when a role goes).
    await q.query(
      `CREATE INDEX ix_feature_flag_role_access_role ON feature_flag_role_access (role_id, feature_flag_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['feature_flag_role_access', 'organization_resource_access', 'role_memberships', 'roles']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
