import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
  path: string;
  /** When it arrived (Date.now()). */
  at: number;
}

/**
 * How the receiver answers: a status (and body), or `hold` (no answer until `release()`, as a
 * receiver that hangs).
 */
export type Answer = { status: number; body?: string } | 'hold';

/**
 * A webhook receiver on 127.0.0.1 (node:http): records every request, answers as `answer` says,
 * can go down (the port refuses connections) and come back up on the same port.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  answer: Answer = { status: 200, body: 'ok' };
  private server: Server | undefined;
  private held: ServerResponse[] = [];
  port = 0;

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await r.up();
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Requests held open right now (answer 'hold'). */
  get holding(): number {
    return this.held.filter((res) => !res.writableEnded && !res.destroyed).length;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(body) as Record<string, unknown>;
        } catch {
          // kept as text
        }
        this.received.push({ headers: req.headers, body, json, path: req.url ?? '', at: Date.now() });
        const answer = this.answer;
        if (answer === 'hold') {
          this.held.push(res);
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? '');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections to the port are refused until `up()`. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    this.release();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Answers the held requests with 200. */
  release(): void {
    for (const res of this.held.splice(0)) {
      if (!res.writableEnded && !res.destroyed) res.end('released');
    }
  }

  /** Requests by their `webhook-id` header. */
  byMessageId(): Map<string, Received[]> {
    const map = new Map<string, Received[]>();
    for (const r of this.received) {
      const id = String(r.headers['webhook-id']);
      map.set(id, [...(map.get(id) ?? []), r]);
    }
    return map;
  }

  async close(): Promise<void> {
    await this.down();
  }
}
