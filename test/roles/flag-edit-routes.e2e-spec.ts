/** @sql-insensitive the routes the edit policy guards */
import { OpenApiDocument } from '../support/openapi';
import { startTestApp, TestApp, TestUser } from '../support/test-app';

/**
 * Every route that changes a flag or hangs something on it goes through the flag's edit check.
 * The routes come from the OpenAPI document: each non-GET operation on a `feature_flags` path is
 * called by a view-only member (the organization's flag access at 21, no role) on the owner's
 * flag, and must refuse (403; 405 where the route refuses everyone) and change nothing. A route
 * with no rule below fails the test, so the next route cannot forget the check.
 */

type Method = 'post' | 'patch' | 'put' | 'delete';

/** Operations that change no existing flag, and why. */
const NOT_EDITS: Record<string, string> = {
  'post /api/projects/{project_id}/feature_flags': 'creates a new flag, which its creator may edit',
  'post /api/projects/{project_id}/feature_flags/user_blast_radius': 'only counts persons',
};

describe('roles: every flag route runs the edit check', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let viewer: TestUser;
  let flag: { id: number; key: string };
  let roleAccessId: number;
  let spareRoleId: string;
  let flags: string;

  /** The body of each write; `undefined` for none. A route missing here fails the test. */
  let bodies: Record<string, () => object | undefined>;
  /** Path parameter values by `<segment before>/{param}`. */
  let ids: Record<string, () => string | number>;

  const snapshot = async () => {
    const current = (await t.get(`${flags}/${flag.id}/`).expect(200)).body;
    const dashboard = (await t.get(`/api/projects/${t.projectId}/dashboards/${current.usage_dashboard}/`).expect(200))
      .body;
    return {
      flag: {
        version: current.version,
        name: current.name,
        deleted: current.deleted,
        usage_dashboard: current.usage_dashboard,
        last_modified_by: current.last_modified_by?.id ?? null,
      },
      tiles: dashboard.tiles.length,
      cohorts: (await t.get(`/api/projects/${t.projectId}/cohorts/`).expect(200)).body.count,
      roleAccess: (await t.get(`${flags}/${flag.id}/role_access/`).expect(200)).body.results.map(
        (r: { id: number }) => r.id,
      ),
      activity: (await t.get(`${flags}/${flag.id}/activity/`).expect(200)).body.total_count,
    };
  };

  const flagRoutes = () =>
    Object.entries(doc.doc.paths)
      .filter(([template]) => template.split('/').includes('feature_flags'))
      .flatMap(([template, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'get')
          .map((method) => ({ method: method as Method, template, route: `${method} ${template}` })),
      );

  const call = (method: Method, template: string, key: string) => {
    const path = template.replace(/([^/]+)\/\{([^}]+)\}/g, (_, segment: string, param: string) => {
      const value = ids[`${segment}/{${param}}`];
      if (!value) throw new Error(`${method} ${template}: no value for ${segment}/{${param}}`);
      return `${segment}/${value()}`;
    });
    const body = bodies[`${method} ${template}`]();
    const r = t.req(method, path, key);
    return body === undefined ? r : r.send(body);
  };

  beforeAll(async () => {
    t = await startTestApp();
    doc = await OpenApiDocument.fetch(t);
    flags = `/api/projects/${t.projectId}/feature_flags`;
    const roles = `/api/organizations/${t.organizationId}/roles`;
    flag = (await t.post(`${flags}/`, { key: 'owned', name: 'Owned' }).expect(201)).body;
    // A usage dashboard without the enriched insights, on a flag that has enriched analytics:
    // enrich_usage_dashboard would add them.
    await t.post(`${flags}/${flag.id}/dashboard/`).expect(200);
    await t.patch(`${flags}/${flag.id}/`, { has_enriched_analytics: true }).expect(200);
    const role = (await t.post(`${roles}/`, { name: 'Attached', feature_flags_access_level: 37 }).expect(201)).body;
    spareRoleId = (await t.post(`${roles}/`, { name: 'Spare', feature_flags_access_level: 37 }).expect(201)).body.id;
    roleAccessId = (await t.post(`${flags}/${flag.id}/role_access/`, { role_id: role.id }).expect(201)).body.id;
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
    viewer = await t.newUser(t.organizationId, { level: 'member' });

    ids = {
      'projects/{project_id}': () => t.projectId,
      'organizations/{organization_id}': () => t.organizationId,
      'feature_flags/{id}': () => flag.id,
      'feature_flags/{feature_flag_id}': () => flag.id,
      'role_access/{id}': () => roleAccessId,
      'versions/{version}': () => 1,
    };
    const none = () => undefined;
    bodies = {
      'patch /api/projects/{project_id}/feature_flags/{id}': () => ({ name: 'by the viewer', active: false }),
      'delete /api/projects/{project_id}/feature_flags/{id}': none,
      'post /api/projects/{project_id}/feature_flags/{id}/create_static_cohort_for_flag': none,
      'post /api/projects/{project_id}/feature_flags/{id}/dashboard': none,
      'post /api/projects/{project_id}/feature_flags/{id}/enrich_usage_dashboard': none,
      'post /api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access': () => ({ role_id: spareRoleId }),
      'delete /api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access/{id}': none,
      'post /api/projects/{project_id}/feature_flags/{id}/versions/{version}/restore': () => ({}),
      'post /api/organizations/{organization_id}/feature_flags/copy_flags': () => ({
        feature_flag_key: flag.key,
        from_project: t.projectId,
        target_project_ids: [t.projectId],
      }),
    };
  });
  afterAll(() => t?.close());

  it('refuses a view-only member on every non-GET flag route of the OpenAPI document, and changes nothing', async () => {
    const routes = flagRoutes();
    const edits = routes.filter((r) => !(r.route in NOT_EDITS));
    expect(routes.map((r) => r.route).filter((r) => r in NOT_EDITS)).toEqual(
      expect.arrayContaining(Object.keys(NOT_EDITS)),
    );
    const unruled = edits.filter((r) => !(r.route in bodies)).map((r) => r.route);
    expect(unruled).toEqual([]);
    expect(edits.length).toBeGreaterThanOrEqual(Object.keys(bodies).length);

    const before = await snapshot();
    const answers: string[] = [];
    for (const { method, template, route } of edits) {
      const res = await call(method, template, viewer.key);
      const refusesEveryone = res.status === 405 && '405' in doc.operation(method, template).responses;
      if (res.status !== 403 && !refusesEveryone) answers.push(`${route} → ${res.status} ${res.text.slice(0, 200)}`);
      if (res.status === 403)
        expect(res.body).toMatchObject({ type: 'authentication_error', code: 'permission_denied' });
    }
    expect(answers).toEqual([]);
    expect(await snapshot()).toEqual(before);
    process.stdout.write(`FLAG-EDIT: ${edits.length} flag write routes refuse a view-only member\n`);
  });

  it('lets the owner through the same requests (the refusals above are the edit check, not the bodies)', async () => {
    const refused: string[] = [];
    for (const { method, template, route } of flagRoutes().filter((r) => !(r.route in NOT_EDITS))) {
      const res = await call(method, template, t.key);
      if (res.status === 403 || res.status >= 500) refused.push(`${route} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });
});
