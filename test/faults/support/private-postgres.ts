import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';

/** Why the fault tests cannot run here, or undefined when PostgreSQL's server binaries are present. */
export function privatePostgresMissing(): string | undefined {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((b) => !existsSync(join(BIN, b)));
  return missing.length ? `PostgreSQL 15 server binaries not found in ${BIN} (${missing.join(', ')})` : undefined;
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
  await run(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'], asPostgres);
  const port = await freePort();
  const ctl = (args: string[]) => run(join(BIN, 'pg_ctl'), ['-D', data, ...args], asPostgres);
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
