import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostHog's `evaluation_runtime` (which SDKs a flag is served to: `server`, `client` or `all`;
 * null behaves as `all`) and its evaluation contexts (tags an SDK's `evaluation_contexts` must
 * share for the flag to be served; none = everywhere).
 */
export class FlagEvaluationRuntime1766800000000 implements MigrationInterface {
  name = 'FlagEvaluationRuntime1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE feature_flags
        ADD COLUMN evaluation_runtime text DEFAULT 'all'
          CONSTRAINT ck_feature_flags_evaluation_runtime CHECK (evaluation_runtime IN ('server', 'client', 'all')),
        ADD COLUMN evaluation_contexts text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feature_flags DROP COLUMN evaluation_runtime, DROP COLUMN evaluation_contexts`);
  }
}
