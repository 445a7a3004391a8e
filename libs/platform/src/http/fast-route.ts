import type { INestApplicationContext } from '@nestjs/common';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Scope } from '../auth/scopes';
import type { Actor } from '../tenancy/actor';
import { AuthGuard } from './auth.guard';
import type { AuthedRequest } from './decorators';
import { ErrorFilter } from './error.filter';

/**
 * A GET route answered by a plain Express handler ahead of the Nest route of the same paths, for
 * the SDKs' hottest reads, where Nest's per-request pipeline (execution context, the guard's
 * metadata lookups, the validation pipe) costs as much as the answer. It is admitted by the same
 * `AuthGuard.admit` and fails through the same `ErrorFilter`. A request whose form `accept` does
 * not take (undefined) goes on to the Nest route unchanged, before anything is counted.
 */
export interface FastRoute<T> {
  /** Express paths, matched as the Nest route's are (the same router). */
  paths: readonly string[];
  scopes: readonly Scope[];
  /** The request's input in the plain form, or undefined to leave the request to the Nest route. */
  accept(req: Request): T | undefined;
  handle(actor: Actor, input: T, req: Request, res: Response): Promise<void>;
}

/** Registers `routes` on `express` (before Nest's routes: call it before `app.init()`). */
export function mountFastRoutes(
  app: INestApplicationContext,
  express: Express,
  routes: ReadonlyArray<FastRoute<unknown>>,
): void {
  if (routes.length === 0) return;
  const guard = app.get(AuthGuard);
  const errors = app.get(ErrorFilter);
  for (const route of routes) {
    const handler: RequestHandler = (req, res, next) => {
      const input = route.accept(req);
      if (input === undefined) {
        next();
        return;
      }
      guard
        .admit(req as AuthedRequest, route.scopes)
        .then((actor) => route.handle(actor, input, req, res))
        .catch((e: unknown) => errors.answer(e, req, res));
    };
    // One registration per path: metrics and logs read the matched path from `req.route`.
    for (const path of route.paths) express.get(path, handler);
  }
}
