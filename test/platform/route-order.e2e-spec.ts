import { match } from 'path-to-regexp';
import { startTestApp, TestApp } from '../support/test-app';

interface Route {
  path: string;
  methods: string[];
}

/**
 * Pairs where an earlier route takes every request meant for a later one: Express tries routes
 * in registration order, so `GET feature_flags/:id` registered before `GET
 * feature_flags/local_evaluation` answers the latter with "not a number". Which controller a
 * module lists first, and which handler a controller declares first, decides it.
 */
function shadowedRoutes(routes: Route[]): string[] {
  const found: string[] = [];
  routes.forEach((later, j) => {
    // A request for the later route: each parameter filled with a value no literal segment has.
    const request = later.path.replace(/[:*][A-Za-z0-9_]+/g, 'p4r4m');
    for (const earlier of routes.slice(0, j)) {
      // The same path twice (swagger-ui registers itself with and without the trailing slash).
      if (earlier.path.replace(/\/$/, '') === later.path.replace(/\/$/, '')) continue;
      const methods = later.methods.filter((m) => earlier.methods.includes(m) || earlier.methods.includes('_all'));
      if (methods.length === 0) continue;
      if (match(earlier.path, { end: true, trailing: true, decode: false })(request)) {
        found.push(
          `${methods.join(',').toUpperCase()} ${later.path} is taken by ${earlier.path}, registered before it`,
        );
      }
    }
  });
  return found;
}

describe('route order', () => {
  it('sees a parameter route shadowing a fixed sibling (the check has teeth)', () => {
    expect(
      shadowedRoutes([
        { path: '/api/projects/:project_id/feature_flags/:id', methods: ['get'] },
        { path: '/api/projects/:project_id/feature_flags/local_evaluation', methods: ['get'] },
        { path: '/api/projects/:project_id/feature_flags/:id/activity', methods: ['get'] },
        { path: '/api/projects/:project_id/feature_flags/bulk', methods: ['post'] },
      ]),
    ).toEqual([
      'GET /api/projects/:project_id/feature_flags/local_evaluation is taken by /api/projects/:project_id/feature_flags/:id, registered before it',
    ]);
  });

  describe('in the running app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('has no route an earlier one makes unreachable', () => {
      const stack = (
        t.app.getHttpAdapter().getInstance() as {
          router: { stack: Array<{ route?: { path: unknown; methods: Record<string, boolean> } }> };
        }
      ).router.stack;
      const routes = stack
        .filter((layer) => layer.route && typeof layer.route.path === 'string')
        .map((layer) => ({ path: layer.route!.path as string, methods: Object.keys(layer.route!.methods) }));
      // The flag helpers and the persons' insights sit beside a `GET :id`; make sure they are walked.
      expect(routes.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          '/api/projects/:project_id/feature_flags/local_evaluation',
          '/api/projects/:project_id/feature_flags/:id',
          '/api/projects/:project_id/persons/trends',
          '/api/projects/:project_id/persons/:id',
        ]),
      );
      expect(shadowedRoutes(routes)).toEqual([]);
    });
  });
});
