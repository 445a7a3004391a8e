import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the worker thread is asked to do; one request at a time, answered in order. */
type Request =
  | { op: 'open'; dataDir?: string; load?: ArrayBuffer }
  | { op: 'protocol'; bytes: Uint8Array }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'close' };

type Reply =
  | { kind: 'data'; data: Uint8Array }
  | { kind: 'done'; inTransaction: boolean; dump?: ArrayBuffer }
  | { kind: 'failed'; message: string };

/**
 * The thread's side, plain JavaScript evaluated by the worker: it loads PGlite's CommonJS build
 * from where the service is installed (an evaluated worker would resolve from the working folder).
 * A protocol call's answer comes back in chunks, copied out of PGlite's WASM memory, then `done`.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { PGlite } = createRequire(workerData.base)('@electric-sql/pglite');
let db;
let chain = Promise.resolve();
const post = (reply, transfer) => parentPort.postMessage(reply, transfer);
const done = (dump) => post({ kind: 'done', inTransaction: !!db && !db.closed && db.isInTransaction(), dump }, dump ? [dump] : []);
async function handle(request) {
  switch (request.op) {
    case 'open':
      db = await PGlite.create(request.load ? { loadDataDir: new Blob([request.load]) } : request.dataDir ? { dataDir: request.dataDir } : {});
      return done();
    case 'protocol':
      await db.execProtocolRawStream(request.bytes, {
        onRawData: (data) => {
          const copy = data.slice();
          post({ kind: 'data', data: copy }, [copy.buffer]);
        },
      });
      return done();
    case 'exec':
      await db.exec(request.sql);
      return done();
    case 'dump':
      return done(await (await db.dumpDataDir('none')).arrayBuffer());
    case 'close':
      if (db && !db.closed) await db.close();
      return done();
  }
}
parentPort.on('message', (request) => {
  chain = chain.then(() => handle(request)).catch((e) => post({ kind: 'failed', message: String((e && e.message) || e) }));
});
`;

/**
 * One PGlite running on its own thread. PGlite executes SQL synchronously inside WASM: on the
 * service's own thread a large statement held the event loop for 107-308 ms (issue #39); here the
 * service's thread only moves bytes. Hand-written: PGlite's PGliteWorker needs the browser's Web
 * Workers and navigator.locks, which Node 20 lacks.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private queue: Promise<unknown> = Promise.resolve();
  private onData: ((data: Uint8Array) => void) | undefined;
  private settle: ((reply: Reply) => void) | undefined;
  private inTransaction = false;
  private exited: Error | undefined;
  closed = false;

  private constructor() {
    // Compiled, this file is CommonJS and knows its path; under the test runner's ES modules it
    // does not, and the runner works from the project folder.
    const base = typeof __filename === 'string' ? __filename : join(process.cwd(), 'package.json');
    this.worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { base } });
    this.worker.on('message', (reply: Reply) => {
      if (reply.kind === 'data') return this.onData?.(reply.data);
      const settle = this.settle;
      this.settle = undefined;
      settle?.(reply);
    });
    const gone = (error: Error) => {
      this.exited = error;
      this.closed = true;
      this.settle?.({ kind: 'failed', message: error.message });
      this.settle = undefined;
    };
    this.worker.on('error', gone);
    this.worker.on('exit', (code) => gone(new Error(`the embedded database's thread exited (${code})`)));
  }

  /** Opens a database persisted in `dataDir`, or in memory (optionally from a dump). */
  static async open(options: { dataDir?: string; load?: Blob } = {}): Promise<PgliteThread> {
    const thread = new PgliteThread();
    const load = options.load ? await options.load.arrayBuffer() : undefined;
    try {
      await thread.call({ op: 'open', dataDir: options.dataDir, load }, load ? [load] : []);
    } catch (e) {
      await thread.worker.terminate();
      throw e;
    }
    return thread;
  }

  /** Whether the last statement left a transaction open (as PGlite's `isInTransaction`). */
  isInTransaction(): boolean {
    return !this.closed && this.inTransaction;
  }

  /** Runs wire-protocol messages; the answer's bytes reach `onRawData` in order. */
  execProtocolRawStream(bytes: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void> {
    return this.exclusive(async () => {
      this.onData = options.onRawData;
      try {
        await this.call({ op: 'protocol', bytes }, []);
      } finally {
        this.onData = undefined;
      }
    });
  }

  exec(sql: string): Promise<void> {
    return this.exclusive(() => this.call({ op: 'exec', sql }, []).then(() => undefined));
  }

  /** The data folder as a tarball (PGlite's `dumpDataDir`), to start other databases from. */
  dumpDataDir(): Promise<Blob> {
    return this.exclusive(async () => new Blob([(await this.call({ op: 'dump' }, [])).dump!]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.exclusive(() => this.call({ op: 'close' }, []));
    this.closed = true;
    await this.worker.terminate();
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => {});
    return run;
  }

  private call(request: Request, transfer: ArrayBuffer[]): Promise<Extract<Reply, { kind: 'done' }>> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.settle = (reply) => {
        if (reply.kind === 'failed') return reject(new Error(reply.message));
        if (reply.kind === 'done') {
          this.inTransaction = reply.inTransaction;
          resolve(reply);
        }
      };
      this.worker.postMessage(request, transfer);
    });
  }
}
