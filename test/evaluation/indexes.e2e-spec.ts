/** @sql-sensitive query plans (EXPLAIN) */
import { ingest } from '../persons/factories';
import { dataSource } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag } from './factories';

// The statements flag evaluation and its tools run per request or per batch each have an index
// the planner uses (sequential scans off, so small tables prove it too).
describe('indexes behind flag evaluation, cohorts and the flag tools', () => {
  let t: TestApp;
  let cohortId: number;

  beforeAll(async () => {
    t = await startTestApp();
    // Most rows belong to another project, as on a shared server.
    const other = await t.newTenant();
    const persons = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        event: '$identify',
        distinct_id: `${prefix}-${i}`,
        properties: { $set: { plan: i % 2 ? 'pro' : 'free', n: i } },
      }));
    await ingest(t, other.projectToken, persons('other', 3000));
    await ingest(t, t.projectToken, persons('user', 200));
    for (let i = 0; i < 40; i++)
      await createCohort(t, { name: `Other ${i}`, is_static: true }, other.projectId, other.key);
    cohortId = (await createCohort(t, { name: 'Static', is_static: true })).id;
    for (let i = 0; i < 20; i++) await createFlag(t, { key: `f${i}` });
    await dataSource(t).query('ANALYZE');
  });
  afterAll(() => t?.close());

  async function plan(sql: string, params: unknown[]): Promise<string> {
    return dataSource(t).transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await m.query(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    [
      'the /flags person lookup with its static cohorts (one statement)',
      `SELECT p.id, p.uuid, p.properties,
         ARRAY(SELECT m.cohort_id FROM cohort_static_members m WHERE m.person_id = p.id ORDER BY m.cohort_id) AS ids
         FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id WHERE d.project_id = $1 AND d.distinct_id = $2`,
      () => [t.projectId, 'user-42'],
      ['uq_person_distinct_ids_project_distinct_id', 'ix_cohort_static_members_person'],
    ],
    [
      'a person’s experience-continuity hash keys',
      `SELECT feature_flag_key, hash_key FROM flag_hash_key_overrides WHERE project_id = $1 AND person_id = $2`,
      () => [t.projectId, 7],
      ['pk_flag_hash_key_overrides'],
    ],
    [
      'the groups a request names',
      `SELECT g.group_properties FROM unnest($2::smallint[], $3::text[]) AS x(i, k)
         JOIN groups g ON g.project_id = $1 AND g.group_type_index = x.i AND g.group_key = x.k`,
      () => [t.projectId, [0], ['acme']],
      ['uq_groups_project_type_key'],
    ],
    [
      'a project’s live flags, compiled on change',
      `SELECT id FROM feature_flags f WHERE f.project_id = $1 AND f.deleted = false ORDER BY f.created_at DESC, f.id DESC`,
      () => [t.projectId],
      ['ix_feature_flags_project_deleted_created'],
    ],
    [
      'a project’s live cohorts (compiled on change, and the cohorts list)',
      `SELECT id FROM cohorts c WHERE c.project_id = $1 AND NOT c.deleted ORDER BY c.id DESC LIMIT 100`,
      () => [t.projectId],
      ['ix_cohorts_project_deleted'],
    ],
    [
      'a cohort by name (copy_flags)',
      `SELECT id FROM cohorts c WHERE c.project_id = $1 AND c.name = $2 AND NOT c.deleted ORDER BY c.id LIMIT 1`,
      () => [t.projectId, 'Static'],
      ['ix_cohorts_project_name'],
    ],
    [
      'a batch of persons in id order with their first distinct id (blast radius, static cohorts)',
      `SELECT p.id, (SELECT d.distinct_id FROM person_distinct_ids d WHERE d.person_id = p.id ORDER BY d.id LIMIT 1)
         FROM persons p WHERE p.project_id = $1 AND p.id > $2 ORDER BY p.id LIMIT 1000`,
      () => [t.projectId, 0],
      ['ix_persons_project_id', 'ix_person_distinct_ids_person'],
    ],
    [
      'a batch of groups of a type in id order',
      `SELECT id FROM groups WHERE project_id = $1 AND group_type_index = $2 AND id > $3 ORDER BY id LIMIT 1000`,
      () => [t.projectId, 0, 0],
      ['ix_groups_project_type_id'],
    ],
    [
      'a static cohort’s members',
      `SELECT p.id FROM persons p WHERE p.project_id = $1
         AND EXISTS (SELECT 1 FROM cohort_static_members m WHERE m.cohort_id = $2 AND m.person_id = p.id)`,
      () => [t.projectId, cohortId],
      [/using (pk_cohort_static_members|ix_cohort_static_members_person) on cohort_static_members/],
    ],
  ] as Array<[string, string, () => unknown[], Array<string | RegExp>]>)('%s', async (_, sql, params, indexes) => {
    const text = await plan(sql, params());
    for (const index of indexes) expect(text).toMatch(index);
  });
});
