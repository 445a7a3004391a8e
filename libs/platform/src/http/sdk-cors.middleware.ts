import { Injectable, NestMiddleware, RequestMethod } from '@nestjs/common';
import type { RouteInfo } from '@nestjs/common/interfaces/index.js';
import type { NextFunction, Request, Response } from 'express';

/**
 * CORS for the SDK endpoints (ingestion, /flags, /decide, OFREP): posthog-js and browser
 * OpenFeature providers call them from any website. They authenticate with the public project
 * token (in the body, or as a Bearer token for OFREP), never with cookies, so any origin may call
 * them. Preflight requests are answered here.
 */
@Injectable()
export class SdkCorsMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const origin = req.headers.origin;
    res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    if (origin) {
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Headers', requested ?? 'Content-Type, X-Requested-With');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
  }
}

/**
 * The routes to apply `SdkCorsMiddleware` to: POST and OPTIONS of each path only. A middleware for
 * every method would count as a route for every method, and a GET would get 404 instead of 405.
 */
export function sdkRoutes(paths: readonly string[]): RouteInfo[] {
  return paths.flatMap((path) => [
    { path, method: RequestMethod.POST },
    { path, method: RequestMethod.OPTIONS },
  ]);
}
