import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Persons filters with `exact` (case-insensitive text equality, see property-filter.sql.ts) had
 * no index: every list and count scanned the project's persons. This indexes the person's
 * top-level property values, lowercased, as one jsonb array (`["pro", "de", 25, true]`: JSON
 * text lowered, so strings are lowered and numbers and booleans kept). A containment pre-filter
 * on it (`@> ["pro"]`) is a superset of `exact` that the index serves; the exact condition
 * stays as the recheck.
 *
 * Values only, without their keys: lowering a whole map (`lower(properties::text)::jsonb`)
 * would merge keys that differ only in case (`Plan`, `plan`) and keep one of their values, so a
 * pre-filter on it could drop a person `exact` matches. The key is checked by the recheck
 * (`properties ? key`). Built-in functions only: the recheck evaluates the expression for
 * every candidate row (about 1 µs; an SQL function doing the same costs 100 µs).
 */
export class PersonsValuesLower1764400000000 implements MigrationInterface {
  name = 'PersonsValuesLower1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ix_persons_values_lower ON persons
         USING gin ((lower(jsonb_path_query_array(properties, '$.*')::text)::jsonb) jsonb_path_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ix_persons_values_lower`);
  }
}
