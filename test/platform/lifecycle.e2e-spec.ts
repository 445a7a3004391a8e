/** @sql-sensitive readiness and 503s when the database goes away */
import { Agent, request as httpRequest } from 'node:http';
import { drainAndClose, Lifecycle } from '@app/platform';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';

describe('readiness and graceful shutdown', () => {
  it('/_readyz fails when the database is gone while /_health still answers; requests get 503 + Retry-After', async () => {
    const t: TestApp = await startTestApp();
    try {
      await t.get('/_readyz', null).expect(200, { status: 'ok', database: 'up' });
      await t.db.stop();
      const ready = await t.get('/_readyz', null).expect(503);
      expect(ready.body).toEqual({ status: 'unavailable', database: 'down' });
      await t.get('/_health', null).expect(200);
      // a key the server has never seen needs the database: 503, not 500
      const fresh = await t.post('/api/personal_api_keys/', undefined, `phx_${'b'.repeat(43)}`);
      expect(fresh.status).toBe(503);
      expect(fresh.headers['retry-after']).toBe('1');
      expect(fresh.body).toMatchObject({ code: 'service_unavailable' });
    } finally {
      await t.app.close().catch(() => {});
      await t.db.close().catch(() => {});
    }
  });

  it('on shutdown, finishes a request in flight, refuses new connections and closes', async () => {
    const t: TestApp = await startTestApp();
    const port = Number(new URL(t.baseUrl).port);
    const body = JSON.stringify({ name: 'Created while draining' });
    // A request whose body arrives in two halves: it is in flight when shutdown starts.
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/projects/',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        Authorization: `Bearer ${t.key}`,
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    const lifecycle = t.app.get(Lifecycle);
    await waitFor(() => (lifecycle.inflight > 0 ? true : undefined));

    const closed = drainAndClose(t.app, 10_000);
    expect(lifecycle.draining).toBe(true);
    // new connections are refused while the old request is still running
    await expect(fetch(`${t.baseUrl}/_health`)).rejects.toThrow();

    req.end(body.slice(10));
    const res = await response;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).name).toBe('Created while draining');
    await closed;
    expect(lifecycle.inflight).toBe(0);
    await t.db.close();
  });

  it('during the grace, answers a request on a kept-alive connection and asks it to close', async () => {
    const t: TestApp = await startTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest(`${t.baseUrl}/_readyz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toEqual({ status: 200, connection: 'keep-alive' });
      // the connection is idle, kept alive: without the grace it would be closed under the next request
      const closed = drainAndClose(t.app, 10_000, 3_000);
      expect(await get()).toEqual({ status: 503, connection: 'close' });
      // a connection opened during the grace is still taken
      const fresh = await fetch(`${t.baseUrl}/_health`);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('connection')).toBe('close');
      await closed;
      await expect(fetch(`${t.baseUrl}/_health`)).rejects.toThrow();
    } finally {
      agent.destroy();
      await t.app.close().catch(() => {});
      await t.db.close().catch(() => {});
    }
  });
});
