import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Router, Switch } from 'wouter';
import { ROOT } from '../support/processes';

/** The routes of the signed-in console, as apps/console/src/app.tsx declares them. */
function declaredRoutes(): { project: string; screens: string[] } {
  const source = readFileSync(join(ROOT, 'apps/console/src/app.tsx'), 'utf8');
  const nested = [...source.matchAll(/<Route path="([^"]+)" nest>/g)].map((m) => m[1]);
  const shell = /function ProjectShell\b[^]*?\n}\n/.exec(source)?.[0] ?? '';
  const screens = [...shell.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
  if (nested.length !== 1 || screens.length === 0) {
    throw new Error('apps/console/src/app.tsx no longer has one nested project route and a ProjectShell of routes');
  }
  return { project: nested[0], screens };
}

/**
 * The console screen a link lands on for a signed-in user: the route pattern it matches (say
 * `/project/:projectId/persons/:id`), or undefined when the console shows "Page not found".
 * wouter itself matches (rendered on the server with the link as its location), through the
 * routes read from app.tsx: the project route nested as the console nests it, then the first of
 * the project shell's routes, in their order, that takes the rest.
 */
export function consoleRouteOf(link: string): string | undefined {
  const { project, screens } = declaredRoutes();
  const url = new URL(link, 'http://console.invalid');
  const shell = h(Switch, null, ...screens.map((path) => h(Route, { key: path, path }, `${project}${path}`)));
  const app = h(Switch, null, h(Route, { path: project, nest: true }, shell));
  const matched = renderToString(h(Router, { ssrPath: url.pathname + url.search, children: app }));
  return matched === '' ? undefined : matched;
}
