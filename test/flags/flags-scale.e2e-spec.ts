/** @sql-sensitive query plans (EXPLAIN) */
import { DataSource } from 'typeorm';
import { DEFAULT_FLAG_ORDER } from '../../libs/flags/src/domain/flag-list';
import { FlagsRepository } from '../../libs/flags/src/persistence/flags.repository';
import { seedFlags } from '../../libs/flags/src/testing/seed-flags';
import { startTestApp, TestApp } from '../support/test-app';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe('a project with 10,000 flags', () => {
  let t: TestApp;
  let ds: DataSource;
  let repo: FlagsRepository;

  async function plan(sql: string, params: unknown[]): Promise<PlanNode[]> {
    const rows = await ds.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
    const json = typeof rows[0]['QUERY PLAN'] === 'string' ? JSON.parse(rows[0]['QUERY PLAN']) : rows[0]['QUERY PLAN'];
    return nodes(json[0].Plan);
  }

  const seqScans = (plan: PlanNode[]) => plan.filter((n) => n['Node Type'] === 'Seq Scan');
  const indexes = (plan: PlanNode[]) => plan.flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));

  beforeAll(async () => {
    t = await startTestApp();
    ds = t.app.get(DataSource);
    repo = t.app.get(FlagsRepository);
    const other = await t.newTenant();
    await seedFlags(ds, t.projectId, t.userId, 10_000);
    await seedFlags(ds, other.projectId, other.userId, 2_000, 'elsewhere');
  });
  afterAll(() => t?.close());

  const statements = () => repo.listStatements(t.projectId, {}, DEFAULT_FLAG_ORDER, 100, 0);
  const pagePlan = () => plan(...statements().page);
  const versionsPlan = () => plan(...statements().versions);
  const countPlan = () => plan(...statements().count);

  async function expectIndexedReads() {
    for (const p of [await pagePlan(), await versionsPlan(), await countPlan()]) {
      expect(seqScans(p)).toEqual([]);
      expect(
        indexes(p).some(
          (i) => i === 'ix_feature_flags_project_deleted_created' || i === 'uq_feature_flags_project_key',
        ),
      ).toBe(true);
    }
    const byId = await plan(`SELECT * FROM feature_flags f WHERE f.project_id = $1 AND f.id = $2`, [t.projectId, 5000]);
    expect(seqScans(byId)).toEqual([]);
    expect(indexes(byId)).toEqual(['pk_feature_flags']);
    // the list's read of the rows it does not keep
    const ids = Array.from({ length: 100 }, (_, k) => 4000 + k);
    const byIds = await plan(...repo.rowsStatement(t.projectId, ids));
    expect(seqScans(byIds)).toEqual([]);
    const byKey = await plan(
      `SELECT id FROM feature_flags f WHERE f.project_id = $1 AND f.key = $2 AND NOT f.deleted`,
      [t.projectId, 'seeded-5000'],
    );
    expect(indexes(byKey)).toEqual(['uq_feature_flags_project_key']);
  }

  // The embedded database has no autovacuum, so its tables never have statistics: the planner
  // then guesses few rows per project and may fetch them through an index and sort them.
  it('reads the first page, its count, a flag by id and by key through indexes (no statistics)', async () => {
    await expectIndexedReads();
  });

  // What autovacuum leaves behind on a server after a bulk insert.
  it('walks the list index backwards and stops after the page once the table is analysed', async () => {
    await ds.query('VACUUM ANALYZE feature_flags');
    await expectIndexedReads();
    for (const page of [await pagePlan(), await versionsPlan()]) {
      expect(page.map((n) => n['Node Type'])).toEqual(['Limit', 'Index Scan']);
      expect(page[1]).toMatchObject({
        'Index Name': 'ix_feature_flags_project_deleted_created',
        'Scan Direction': 'Backward',
      });
    }
  });

  it('serves the first page and a flag over HTTP', async () => {
    const res = await t.get(`/api/projects/${t.projectId}/feature_flags/`).expect(200);
    expect(res.body.count).toBe(10_000);
    expect(res.body.results).toHaveLength(100);
    expect(res.body.results[0].key).toBe('seeded-10000');
    expect(res.body.next).toContain('offset=100');
    const one = await t.get(`/api/projects/${t.projectId}/feature_flags/${res.body.results[0].id}/`).expect(200);
    expect(one.body.rollout_percentage).toBe(10_000 % 101);
  });
});
