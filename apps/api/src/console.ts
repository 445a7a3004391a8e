import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { RequestHandler } from 'express';

/**
 * The paths the web console (apps/console) routes in the browser: `/`, `/login` and everything
 * under `/project/`. Only these fall back to its index.html, so the console never answers for
 * `/api`, the SDK paths (`/flags`, `/decide`, `/batch`, `/e`, `/i/v0/e`, `/array`, `/ofrep`, …),
 * `/_health` or `/_metrics`: a path outside this list is the API's, found or not.
 */
export const CONSOLE_ROUTES = /^\/(?:login\/?|project(?:\/[^]*)?)?$/;

// The console's own files: scripts and styles from itself, fetches to the same origin, nothing framed.
const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built console (`npm run console:build` writes it to `dir`): its hashed files under
 * `/assets/` (cached for a year), the other files of the build by name, and index.html for the
 * console's client-side routes. Nothing when the console was not built.
 */
export function consoleHandlers(dir: string): RequestHandler[] {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return [];
  const files = express.static(root, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders: (res, path) => {
      res.setHeader('Content-Security-Policy', CONSOLE_CSP);
      res.setHeader(
        'Cache-Control',
        path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const page: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CONSOLE_ROUTES.test(req.path)) return next();
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to `root`: sendFile refuses an absolute path with a dot-directory in it (an
    // install under ~/.local/share), while only the part under `root` is checked this way.
    res.sendFile('index.html', { root }, (e) => e && next(e));
  };
  const assets: RequestHandler = (req, res, next) =>
    (req.method === 'GET' || req.method === 'HEAD') &&
    /^\/(?:assets\/[^/]+|[\w-]+\.(?:svg|ico|png|txt|webmanifest))$/.test(req.path)
      ? files(req, res, next)
      : next();
  return [assets, page];
}
