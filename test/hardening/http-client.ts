import http from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, already percent-encoded (sent byte for byte). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

/**
 * A bare HTTP/1.1 client over keep-alive sockets: the fuzzer sends tens of thousands of requests,
 * some with bytes no higher-level client would send (invalid percent escapes, invalid UTF-8,
 * mismatched content types).
 */
export class RawHttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  send(r: RawRequest, timeoutMs = 60_000): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...r.headers };
      if (r.body !== undefined) headers['content-length'] = String(r.body.length);
      const req = http.request(
        { host: this.host, port: this.port, method: r.method, path: r.url, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const flat: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = String(v);
            let body: unknown;
            if (/^application\/(.+\+)?json/.test(flat['content-type'] ?? '') && text !== '') {
              try {
                body = JSON.parse(text);
              } catch {
                body = undefined;
              }
            }
            resolve({ status: res.statusCode ?? 0, headers: flat, text, body });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no response within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(r.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
