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
  runMigrations,
} from '@app/platform';
import request from 'supertest';
import { ApiConfig } from '../../apps/api/src/api.config';
import { createApiApp } from '../../apps/api/src/app';
import { MIGRATIONS } from '../../libs/platform/src/database/migrations';
import { emptyDatabase, serverUrl } from '../support/test-database';

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
      // TypeORM's own bookkeeping table is the one exception
      const constraints: Array<{ name: string }> = await a.query(
        `SELECT c.conname AS name FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
          JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = 'public' AND t.relname <> 'migrations' AND c.contype <> 'n'`,
      );
      expect(constraints.map((c) => c.name).filter((name) => !/^(pk|uq|fk|ck|ex)_/.test(name))).toEqual([]);
      const indexes: Array<{ name: string }> = await a.query(
        `SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'migrations'`,
      );
      expect(indexes.map((i) => i.name).filter((name) => !/^(pk|uq|ix)_/.test(name))).toEqual([]);
    } finally {
      await Promise.all([a.destroy(), b.destroy()]);
      await db.close();
    }
  });

  it('bootstraps once: a second start on the same database creates nothing', async () => {
    const db = await emptyDatabase();
    const key = generateSecret('phx_');
    const env = {
      DATABASE_URL: db.url,
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
