import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import * as http from 'node:http';

/**
 * Express 5 moves every request and response onto its app's prototypes (`Object.setPrototypeOf`
 * in `app.handle`), which leaves V8 slow property access on both for the rest of the request.
 * This adapter's server creates them with those prototypes already (constructedWith below), so
 * that call changes nothing. Same objects, same Express: only the moment their prototype is set
 * differs.
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

/**
 * A constructor of `base`'s objects whose prototype is `prototype` (which inherits from
 * `base.prototype`): `new` makes the object from this function's own initial map, then `base`
 * initialises it, so every request and response shares one hidden class. (`Reflect.construct`
 * with this function as the new target gave every object a map of its own: 20–40 µs per
 * construction, and every inline cache that saw them megamorphic; the definitions 304 took 0.60 ms
 * of CPU per request that way against 0.21 ms this way.) Node's IncomingMessage and ServerResponse
 * are plain functions, which may initialise an object made by another constructor.
 */
export function constructedWith<T extends typeof http.IncomingMessage | typeof http.ServerResponse>(
  base: T,
  prototype: object,
): T {
  const init = base as unknown as (this: object, ...args: unknown[]) => void;
  function Constructed(this: object, ...args: unknown[]): void {
    init.apply(this, args);
  }
  Constructed.prototype = prototype;
  return Constructed as unknown as T;
}
