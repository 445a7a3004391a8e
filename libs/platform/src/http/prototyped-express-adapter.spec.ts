import type { Express } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PrototypedExpressAdapter } from './prototyped-express-adapter';

describe('PrototypedExpressAdapter', () => {
  it('creates requests and responses on the app’s prototypes before Express sees them', async () => {
    const adapter = new PrototypedExpressAdapter();
    adapter.initHttpServer({});
    const app = adapter.getInstance<Express>();
    app.get('/x', (req, res) => {
      res.json({ ip: req.ip !== undefined, path: req.path });
    });
    const server = adapter.getHttpServer() as Server;
    const seen: Array<[object | null, object | null]> = [];
    // runs before Express's handler: what the server created, not what Express made of it
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push([Object.getPrototypeOf(req) as object | null, Object.getPrototypeOf(res) as object | null]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/x?a=1`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ip: true, path: '/x' });
      expect(seen).toEqual([[app.request, app.response]]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
