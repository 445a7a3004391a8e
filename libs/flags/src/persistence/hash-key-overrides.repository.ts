import { queryRows } from '@app/platform';
import type { PersonMerge } from '@app/persons';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Experience continuity: per (project, person, flag key) the hash key a person is bucketed by
 * (the anonymous id it had when it first identified). Written once, never overwritten.
 */
@Injectable()
export class HashKeyOverridesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The person's overrides, flag key → hash key (`pk_flag_hash_key_overrides`). */
  async forPerson(projectId: number, personId: number): Promise<Record<string, string>> {
    const rows = await queryRows<{ feature_flag_key: string; hash_key: string }>(
      this.ds,
      `SELECT feature_flag_key, hash_key FROM flag_hash_key_overrides WHERE project_id = $1 AND person_id = $2`,
      [projectId, personId],
    );
    return Object.fromEntries(rows.map((r) => [r.feature_flag_key, r.hash_key]));
  }

  /**
   * Remembers `hashKey` for `keys` of each person that has none yet, then returns the overrides
   * of `readFor`, in one statement.
   */
  async rememberAndRead(
    projectId: number,
    personIds: readonly number[],
    keys: readonly string[],
    hashKey: string,
    readFor: number | null,
  ): Promise<Record<string, string>> {
    const rows = await queryRows<{ feature_flag_key: string; hash_key: string }>(
      this.ds,
      `WITH added AS (
         INSERT INTO flag_hash_key_overrides (project_id, person_id, feature_flag_key, hash_key)
         SELECT $1, p, k, $4 FROM unnest($2::bigint[]) AS p, unnest($3::text[]) AS k
         ON CONFLICT DO NOTHING
         RETURNING person_id, feature_flag_key, hash_key)
       SELECT feature_flag_key, hash_key FROM flag_hash_key_overrides WHERE project_id = $1 AND person_id = $5
       UNION ALL
       SELECT feature_flag_key, hash_key FROM added WHERE person_id = $5`,
      [projectId, personIds, keys, hashKey, readFor],
    );
    return Object.fromEntries(rows.map((r) => [r.feature_flag_key, r.hash_key]));
  }

  /** Overrides of one flag for a batch of persons, person id → hash key. */
  async forFlag(projectId: number, flagKey: string, personIds: readonly number[]): Promise<Map<number, string>> {
    if (personIds.length === 0) return new Map();
    const rows = await queryRows<{ person_id: number; hash_key: string }>(
      this.ds,
      `SELECT person_id, hash_key FROM flag_hash_key_overrides
        WHERE project_id = $1 AND person_id = ANY($2::bigint[]) AND feature_flag_key = $3`,
      [projectId, personIds, flagKey],
    );
    return new Map(rows.map((r) => [r.person_id, r.hash_key]));
  }

  /** Persons merged into others take their overrides along (the survivor's own ones win). */
  async moveOnMerge(m: EntityManager, projectId: number, merges: readonly PersonMerge[]): Promise<void> {
    const json = JSON.stringify(merges.map((x) => ({ from_id: x.fromId, into_id: x.intoId })));
    await m.query(
      `INSERT INTO flag_hash_key_overrides (project_id, person_id, feature_flag_key, hash_key)
       SELECT o.project_id, x.into_id, o.feature_flag_key, o.hash_key
         FROM jsonb_to_recordset($2::jsonb) AS x(from_id bigint, into_id bigint)
         JOIN flag_hash_key_overrides o ON o.project_id = $1 AND o.person_id = x.from_id
       ON CONFLICT DO NOTHING`,
      [projectId, json],
    );
    await m.query(`DELETE FROM flag_hash_key_overrides WHERE project_id = $1 AND person_id = ANY($2::bigint[])`, [
      projectId,
      merges.map((x) => x.fromId),
    ]);
  }
}
