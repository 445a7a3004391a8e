/** @sql-sensitive the data source, migrations, partitions, errors */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import {
  ApiKeysService,
  baseOptions,
  generateSecret,
  JsonLogger,
  loadConfig,
  openDataSource,
  PlatformConfig,
  queryPrepared,
  queryRows,
  runMigrations,
} from '@app/platform';
import request from 'supertest';
import { ApiConfig } from '../../apps/api/src/api.config';
import { createApiApp } from '../../apps/api/src/app';
import { MIGRATIONS } from '../../libs/platform/src/database/migrations';
import { databaseEnv, emptyDatabase, serverUrl } from '../support/test-database';

const quiet = new JsonLogger('silent');

async function tables(ds: DataSource): Promise<string[]> {
  const rows: Array<{ table_name: string }> = await ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

describe(`database (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('migrates an empty database, once, even with two migrators at the same time', async () => {
    const db = await emptyDatabase();
    const config = loadConfig(PlatformConfig, { DATABASE_URL: db.url, MIGRATIONS_RUN: 'false' });
    const a = new DataSource(baseOptions(config, { url: db.url }, !serverUrl()));
    const b = new DataSource(baseOptions(config, { url: db.url }, !serverUrl()));
    await Promise.all([a.initialize(), b.initialize()]);
    try {
      expect(await tables(a)).toEqual([]);
      const [first, second] = await Promise.all([runMigrations(a), runMigrations(b)]);
      const all = MIGRATIONS.map((m) => new m().name);
      // one of them applied everything, the other found nothing left to do
      expect([...first, ...second].sort()).toEqual([...all].sort());
      expect(await tables(a)).toEqual(
        expect.arrayContaining([
          'organizations',
          'projects',
          'users',
          'personal_api_keys',
          'activity_log',
          'migrations',
        ]),
      );
      const recorded: Array<{ name: string }> = await a.query('SELECT name FROM migrations ORDER BY id');
      expect(recorded.map((r) => r.name)).toEqual(all);
      expect(await runMigrations(a)).toEqual([]);
      // every constraint and index is named by us (pk_/uq_/fk_/ck_/ix_…), never by the database;
      // TypeORM's own bookkeeping table is the one exception, and the events' monthly partitions,
      // whose constraints and indexes the database derives from the named ones of `events`
      const constraints: Array<{ name: string }> = await a.query(
        `SELECT c.conname AS name FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = 'public' AND t.relname <> 'migrations' AND c.contype <> 'n' AND NOT t.relispartition`,
      );
      expect(constraints.map((c) => c.name).filter((name) => !/^(pk|uq|fk|ck|ex)_/.test(name))).toEqual([]);
      const indexes: Array<{ name: string }> = await a.query(
        `SELECT i.indexname AS name FROM pg_indexes i JOIN pg_class t ON t.relname = i.tablename AND t.relnamespace = 'public'::regnamespace
          WHERE i.schemaname = 'public' AND i.tablename <> 'migrations' AND NOT t.relispartition`,
      );
      expect(indexes.map((i) => i.name).filter((name) => !/^(pk|uq|ix)_/.test(name))).toEqual([]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
      await db.close();
    }
  });

  it('moves every existing event into the monthly partitions (migration EventPartitions1766300000000)', async () => {
    const db = await emptyDatabase();
    const config = loadConfig(PlatformConfig, { DATABASE_URL: db.url, MIGRATIONS_RUN: 'false' });
    const upTo = MIGRATIONS.findIndex((m) => new m().name === 'EventPartitions1766300000000');
    const before = new DataSource({
      ...baseOptions(config, { url: db.url }, !serverUrl()),
      migrations: MIGRATIONS.slice(0, upTo),
    });
    await before.initialize();
    try {
      await runMigrations(before);
      const [{ id: org }] = await before.query(`INSERT INTO organizations (name, slug) VALUES ('o', 'o') RETURNING id`);
      const [{ id: project }] = await before.query(
        `INSERT INTO projects (organization_id, name, api_token) VALUES ($1, 'p', 'phc_x') RETURNING id`,
        [org],
      );
      // 2,000 events from 30 months back to 2 months ahead, some far outside any month made
      await before.query(
        `INSERT INTO events (uuid, project_id, event, distinct_id, properties, timestamp)
         SELECT gen_random_uuid(), $1::int, 'e' || (i % 7), 'd' || (i % 50), jsonb_build_object('i', i),
                now() - make_interval(days => (i % 1000) - 60) - make_interval(secs => i)
           FROM generate_series(1, 2000) i
         UNION ALL
         SELECT gen_random_uuid(), $1::int, 'old', 'd', '{}', timestamptz '1999-12-31 23:59:59+00'`,
        [project],
      );
    } finally {
      await before.destroy();
    }
    const after = new DataSource(baseOptions(config, { url: db.url }, !serverUrl()));
    await after.initialize();
    try {
      const snapshot = `SELECT md5(string_agg(uuid::text || event || distinct_id || properties::text || timestamp::text, ',' ORDER BY uuid)) AS h,
                               count(*)::int AS n FROM events`;
      // the same rows before (read through a copy made first) and after
      await after.query(`CREATE TABLE events_copy AS SELECT * FROM events`);
      const [copy] = await after.query(snapshot.replace('FROM events', 'FROM events_copy'));
      // this migration and those after it
      expect(await runMigrations(after)).toEqual(MIGRATIONS.slice(upTo).map((m) => new m().name));
      const [moved] = await after.query(snapshot);
      expect(moved).toEqual(copy);
      expect(copy.n).toBe(2001);
      const parts: Array<{ part: string; n: number }> = await after.query(
        `SELECT tableoid::regclass::text AS part, count(*)::int AS n FROM events GROUP BY 1`,
      );
      // months of the last two years have their own partitions; the rest waits in the default one
      expect(parts.length).toBeGreaterThan(20);
      expect(parts.find((p) => p.part === 'events_default')?.n).toBeGreaterThan(0);
      await after.query(`DROP TABLE events_copy`);
    } finally {
      await after.destroy();
      await db.close();
    }
  });

  it('keeps each project’s definitions version when it is spread over stripes (migration FlagDefinitionVersionStripes1766500000000), and back', async () => {
    const db = await emptyDatabase();
    const config = loadConfig(PlatformConfig, { DATABASE_URL: db.url, MIGRATIONS_RUN: 'false' });
    const at = MIGRATIONS.findIndex((m) => new m().name === 'FlagDefinitionVersionStripes1766500000000');
    const upTo = (n: number) =>
      new DataSource({ ...baseOptions(config, { url: db.url }, !serverUrl()), migrations: MIGRATIONS.slice(0, n) });
    const versions = `SELECT project_id AS p, sum(version)::int AS v, count(*)::int AS rows
                        FROM flag_definition_versions GROUP BY 1 ORDER BY 1`;
    const before = upTo(at);
    await before.initialize();
    try {
      await runMigrations(before);
      const [{ id: org }] = await before.query(`INSERT INTO organizations (name, slug) VALUES ('o', 'o') RETURNING id`);
      await before.query(
        `INSERT INTO projects (organization_id, name, api_token) VALUES ($1, 'a', 'phc_a'), ($1, 'b', 'phc_b')`,
        [org],
      );
      await before.query(`INSERT INTO flag_definition_versions (project_id, version) SELECT id, 40 + id FROM projects`);
    } finally {
      await before.destroy();
    }
    const after = upTo(at + 1);
    await after.initialize();
    try {
      const [a, b] = await after.query(`SELECT id FROM projects ORDER BY id`);
      const old = [
        { p: a.id, v: 40 + a.id, rows: 1 },
        { p: b.id, v: 40 + b.id, rows: 1 },
      ];
      expect(await runMigrations(after)).toEqual(['FlagDefinitionVersionStripes1766500000000']);
      expect(await after.query(versions)).toEqual(old);
      // two more stripes of project a, as writers on other connections leave them; a third
      // project written only on other stripes, as most are after the upgrade
      await after.query(
        `INSERT INTO projects (organization_id, name, api_token) SELECT organization_id, 'c', 'phc_c' FROM projects WHERE id = $1`,
        [a.id],
      );
      const [{ id: c }] = await after.query(`SELECT id FROM projects WHERE name = 'c'`);
      await after.query(
        `INSERT INTO flag_definition_versions (project_id, stripe, version) VALUES ($1, 3, 2), ($1, 7, 1), ($2, 3, 4), ($2, 7, 5)`,
        [a.id, c],
      );
      await after.undoLastMigration();
      expect(await after.query(versions)).toEqual([{ ...old[0], v: old[0].v + 3 }, old[1], { p: c, v: 9, rows: 1 }]);
    } finally {
      await after.destroy();
      await db.close();
    }
  });

  it('keeps a hot path’s statement prepared on its connection (queryPrepared) only on PostgreSQL reached directly', async () => {
    const db = await emptyDatabase();
    /** Runs the statement seven times in one transaction (past the five custom plans), then lists what that connection keeps. */
    const run = async (env: Record<string, string>) => {
      const ds = await openDataSource(loadConfig(PlatformConfig, { ...env, MIGRATIONS_RUN: 'false' }));
      try {
        return await ds.transaction(async (m) => {
          const answers: number[] = [];
          for (let i = 1; i <= 7; i++) {
            const [row] = await queryPrepared<{ n: number }>(m, 'bunting_test', 'SELECT $1::int * 2 AS n', [i]);
            answers.push(row.n);
          }
          const kept = await queryRows<{ name: string }>(m, 'SELECT name FROM pg_prepared_statements');
          return { answers, kept: kept.map((r) => r.name) };
        });
      } finally {
        await ds.destroy();
      }
    };
    try {
      const doubled = [2, 4, 6, 8, 10, 12, 14];
      // On the embedded run the test database is PGlite reached by URL, where the tests turn it off.
      expect(await run(databaseEnv(db.url))).toEqual({ answers: doubled, kept: serverUrl() ? ['bunting_test'] : [] });
      expect(await run({ ...databaseEnv(db.url), DATABASE_PREPARED_STATEMENTS: 'false' })).toEqual({
        answers: doubled,
        kept: [],
      });
      // DATABASE_DIRECT_URL says DATABASE_URL is a pooler in transaction mode
      expect(await run({ ...databaseEnv(db.url), DATABASE_DIRECT_URL: db.url })).toEqual({
        answers: doubled,
        kept: [],
      });
    } finally {
      await db.close();
    }
  });

  it('answers 503 once for a prepared statement gone stale on its connection, then runs it unprepared there', async () => {
    const db = await emptyDatabase();
    // one connection, so every call below runs on the same one
    const ds = await openDataSource(loadConfig(PlatformConfig, { ...databaseEnv(db.url, 1), MIGRATIONS_RUN: 'false' }));
    const read = () => queryPrepared<{ x: unknown }>(ds, 'bunting_stale', 'SELECT x FROM bunting_stale', []);
    try {
      await ds.query(`CREATE TABLE bunting_stale (x int)`);
      await ds.query(`INSERT INTO bunting_stale VALUES (1)`);
      expect(await read()).toEqual([{ x: 1 }]);
      expect(await read()).toEqual([{ x: 1 }]);
      // what another instance's migration may do: the statement's result changes type
      await ds.query(`ALTER TABLE bunting_stale ALTER COLUMN x TYPE text`);
      if (serverUrl()) {
        await expect(read()).rejects.toMatchObject({ kind: 'unavailable', retryAfter: 1 });
      }
      expect(await read()).toEqual([{ x: '1' }]);
      expect(await read()).toEqual([{ x: '1' }]);
      if (serverUrl()) {
        // what a proxy that drops a session's statements does
        const gone = () => queryPrepared<{ n: number }>(ds, 'bunting_gone', 'SELECT 1 AS n', []);
        expect(await gone()).toEqual([{ n: 1 }]);
        await ds.query(`DEALLOCATE bunting_gone`);
        await expect(gone()).rejects.toMatchObject({ kind: 'unavailable' });
        expect(await gone()).toEqual([{ n: 1 }]);
      }
    } finally {
      await ds.destroy();
      await db.close();
    }
  });

  it('bootstraps once: a second start on the same database creates nothing', async () => {
    const db = await emptyDatabase();
    const key = generateSecret('phx_');
    const env = {
      ...databaseEnv(db.url, 10),
      LOG_LEVEL: 'silent',
      BOOTSTRAP_API_KEY: key,
      BOOTSTRAP_EMAIL: 'owner@example.com',
    };
    try {
      const first = await createApiApp(loadConfig(ApiConfig, env), quiet);
      expect(first.bootstrap).toMatchObject({ email: 'owner@example.com', apiKey: key });
      await first.app.close();
      const second = await createApiApp(
        loadConfig(ApiConfig, { ...env, BOOTSTRAP_API_KEY: generateSecret('phx_') }),
        quiet,
      );
      try {
        expect(second.bootstrap).toBeUndefined();
        const server = second.app.getHttpServer();
        const projects = await request(server).get('/api/projects/').set('Authorization', `Bearer ${key}`).expect(200);
        expect(projects.body.count).toBe(1);
        const users = await second.app.get(ApiKeysService).list(1);
        expect(users).toHaveLength(1);
      } finally {
        await second.app.close();
      }
    } finally {
      await db.close();
    }
  });

  it('refuses malformed bootstrap values with a message naming the variable', () => {
    expect(() => loadConfig(ApiConfig, { BOOTSTRAP_API_KEY: 'phx_tooshort' })).toThrow(
      /BOOTSTRAP_API_KEY must be phx_/,
    );
    expect(() => loadConfig(ApiConfig, { BOOTSTRAP_PROJECT_TOKEN: 'abc' })).toThrow(/BOOTSTRAP_PROJECT_TOKEN/);
    expect(() => loadConfig(ApiConfig, { BOOTSTRAP_EMAIL: 'not-an-email' })).toThrow(/BOOTSTRAP_EMAIL/);
    expect(() => loadConfig(ApiConfig, { PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig(ApiConfig, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(ApiConfig, { DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL must be a postgres/,
    );
    expect(() => loadConfig(ApiConfig, { MIGRATIONS_RUN: 'maybe' })).toThrow(/MIGRATIONS_RUN must be true or false/);
    expect(loadConfig(ApiConfig, { PORT: '', RATE_LIMIT_ENABLED: 'false' })).toMatchObject({
      PORT: 8000,
      RATE_LIMIT_ENABLED: false,
    });
  });
});

describe('the embedded default (no DATABASE_URL)', () => {
  it('refuses DATABASE_DIRECT_URL without DATABASE_URL (it names the direct side of a pooled DATABASE_URL)', async () => {
    const config = loadConfig(PlatformConfig, { DATABASE_DIRECT_URL: 'postgresql://postgres@127.0.0.1:5432/x' });
    await expect(openDataSource(config)).rejects.toThrow(/DATABASE_DIRECT_URL is set without DATABASE_URL/);
  });

  it('persists under DATA_DIR: data survives a restart, migrations run once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bunting-embedded-'));
    try {
      const config = loadConfig(PlatformConfig, { DATA_DIR: dataDir });
      const first = await openDataSource(config);
      expect(first.embedded).toBe(true);
      // its one backend would keep a connection's prepared statements for the next connection
      expect(first.preparedStatements).toBe(false);
      await first.query(`INSERT INTO organizations (name, slug) VALUES ('Kept', 'kept')`);
      await first.destroy();

      const second = await openDataSource(config);
      try {
        const rows: Array<{ name: string }> = await second.query('SELECT name FROM organizations');
        expect(rows.map((r) => r.name)).toEqual(['Kept']);
        expect(await runMigrations(second)).toEqual([]);
        // a second process finds the first one's socket and shares its database
        const attached = await openDataSource(config);
        try {
          expect(attached.embedded).toBe(true);
          const seen: Array<{ count: number }> = await attached.query('SELECT count(*) AS count FROM organizations');
          expect(seen[0].count).toBe(1);
        } finally {
          await attached.destroy();
        }
      } finally {
        await second.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
