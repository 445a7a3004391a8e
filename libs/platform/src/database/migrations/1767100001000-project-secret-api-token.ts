import { MigrationInterface, QueryRunner } from 'typeorm';
import { generateSecret } from '../../auth/secrets';

/**
 * Each project's secret API token (PostHog's `secret_api_token`, `phs_…`) and the one it replaced
 * at its last rotation (`secret_api_token_backup`), which keeps working until the next rotation or
 * until it is deleted. Existing projects get a token here, made in the migration (no database
 * function both PostgreSQL and PGlite have makes one), 500 rows at a time. Nullable, as PostHog's:
 * a row written by other means has none until it is rotated.
 */
export class ProjectSecretApiToken1767100001000 implements MigrationInterface {
  name = 'ProjectSecretApiToken1767100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN secret_api_token text, ADD COLUMN secret_api_token_backup text`);
    const rows: Array<{ id: number }> = await q.query(`SELECT id FROM projects ORDER BY id`);
    for (let i = 0; i < rows.length; i += 500) {
      const ids = rows.slice(i, i + 500).map((r) => r.id);
      await q.query(
        `UPDATE projects p SET secret_api_token = t.token FROM unnest($1::int[], $2::text[]) AS t(id, token) WHERE p.id = t.id`,
        [ids, ids.map(() => generateSecret('phs_'))],
      );
    }
    await q.query(`CREATE UNIQUE INDEX uq_projects_secret_api_token ON projects (secret_api_token)`);
    await q.query(`CREATE UNIQUE INDEX uq_projects_secret_api_token_backup ON projects (secret_api_token_backup)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN secret_api_token_backup, DROP COLUMN secret_api_token`);
  }
}
