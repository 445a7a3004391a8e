/** @sql-sensitive PostgreSQL only: instances behind PgBouncer */
/**
 * Issue 23: two API instances behind PgBouncer in transaction mode (a private pgbouncer process
 * on a free port, Debian's package), with DATABASE_DIRECT_URL for what needs a session of its
 * own. Migrations and bootstrap, flags CRUD and /flags work through the pooler; a flag change on
 * one instance reaches the other by LISTEN on the direct connection; the statement timeout (from
 * the database's own setting: PgBouncer refuses it as a startup parameter) still answers 504;
 * and more concurrent requests than the pooler has server connections all succeed.
 * PostgreSQL only: jest.config.js runs this folder when DATABASE_URL is set.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { waitFor } from '../support/poll';
import { cleanEnv, ServerProcess, startServer } from '../support/processes';
import { emptyDatabase, TestDatabase } from '../support/test-database';

const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
/** Server connections PgBouncer keeps to PostgreSQL: fewer than the two instances' pools together. */
const SERVER_POOL = 2;
const API_POOL = 8;
const STATEMENT_TIMEOUT_MS = 3000;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

interface PrivatePgBouncer {
  url: string;
  admin(sql: string): Promise<Record<string, unknown>[]>;
  output(): string;
  stop(): Promise<void>;
}

/** A pgbouncer in transaction mode in front of `direct`'s database, with trust auth, on a free port. */
async function startPgBouncer(direct: URL): Promise<PrivatePgBouncer> {
  if (!existsSync(PGBOUNCER)) {
    throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer package (.ci/run does) or set PGBOUNCER_BIN`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'bunting-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(direct.username) || 'postgres';
  const database = direct.pathname.slice(1);
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `bunting = host=${direct.hostname} port=${direct.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${SERVER_POOL}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      'max_client_conn = 200',
      // pg (node-postgres) sends none of these; psql and others may.
      'ignore_startup_parameters = extra_float_digits',
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: as root (CI containers), it switches to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    const { uid, gid } = await postgresIds();
    for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(join(dir, f), uid, gid);
  }
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')]);
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const adminUrl = `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return (await c.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  };
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${out}`);
    return admin('SHOW VERSION').then(
      () => true,
      () => undefined,
    );
  }, 15_000);
  return {
    url: `postgresql://${encodeURIComponent(user)}@127.0.0.1:${port}/bunting`,
    admin,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { execFileSync } = await import('node:child_process');
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

describe('two API instances behind PgBouncer in transaction mode', () => {
  let db: TestDatabase;
  let bouncer: PrivatePgBouncer;
  const apis: ServerProcess[] = [];
  let key: string;
  let token: string;
  let projectId: number;
  let pg: Client;
  let env: NodeJS.ProcessEnv;

  const call = async (instance: number, method: string, path: string, body?: object): Promise<Reply> => {
    const res = await fetch(`${apis[instance].url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const flags = async (instance: number): Promise<Reply> => {
    const res = await fetch(`${apis[instance].url}/flags?v=2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, distinct_id: 'person-1' }),
    });
    return { status: res.status, body: await res.json() };
  };
  const enabledOn = async (instance: number, flagKey: string): Promise<boolean | undefined> => {
    const r = await flags(instance);
    if (r.status !== 200) throw new Error(`/flags answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.flags?.[flagKey]?.enabled;
  };
  const notificationsReceived = async (instance: number): Promise<number> => {
    const text = await (await fetch(`${apis[instance].url}/_metrics`)).text();
    return Number(/^\S*flag_definition_notifications_total\S* (\d+)/m.exec(text)?.[1] ?? 0);
  };

  beforeAll(async () => {
    db = await emptyDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    const name = new URL(db.url).pathname.slice(1);
    // Behind a pooler in transaction mode the statement timeout comes from the database (or role).
    await pg.query(`ALTER DATABASE ${name} SET statement_timeout = '${STATEMENT_TIMEOUT_MS}ms'`);
    bouncer = await startPgBouncer(new URL(db.url));
    env = cleanEnv({
      DATABASE_URL: bouncer.url,
      DATABASE_DIRECT_URL: db.url,
      DATABASE_POOL_SIZE: String(API_POOL),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      EVENT_DELETION_CRON: '',
    });
    // The first instance migrates (on the direct connection) and bootstraps; the second finds both done.
    apis.push(await startServer(env));
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(apis[0].output())![1];
    token = /project token\s+(phc_[A-Za-z0-9]{43})/.exec(apis[0].output())![1];
    projectId = Number(/\(project id (\d+)\)/.exec(apis[0].output())![1]);
    apis.push(await startServer(env));
  }, 180_000);

  afterAll(async () => {
    await pg?.end();
    for (const p of apis) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    await bouncer?.stop();
    await db?.close();
  });

  it('migrates and bootstraps through the direct connection, and serves through the pooler', async () => {
    const applied = (await pg.query('SELECT count(*)::int AS n FROM migrations')).rows[0].n;
    expect(applied).toBeGreaterThan(0);
    expect(apis[0].output()).toMatch(/applied migrations/);
    // The pooled sessions get the database's statement timeout: no warning about it.
    for (const api of apis) expect(api.output()).not.toMatch(/statement timeout through DATABASE_URL/);
    // Both instances' clients go through PgBouncer, which holds at most SERVER_POOL server connections.
    const clients = await bouncer.admin('SHOW CLIENTS');
    expect(clients.filter((c) => c.database === 'bunting').length).toBeGreaterThan(0);
    expect(clients.some((c) => c.application_name === 'bunting-listen')).toBe(false);
  });

  it('warns at start when the timeout the pooled sessions get differs from DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const other = await startServer({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS * 2) });
    try {
      expect(other.output()).toMatch(
        new RegExp(
          `statement timeout through DATABASE_URL is ${STATEMENT_TIMEOUT_MS} ms, not DATABASE_STATEMENT_TIMEOUT_MS=${STATEMENT_TIMEOUT_MS * 2}`,
        ),
      );
    } finally {
      other.child.kill('SIGTERM');
      await other.exited;
    }
  });

  it('creates, lists, changes and deletes flags, and /flags evaluates them, on either instance', async () => {
    const created = await call(0, 'POST', `/api/projects/${projectId}/feature_flags/`, {
      key: 'through-the-pooler',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(created.status).toBe(201);
    const listed = await call(1, 'GET', `/api/projects/${projectId}/feature_flags/`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((f: { key: string }) => f.key)).toContain('through-the-pooler');
    expect(await enabledOn(0, 'through-the-pooler')).toBe(true);
    const patched = await call(1, 'PATCH', `/api/projects/${projectId}/feature_flags/${created.body.id}/`, {
      name: 'renamed',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('renamed');
    // Flags are deleted as in PostHog: PATCH {deleted: true}.
    const deleted = await call(0, 'PATCH', `/api/projects/${projectId}/feature_flags/${created.body.id}/`, {
      deleted: true,
    });
    expect(deleted.status).toBe(200);
    await waitFor(async () => ((await enabledOn(1, 'through-the-pooler')) === undefined ? true : undefined));
  });

  it('carries a flag change on one instance to the other by LISTEN on the direct connection', async () => {
    // Each instance LISTENs on a direct session of its own (PgBouncer sees no such client).
    const listening = await pg.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'bunting-listen' AND query ILIKE 'LISTEN%'`,
    );
    expect(listening.rows[0].n).toBe(2);

    const created = await call(0, 'POST', `/api/projects/${projectId}/feature_flags/`, {
      key: 'invalidated',
      active: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(created.status).toBe(201);
    await waitFor(async () => ((await enabledOn(1, 'invalidated')) === true ? true : undefined));
    const before = await notificationsReceived(1);
    expect(
      (await call(0, 'PATCH', `/api/projects/${projectId}/feature_flags/${created.body.id}/`, { active: false }))
        .status,
    ).toBe(200);
    await waitFor(async () => ((await notificationsReceived(1)) > before ? true : undefined));
    // An inactive flag is left out of /flags.
    await waitFor(async () => ((await enabledOn(1, 'invalidated')) !== true ? true : undefined));
  });

  it('answers 504 at the statement timeout, which the pooled sessions get from the database', async () => {
    const outside = new Client({ connectionString: db.url });
    await outside.connect();
    try {
      await outside.query('BEGIN');
      await outside.query('LOCK TABLE feature_flags IN ACCESS EXCLUSIVE MODE');
      const stuck = call(1, 'POST', `/api/projects/${projectId}/feature_flags/`, { key: 'stuck-behind-a-lock' });
      const reply = await stuck;
      expect(reply.status).toBe(504);
      await outside.query('ROLLBACK');
    } finally {
      await outside.end();
    }
    expect((await call(1, 'POST', `/api/projects/${projectId}/feature_flags/`, { key: 'after-the-lock' })).status).toBe(
      201,
    );
  }, 30_000);

  it('serves more concurrent requests than PgBouncer has server connections, without an error', async () => {
    const replies = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        i % 4 === 0
          ? call(i % 2, 'GET', `/api/projects/${projectId}/feature_flags/`)
          : i % 4 === 1
            ? call(i % 2, 'POST', `/api/projects/${projectId}/feature_flags/`, { key: `burst-${i}` })
            : flags(i % 2),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s >= 300)).toEqual([]);
    // PgBouncer multiplexed the instances' client connections onto at most SERVER_POOL server ones.
    const clients = (await bouncer.admin('SHOW CLIENTS')).filter((c) => c.database === 'bunting');
    const servers = (await bouncer.admin('SHOW SERVERS')).filter((s) => s.database === 'bunting');
    expect(servers.length).toBeLessThanOrEqual(SERVER_POOL);
    expect(clients.length).toBeGreaterThan(SERVER_POOL);
    expect(bouncer.output()).not.toMatch(/unsupported startup parameter|prepared statement/i);
  }, 60_000);
});
