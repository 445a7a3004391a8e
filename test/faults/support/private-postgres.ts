import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from 'pg';

const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'];

function hasServerBinaries(dir: string): boolean {
  return SERVER_BINARIES.every((b) => existsSync(join(dir, b)));
}

function pgConfigBindir(): string | undefined {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Where PostgreSQL's server binaries are, whatever the major: PG_BINDIR, `pg_config --bindir`,
 * Debian's /usr/lib/postgresql/<major>/bin (newest first), then PATH. pg_config comes with libpq
 * and may name a directory without a server, so each candidate must hold initdb, pg_ctl and postgres.
 */
function findServerBinaries(): { dir?: string; tried: string[] } {
  const debian = '/usr/lib/postgresql';
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => join(debian, v, 'bin'))
    : [];
  const candidates = [
    process.env.PG_BINDIR,
    pgConfigBindir(),
    ...majors,
    ...(process.env.PATH ?? '').split(delimiter),
  ].filter((d): d is string => !!d);
  return { dir: candidates.find(hasServerBinaries), tried: [...new Set(candidates)] };
}

const FOUND = findServerBinaries();

/** Why the fault tests cannot run here, or undefined when PostgreSQL's server binaries are present. */
export function privatePostgresMissing(): string | undefined {
  return FOUND.dir
    ? undefined
    : `PostgreSQL server binaries (${SERVER_BINARIES.join(', ')}) not found in ${FOUND.tried.join(', ') || 'any directory'}; set PG_BINDIR`;
}

function bin(name: string): string {
  if (!FOUND.dir) throw new Error(privatePostgresMissing());
  return join(FOUND.dir, name);
}

/**
 * `describe` when the server binaries are present; otherwise `describe.skip`, after saying why
 * on the line CI reads.
 */
export function describeWithPostgres(name: string, fn: () => void): void {
  const missing = privatePostgresMissing();
  if (missing) {
    process.stdout.write(`FAULTS: skipped "${name}": ${missing}\n`);
    describe.skip(name, fn);
  } else {
    describe(name, fn);
  }
}

export type StopMode = 'fast' | 'immediate';

/**
 * A throwaway PostgreSQL cluster of this test's own, in a temporary directory, on a free port:
 * the fault tests stop and start it, which they must never do to a shared server. PostgreSQL
 * refuses to run as root, so as root its binaries run as the `postgres` user.
 */
export interface PrivatePostgres {
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  start(): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  /** A connected client (errors swallowed: the server may stop under it). */
  connect(): Promise<Client>;
  /** Stops the server (immediately) and deletes its directory. */
  destroy(): Promise<void>;
  /** The server log, for failure messages. */
  log(): string;
}

function run(file: string, args: string[], asPostgres: boolean): Promise<string> {
  const [cmd, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${file} ${args.join(' ')} failed: ${err.message}\n${stdout}${stderr}`)) : resolve(stdout),
    ),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const asPostgres = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bunting-faults-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  if (asPostgres) {
    // the cluster's directory must belong to the user that runs it
    const uid = Number((await run('id', ['-u', 'postgres'], false)).trim());
    const gid = Number((await run('id', ['-g', 'postgres'], false)).trim());
    chownSync(dir, uid, gid);
  }
  await run(bin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], asPostgres);
  const port = await freePort();
  const ctl = (args: string[]) => run(bin('pg_ctl'), ['-D', data, ...args], asPostgres);
  // Unix socket in the cluster's own directory, TCP on 127.0.0.1 only.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  let running = false;
  const pg: PrivatePostgres = {
    port,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await ctl(['-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode) {
      await ctl(['-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    async connect() {
      const c = new Client({ connectionString: pg.url });
      c.on('error', () => {});
      await c.connect();
      return c;
    },
    async destroy() {
      if (running) await pg.stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
  try {
    await pg.start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return pg;
}
