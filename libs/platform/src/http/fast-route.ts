import type { INestApplicationContext } from '@nestjs/common';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Scope } from '../auth/scopes';
import type { Actor } from '../tenancy/actor';
import { AuthGuard } from './auth.guard';
import type { AuthedRequest } from './decorators';
import { ErrorFilter } from './error.filter';

/**
 * A route answered by a plain Express handler ahead of the Nest route of the same method and
 * paths, for the SDKs' hottest calls, where Nest's per-request pipeline (execution context, the
 * guard's metadata lookups, pipes) costs as much as the answer. It is admitted by the same
 * `AuthGuard.admit` (unless public, as the Nest route is) and fails through the same
 * `ErrorFilter`. A request whose form `accept` does not take (undefined) goes on to the Nest
 * route unchanged, before anything is counted. The Nest route stays the documented one.
 */
interface FastRouteForm<T> {
  method: 'get' | 'post';
  /** Express paths, matched as the Nest route's are (the same router). */
  paths: readonly string[];
  /** The request's input in the plain form, or undefined to leave the request to the Nest route. */
  accept(req: Request): T | undefined;
  /** A project secret token may call it too (`AcceptsProjectSecret` on the Nest route). */
  projectSecret?: boolean;
}

/** A route whose caller needs `scopes` (admitted as Nest's routes are), or a public one (`@Public`). */
export type FastRoute<T> = FastRouteForm<T> &
  (
    | { scopes: readonly Scope[]; handle(input: T, req: Request, res: Response, actor: Actor): Promise<void> }
    | { scopes: 'public'; handle(input: T, req: Request, res: Response): Promise<void> }
  );

/** Registers `routes` on `express`, after its middleware so far (call it before `app.init()`). */
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
      let input: unknown;
      try {
        input = route.accept(req);
      } catch (e) {
        errors.answer(e, req, res);
        return;
      }
      if (input === undefined) {
        next();
        return;
      }
      const answered =
        route.scopes === 'public'
          ? route.handle(input, req, res)
          : guard
              .admit(req as AuthedRequest, route.scopes, { projectSecret: route.projectSecret })
              .then((actor) => route.handle(input, req, res, actor));
      // Returned: should answering the error fail too, Express 5 passes that rejection on to `next`.
      return answered.catch((e: unknown) => errors.answer(e, req, res));
    };
    // One registration per path: metrics and logs read the matched path from `req.route`.
    for (const path of route.paths) express[route.method](path, handler);
  }
}
