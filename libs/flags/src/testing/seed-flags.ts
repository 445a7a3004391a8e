import { queryRows } from '@app/platform';
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

/**
 * Inserts a chain of `count` flags in two set-based statements: `<prefix>-1` on for everyone,
 * and each `<prefix>-<n>` on when `<prefix>-<n-1>` is (a dependency by id, as PostHog's UI saves
 * it). Created through the API, such a chain takes minutes; its ids are returned in order.
 */
export async function seedDependencyChain(
  ds: DataSource,
  projectId: number,
  userId: number,
  count: number,
  prefix = 'link',
): Promise<number[]> {
  await seedFlags(ds, projectId, userId, count, prefix);
  const rows = await queryRows<{ id: number; n: number }>(
    ds,
    `UPDATE feature_flags f
        SET filters = jsonb_build_object('groups', jsonb_build_array(jsonb_build_object(
              'properties', CASE WHEN previous.id IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(jsonb_build_object(
                'key', previous.id::text, 'type', 'flag', 'operator', 'flag_evaluates_to', 'value', true)) END,
              'rollout_percentage', 100)))
       FROM generate_series(1, $3::int) AS n
       LEFT JOIN feature_flags previous ON previous.project_id = $1 AND previous.key = $2::text || '-' || (n - 1)
      WHERE f.project_id = $1 AND f.key = $2::text || '-' || n
      RETURNING f.id, n`,
    [projectId, prefix, count],
  );
  return rows.sort((a, b) => a.n - b.n).map((r) => r.id);
}
