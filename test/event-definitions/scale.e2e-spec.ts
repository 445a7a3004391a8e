/** @sql-sensitive query plans (EXPLAIN) */
import { jest } from '@jest/globals';
import { dataSource } from '../persons/factories';
import { startTestApp, TestApp } from '../support/test-app';
import { definitionsPath } from './factories';

const DEFINITIONS = 100_000;

interface Statement {
  sql: string;
  params: unknown[];
}

// A 100,000-definition project: the statements the list endpoint runs (captured as it runs
// them) read one page through an index, never the whole table.
describe('event definitions list at 100,000 definitions', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    base = definitionsPath(t.projectId);
    const other = await t.newTenant();
    const ds = dataSource(t);
    // Set-based: groups of ten share a last_seen_at (ties), every 1,000th was never seen, and
    // a second project's rows share the table.
    await ds.query(
      `INSERT INTO event_definitions (project_id, name, created_at, last_seen_at)
       SELECT $1, 'event ' || lpad(i::text, 6, '0'), now() - interval '90 days',
              CASE WHEN i % 1000 = 0 THEN NULL ELSE now() - (i / 10) * interval '1 minute' END
         FROM generate_series(1, $2::int) AS i`,
      [t.projectId, DEFINITIONS],
    );
    await ds.query(
      `INSERT INTO event_definitions (project_id, name, last_seen_at)
       SELECT $1, 'other ' || i, now() FROM generate_series(1, 10000) AS i`,
      [other.projectId],
    );
    await ds.query('VACUUM ANALYZE event_definitions');
  }, 180_000);
  afterAll(() => t?.close());

  /** The statements on event_definitions that GET `path` runs, with their parameters. */
  async function statementsOf(path: string): Promise<Statement[]> {
    const ds = dataSource(t);
    const spy = jest.spyOn(ds, 'query');
    try {
      await t.get(path).expect(200);
      return spy.mock.calls
        .map(([sql, params]) => ({ sql: String(sql), params: (params as unknown[] | undefined) ?? [] }))
        .filter((s) => /FROM event_definitions/.test(s.sql));
    } finally {
      spy.mockRestore();
    }
  }

  async function plan(s: Statement, seqscan = true): Promise<string> {
    return dataSource(t).transaction(async (m) => {
      if (!seqscan) await m.query('SET LOCAL enable_seqscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await m.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${s.sql}`,
        s.params,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it.each([
    ['the default ordering, first page', '?limit=100', 100, 'ix_event_definitions_project_last_seen_desc'],
    ['the default ordering, page 51', '?limit=100&offset=5000', 5100, 'ix_event_definitions_project_last_seen_desc'],
    ['-last_seen_at', '?ordering=-last_seen_at', 100, 'ix_event_definitions_project_last_seen_desc'],
    ['last_seen_at', '?ordering=last_seen_at', 100, 'ix_event_definitions_project_last_seen_asc'],
    ['-last_seen_at,-name', '?ordering=-last_seen_at,-name', 100, 'ix_event_definitions_project_last_seen_asc'],
    ['name', '?ordering=name', 100, 'uq_event_definitions_project_name'],
    ['-name, 1000 a page', '?ordering=-name&limit=1000', 1000, 'uq_event_definitions_project_name'],
    ['name, filtered', '?ordering=name&event_type=event_custom&search=EVENT', 100, 'uq_event_definitions_project_name'],
  ])('pages by %s through an index, reading only the rows up to its page', async (_, query, reads, index) => {
    const statements = await statementsOf(`${base}/${query}`);
    expect(statements.map((s) => s.sql)).toEqual([
      expect.stringMatching(/count\(\*\)/),
      expect.stringMatching(/LIMIT/),
    ]);
    const pagePlan = await plan(statements[1]);
    expect(pagePlan).toContain(`using ${index} on event_definitions`);
    expect(pagePlan).not.toMatch(/Seq Scan|Sort/);
    const scanned = /Index Scan.*actual rows=(\d+)/.exec(pagePlan);
    expect(Number(scanned?.[1])).toBe(reads);
  });

  it('has an index-only path for the exact count (no table reads)', async () => {
    // The count visits every definition of the project, by nature. Here the project is 91% of
    // the table, so the planner may prefer a sequential read; the index-only path must exist.
    const [count] = await statementsOf(`${base}/`);
    const countPlan = await plan(count, false);
    expect(countPlan).toMatch(/Index Only Scan using \w+ on event_definitions/);
    expect(countPlan).toContain('Heap Fetches: 0');
    expect((await t.get(`${base}/?limit=1`).expect(200)).body.count).toBe(DEFINITIONS);
  });
});
