/** @sql-insensitive every route scoped by project: the same statements on both engines */
import request from 'supertest';
import { OpenApiDocument, Operation } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';
import { buildWorld, leakedSecret, World } from './world';

/**
 * Issue 11: no organization reaches another's data. Two organizations, A (the bootstrap tenant)
 * and B, each get a project full of objects; then every route of the OpenAPI document is called
 * with B's credentials and A's ids (in the path, the query and the body). A route the sweep has no
 * rule for fails the test, so new routes are covered as they appear.
 */

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
interface Route {
  method: Method;
  template: string;
  op: Operation;
}
type Expect = '404' | 'no-leak' | '4xx' | '4xx-or-no-leak';
interface Attempt {
  route: string;
  kind: string;
  method: Method;
  path: string;
  body?: object;
  expect: Expect;
  /** A project token instead of B's personal key (SDK and OFREP routes). */
  token?: boolean;
  /** The same request naming ids that exist nowhere, and the ids replaced: it must answer the same. */
  twin?: { path: string; body?: object; replaced: string[] };
  /** The route documents 405 (DELETE on flags and cohorts: refused for every id alike). */
  allows405?: boolean;
}

const TOP = new Set(['project_id', 'organization_id']);
const WRITE_METHODS = new Set(['post', 'patch', 'put', 'delete']);
const ORDER: Record<Method, number> = { get: 0, post: 1, put: 2, patch: 3, delete: 4 };
/** Routes that hold no tenant's data. */
const INFRA = new Set(['/_health', '/_readyz', '/_metrics']);
/** Ingestion routes (project token in the body). */
const CAPTURE = new Set(['/batch', '/capture', '/e', '/i/v0/e', '/track']);
/**
 * Public by design: the token in the path is the one every page embeds, and the answer is that
 * project's posthog-js config, which holds the token and whether the project has an active flag,
 * nothing else (test/evaluation/remote-config.e2e-spec.ts pins the whole body).
 */
const PUBLIC_BY_TOKEN = new Set(['/array/{token}/config', '/array/{token}/config.js']);

/** The ids of world `w` that a path parameter takes, by `<segment before>/{param}`. */
const IDS: Record<string, (w: World) => Array<string | number>> = {
  'projects/{project_id}': (w) => [w.tenant.projectId],
  'organizations/{organization_id}': (w) => [w.tenant.organizationId],
  'persons/{id}': (w) => [w.person.uuid, w.person.id],
  'cohorts/{id}': (w) => [w.cohorts.static, w.cohorts.dynamic],
  'feature_flags/{id}': (w) => w.flags.map((f) => f.id),
  'feature_flags/{feature_flag_id}': (w) => w.flags.map((f) => f.id),
  'feature_flags/{feature_flag_key}': (w) => w.flags.map((f) => f.key),
  'feature_flags/{id_or_key}': (w) => w.flags.flatMap((f) => [f.id, f.key]),
  'roles/{id}': (w) => [w.roleId],
  'role_memberships/{membership_id}': (w) => [w.membershipId],
  'role_access/{id}': (w) => [w.roleAccessId],
  'dashboards/{id}': (w) => [w.dashboardId],
  'scheduled_changes/{id}': (w) => [w.scheduledChangeId],
  'early_access_features/{id}': (w) => [w.earlyAccessFeatureId],
  'webhooks/{id}': (w) => [w.webhookId],
  'deliveries/{delivery_id}': (w) => [w.webhookDeliveryId],
  'versions/{version}': () => [1],
  'event_definitions/{id}': (w) => [w.eventDefinitionId],
  'personal_api_keys/{id}': (w) => [w.apiKeyId],
  'flags/{key}': (w) => w.flags.map((f) => f.key),
  'members/{user_uuid}': (w) => [w.userUuid],
};
/** Parameters that look objects up by name rather than id: another tenant's name finds nothing. */
const BY_NAME = new Set(['feature_flags/{feature_flag_key}']);
/** Parameters that number something inside their parent (a flag's versions), not objects of their own. */
const ORDINALS = new Set(['versions/{version}']);

/** A valid body for each route that takes one; `pw` owns the path's objects, `cw` is the caller. */
const BODIES: Partial<Record<string, (pw: World, cw: World) => object>> = {
  'post /api/projects': () => ({ name: 'stolen' }),
  'patch /api/projects/{project_id}': () => ({ name: 'stolen' }),
  'post /api/organizations': () => ({ name: 'stolen' }),
  'post /api/personal_api_keys': () => ({ label: 'stolen', scopes: ['*'] }),
  'patch /api/users/@me': () => ({ current_password: 'not-the-password', password: 'stolen-password' }),
  'post /api/login': (pw) => ({ email: pw.tenant.email, password: 'not-the-password' }),
  'patch /api/organizations/{organization_id}/members/{user_uuid}': () => ({ level: 1 }),
  'post /api/projects/{project_id}/persons/funnel': (pw) => ({ events: [{ id: '$identify' }, { id: pw.eventName }] }),
  'post /api/projects/{project_id}/persons/funnel/correlation': (pw) => ({
    events: [{ id: '$identify' }, { id: pw.eventName }],
  }),
  'post /api/projects/{project_id}/persons/path': () => ({}),
  'patch /api/projects/{project_id}/persons/{id}': () => ({ properties: { stolen: true } }),
  'post /api/projects/{project_id}/persons/{id}/delete_property': () => ({ $unset: 'plan' }),
  'post /api/projects/{project_id}/persons/{id}/split': () => ({}),
  'post /api/projects/{project_id}/persons/{id}/update_property': () => ({ key: 'plan', value: 'stolen' }),
  'post /api/projects/{project_id}/cohorts': () => ({ name: 'stolen', is_static: true }),
  'patch /api/projects/{project_id}/cohorts/{id}': () => ({ name: 'stolen' }),
  'patch /api/projects/{project_id}/cohorts/{id}/add_persons_to_static_cohort': (_, cw) => ({
    person_ids: [cw.person.uuid],
  }),
  'post /api/projects/{project_id}/feature_flags/user_blast_radius': () => ({
    condition: { properties: [], rollout_percentage: 100 },
  }),
  'post /api/projects/{project_id}/feature_flags': () => ({ key: 'stolen' }),
  'patch /api/projects/{project_id}/feature_flags/{id}': () => ({ name: 'stolen' }),
  'post /api/organizations/{organization_id}/feature_flags/copy_flags': (pw, cw) => ({
    feature_flag_key: pw.flags[0].key,
    from_project: pw.tenant.projectId,
    target_project_ids: [cw.tenant.projectId],
  }),
  'post /flags': (pw, cw) => sdkBody(pw, cw),
  'post /decide': (pw, cw) => sdkBody(pw, cw),
  'post /ofrep/v1/evaluate/flags/{key}': (pw) => ({ context: { targetingKey: pw.person.distinctId } }),
  'post /ofrep/v1/evaluate/flags': (pw) => ({ context: { targetingKey: pw.person.distinctId } }),
  'patch /api/projects/{project_id}/event_definitions/{id}': () => ({ tags: ['stolen'] }),
  'post /api/projects/{project_id}/scheduled_changes': (pw) => ({
    record_id: pw.flags[0].id,
    model_name: 'FeatureFlag',
    payload: { operation: 'update_status', value: false },
    scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
  }),
  'post /api/projects/{project_id}/feature_flags/{id}/versions/{version}/restore': () => ({}),
  'patch /api/projects/{project_id}/scheduled_changes/{id}': () => ({
    scheduled_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  }),
  'post /api/projects/{project_id}/webhooks': () => ({
    url: 'http://93.184.215.14/stolen',
    events: ['feature_flag.created'],
  }),
  'patch /api/projects/{project_id}/webhooks/{id}': () => ({ enabled: false }),
  'post /api/projects/{project_id}/early_access_features': (pw) => ({
    name: 'stolen',
    stage: 'beta',
    feature_flag_id: pw.flags[0].id,
  }),
  'patch /api/projects/{project_id}/early_access_features/{id}': () => ({ stage: 'archived' }),
  'post /api/organizations/{organization_id}/roles': () => ({ name: 'stolen' }),
  'patch /api/organizations/{organization_id}/roles/{id}': () => ({ name: 'stolen' }),
  'post /api/organizations/{organization_id}/roles/{id}/role_memberships': (_, cw) => ({ user_uuid: cw.userUuid }),
  'patch /api/organizations/{organization_id}/feature_flag_access': () => ({ access_level: 21 }),
  'post /api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access': (_, cw) => ({ role_id: cw.roleId }),
};

/** A /flags request with the caller's token asking for the other tenant's flags and person. */
/** Query strings for list and lookup routes, naming A's objects; the default is none. */
const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));
const cohortFilter = (w: World) => json([{ key: 'id', type: 'cohort', value: w.cohorts.dynamic }]);
const steps = (w: World) => json([{ id: '$identify' }, { id: w.eventName }]);
const QUERIES: Record<string, (a: World, b: World) => Array<[string, Expect]>> = {
  'get /api/projects/{project_id}/persons/trends': (a) => [
    [`entity_id=${a.eventName}&entity_type=events&date_from=-30d`, 'no-leak'],
    [`entity_id=$identify&entity_type=events&date_from=-30d&properties=${cohortFilter(a)}`, '4xx-or-no-leak'],
  ],
  'get /api/projects/{project_id}/persons/funnel': (a) => [
    [`events=${steps(a)}&date_from=-30d&funnel_step=1`, 'no-leak'],
    [`events=${steps(a)}&date_from=-30d&funnel_step=1&properties=${cohortFilter(a)}`, '4xx-or-no-leak'],
  ],
  'get /api/projects/{project_id}/persons/funnel/correlation': (a) => [
    [
      `events=${steps(a)}&date_from=-30d&funnel_correlation_person_entity=${json({ id: a.eventName, type: 'events' })}` +
        '&funnel_correlation_person_converted=true',
      'no-leak',
    ],
  ],
  'get /api/projects/{project_id}/persons/lifecycle': (a) => [
    [
      `entity_id=${a.eventName}&entity_type=events&target_date=${new Date().toISOString().slice(0, 10)}&lifecycle_type=new`,
      'no-leak',
    ],
  ],
  'get /api/projects/{project_id}/persons/stickiness': (a) => [
    [`entity_id=${a.eventName}&entity_type=events&stickiness_days=1&date_from=-30d`, 'no-leak'],
  ],
  'get /api/projects/{project_id}/persons/retention': (a) => [
    ['', 'no-leak'],
    [`properties=${cohortFilter(a)}`, '4xx-or-no-leak'],
  ],
  'get /api/projects/{project_id}/persons/path': () => [['', 'no-leak']],
  'get /api/projects/{project_id}/persons/values': (a) => [
    ['key=plan', 'no-leak'],
    [`key=plan&value=${a.marker}`, 'no-leak'],
  ],
  'get /api/projects/{project_id}/persons/cohorts': (a) => [
    [`person_id=${a.person.id}`, '4xx-or-no-leak'],
    [`person_id=${a.person.uuid}`, '4xx-or-no-leak'],
  ],
  'get /api/projects/{project_id}/persons': (a) => [
    ['', 'no-leak'],
    [`distinct_id=${a.person.distinctId}`, 'no-leak'],
    [`search=${a.marker}`, 'no-leak'],
    [`email=${encodeURIComponent(`${a.marker}@example.com`)}`, 'no-leak'],
    [`properties=${cohortFilter(a)}`, '4xx-or-no-leak'],
  ],
  'get /api/projects/{project_id}/feature_flags/evaluation_reasons': (a) => [
    [`distinct_id=${a.person.distinctId}`, 'no-leak'],
  ],
  'get /api/projects/{project_id}/feature_flags': (a) => [
    ['', 'no-leak'],
    [`search=${a.marker}`, 'no-leak'],
    [`created_by_id=${a.tenant.userId}`, 'no-leak'],
  ],
  'get /api/early_access_features': (a, b) => [[`token=${b.tenant.projectToken}&stage=beta`, 'no-leak']],
  'get /api/projects/{project_id}/scheduled_changes': (a) => [
    ['', 'no-leak'],
    [`record_id=${a.flags[0].id}`, 'no-leak'],
  ],
  'get /api/projects/{project_id}/event_definitions': (a) => [
    ['', 'no-leak'],
    [`search=${a.marker}`, 'no-leak'],
  ],
  'get /flags/definitions': (a, b) => [
    [`token=${a.tenant.projectToken}`, '4xx'],
    [`token=${b.tenant.projectToken}&send_cohorts`, 'no-leak'],
  ],
  'get /api/feature_flag/local_evaluation': (a, b) => [
    [`token=${a.tenant.projectToken}`, '4xx'],
    [`token=${b.tenant.projectToken}&send_cohorts`, 'no-leak'],
  ],
  'get /api/projects/{project_id}/feature_flags/{id_or_key}/remote_config': (a, b) => [
    [`token=${a.tenant.projectToken}`, '4xx'],
    [`token=${b.tenant.projectToken}`, '4xx'],
  ],
  'get /api/projects/{project_id}/feature_flags/local_evaluation': () => [
    ['', 'no-leak'],
    ['send_cohorts', 'no-leak'],
  ],
};

function sdkBody(pw: World, cw: World): object {
  return {
    token: cw.tenant.projectToken,
    distinct_id: pw.person.distinctId,
    $anon_distinct_id: pw.person.anonId,
    flag_keys_to_evaluate: pw.flags.map((f) => f.key),
  };
}

function captureBody(path: string, pw: World, cw: World): object {
  const event = {
    event: `${cw.marker}-intrusion`,
    distinct_id: pw.person.distinctId,
    properties: { $set: { plan: 'hijacked' }, $anon_distinct_id: pw.person.anonId },
  };
  const aliases = [
    { event: '$create_alias', distinct_id: `${cw.marker}-alias`, properties: { alias: pw.person.anonId } },
    { event: '$merge_dangerously', distinct_id: `${cw.marker}-merge`, properties: { alias: pw.person.distinctId } },
  ];
  return path === '/batch'
    ? { api_key: cw.tenant.projectToken, batch: [event, ...aliases] }
    : { api_key: cw.tenant.projectToken, ...event };
}

function segmentParams(template: string): Array<{ rule: string; param: string }> {
  const parts = template.split('/');
  const out: Array<{ rule: string; param: string }> = [];
  parts.forEach((p, i) => {
    const m = /^\{(.+)\}$/.exec(p);
    if (m) out.push({ rule: `${parts[i - 1]}/${p}`, param: m[1] });
  });
  return out;
}

/** An id of the same shape as `id` that names nothing. */
function nowhere(id: string | number): string | number {
  if (typeof id === 'number') return 987654321;
  return /^[0-9a-f]{8}-/.test(id) ? '0badc0de-0000-4000-8000-000000000000' : 'no-such-key';
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}

describe('tenant isolation, driven by the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let a: World;
  let b: World;
  let routes: Route[];
  const figures = { routes: 0, crossTenantAttempts: 0, leaks2xx: 0, readOnlyWriteAttempts: 0, readOnlyWrites: 0 };

  beforeAll(async () => {
    t = await startTestApp();
    doc = await OpenApiDocument.fetch(t);
    const other = await t.newTenant();
    a = await buildWorld(t, t, 'alpha');
    b = await buildWorld(t, other, 'bravo');
    routes = Object.entries(doc.doc.paths).flatMap(([template, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method as Method, template, op })),
    );
    figures.routes = routes.length;
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(
      `ISOLATION: routes=${figures.routes} crossTenantAttempts=${figures.crossTenantAttempts} leaks2xx=${figures.leaks2xx} ` +
        `readOnlyWriteAttempts=${figures.readOnlyWriteAttempts} readOnlyWrites=${figures.readOnlyWrites}\n`,
    );
    await t?.close();
  });

  /** Every request the sweeps make: B's key (or token) with A's ids; returns the failure, if any. */
  async function attempt(x: Attempt): Promise<string | undefined> {
    figures.crossTenantAttempts++;
    let r = request(t.baseUrl)[x.method](x.path);
    r = r.set('Authorization', `Bearer ${x.token ? b.tenant.projectToken : b.tenant.key}`);
    if (x.body !== undefined) r = r.send(x.body);
    const res = await r;
    const ok = res.status >= 200 && res.status < 300;
    const leak = ok ? leakedSecret(a, res.text) : undefined;
    const label = `${x.method.toUpperCase()} ${x.path} [${x.route}; ${x.kind}] → ${res.status}`;
    if (ok && (x.expect === '404' || x.expect === '4xx' || leak)) {
      figures.leaks2xx++;
      return `${label}${leak ? ` containing ${leak}` : ''}: ${res.text.slice(0, 300)}`;
    }
    // DELETE on a flag or cohort is 405 whoever owns the id: that reveals nothing
    if (x.expect === '404' && res.status === 405 && x.allows405) return undefined;
    if (x.expect === '404' && res.status !== 404) return `${label} (expected 404): ${res.text.slice(0, 200)}`;
    if (x.expect === '4xx' && !(res.status >= 400 && res.status < 500)) return `${label} (expected 4xx)`;
    if (res.status >= 500) return `${label}: ${res.text.slice(0, 200)}`;
    if (x.expect === 'no-leak' && !ok && res.status !== 404) return `${label} (expected 2xx or 404)`;
    if (x.twin) {
      // a foreign id answers exactly as an id that exists nowhere: its existence does not leak
      let r2 = request(t.baseUrl)[x.method](x.twin.path);
      r2 = r2.set('Authorization', `Bearer ${x.token ? b.tenant.projectToken : b.tenant.key}`);
      const body2 = x.twin.body ?? x.body;
      if (body2 !== undefined) r2 = r2.send(body2);
      const res2 = await r2;
      const ids = [...x.twin.replaced].sort((p, q) => q.length - p.length);
      const norm = (text: string) => ids.reduce((acc, id) => acc.split(id).join('<id>'), text);
      if (res2.status !== res.status || norm(res2.text) !== norm(res.text)) {
        return `${label}: differs from an id that exists nowhere (${res2.status} ${res2.text.slice(0, 150)} vs ${res.text.slice(0, 150)})`;
      }
    }
    return undefined;
  }

  /** The attempts of one documented route; throws when the sweep has no rule for it. */
  function attemptsFor({ method, template, op }: Route): Attempt[] {
    const route = `${method} ${template}`;
    if (INFRA.has(template)) return [{ route, kind: 'infra', method, path: template, expect: 'no-leak' }];
    if (CAPTURE.has(template)) return []; // the ingestion test below
    if (PUBLIC_BY_TOKEN.has(template)) return [];
    const params = segmentParams(template);
    for (const p of params) if (!IDS[p.rule]) throw new Error(`${route}: no substitution rule for ${p.rule}`);
    const bodyOf = BODIES[route];
    if (op.requestBody && !bodyOf) throw new Error(`${route}: no body rule`);
    const token = op['x-required-scopes'] === undefined;
    const make = (
      kind: string,
      pw: World,
      values: Record<string, string | number>,
      expect: Expect,
      query = '',
      foreign: string[] = [],
    ): Attempt => ({
      route,
      kind,
      method,
      path: fill(template, values) + (query ? `?${query}` : ''),
      twin: foreign.length
        ? {
            path: fill(template, {
              ...values,
              ...Object.fromEntries(foreign.map((p) => [p, nowhere(values[p])])),
            }),
            replaced: foreign.flatMap((p) => [String(values[p]), String(nowhere(values[p]))]),
          }
        : undefined,
      body: bodyOf?.(pw, b),
      expect,
      token,
      allows405: '405' in op.responses,
    });
    // every list also gets A's project and organization as query parameters, which must not redirect it
    const retarget = `project_id=${a.tenant.projectId}&team_id=${a.tenant.projectId}&organization_id=${a.tenant.organizationId}`;
    const ownQueries = (r: string, values: Record<string, string | number>) =>
      [...(QUERIES[r]?.(a, b) ?? [['', 'no-leak'] as [string, Expect]])]
        .flatMap(([q, e]): Array<[string, Expect]> => [
          [q, e],
          [q ? `${q}&${retarget}` : retarget, e === '4xx' ? e : '4xx-or-no-leak'],
        ])
        .map(([q, e]) => withQueryTwin(make(`own list ${q}`, b, values, e, q)));
    // a query naming A's token or person answers as one naming a token or person that exists nowhere
    const withQueryTwin = (x: Attempt): Attempt => {
      const refs: Array<[string, string]> = [
        [a.tenant.projectToken, `phc_${'Z'.repeat(43)}`],
        [a.person.uuid, String(nowhere(a.person.uuid))],
        [`person_id=${a.person.id}&`, `person_id=${nowhere(a.person.id)}&`],
      ];
      const hit = refs.find(([from]) => `${x.path}&`.includes(from));
      if (!hit) return x;
      const path = `${x.path}&`.replace(hit[0], hit[1]).slice(0, -1);
      return { ...x, twin: { path, replaced: hit.map((h) => h.replace(/^person_id=|&$/g, '')) } };
    };
    const out: Attempt[] = [];
    if (params.length === 0) {
      // B's own lists (and SDK calls naming A's flags and person) show nothing of A
      if (method === 'get') out.push(...ownQueries(route, {}));
      else if (bodyOf) out.push(make('own', a, {}, '4xx-or-no-leak'));
      return out;
    }
    const first = (w: World) => Object.fromEntries(params.map((p) => [p.param, IDS[p.rule](w)[0]]));
    const last = params[params.length - 1];
    // 1. every id A's (each of A's objects in the last parameter)
    for (const id of IDS[last.rule](a)) {
      const values = { ...first(a), [last.param]: id };
      out.push(
        make(
          'foreign',
          a,
          values,
          '404',
          '',
          params.map((p) => p.param),
        ),
      );
    }
    // 2. B's own project / organization (and B's parents) with one of A's objects
    const objects = params.filter((p) => !TOP.has(p.param) && !ORDINALS.has(p.rule));
    if (params.some((p) => TOP.has(p.param))) {
      for (const p of objects) {
        for (const id of IDS[p.rule](a)) {
          out.push(
            make(
              `own parent, foreign ${p.param}`,
              b,
              { ...first(b), [p.param]: id },
              BY_NAME.has(p.rule) ? 'no-leak' : '404',
            ),
          );
        }
      }
      // 3. B's own list routes never show A's objects
      if (objects.length === 0 && method === 'get') out.push(...ownQueries(route, first(b)));
    }
    return out;
  }

  it('has a rule for every documented route', () => {
    for (const route of routes) attemptsFor(route);
    expect(routes.length).toBeGreaterThan(80);
  });

  it("answers 404 for every route called with B's key and A's ids, and lists show none of A's objects", async () => {
    const attempts = routes.flatMap(attemptsFor).sort((x, y) => ORDER[x.method] - ORDER[y.method]);
    const failures: string[] = [];
    for (const x of attempts) {
      const failure = await attempt(x);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
    expect(attempts.length).toBeGreaterThan(150);
  }, 120_000);

  it("detects A's data when A asks (the leak check can fail)", async () => {
    const own = await t
      .get(`/api/projects/${a.tenant.projectId}/persons/?distinct_id=${a.person.distinctId}`)
      .expect(200);
    expect(leakedSecret(a, own.text)).toBeDefined();
    expect(leakedSecret(a, JSON.stringify({ next: `http://x/?search=${a.marker}` }))).toBeUndefined();
  });

  it("refuses references to A's objects in B's bodies, and links nothing", async () => {
    const P = `/api/projects/${b.tenant.projectId}`;
    const O = `/api/organizations/${b.tenant.organizationId}`;
    const cohortGroup = (id: number) => ({
      groups: [{ properties: [{ key: 'id', type: 'cohort', value: id }], rollout_percentage: 100 }],
    });
    const flagGroup = (id: number) => ({
      groups: [{ properties: [{ key: String(id), type: 'flag', value: true, operator: 'flag_evaluates_to' }] }],
    });
    const inCohort = (id: number) => ({
      properties: { type: 'AND', values: [{ key: 'id', type: 'cohort', value: id }] },
    });
    const attempts: Attempt[] = [];
    /** `build(ref)` names A's object; its twin names an object that exists nowhere and must answer alike. */
    const add = <R extends string | number>(
      route: string,
      method: Method,
      path: string,
      ref: R,
      build: (ref: R) => object,
      expect: Expect = '4xx',
    ) =>
      attempts.push({
        route,
        kind: 'foreign reference in body',
        method,
        path,
        body: build(ref),
        expect,
        twin: { path, body: build(nowhere(ref) as R), replaced: [String(ref), String(nowhere(ref))] },
      });
    for (const cohort of [a.cohorts.static, a.cohorts.dynamic]) {
      add('post feature_flags', 'post', `${P}/feature_flags/`, cohort, (id) => ({
        key: 'ref-cohort',
        filters: cohortGroup(id),
      }));
      add('patch feature_flags/{id}', 'patch', `${P}/feature_flags/${b.flags[0].id}/`, cohort, (id) => ({
        filters: cohortGroup(id),
      }));
      add('post cohorts', 'post', `${P}/cohorts/`, cohort, (id) => ({ name: 'ref', filters: inCohort(id) }));
      add('patch cohorts/{id}', 'patch', `${P}/cohorts/${b.cohorts.dynamic}/`, cohort, (id) => ({
        filters: inCohort(id),
      }));
      add('post user_blast_radius', 'post', `${P}/feature_flags/user_blast_radius`, cohort, (id) => ({
        condition: { properties: [{ key: 'id', type: 'cohort', value: id }], rollout_percentage: 100 },
      }));
    }
    for (const flag of a.flags) {
      add('post feature_flags', 'post', `${P}/feature_flags/`, flag.id, (id) => ({
        key: 'dep',
        filters: flagGroup(id),
      }));
    }
    add('post feature_flags', 'post', `${P}/feature_flags/`, a.dashboardId, (id) => ({
      key: 'dash',
      analytics_dashboards: [id],
    }));
    add('patch feature_flags/{id}', 'patch', `${P}/feature_flags/${b.flags[1].id}/`, a.dashboardId, (id) => ({
      analytics_dashboards: [id],
    }));
    add('post role_access', 'post', `${P}/feature_flags/${b.flags[1].id}/role_access/`, a.roleId, (id) => ({
      role_id: id,
    }));
    add('post role_memberships', 'post', `${O}/roles/${b.roleId}/role_memberships/`, a.userUuid, (id) => ({
      user_uuid: id,
    }));
    add('post persons/{id}/split', 'post', `${P}/persons/${b.person.uuid}/split/`, a.person.distinctId, (id) => ({
      main_distinct_id: id,
    }));
    add('post /api/projects', 'post', '/api/projects/', a.tenant.organizationId, (id) => ({
      name: 'stolen',
      organization: id,
    }));
    add('post funnel', 'post', `${P}/persons/funnel/`, a.cohorts.dynamic, (id) => ({
      events: [{ id: '$identify' }, { id: b.eventName }],
      funnel_step: 1,
      properties: [{ key: 'id', type: 'cohort', value: id }],
    }));
    add('post copy_flags', 'post', `${O}/feature_flags/copy_flags`, a.tenant.projectId, (id) => ({
      feature_flag_key: a.flags[0].key,
      from_project: id,
      target_project_ids: [b.tenant.projectId],
    }));
    // PostHog's copy_flags answers 200 and reports a target it cannot write in `failed`
    add(
      'post copy_flags',
      'post',
      `${O}/feature_flags/copy_flags`,
      a.tenant.projectId,
      (id) => ({ feature_flag_key: b.flags[0].key, from_project: b.tenant.projectId, target_project_ids: [id] }),
      '4xx-or-no-leak',
    );
    add(
      'patch add_persons_to_static_cohort',
      'patch',
      `${P}/cohorts/${b.cohorts.static}/add_persons_to_static_cohort/`,
      a.person.uuid,
      (id) => ({ person_ids: [id] }),
      '4xx-or-no-leak',
    );
    const failures: string[] = [];
    for (const x of attempts) {
      const failure = await attempt(x);
      if (failure) failures.push(failure);
    }
    // nothing of A got linked into B's objects
    const staticPersons = await t.get(`${P}/cohorts/${b.cohorts.static}/persons/`, b.tenant.key).expect(200);
    if (staticPersons.body.count !== 1 || leakedSecret(a, staticPersons.text)) {
      failures.push(`B's static cohort now holds A's person: ${staticPersons.text.slice(0, 300)}`);
    }
    const aFlags = await t.get(`/api/projects/${a.tenant.projectId}/feature_flags/?limit=1000`).expect(200);
    if (aFlags.text.includes(b.marker)) failures.push(`B's flag was copied into A's project`);
    expect(failures).toEqual([]);
  });

  it("never lets B's project token evaluate A's flags or write into A's project", async () => {
    const failures: string[] = [];
    for (const path of ['/flags/?v=2', '/decide/?v=3', '/flags/?v=1']) {
      figures.crossTenantAttempts++;
      const res = await request(t.baseUrl).post(path).send(sdkBody(a, b));
      if (res.status !== 200) failures.push(`${path} → ${res.status}`);
      const leak = leakedSecret(a, res.text);
      if (leak) {
        figures.leaks2xx++;
        failures.push(`${path} evaluated A's ${leak}: ${res.text.slice(0, 300)}`);
      }
    }
    // a token in the body and another in the header: neither reaches A through the other
    for (const path of CAPTURE) {
      figures.crossTenantAttempts++;
      const res = await request(t.baseUrl)
        .post(`${path}/`)
        .send(captureBody(path, a, b));
      if (res.status !== 200) failures.push(`${path} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    const person = await t.get(`/api/projects/${a.tenant.projectId}/persons/${a.person.uuid}/`).expect(200);
    if (person.body.properties.plan !== a.marker) {
      figures.leaks2xx++;
      failures.push(`A's person was changed through B's token: ${JSON.stringify(person.body.properties)}`);
    }
    const defs = await t.get(`/api/projects/${a.tenant.projectId}/event_definitions/?search=intrusion`).expect(200);
    if (defs.body.count !== 0) failures.push(`B's events landed in A's project: ${defs.text.slice(0, 300)}`);
    // they landed in B's project, under B's own person of that distinct id
    const theirs = await t
      .get(`/api/projects/${b.tenant.projectId}/persons/?distinct_id=${a.person.distinctId}`, b.tenant.key)
      .expect(200);
    expect(theirs.body.results).toEqual([expect.objectContaining({ properties: { plan: 'hijacked' } })]);
    expect(theirs.body.results[0].uuid).not.toBe(a.person.uuid);
    expect(failures).toEqual([]);
  });

  it('refuses every documented write to a key with every read scope (403), and writes nothing', async () => {
    const scopes = new Set<string>();
    for (const r of routes) for (const s of r.op['x-required-scopes'] ?? []) scopes.add(`${s.split(':')[0]}:read`);
    const reader = (await t.post('/api/personal_api_keys/', { label: 'reader', scopes: [...scopes] }).expect(201)).body;
    const keys = (await t.get('/api/personal_api_keys/').expect(200)).body as Array<{ id: string; scopes: string[] }>;
    const strongest = keys.find((k) => k.scopes.includes('*'))!;
    const failures: string[] = [];
    const excluded: string[] = [];
    for (const r of routes) {
      if (!WRITE_METHODS.has(r.method)) continue;
      const route = `${r.method} ${r.template}`;
      const needed = r.op['x-required-scopes'];
      // public SDK routes (project token) and POSTs that only query (their scopes are all :read)
      if (needed === undefined || (needed.length > 0 && needed.every((s) => s.endsWith(':read')))) {
        excluded.push(route);
        continue;
      }
      const params = segmentParams(r.template);
      const values: Record<string, string | number> = Object.fromEntries(
        params.map((p) => [p.param, p.rule === 'personal_api_keys/{id}' ? strongest.id : IDS[p.rule](a)[0]]),
      );
      const body = BODIES[route]?.(a, a);
      if (r.op.requestBody && !body) throw new Error(`${route}: no body rule`);
      figures.readOnlyWriteAttempts++;
      let req = t.req(r.method, fill(r.template, values), reader.value);
      if (body) req = req.send(body);
      const res = await req;
      if (res.status >= 200 && res.status < 300) figures.readOnlyWrites++;
      if (res.status !== 403) failures.push(`${route} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(figures.readOnlyWriteAttempts).toBeGreaterThan(30);
    expect(excluded.sort()).toEqual(
      [
        'post /batch',
        'post /capture',
        'post /decide',
        'post /e',
        'post /flags',
        'post /i/v0/e',
        'post /ofrep/v1/evaluate/flags',
        'post /ofrep/v1/evaluate/flags/{key}',
        'post /track',
        'post /api/projects/{project_id}/feature_flags/user_blast_radius',
        'post /api/projects/{project_id}/persons/funnel',
        'post /api/projects/{project_id}/persons/funnel/correlation',
        'post /api/projects/{project_id}/persons/path',
        'post /api/login',
        'post /api/logout',
      ].sort(),
    );
    // nothing was created either (the next test reads back what exists)
    for (const list of [
      '/api/projects/',
      '/api/organizations/',
      `/api/organizations/${a.tenant.organizationId}/roles/`,
    ]) {
      expect((await t.get(list).expect(200)).text).not.toContain('stolen');
    }
    for (const list of ['feature_flags', 'cohorts']) {
      expect((await t.get(`/api/projects/${a.tenant.projectId}/${list}/`).expect(200)).text).not.toContain('stolen');
    }
    expect((await t.get('/api/personal_api_keys/').expect(200)).text).not.toContain('stolen');
  });

  it("lets a plain member of A's own organization change none of the owner's webhooks and scheduled changes, nor read a webhook's URL", async () => {
    const A = `/api/projects/${a.tenant.projectId}`;
    const member = await t.newUser(a.tenant.organizationId, { level: 'member' });
    const failures: string[] = [];
    const attempts: Array<[string, request.Test]> = [
      ['patch webhook', t.patch(`${A}/webhooks/${a.webhookId}/`, { url: 'http://93.184.215.14/member' }, member.key)],
      ['disable webhook', t.patch(`${A}/webhooks/${a.webhookId}/`, { enabled: false }, member.key)],
      ['delete webhook', t.del(`${A}/webhooks/${a.webhookId}/`, member.key)],
      [
        'patch scheduled change',
        t.patch(
          `${A}/scheduled_changes/${a.scheduledChangeId}/`,
          { scheduled_at: new Date(Date.now() + 3 * 86_400_000).toISOString() },
          member.key,
        ),
      ],
      ['delete scheduled change', t.del(`${A}/scheduled_changes/${a.scheduledChangeId}/`, member.key)],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt;
      if (res.status !== 403) failures.push(`${what} → ${res.status} ${res.text.slice(0, 200)}`);
    }
    for (const path of [`${A}/webhooks/`, `${A}/webhooks/${a.webhookId}/`]) {
      const res = await t.get(path, member.key).expect(200);
      if (res.text.includes(a.marker))
        failures.push(`${path} shows the webhook's URL to a member: ${res.text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // the owner still reads it whole
    expect((await t.get(`${A}/webhooks/${a.webhookId}/`).expect(200)).text).toContain(a.marker);
  });

  it("leaves every one of A's objects as it was", async () => {
    const A = `/api/projects/${a.tenant.projectId}`;
    const O = `/api/organizations/${a.tenant.organizationId}`;
    expect((await t.get(`${A}/`).expect(200)).body.name).toBe('Default Project');
    expect((await t.get(`${O}/`).expect(200)).body.name).not.toBe('stolen');
    for (const flag of a.flags) {
      const now = (await t.get(`${A}/feature_flags/${flag.id}/`).expect(200)).body;
      expect(now).toMatchObject({ key: flag.key, version: flag.version, deleted: false });
    }
    for (const id of [a.cohorts.static, a.cohorts.dynamic]) {
      const now = (await t.get(`${A}/cohorts/${id}/`).expect(200)).body;
      expect(now.name.startsWith(a.marker)).toBe(true);
      expect(now.deleted).toBe(false);
    }
    expect((await t.get(`${A}/cohorts/${a.cohorts.static}/persons/`).expect(200)).body.count).toBe(1);
    const person = (await t.get(`${A}/persons/${a.person.uuid}/`).expect(200)).body;
    expect(person.properties).toEqual({ plan: a.marker, email: `${a.marker}@example.com`, tier: a.marker });
    expect([...person.distinct_ids].sort()).toEqual([a.person.anonId, a.person.distinctId].sort());
    const def = (await t.get(`${A}/event_definitions/${a.eventDefinitionId}/`).expect(200)).body;
    expect(def.tags).toEqual([]);
    const role = (await t.get(`${O}/roles/${a.roleId}/`).expect(200)).body;
    expect(role).toMatchObject({ name: `${a.marker} role`, feature_flags_access_level: 37 });
    expect(role.members.map((m: { id: string }) => m.id)).toEqual([a.membershipId]);
    const access = (await t.get(`${A}/feature_flags/${a.flags[0].id}/role_access/`).expect(200)).body;
    expect(access.results.map((r: { id: number }) => r.id)).toEqual([a.roleAccessId]);
    expect((await t.get(`${O}/feature_flag_access/`).expect(200)).body.access_level).not.toBe(21);
    await t.get(`/api/personal_api_keys/${a.apiKeyId}/`).expect(200);
    await t.get(`${A}/dashboards/${a.dashboardId}/`).expect(200);
  });
});
