import { AddressInfo, connect, createServer, Socket } from 'node:net';

/**
 * A TCP pass-through to `target` (a local Redis or PostgreSQL) that a test can break in the two
 * ways a network does:
 *
 * - `down()`: connections are cut and new ones refused (a server that is gone);
 * - `stall()`: connections stay open and new ones are accepted, but no byte goes through in
 *   either direction (a server that hangs, a partition that drops packets);
 *
 * and `up()` passes bytes again on new connections (stalled ones stay stalled: the client has to
 * notice and reconnect, as it would have to in production).
 */
export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  port: number;
  down(): Promise<void>;
  stall(): void;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let stalled = false;
  const server = createServer((client) => {
    const track = (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    };
    track(client);
    if (stalled) {
      client.resume(); // read and drop
      return;
    }
    const upstream = connect(target);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // Forward unless stalled; a stall drops what arrives from then on, both ways.
    client.on('data', (chunk) => !stalled && upstream.write(chunk));
    upstream.on('data', (chunk) => !stalled && client.write(chunk));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const listening = () => server.listening;
  return {
    port,
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    down: () =>
      new Promise<void>((r) => {
        stalled = false;
        for (const s of sockets) s.destroy();
        if (!listening()) return r();
        server.close(() => r());
      }),
    stall: () => {
      stalled = true;
    },
    up: async () => {
      stalled = false;
      // The connections that were stalled stay useless: a client must drop them.
      for (const s of sockets) s.pause();
      if (!listening()) await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        if (!listening()) return r();
        server.close(() => r());
      }),
  };
}
