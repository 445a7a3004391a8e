import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase, socketDirFor } from './embedded-database';

describe('openEmbeddedDatabase while another process owns the data folder', () => {
  let dir: string;
  let owner: ReturnType<typeof spawn>;
  let server: Server | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bunting-embedded-spec-'));
    // A live process that holds the lock but has not opened its socket yet (still starting).
    owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    writeFileSync(join(dir, 'bunting.lock'), String(owner.pid));
  });

  afterEach(async () => {
    owner.kill('SIGKILL');
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = undefined;
    rmSync(socketDirFor(dir), { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the owner to answer on its socket, then attaches (it used to fail at once)', async () => {
    const opening = openEmbeddedDatabase(dir);
    await new Promise((r) => setTimeout(r, 300));
    const socketDir = socketDirFor(dir);
    mkdirSync(socketDir, { recursive: true });
    server = createServer((s) => s.destroy());
    await new Promise<void>((r) => server!.listen(join(socketDir, '.s.PGSQL.5432'), r));
    const handle = await opening;
    expect(handle.mode).toBe('attached');
    expect(handle.target.host).toBe(socketDir);
  });
});
