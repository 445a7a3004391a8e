import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { finalize, Observable } from 'rxjs';
import { PlatformConfig } from '../config/platform-config';
import { ExpensiveWork } from '../workload/expensive-work';
import type { AuthedRequest } from './decorators';

/** The metadata key `@ExpensiveRoute` sets on its handler or class. */
export const EXPENSIVE_METADATA = 'bunting:expensive';

/**
 * A route whose requests can hold the database for long. Each runs as ExpensiveWork: at most so
 * many at once per user and per project (429 with Retry-After beyond), and in one of the
 * service-wide slots, waited for up to EXPENSIVE_QUEUE_TIMEOUT_MS. `unless` names the requests
 * of the route that are cheap (an indexed lookup). OpenAPI shows `x-expensive`.
 * The interceptor is the route's own, never global: any interceptor on a route makes Nest run
 * its whole RxJS chain for every request of it (two `defer`s, `mergeAll`, async-scope binding).
 */
export function ExpensiveRoute(unless?: (req: Request) => boolean): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(EXPENSIVE_METADATA, unless ?? true),
    UseInterceptors(ExpensiveRouteInterceptor),
    ApiExtension('x-expensive', true),
  );
}

/**
 * Runs the requests of `@ExpensiveRoute` handlers as ExpensiveWork. The admission is given back
 * once the handler is done and the response closed, whichever comes last: a client that hangs
 * up does not free the slot while its queries still run.
 */
@Injectable()
export class ExpensiveRouteInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly work: ExpensiveWork,
    private readonly config: PlatformConfig,
  ) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const mark = this.reflector.getAllAndOverride<true | ((req: Request) => boolean) | undefined>(EXPENSIVE_METADATA, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    if (mark === undefined || (mark !== true && mark(req))) return next.handle();
    const res = ctx.switchToHttp().getResponse<Response>();
    if (!req.actor) throw new Error('an expensive route needs an authenticated caller');
    const admission = await this.work.admit({ userId: req.actor.userId, projectId: req.project?.id });
    try {
      await admission.slot(this.config.EXPENSIVE_QUEUE_TIMEOUT_MS);
    } catch (e) {
      admission.release();
      throw e;
    }
    let pending = 2;
    const done = () => {
      if (--pending === 0) admission.release();
    };
    if (res.destroyed || res.writableFinished) done();
    else res.once('close', done);
    return next.handle().pipe(finalize(done));
  }
}
