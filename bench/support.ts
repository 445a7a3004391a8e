/** What the benchmark scripts share: autocannon's shape, the database helpers, ports and logs. */
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Client } from 'pg';

// autocannon ships no types: the parts the scripts use.
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?(req: AutocannonRequest): AutocannonRequest;
  onResponse?(status: number): void;
}
export interface AutocannonResult {
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  stop(): void;
}
export type Autocannon = (options: {
  /** Several: the connections are spread over them in turn. */
  url: string | string[];
  connections: number;
  duration: number;
  overallRate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: AutocannonRequest[];
}) => AutocannonInstance;
export const autocannon = require('autocannon') as Autocannon;

/** The repository (the scripts run from dist/bench). */
export const ROOT = resolve(__dirname, '../..');
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const log = (msg: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** `fn` on a connection of its own to `url`, closed afterwards. */
export async function sql<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}
