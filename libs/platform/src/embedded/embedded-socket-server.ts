import { createServer, Server, Socket } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
const TERMINATE = 0x58; // 'X'
const COPY_DONE = 0x63; // 'c'
const COPY_FAIL = 0x66; // 'f'

/** Messages a client expects answers to before it sends more: they close a unit of work. */
const UNIT_END = new Set([SYNC, QUERY, FLUSH, COPY_DONE, COPY_FAIL]);

/** The database served: a PGlite, or one on its own thread (PgliteThread), running one call at a time. */
export interface EmbeddedBackend {
  readonly closed: boolean;
  isInTransaction(): boolean;
  execProtocolRawStream(bytes: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

interface Connection {
  socket: Socket;
  buffer: Buffer;
  pending: Buffer[];
  started: boolean;
  closed: boolean;
}

interface Unit {
  conn: Connection;
  bytes: Uint8Array;
  /** Ended with Flush: the client is mid extended-query and must go next. */
  open: boolean;
  /** Not messages: roll back what the (gone) client left open, if it still holds the backend. */
  rollback?: boolean;
}

/**
 * Serves one PGlite (a single backend) to several PostgreSQL clients on a unix socket.
 *
 * Each client's messages reach PGlite as whole units: everything up to a Sync or a simple Query
 * runs in one exclusive step, so one client's Parse/Bind/Execute never interleaves with another's.
 * While a client holds a transaction (or is between a Flush and its Sync), only that client's
 * units run; the others wait. A client that disconnects mid-transaction is rolled back.
 *
 * Hand-written: @electric-sql/pglite-socket interleaved concurrent clients' statements and returned wrong rows.
 */
export class EmbeddedSocketServer {
  private server: Server | undefined;
  private readonly connections = new Set<Connection>();
  private queue: Unit[] = [];
  private holder: Connection | null = null;
  private pumping: Promise<void> | undefined;

  constructor(private readonly db: EmbeddedBackend) {}

  listen(path: string): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /** Stops listening and drops every client (their open transactions are rolled back). */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const conn of [...this.connections]) conn.socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    await this.pumping;
    this.holder = null;
    await this.rollbackIfOpen();
  }

  private accept(socket: Socket): void {
    const conn: Connection = { socket, buffer: Buffer.alloc(0), pending: [], started: false, closed: false };
    this.connections.add(conn);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.receive(conn, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      conn.closed = true;
      this.connections.delete(conn);
      this.queue = this.queue.filter((u) => u.conn !== conn);
      if (this.holder === conn) this.enqueue({ conn, bytes: new Uint8Array(), open: false, rollback: true });
    });
  }

  private receive(conn: Connection, chunk: Buffer): void {
    conn.buffer = conn.buffer.length === 0 ? chunk : Buffer.concat([conn.buffer, chunk]);
    for (;;) {
      if (!conn.started) {
        if (conn.buffer.length < 8) return;
        const length = conn.buffer.readInt32BE(0);
        const code = conn.buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return void conn.socket.destroy();
        if (conn.buffer.length < length) return;
        const message = conn.buffer.subarray(0, length);
        conn.buffer = conn.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write('N');
        } else if (code === PROTOCOL_3) {
          conn.started = true;
          this.enqueue({ conn, bytes: new Uint8Array(message), open: false });
        } else if (code !== CANCEL_REQUEST) {
          return void conn.socket.destroy();
        }
        continue;
      }
      if (conn.buffer.length < 5) return;
      const type = conn.buffer[0];
      const total = 1 + conn.buffer.readInt32BE(1);
      if (total < 5) return void conn.socket.destroy();
      if (conn.buffer.length < total) return;
      const message = conn.buffer.subarray(0, total);
      conn.buffer = conn.buffer.subarray(total);
      if (type === TERMINATE) return void conn.socket.end();
      conn.pending.push(message);
      if (UNIT_END.has(type)) {
        const bytes = new Uint8Array(Buffer.concat(conn.pending));
        conn.pending = [];
        this.enqueue({ conn, bytes, open: type === FLUSH });
      }
    }
  }

  private enqueue(unit: Unit): void {
    this.queue.push(unit);
    this.pumping ??= this.pump().finally(() => (this.pumping = undefined));
  }

  private async pump(): Promise<void> {
    for (;;) {
      const index = this.holder ? this.queue.findIndex((u) => u.conn === this.holder) : 0;
      if (index === -1 || this.queue.length === 0) return;
      const [unit] = this.queue.splice(index, 1);
      if (unit.rollback) {
        if (this.holder === unit.conn) {
          await this.rollbackIfOpen();
          this.holder = null;
        }
        continue;
      }
      if (unit.conn.closed) continue;
      try {
        await this.db.execProtocolRawStream(unit.bytes, {
          // `data` may be a view of PGlite's WASM memory, reused for the next chunk; a socket that
          // cannot send at once keeps the buffer it was given, so it must get a copy.
          onRawData: (data: Uint8Array) => {
            if (!unit.conn.closed) unit.conn.socket.write(Buffer.from(data));
          },
        });
      } catch {
        unit.conn.socket.destroy();
      }
      if (unit.conn.closed) {
        // The client left while its unit ran: nobody will finish what it started.
        await this.rollbackIfOpen();
        this.holder = null;
      } else {
        this.holder = unit.open || this.db.isInTransaction() ? unit.conn : null;
      }
    }
  }

  private async rollbackIfOpen(): Promise<void> {
    if (!this.db.closed && this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => {});
  }
}
