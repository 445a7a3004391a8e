import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../support/test-app';

// On the embedded PGlite, concurrent connections used to get each other's prepared statements:
// a parameterised query could return another query's rows. Both databases must keep them apart.
describe('concurrent queries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('each parameterised query gets its own result', async () => {
    const ds = t.app.get<DataSource>(getDataSourceToken());
    // Statements with different texts, half of them in transactions that write: a query bound
    // to another connection's statement returns the wrong rows or none.
    const tag = (db: Pick<DataSource, 'query'>, i: number) =>
      db.query(`SELECT $1::int AS v, 'q${i}' AS tag FROM projects WHERE id = $2`, [i, t.projectId]);
    const results: Array<Array<{ v: number; tag: string }>> = [];
    for (let round = 0; round < 5; round++) {
      results.push(
        ...(await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            i % 2 === 0
              ? ds.transaction(async (m) => {
                  await m.query(`UPDATE projects SET updated_at = now() WHERE id = $1`, [t.projectId]);
                  await m.query(`SELECT pg_sleep($1)`, [0.001]);
                  return tag(m, i);
                })
              : tag(ds, i),
          ),
        )),
      );
    }
    const expected = Array.from({ length: 5 }, () => Array.from({ length: 12 }, (_, i) => `q${i}:${i}`)).flat();
    expect(results.map((r) => `${r?.[0]?.tag}:${r?.[0]?.v}`)).toEqual(expected);
  });

  it('concurrent requests each see their own project', async () => {
    const other = await t.newTenant();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [id, key] = i % 2 ? [t.projectId, t.key] : [other.projectId, other.key];
        return request(t.baseUrl).get(`/api/projects/${id}/`).set('Authorization', `Bearer ${key}`);
      }),
    );
    responses.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(i % 2 ? t.projectId : other.projectId);
    });
  });
});
