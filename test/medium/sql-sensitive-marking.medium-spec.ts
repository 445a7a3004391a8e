/** @sql-insensitive reads the test files, not the database */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

type Marking = { tag: 'sensitive' | 'insensitive'; why: string } | undefined;
type Filter = ((paths: string[]) => Promise<{ filtered: Array<{ test: string }> }>) & {
  marking(source: string): Marking;
};

/**
 * The marking rule of test/support/sql-sensitive.cjs: CI's PostgreSQL pass runs only the files
 * marked `@sql-sensitive`, so a file that reaches the database itself or an SQL-backed route must
 * say which it is. Unmarked, it would run on the embedded database only, by oversight.
 */
describe('the @sql-sensitive marking of medium and e2e files', () => {
  const root = process.cwd();
  const filter = createRequire(join(root, 'package.json'))('./test/support/sql-sensitive.cjs') as Filter;
  const files = (readdirSync(join(root, 'test'), { recursive: true }) as string[])
    .filter((f) => /\.(e2e|medium|alone)-spec\.ts$/.test(f))
    .map((f) => join('test', f))
    .sort();
  const source = (f: string) => readFileSync(join(root, f), 'utf8');

  // What makes a file's outcome depend on the engine: the database reached directly (raw SQL, a
  // data source, a second process's URL, query plans, the medium tier's repositories), or routes
  // answered by SQL: persons (lists, search, the insights' persons), cohorts, event definitions.
  const TOUCHES_SQL = [
    /\bDataSource\b|\bdataSource\(|EntityManager|queryRows|startServices|\bEXPLAIN\b/,
    /serverUrl\(|DATABASE_URL|from 'pg'/,
    /(?<![.\w])\/(?:persons|cohorts|event_definitions)\b/,
  ];

  it('marks every file that touches SQL as @sql-sensitive, or says why not (@sql-insensitive <why>)', () => {
    const unmarked = files.filter((f) => !filter.marking(source(f)) && TOUCHES_SQL.some((re) => re.test(source(f))));
    expect(unmarked).toEqual([]);
  });

  it('gives a reason with every mark', () => {
    const bare = files.filter((f) => filter.marking(source(f))?.why === '');
    expect(bare).toEqual([]);
  });

  it('leaves the PostgreSQL pass exactly the marked files, the PostgreSQL-only scale-out group among them', async () => {
    const { filtered } = await filter(files.map((f) => join(root, f)));
    const chosen = filtered.map(({ test }) => relative(root, test));
    expect(chosen).toEqual(files.filter((f) => filter.marking(source(f))?.tag === 'sensitive'));
    expect(chosen).toEqual(expect.arrayContaining(files.filter((f) => f.startsWith('test/scale-out/'))));
    expect(chosen).not.toContain('test/hardening/fuzz.e2e-spec.ts');
  });
});
