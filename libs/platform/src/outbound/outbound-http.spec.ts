import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformConfig } from '../config/platform-config';
import { JsonLogger } from '../observability/json-logger';
import { DELIVERY_REFUSED, OutboundFailure, OutboundHttp, RESPONSE_BYTES_KEPT, TARGET_REFUSED } from './outbound-http';

/** OutboundHttp against a node:http server on 127.0.0.1: what it sends, reads and refuses. */
describe('OutboundHttp', () => {
  let server: Server;
  let port: number;
  let hits: string[];

  const http = (allowPrivate: boolean, timeoutMs = 2_000) =>
    new OutboundHttp(
      Object.assign(new PlatformConfig(), {
        WEBHOOK_ALLOW_PRIVATE_TARGETS: allowPrivate,
        WEBHOOK_TIMEOUT_MS: timeoutMs,
      }),
      new JsonLogger('silent'),
    );

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' }).end();
      } else if (req.url === '/big') {
        res.writeHead(200).end('y'.repeat(100_000));
      } else if (req.url === '/hang') {
        // never answers
      } else {
        req.on('data', () => {});
        req.on('end', () => res.writeHead(201).end(`got ${req.headers['webhook-id'] ?? ''}`));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('posts the body with the given headers and answers the status and body', async () => {
    const res = await http(true).postJson(`http://127.0.0.1:${port}/ok`, '{}', { 'webhook-id': 'msg_1' });
    expect(res).toEqual({ status: 201, body: 'got msg_1' });
  });

  it('refuses a name that resolves to a private address, at delivery, before connecting', async () => {
    await expect(http(false).postJson(`http://localhost:${port}/ok`, '{}', {})).rejects.toThrow(OutboundFailure);
    await expect(http(false).postJson(`http://127.0.0.1:${port}/ok`, '{}', {})).rejects.toThrow(/refused/);
    await expect(http(false).postJson(`http://[::ffff:127.0.0.1]:${port}/ok`, '{}', {})).rejects.toThrow(/refused/);
    expect(hits).toEqual([]);
    // allowed, the same name goes through
    await expect(http(true).postJson(`http://localhost:${port}/ok`, '{}', {})).resolves.toMatchObject({ status: 201 });
  });

  it('follows no redirect, reads at most RESPONSE_BYTES_KEPT bytes, and gives up after the timeout', async () => {
    expect(await http(true).postJson(`http://127.0.0.1:${port}/redirect`, '{}', {})).toEqual({ status: 302, body: '' });
    expect(hits).toEqual(['/redirect']);
    const big = await http(true).postJson(`http://127.0.0.1:${port}/big`, '{}', {});
    expect(big.body).toHaveLength(RESPONSE_BYTES_KEPT);
    await expect(http(true, 200).postJson(`http://127.0.0.1:${port}/hang`, '{}', {})).rejects.toThrow(/timed out/);
  });

  it('checks a target at save: form, then the addresses its host resolves to', async () => {
    await expect(http(false).checkTarget('http://localhost/x', 'url')).rejects.toMatchObject({ attr: 'url' });
    await expect(http(false).checkTarget('http://169.254.169.254/', 'url')).rejects.toMatchObject({ attr: 'url' });
    await expect(http(false).checkTarget('ftp://93.184.215.14/', 'url')).rejects.toMatchObject({ attr: 'url' });
    await expect(http(false).checkTarget('http://93.184.215.14/x', 'url')).resolves.toBe('http://93.184.215.14/x');
    await expect(http(true).checkTarget('http://localhost/x', 'url')).resolves.toBe('http://localhost/x');
  });

  it('names no address in what users see: one answer at save, one error at delivery', async () => {
    for (const target of ['http://10.1.2.3/x', 'http://localhost/x', 'http://[fd00::1]/']) {
      await expect(http(false).checkTarget(target, 'slack_incoming_webhook')).rejects.toMatchObject({
        attr: 'slack_incoming_webhook',
        code: 'invalid_url',
        detail: TARGET_REFUSED,
      });
    }
    for (const target of [`http://localhost:${port}/ok`, `http://10.1.2.3:${port}/ok`]) {
      await expect(http(false).postJson(target, '{}', {})).rejects.toThrow(new OutboundFailure(DELIVERY_REFUSED));
    }
    expect(TARGET_REFUSED + DELIVERY_REFUSED).not.toMatch(/\d+\.\d+|::/);
  });
});
