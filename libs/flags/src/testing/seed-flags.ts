import type { DataSource } from 'typeorm';

/**
 * Inserts `count` simple flags into a project in one set-based statement, for scale tests where
 * creating them one request at a time would take minutes. Keys are `<prefix>-<n>`; creation times
 * are one second apart, newest last.
 */
export async function seedFlags(
  ds: DataSource,
  projectId: number,
  userId: number,
  count: number,
  prefix = 'seeded',
): Promise<void> {
  await ds.query(
    `INSERT INTO feature_flags (project_id, key, name, filters, created_by_id, last_modified_by_id, created_at)
     SELECT $1, $2 || '-' || n, 'Seeded flag ' || n,
            jsonb_build_object('groups', jsonb_build_array(jsonb_build_object('properties', '[]'::jsonb, 'rollout_percentage', n % 101))),
            $3, $3, now() - make_interval(secs => $4 - n)
       FROM generate_series(1, $4) AS n`,
    [projectId, prefix, userId, count],
  );
}
