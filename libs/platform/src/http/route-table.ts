import type { Express } from 'express';
import { match } from 'path-to-regexp';

type Matcher = (path: string) => unknown;

/**
 * The routes Express knows, so that a request for a known path with the wrong method gets 405
 * (as DRF answers) instead of 404.
 */
export class RouteTable {
  private routes: Array<{ matches: Matcher; methods: Set<string> }> = [];

  load(app: Express): void {
    const stack =
      (app as unknown as { router?: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } })
        .router?.stack ?? [];
    this.routes = stack
      .filter((layer) => layer.route && typeof layer.route.path === 'string')
      .map((layer) => ({
        matches: match(layer.route!.path, { end: true, trailing: true, decode: false }) as Matcher,
        methods: new Set(Object.keys(layer.route!.methods).map((m) => m.toUpperCase())),
      }));
  }

  /** The methods allowed on `path`, or undefined when no route has that path. */
  allowedMethods(path: string): string[] | undefined {
    const methods = new Set<string>();
    for (const r of this.routes) if (r.matches(path)) r.methods.forEach((m) => methods.add(m));
    return methods.size > 0 ? [...methods] : undefined;
  }
}
