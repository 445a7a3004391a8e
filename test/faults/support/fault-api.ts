import { randomUUID } from 'node:crypto';
import { generateSecret } from '@app/platform';
import { Client } from 'pg';
import { waitFor } from '../../support/poll';
import { cleanEnv, ServerProcess, startServer } from '../../support/processes';
import { PrivatePostgres } from './private-postgres';

/** What one HTTP request got: a status, or the network error that replaced it. */
export interface Outcome {
  status: number; // 0 = no response (connection refused, reset, dropped)
  retryAfter: string | null;
  body: unknown;
  networkError?: string;
  startedAt: number;
  endedAt: number;
}

export async function call(url: string, method: string, path: string, body?: object, key?: string): Promise<Outcome> {
  const startedAt = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
      },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: parsed,
      startedAt,
      endedAt: performance.now(),
    };
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return {
      status: 0,
      retryAfter: null,
      body: undefined,
      networkError: cause?.code ?? cause?.message ?? String(e),
      startedAt,
      endedAt: performance.now(),
    };
  }
}

/** The built API as a process on the private cluster, bootstrapped with a known key and token. */
export interface FaultApi {
  server: ServerProcess;
  url: string;
  key: string;
  token: string;
  projectId: number;
  call(method: string, path: string, body?: object): Promise<Outcome>;
}

export async function startFaultApi(pg: PrivatePostgres, env: Record<string, string> = {}): Promise<FaultApi> {
  const key = generateSecret('phx_');
  const token = generateSecret('phc_');
  const server = await startServer(
    cleanEnv({
      DATABASE_URL: pg.url,
      LOG_LEVEL: 'info', // startServer waits for the "listening" entry
      RATE_LIMIT_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
      MIGRATIONS_RUN: 'true',
      BOOTSTRAP_API_KEY: key,
      BOOTSTRAP_PROJECT_TOKEN: token,
      ...env,
    }),
  );
  let projectId: number;
  try {
    const projects = await call(server.url, 'GET', '/api/projects/', undefined, key);
    if (projects.status !== 200) {
      throw new Error(`GET /api/projects/: ${projects.status} ${JSON.stringify(projects.body)}`);
    }
    projectId = (projects.body as { results: Array<{ id: number }> }).results[0].id;
  } catch (e) {
    server.child.kill('SIGKILL');
    throw e;
  }
  return {
    server,
    url: server.url,
    key,
    token,
    projectId,
    call: (method, path, body) => call(server.url, method, path, body, key),
  };
}

/** True when `o` is the database-unavailable answer: 503, Retry-After, PostHog's envelope. */
export function isUnavailableEnvelope(o: Outcome): boolean {
  const b = o.body as Record<string, unknown> | undefined;
  return (
    o.status === 503 &&
    o.retryAfter !== null &&
    Number(o.retryAfter) > 0 &&
    typeof b === 'object' &&
    b !== null &&
    b.type === 'server_error' &&
    b.code === 'service_unavailable' &&
    typeof b.detail === 'string' &&
    b.attr === null &&
    Object.keys(b).length === 4
  );
}

export type WriteKind = 'flag' | 'events';

export interface Write extends Outcome {
  kind: WriteKind;
  /** The flag's key, or the events' uuids. */
  ids: string[];
}

/**
 * A steady write load: `workers` loops, each alternating a new feature flag (unique key) and a
 * /batch of events (unique uuids), or writing only one of them, until stopped. After an error a worker waits a little before
 * its next write, as a client honouring Retry-After would, only much shorter.
 */
export class WriteLoad {
  readonly writes: Write[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private seq = 0;

  constructor(
    private readonly api: FaultApi,
    private readonly prefix: string,
    private readonly workers = 6,
    private readonly kinds: WriteKind[] = ['flag', 'events'],
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.workers }, (_, w) => this.loop(w));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  acknowledged(kind: WriteKind): string[] {
    return this.writes.filter((w) => w.kind === kind && w.status >= 200 && w.status < 300).flatMap((w) => w.ids);
  }

  attempted(kind: WriteKind): string[] {
    return this.writes.filter((w) => w.kind === kind).flatMap((w) => w.ids);
  }

  /** Waits until `n` more writes than now were acknowledged. */
  async moreAcknowledged(n: number, timeoutMs = 15_000): Promise<void> {
    const target = this.ok() + n;
    await waitFor(() => (this.ok() >= target ? true : undefined), timeoutMs, 10);
  }

  ok(): number {
    return this.writes.filter((w) => w.status >= 200 && w.status < 300).length;
  }

  private async loop(worker: number): Promise<void> {
    for (let i = 0; this.running; i++) {
      const n = this.seq++;
      let write: Write;
      if (this.kinds[(worker + i) % this.kinds.length] === 'flag') {
        const key = `${this.prefix}-${n}`;
        const o = await this.api.call('POST', `/api/projects/${this.api.projectId}/feature_flags/`, {
          key,
          name: `load ${n}`,
        });
        write = { ...o, kind: 'flag', ids: [key] };
      } else {
        const ids = Array.from({ length: 5 }, () => randomUUID());
        const o = await call(this.api.url, 'POST', '/batch/', {
          api_key: this.api.token,
          batch: ids.map((uuid, j) => ({
            event: 'load',
            uuid,
            distinct_id: `${this.prefix}-user-${n % 7}-${j}`,
            properties: {},
          })),
        });
        write = { ...o, kind: 'events', ids };
      }
      this.writes.push(write);
      if (write.status < 200 || write.status >= 300) await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * Waits until `n` of the API's sessions wait for a lock. `observer` must not be inside a
 * transaction: pg_stat_activity is a snapshot taken once per transaction.
 */
export async function waitForLockWaiters(observer: Client, n: number): Promise<void> {
  await waitFor(async () => {
    const r = await observer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'bunting' AND wait_event_type = 'Lock'`,
    );
    return r.rows[0].n === n ? true : undefined;
  });
}
