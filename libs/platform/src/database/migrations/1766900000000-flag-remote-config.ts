import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostHog's `is_remote_configuration` (a flag that only carries a payload, read with
 * `remote_config`) and `has_encrypted_payloads` (its payloads are stored as Fernet tokens).
 */
export class FlagRemoteConfig1766900000000 implements MigrationInterface {
  name = 'FlagRemoteConfig1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE feature_flags
        ADD COLUMN is_remote_configuration boolean NOT NULL DEFAULT false,
        ADD COLUMN has_encrypted_payloads boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feature_flags DROP COLUMN is_remote_configuration, DROP COLUMN has_encrypted_payloads`);
  }
}
