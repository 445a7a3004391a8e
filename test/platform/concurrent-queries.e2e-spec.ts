/** @sql-sensitive concurrent queries and transactions on the pool */
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import { Client, Pool } from 'pg';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from '../support/test-app';
import { freshDatabase } from '../support/test-database';

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

  it('returns large results intact', async () => {
    // Several MB in one result: more than a socket sends at once, so the embedded server's
    // buffers wait in the socket while PGlite writes the next ones.
    const ds = t.app.get<DataSource>(getDataSourceToken());
    const rows: Array<{ g: number; h: string }> = await ds.query(
      `SELECT g, md5(g::text) || repeat('x', 100) AS h FROM generate_series(1, 40000) g ORDER BY g`,
    );
    expect(rows).toHaveLength(40000);
    const { createHash } = await import('node:crypto');
    const wrong = rows.filter(
      (r, i) =>
        r.g !== i + 1 ||
        r.h !==
          createHash('md5')
            .update(String(i + 1))
            .digest('hex') +
            'x'.repeat(100),
    );
    expect(wrong).toEqual([]);
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

describe('several connections to one database (an attached CLI or worker next to the server)', () => {
  it('never mixes their statements or transactions, and rolls back a client that disappears', async () => {
    const db = await freshDatabase();
    const pool = new Pool({ connectionString: db.url, max: 8 });
    try {
      await pool.query(`CREATE TABLE probe (id int PRIMARY KEY, v text)`);
      // Half the clients hold a transaction across awaits while the others run parameterised
      // statements: with pglite-socket's per-message queue this returned other clients' rows
      // ("unnamed prepared statement does not exist", wrong tags) within a few rounds.
      for (let round = 0; round < 10; round++) {
        const work = Array.from({ length: 12 }, async (_, i) => {
          const id = round * 12 + i;
          const tag = (c: Pick<Pool, 'query'>) => c.query(`SELECT $1::int AS n, 'q${i}' AS tag`, [id]);
          if (i % 2) return tag(pool);
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query('INSERT INTO probe (id, v) VALUES ($1, $2)', [id, `v${id}`]);
            await client.query('SELECT pg_sleep($1)', [0.001]);
            const r = await tag(client);
            await client.query('COMMIT');
            return r;
          } finally {
            client.release();
          }
        });
        const rows = (await Promise.all(work)).map((r) => `${r.rows[0].tag}:${r.rows[0].n}`);
        expect(rows).toEqual(Array.from({ length: 12 }, (_, i) => `q${i}:${round * 12 + i}`));
      }

      // a client that vanishes inside a transaction leaves nothing behind and blocks nobody
      const doomed = new Client({ connectionString: db.url });
      doomed.on('error', () => {});
      await doomed.connect();
      await doomed.query('BEGIN');
      await doomed.query(`INSERT INTO probe (id, v) VALUES (1000, 'uncommitted')`);
      (doomed as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      const after = await pool.query(`SELECT count(*)::int AS n FROM probe WHERE id = 1000`);
      expect(after.rows[0].n).toBe(0);
      const total = await pool.query(`SELECT count(*)::int AS n FROM probe`);
      expect(total.rows[0].n).toBe(60);
    } finally {
      await pool.end();
      await db.close();
    }
  });
});
