import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, realpathSync, rmSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EmbeddedSocketServer } from './embedded-socket-server';
import { PgliteThread } from './pglite-thread';

/** How `pg` reaches a database: a unix-socket folder (embedded) or a URL. */
export interface PgTarget {
  url?: string;
  host?: string;
  port?: number;
  user?: string;
  database?: string;
}

export interface EmbeddedHandle {
  /** `owner`: this process opened PGlite; `attached`: another process owns it and serves the socket. */
  mode: 'owner' | 'attached';
  target: PgTarget;
  close(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * The unix socket lives in a short, private folder under the OS temp dir derived from the data
 * folder's real path: socket paths are limited to ~100 bytes and data folders can be deep.
 */
export function socketDirFor(dataDir: string): string {
  const real = realpathSync(dataDir);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 16);
  return join(tmpdir(), `bunting-${hash}`);
}

/** How long to wait for a live owner's socket before giving up. */
const OWNER_WAIT_MS = 30_000;

function canConnect(path: string): Promise<boolean> {
  return new Promise((done) => {
    const socket = new Socket();
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.connect(path);
  });
}

/** Whether a process with this id runs on this machine (a zombie counts as running until reaped). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file holding our pid; a lock left by a dead process is taken over. Returns
 * the release function, or the pid of the live process that holds it.
 */
function tryLock(lockPath: string): (() => void) | number {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) return pid;
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

async function serve(db: PgliteThread, socketDir: string): Promise<EmbeddedSocketServer> {
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const path = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  rmSync(path, { force: true });
  const server = new EmbeddedSocketServer(db);
  await server.listen(path);
  return server;
}

function targetFor(socketDir: string): PgTarget {
  return { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
}

/**
 * Opens the embedded database persisted under `dataDir`. When another process of ours already
 * owns it (the server, while the CLI runs), connects through that process's socket instead:
 * PGlite can be opened by one process only.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedHandle> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const socketDir = socketDirFor(dir);
  const socketPath = join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  // The owner may still be opening the database (seconds on a loaded machine) or too busy to
  // answer at once: wait for its socket rather than fail, and take over if it dies meanwhile.
  const deadline = Date.now() + OWNER_WAIT_MS;
  let release: () => void;
  for (;;) {
    if (existsSync(socketPath) && (await canConnect(socketPath))) {
      return { mode: 'attached', target: targetFor(socketDir), close: async () => {} };
    }
    const lock = tryLock(join(dir, 'bunting.lock'));
    if (typeof lock === 'function') {
      release = lock;
      break;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The embedded database in this DATA_DIR is in use by process ${lock}, which does not answer on its socket. ` +
          'Stop that process, or set DATABASE_URL.',
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  let db: PgliteThread | undefined;
  try {
    db = await PgliteThread.open({ dataDir: join(dir, 'pgdata') });
    const server = await serve(db, socketDir);
    const opened = db;
    return {
      mode: 'owner',
      target: targetFor(socketDir),
      close: async () => {
        await server.close();
        await opened.close();
        rmSync(socketPath, { force: true });
        release();
      },
    };
  } catch (e) {
    await db?.close().catch(() => {});
    release();
    throw e;
  }
}

/**
 * An in-memory PGlite served on a private socket, optionally started from a dump of a migrated
 * database (the e2e suite's per-file fresh database).
 */
export async function startMemoryDatabase(
  loadDataDir?: Blob,
): Promise<{ target: PgTarget; db: PgliteThread; stop(): Promise<void>; close(): Promise<void> }> {
  const db = await PgliteThread.open({ load: loadDataDir });
  const socketDir = join(tmpdir(), `bunting-mem-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  let server: EmbeddedSocketServer | undefined = await serve(db, socketDir);
  return {
    target: targetFor(socketDir),
    db,
    // Stops answering on the socket (the database is "gone") but keeps the data.
    stop: async () => {
      await server?.close();
      server = undefined;
    },
    close: async () => {
      await server?.close();
      server = undefined;
      await db.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
