import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
// The parts, not the platform barrel: the global setup loads this file outside Jest's module
// mapping, where the swagger plugin's lazy `./x.dto.js` imports in controllers do not resolve.
import { loadConfig } from '../../libs/platform/src/config/env';
import { PlatformConfig } from '../../libs/platform/src/config/platform-config';
import { baseOptions, runMigrations } from '../../libs/platform/src/database/data-source';
import { PgTarget, startMemoryDatabase } from '../../libs/platform/src/embedded/embedded-database';

/**
 * One fresh database per e2e file. Without DATABASE_URL: an in-memory PGlite loaded from a dump
 * of a migrated template, served on its own socket. With DATABASE_URL: a new database on that
 * PostgreSQL server, copied from a migrated template database.
 */
export interface TestDatabase {
  /** What the app's DATABASE_URL should be. */
  url: string;
  /** Makes the database unreachable (the socket closes / connections are refused) without dropping it. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

const TEMPLATE_FILE = 'BUNTING_E2E_TEMPLATE_FILE';
const TEMPLATE_DB = 'BUNTING_E2E_TEMPLATE_DB';

export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * The settings an app on test database `url` needs. The in-memory PGlite is reached by URL, so
 * the app cannot tell it is embedded: one connection, as the app uses for its own embedded
 * database, and no statements kept prepared (PGlite's one backend keeps them past a connection,
 * and the next connection would prepare them again). On PostgreSQL, `poolSize` connections.
 */
export function databaseEnv(url: string, poolSize = 5): Record<string, string> {
  return serverUrl()
    ? { DATABASE_URL: url, DATABASE_POOL_SIZE: String(poolSize) }
    : { DATABASE_URL: url, DATABASE_POOL_SIZE: '1', DATABASE_PREPARED_STATEMENTS: 'false' };
}

function urlFor(target: PgTarget): string {
  return (
    target.url ?? `postgresql://${target.user}@localhost/${target.database}?host=${encodeURIComponent(target.host!)}`
  );
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its clients are gone. `pg`'s Pool.end() resolves before its
 * sockets finish closing; forcing the drop at once would kill those sessions mid-goodbye, and the
 * client that already left its pool gets an unhandled FATAL. Sessions still there after a few
 * seconds (a test that leaked a client) are then forced out.
 */
async function dropDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

async function migrate(url: string): Promise<void> {
  const config = loadConfig(PlatformConfig, { DATABASE_URL: url });
  const ds = new DataSource(baseOptions(config, { url }, !serverUrl()));
  await ds.initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
}

/** Jest global setup: build the migrated template once per run (the medium and e2e projects share it). */
export async function prepareTemplate(): Promise<void> {
  if (process.env[TEMPLATE_DB] || process.env[TEMPLATE_FILE]) return;
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  if (serverUrl()) {
    const name = `bunting_e2e_tpl_${run}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    await migrate(withDatabase(serverUrl()!, name));
    process.env[TEMPLATE_DB] = name;
    return;
  }
  const mem = await startMemoryDatabase();
  try {
    await migrate(urlFor(mem.target));
    const dump = await mem.db.dumpDataDir();
    const file = join(tmpdir(), `bunting-e2e-template-${run}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_FILE] = file;
  } finally {
    await mem.close();
  }
}

/** Jest global teardown. */
export async function dropTemplate(): Promise<void> {
  if (process.env[TEMPLATE_DB]) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${process.env[TEMPLATE_DB]} WITH (FORCE)`));
  }
  if (process.env[TEMPLATE_FILE]) rmSync(process.env[TEMPLATE_FILE]!, { force: true });
}

export async function freshDatabase(): Promise<TestDatabase> {
  if (serverUrl()) {
    const template = process.env[TEMPLATE_DB];
    if (!template) throw new Error('no template database: run the e2e suite through jest (global setup)');
    const name = `bunting_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    return {
      url: withDatabase(serverUrl()!, name),
      // Refusing new connections and ending the open ones: to the app, the database is gone.
      stop: () =>
        admin(async (c) => {
          await c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
          await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
        }),
      close: () => dropDatabase(name),
    };
  }
  const file = process.env[TEMPLATE_FILE];
  const dump = file ? new Blob([readFileSync(file)]) : undefined;
  const mem = await startMemoryDatabase(dump);
  if (!dump) await migrate(urlFor(mem.target));
  return { url: urlFor(mem.target), stop: () => mem.stop(), close: () => mem.close() };
}

/** A database with nothing in it (not even migrations), to test migrating from empty. */
export async function emptyDatabase(): Promise<TestDatabase> {
  if (serverUrl()) {
    const name = `bunting_e2e_empty_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    return {
      url: withDatabase(serverUrl()!, name),
      stop: async () => {},
      close: () => dropDatabase(name),
    };
  }
  const mem = await startMemoryDatabase();
  return { url: urlFor(mem.target), stop: () => mem.stop(), close: () => mem.close() };
}
