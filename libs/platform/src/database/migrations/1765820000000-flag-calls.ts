import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each flag was last evaluated, and how often per day (UTC): what stale flags and the usage
 * dashboard read. Evaluation counts in memory and flushes in batches (FLAG_CALLS_FLUSH_SECONDS),
 * so the SDK paths never write per request.
 */
export class FlagCalls1765820000000 implements MigrationInterface {
  name = 'FlagCalls1765820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feature_flags ADD COLUMN last_called_at timestamptz NULL`);
    // The list's active=STALE reads this; libs/flags/src/domain/flag-status.ts isFullyRolledOut is
    // the same rule in TypeScript (a condition at 100 % without properties; for a multivariate
    // flag, also a variant at 100 % or such a condition's variant override).
    await q.query(`
      CREATE FUNCTION flag_fully_rolled_out(filters jsonb) RETURNS boolean
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        WITH groups AS (
          SELECT g FROM jsonb_array_elements(CASE WHEN jsonb_typeof(filters->'groups') = 'array'
                                                   THEN filters->'groups' ELSE '[]'::jsonb END) AS g
        ), full_groups AS (
          SELECT g FROM groups
           WHERE jsonb_typeof(g->'rollout_percentage') = 'number' AND (g->>'rollout_percentage')::numeric = 100
             AND (jsonb_typeof(g->'properties') IS DISTINCT FROM 'array' OR jsonb_array_length(g->'properties') = 0)
        ), variants AS (
          SELECT v FROM jsonb_array_elements(CASE WHEN jsonb_typeof(filters->'multivariate'->'variants') = 'array'
                                                   THEN filters->'multivariate'->'variants' ELSE '[]'::jsonb END) AS v
        )
        SELECT CASE WHEN EXISTS (SELECT 1 FROM variants) THEN
                 EXISTS (SELECT 1 FROM full_groups)
                 AND (EXISTS (SELECT 1 FROM full_groups WHERE coalesce(jsonb_typeof(g->'variant'), 'null') <> 'null')
                      OR EXISTS (SELECT 1 FROM variants WHERE jsonb_typeof(v->'rollout_percentage') = 'number'
                                                         AND (v->>'rollout_percentage')::numeric = 100))
               ELSE NOT EXISTS (SELECT 1 FROM groups) OR EXISTS (SELECT 1 FROM full_groups)
               END
      $$`);
    await q.query(`
      CREATE TABLE feature_flag_calls (
        flag_id integer NOT NULL,
        project_id integer NOT NULL,
        day date NOT NULL,
        count bigint NOT NULL,
        CONSTRAINT pk_feature_flag_calls PRIMARY KEY (flag_id, day),
        CONSTRAINT ck_feature_flag_calls_count CHECK (count >= 0),
        CONSTRAINT fk_feature_flag_calls_flag FOREIGN KEY (flag_id) REFERENCES feature_flags (id) ON DELETE CASCADE
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE feature_flag_calls`);
    await q.query(`DROP FUNCTION flag_fully_rolled_out(jsonb)`);
    await q.query(`ALTER TABLE feature_flags DROP COLUMN last_called_at`);
  }
}
