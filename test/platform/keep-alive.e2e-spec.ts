import { connect, Socket } from 'node:net';
import { startTestApp, TestApp } from '../support/test-app';

/** The next response's status line and headers on a raw socket (the body is skipped by Content-Length). */
function nextResponse(socket: Socket): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    if (socket.readableEnded) return reject(new Error('the server closed the connection'));
    let data = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      if (data.length < end + 4 + Number(headers['content-length'] ?? 0)) return;
      socket.off('data', onData).off('end', onEnd);
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    };
    const onEnd = () => reject(new Error('the server closed the connection'));
    socket.on('data', onData).once('end', onEnd);
  });
}

/** Runs `use` on a fresh raw connection to the app, closed afterwards. */
async function withSocket(t: TestApp, use: (socket: Socket) => Promise<void>): Promise<void> {
  const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
  try {
    await use(socket);
  } finally {
    socket.destroy();
  }
}

describe('idle keep-alive connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.app.close();
    await t.db.close();
  });

  it('stay open well past the idle time the server advertises, so a client whose clock runs late never reuses a closed one', async () => {
    await withSocket(t, async (socket) => {
      socket.write('GET /_health HTTP/1.1\r\nHost: bunting\r\n\r\n');
      const first = await nextResponse(socket);
      expect(first.status).toBe(200);
      expect(first.headers.connection).toBe('keep-alive');
      const advertised = Number(/^timeout=(\d+)$/.exec(first.headers['keep-alive'] ?? '')?.[1]);
      expect(advertised).toBeGreaterThanOrEqual(5);
      // A client that waits out the hint by a clock running 10 % slow: the socket is still served.
      await new Promise((r) => setTimeout(r, advertised * 1_100));
      socket.write('GET /_health HTTP/1.1\r\nHost: bunting\r\n\r\n');
      expect((await nextResponse(socket)).status).toBe(200);
    });
  }, 100_000);

  it('advertises nothing on a connection the client closes', async () => {
    await withSocket(t, async (socket) => {
      socket.write('GET /_health HTTP/1.1\r\nHost: bunting\r\nConnection: close\r\n\r\n');
      const res = await nextResponse(socket);
      expect(res.status).toBe(200);
      expect(res.headers.connection).toBe('close');
      expect(res.headers['keep-alive']).toBeUndefined();
    });
  });
});
