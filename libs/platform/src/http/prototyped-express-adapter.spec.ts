import type { Express } from 'express';
import { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { constructedWith, PrototypedExpressAdapter } from './prototyped-express-adapter';

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

  it('makes every request and every response with one hidden class (V8 map), as plain Node does', () => {
    // V8's own check, which only code parsed under --allow-natives-syntax may call.
    setFlagsFromString('--allow-natives-syntax');
    const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const app = new PrototypedExpressAdapter().getInstance<Express>();
    const Req = constructedWith(IncomingMessage, app.request);
    const Res = constructedWith(ServerResponse, app.response);
    const socket = new Socket();
    const [a, b] = [new Req(socket), new Req(socket)];
    const [c, d] = [new Res(a), new Res(b)];
    expect(Object.getPrototypeOf(a)).toBe(app.request);
    expect(Object.getPrototypeOf(c)).toBe(app.response);
    expect([a instanceof IncomingMessage, c instanceof ServerResponse]).toEqual([true, true]);
    expect([haveSameMap(a, b), haveSameMap(c, d)]).toEqual([true, true]);
    // the control: plain Node objects share theirs
    expect(haveSameMap(new IncomingMessage(socket), new IncomingMessage(socket))).toBe(true);
  });
});
