import type { RequestHandler } from 'express';

/**
 * The URL space PostHog's SDKs (and OpenFeature's OFREP providers) call from web pages: each
 * entry covers the path and everything below it, served by a route or not. posthog-js calls
 * paths Bunting does not serve when a project's settings ask for them (`/s/` recordings,
 * `/static/*.js` extensions, `/api/surveys/`); those must answer 404 as what they are, not
 * surface in the page's console as a CORS failure.
 */
export const SDK_PATH_PREFIXES: readonly string[] = [
  '/batch',
  '/capture',
  '/e',
  '/i',
  '/track',
  '/engage',
  '/s',
  '/flags',
  '/decide',
  '/array',
  '/static',
  '/ofrep',
  '/api/surveys',
  '/api/early_access_features',
  '/api/web_experiments',
];

// Express matches routes case-insensitively, so the prefixes do too.
const PREFIXES = SDK_PATH_PREFIXES.map((p) => p.toLowerCase());

/** Whether `path` is `prefix` itself or lies below it (by whole segments: `/e` is not `/engage`). */
export function isSdkPath(path: string): boolean {
  const lower = path.toLowerCase();
  return PREFIXES.some((p) => lower === p || lower.startsWith(`${p}/`));
}

/**
 * CORS for every SDK path, whatever the answer: success, any error (the error filter, the body
 * parser's 413/415, an unmatched path's 404 or 405) and preflights, which are answered here. It
 * runs before everything that can answer, so no response of these paths goes out without it.
 *
 * Any origin may call: the SDK endpoints authenticate with the public project token (in the
 * body, the path, or a Bearer header for OFREP), never with cookies. The policy is PostHog's
 * (rust/feature-flags router): the origin and the requested headers mirrored, credentials allowed.
 */
export function sdkCors(): RequestHandler {
  return (req, res, next) => {
    if (!isSdkPath(req.path)) return next();
    const origin = req.headers.origin;
    res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    if (origin) {
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.vary('Origin');
    }
    if (req.method !== 'OPTIONS') return next();
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS, HEAD');
    const requested = req.headers['access-control-request-headers'];
    res.setHeader('Access-Control-Allow-Headers', requested ?? 'Content-Type, X-Requested-With');
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
  };
}
