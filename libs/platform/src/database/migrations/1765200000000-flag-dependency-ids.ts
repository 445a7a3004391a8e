import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ids a flag's conditions depend on (`{type: "flag", key: "<id>"}` properties), kept by
 * PostgreSQL beside `filters`, so that the dependency graph of a change is read in one recursive
 * statement that follows plain integers: parsing every key of every flag it passes through cost
 * about 5 µs per dependency, 50 ms for a project of 150 densely dependent flags, on each save.
 *
 * A key counts when it reads as a positive int4, as a number or a string of digits (surrounding
 * spaces and `.0` allowed): what the service accepts as an id reference, which decides the
 * edges; this column only says which flags to read.
 */
export class FlagDependencyIds1765200000000 implements MigrationInterface {
  name = 'FlagDependencyIds1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION flag_dependency_ids(filters jsonb) RETURNS integer[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT n::integer), '{}')
          FROM (SELECT CASE WHEN t ~ '^[[:space:]]*[0-9]{1,15}([.]0*)?[[:space:]]*$' THEN t::numeric END AS n
                  FROM jsonb_path_query(filters, 'lax $.groups[*].properties[*] ? (@.type == "flag").key') AS k,
                       LATERAL (SELECT k #>> '{}' AS t) AS key_text) AS refs
         WHERE n BETWEEN 1 AND 2147483647
      $$`);
    await q.query(`
      ALTER TABLE feature_flags
        ADD COLUMN dependency_ids integer[] GENERATED ALWAYS AS (flag_dependency_ids(filters)) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE feature_flags DROP COLUMN dependency_ids`);
    await q.query(`DROP FUNCTION flag_dependency_ids(jsonb)`);
  }
}
