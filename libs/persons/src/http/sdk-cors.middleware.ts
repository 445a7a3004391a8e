import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * CORS for the SDK endpoints: posthog-js posts from any website. They authenticate with the
 * public project token in the body, never with cookies, so any origin may call them.
 * Preflight requests are answered here.
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
