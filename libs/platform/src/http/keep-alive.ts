import type { Server } from 'node:http';
import type { RequestHandler } from 'express';

/** How long the server keeps an idle keep-alive connection: longer than load balancers' 60 s. */
const IDLE_MS = 65_000;
/**
 * How long it tells clients they may keep one (`Keep-Alive: timeout=`). Clients close at the
 * hint minus a margin by their own clock (undici: 2 s, on timers that advance 499 ms per tick
 * however late the tick runs), so a client under load reused sockets the server had just closed
 * when Node advertised the real 65 s: "other side closed". Half the real time leaves room for a
 * clock that runs twice as slow.
 */
const ADVERTISED_S = 30;

/**
 * Sets the server's idle timeouts and returns the middleware that advertises the shorter one.
 * A `Keep-Alive` header of the app's own stops Node from writing its `timeout=65`.
 */
export function keepConnectionsAlive(server: Server): RequestHandler {
  server.keepAliveTimeout = IDLE_MS;
  server.headersTimeout = IDLE_MS + 1_000;
  const hint = `timeout=${ADVERTISED_S}`;
  return (_req, res, next) => {
    if (res.shouldKeepAlive) res.setHeader('Keep-Alive', hint);
    next();
  };
}
