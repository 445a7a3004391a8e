import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import * as http from 'node:http';

/**
 * Express 5 moves every request and response onto its app's prototypes (`Object.setPrototypeOf`
 * in `app.handle`), which leaves V8 slow property access on both for the rest of the request.
 * This adapter's server creates them with those prototypes already (`Reflect.construct` with the
 * app's `request`/`response` as the new target's prototype), so that call changes nothing. Same
 * objects, same Express: only the moment their prototype is set differs.
 */
export class PrototypedExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS and Nest's connection tracking keep Nest's own server (Bunting uses neither).
    if (options?.httpsOptions || options?.forceCloseConnections || options?.return503OnClosing) {
      return super.initHttpServer(options);
    }
    const app = this.getInstance<Express>();
    this.httpServer = http.createServer(
      {
        IncomingMessage: constructedWith(http.IncomingMessage, app.request),
        ServerResponse: constructedWith(http.ServerResponse, app.response),
      },
      app,
    );
  }
}

/** A constructor of `base`'s objects whose prototype is `prototype` (which inherits from `base.prototype`). */
function constructedWith<T extends typeof http.IncomingMessage | typeof http.ServerResponse>(
  base: T,
  prototype: object,
): T {
  function Constructed(...args: unknown[]): object {
    return Reflect.construct(base, args, Constructed) as object;
  }
  Constructed.prototype = prototype;
  return Constructed as unknown as T;
}
