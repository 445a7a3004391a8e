/** @sql-insensitive fields a client may not set, refused before any SQL */
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { buildWorld, World } from './world';

/**
 * Issue 11: fields a client must not set (ids, ownership, tenancy, timestamps, derived values) are
 * ignored or refused (4xx) in every create and update body, never applied. Each field is sent
 * alone next to a legitimate change, with a value that cannot be the natural one, and the object
 * is read back through its owner's key.
 */

type Json = Record<string, unknown>;
interface Case {
  /** The route, as `METHOD /path template` (for the report). */
  route: string;
  /** Sends the body (with the forged field) and answers the created or updated object's id. */
  send: (extra: Json) => Promise<{ status: number; body: Json }>;
  /** The object as its owner reads it now (undefined when it can no longer be read there). */
  read: (created: Json) => Promise<Json | undefined>;
  fields: string[];
}

const FORGED_DATE = '2001-02-03T04:05:06.000Z';
const FORGED_UUID = '00000000-0000-4000-8000-0000000abcde';

describe('mass assignment', () => {
  let t: TestApp;
  let b: Tenant;
  let a: World;
  const figures = { fields: 0, applied: 0 };
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    b = await t.newTenant();
    a = await buildWorld(t, t, 'alpha');
  }, 60_000);
  afterAll(async () => {
    process.stdout.write(`ISOLATION: massAssignmentFields=${figures.fields} applied=${figures.applied}\n`);
    await t?.close();
  });

  /** The value each forged field carries: another tenant's, or one no server would pick. */
  function forged(field: string): unknown {
    switch (field) {
      case 'id':
        return 987654;
      case 'uuid':
        return FORGED_UUID;
      case 'project':
      case 'project_id':
      case 'team':
      case 'team_id':
        return b.projectId;
      case 'organization':
      case 'organization_id':
        return b.organizationId;
      case 'created_by':
      case 'last_modified_by':
      case 'user':
        return { id: b.userId, email: b.email };
      case 'created_by_id':
      case 'user_id':
        return b.userId;
      case 'role_id':
        return FORGED_UUID;
      case 'version':
        return 77;
      case 'is_identified':
        return false;
      case 'deleted':
      case 'is_calculating':
        return true;
      case 'can_edit':
        return false;
      case 'count':
      case 'errors_calculating':
      case 'membership_level':
      case 'usage_dashboard':
        return 4242;
      case 'api_token':
        return b.projectToken;
      case 'value':
      case 'mask_value':
        return 'phx_forged';
      case 'distinct_ids':
        return ['forged-distinct-id'];
      case 'members':
      case 'associated_flags':
      case 'experiment_set':
      case 'surveys':
      case 'features':
        return [{ id: 4242 }];
      case 'role':
      case 'feature_flag':
        return { id: 4242 };
      case 'rollout_percentage':
        return 42;
      case 'is_simple_flag':
        return false;
      case 'scopes_extra':
        return ['*'];
      default:
        if (/_at$|^last_calculation$/.test(field)) return FORGED_DATE;
        throw new Error(`no forged value for ${field}`);
    }
  }

  /** Whether the object read back carries the forged value of `field`. */
  function carries(object: Json, field: string, value: unknown): boolean {
    const got = object[field];
    if (got === undefined) return false;
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value) {
      return JSON.stringify(got).includes(b.email) || (got as Json | null)?.id === (value as Json).id;
    }
    if (typeof value === 'string' && value === FORGED_DATE) return String(got).startsWith('2001-02-03');
    return JSON.stringify(got) === JSON.stringify(value);
  }

  async function check(c: Case): Promise<string[]> {
    const failures: string[] = [];
    // the object as the same request without forged fields leaves it: no forged value may be natural
    const control = await c.send({});
    const baseline = control.status < 300 ? await c.read(control.body) : undefined;
    if (!baseline) return [`${c.route}: the control request failed: ${control.status}`];
    for (const field of c.fields) {
      if (carries(baseline, field, forged(field))) {
        failures.push(`${c.route}: the forged ${field} is its natural value; pick another`);
      }
    }
    for (const field of c.fields) {
      figures.fields++;
      const value = forged(field);
      const res = await c.send({ [field]: value });
      if (res.status >= 400 && res.status < 500) continue; // refused
      if (res.status >= 300) {
        failures.push(`${c.route} with ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      const object = await c.read(res.body);
      const moved = object === undefined;
      if (moved || carries(object, field, value) || carries(res.body, field, value)) {
        figures.applied++;
        failures.push(
          `${c.route}: ${field}=${JSON.stringify(value)} applied ` +
            `(${moved ? 'object gone from its project' : JSON.stringify(object[field])})`,
        );
      }
    }
    return failures;
  }

  const P = () => `/api/projects/${a.tenant.projectId}`;
  const O = () => `/api/organizations/${a.tenant.organizationId}`;
  const readBack = async (path: string): Promise<Json | undefined> => {
    const res = await t.get(path);
    return res.status === 200 ? (res.body as Json) : undefined;
  };
  const send = async (method: 'post' | 'patch', path: string, body: Json) => {
    const res = await t.req(method, path).send(body);
    return { status: res.status, body: res.body as Json };
  };
  const ownership = ['id', 'created_by', 'created_at'];
  const tenancy = ['project', 'project_id', 'team', 'team_id', 'organization'];

  it('ignores or refuses forged fields in every create and update body', async () => {
    const cases: Case[] = [
      {
        route: 'POST /api/projects/{project_id}/feature_flags',
        send: (x) => send('post', `${P()}/feature_flags/`, { key: `forged-${++n}`, ...x }),
        read: (o) => readBack(`${P()}/feature_flags/${o.id}/`),
        fields: [
          ...ownership,
          ...tenancy,
          'updated_at',
          'version',
          'can_edit',
          'last_modified_by',
          'usage_dashboard',
          'experiment_set',
          'surveys',
          'features',
          'is_simple_flag',
          'rollout_percentage',
        ],
      },
      {
        route: 'PATCH /api/projects/{project_id}/feature_flags/{id}',
        send: (x) => send('patch', `${P()}/feature_flags/${a.flags[1].id}/`, { name: `renamed ${++n}`, ...x }),
        read: () => readBack(`${P()}/feature_flags/${a.flags[1].id}/`),
        fields: [
          ...ownership,
          ...tenancy,
          'updated_at',
          'can_edit',
          'last_modified_by',
          'usage_dashboard',
          'experiment_set',
          'surveys',
          'features',
          'is_simple_flag',
          'rollout_percentage',
        ],
      },
      {
        route: 'POST /api/projects/{project_id}/cohorts',
        send: (x) => send('post', `${P()}/cohorts/`, { name: `forged ${++n}`, is_static: true, ...x }),
        read: (o) => readBack(`${P()}/cohorts/${o.id}/`),
        fields: [
          ...ownership,
          ...tenancy,
          'version',
          'deleted_at',
          'count',
          'is_calculating',
          'last_calculation',
          'errors_calculating',
          'experiment_set',
        ],
      },
      {
        route: 'PATCH /api/projects/{project_id}/cohorts/{id}',
        send: (x) => send('patch', `${P()}/cohorts/${a.cohorts.dynamic}/`, { description: `d${++n}`, ...x }),
        read: () => readBack(`${P()}/cohorts/${a.cohorts.dynamic}/`),
        fields: [
          ...ownership,
          ...tenancy,
          'version',
          'count',
          'is_calculating',
          'last_calculation',
          'errors_calculating',
        ],
      },
      {
        route: 'PATCH /api/projects/{project_id}/persons/{id}',
        send: (x) => send('patch', `${P()}/persons/${a.person.uuid}/`, { properties: { n: ++n }, ...x }),
        read: () => readBack(`${P()}/persons/${a.person.uuid}/`),
        fields: ['id', 'uuid', 'created_at', 'distinct_ids', 'is_identified', ...tenancy],
      },
      {
        route: 'PATCH /api/projects/{project_id}/event_definitions/{id}',
        send: (x) => send('patch', `${P()}/event_definitions/${a.eventDefinitionId}/`, { tags: [`t${++n}`], ...x }),
        read: () => readBack(`${P()}/event_definitions/${a.eventDefinitionId}/`),
        fields: ['id', 'created_by', 'last_updated_at', 'last_calculated_at', ...tenancy],
      },
      {
        route: 'POST /api/projects/{project_id}/webhooks',
        send: (x) =>
          send('post', `${P()}/webhooks/`, {
            url: `http://93.184.215.14/${++n}`,
            events: ['feature_flag.created'],
            ...x,
          }),
        read: (o) => readBack(`${P()}/webhooks/${o.id}/`),
        fields: ['id', 'created_at', 'updated_at', 'created_by', 'created_by_id', ...tenancy],
      },
      {
        route: 'PATCH /api/projects/{project_id}/webhooks/{id}',
        send: (x) => send('patch', `${P()}/webhooks/${a.webhookId}/`, { url: `http://93.184.215.14/${++n}`, ...x }),
        read: () => readBack(`${P()}/webhooks/${a.webhookId}/`),
        fields: ['id', 'created_at', 'updated_at', 'created_by', ...tenancy],
      },
      {
        route: 'POST /api/organizations/{organization_id}/roles',
        send: (x) => send('post', `${O()}/roles/`, { name: `forged ${++n}`, ...x }),
        read: (o) => readBack(`${O()}/roles/${o.id}/`),
        fields: [...ownership, 'organization', 'organization_id', 'members', 'associated_flags'],
      },
      {
        route: 'PATCH /api/organizations/{organization_id}/roles/{id}',
        send: (x) => send('patch', `${O()}/roles/${a.roleId}/`, { name: `${a.marker} role`, ...x }),
        read: () => readBack(`${O()}/roles/${a.roleId}/`),
        fields: [...ownership, 'organization', 'organization_id', 'members', 'associated_flags'],
      },
      {
        route: 'POST /api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access',
        send: async (x) => {
          const role = (await t.post(`${O()}/roles/`, { name: `access ${++n}` }).expect(201)).body;
          return send('post', `${P()}/feature_flags/${a.flags[2].id}/role_access/`, { role_id: role.id, ...x });
        },
        read: (o) => readBack(`${P()}/feature_flags/${a.flags[2].id}/role_access/${o.id}/`),
        fields: ['id', 'added_at', 'updated_at', 'feature_flag', 'role'],
      },
      {
        route: 'POST /api/projects',
        send: (x) => send('post', '/api/projects/', { name: `forged ${++n}`, ...x }),
        read: (o) => readBack(`/api/projects/${o.id}/`),
        fields: ['id', 'uuid', 'api_token', 'created_at'],
      },
      {
        route: 'PATCH /api/projects/{project_id}',
        send: (x) => send('patch', `${P()}/`, { name: 'Default Project', ...x }),
        read: () => readBack(`${P()}/`),
        fields: ['id', 'uuid', 'api_token', 'created_at', 'organization'],
      },
      {
        route: 'POST /api/organizations',
        send: (x) => send('post', '/api/organizations/', { name: `Forged ${++n}`, ...x }),
        read: (o) => readBack(`/api/organizations/${o.id}/`),
        fields: ['id', 'created_at', 'membership_level'],
      },
      {
        route: 'POST /api/personal_api_keys',
        send: (x) =>
          send('post', '/api/personal_api_keys/', { label: `forged ${++n}`, scopes: ['feature_flag:read'], ...x }),
        read: (o) => readBack(`/api/personal_api_keys/${o.id}/`),
        fields: ['id', 'created_at', 'last_used_at', 'mask_value', 'user_id'],
      },
      {
        route: 'POST /api/organizations/{organization_id}/roles/{id}/role_memberships',
        send: async (x) => {
          const user = await t.newUser(a.tenant.organizationId);
          const uuid = (await t.get('/api/users/@me/', user.key).expect(200)).body.uuid;
          return send('post', `${O()}/roles/${a.roleId}/role_memberships/`, { user_uuid: uuid, ...x });
        },
        read: async (o) => {
          const list = (await t.get(`${O()}/roles/${a.roleId}/role_memberships/?limit=1000`).expect(200)).body;
          return (list.results as Json[]).find((m) => m.id === o.id);
        },
        fields: ['id', 'joined_at', 'updated_at', 'role_id', 'organization_id', 'user'],
      },
      {
        route: 'PATCH /api/organizations/{organization_id}/feature_flag_access',
        send: (x) => send('patch', `${O()}/feature_flag_access/`, { access_level: 37, ...x }),
        read: () => readBack(`${O()}/feature_flag_access/`),
        fields: ['organization', 'organization_id', 'id', 'updated_at'],
      },
    ];
    const failures: string[] = [];
    for (const c of cases) failures.push(...(await check(c)));
    expect(failures).toEqual([]);
  });

  it('detects a field that is applied (the check can fail)', async () => {
    const path = `${P()}/feature_flags/${a.flags[0].id}/`;
    const res = await t.patch(path, { name: 'forged name' }).expect(200);
    expect(carries((await readBack(path))!, 'name', 'forged name')).toBe(true);
    expect(carries(res.body, 'created_at', FORGED_DATE)).toBe(false);
  });

  it('keeps created objects in the project and organization of the URL', async () => {
    const key = `forged-tenancy-${++n}`;
    await t.post(`${P()}/feature_flags/`, { key, team_id: b.projectId, project: b.projectId }).expect(201);
    const theirs = await t.get(`/api/projects/${b.projectId}/feature_flags/?search=${key}`, b.key).expect(200);
    expect(theirs.body.count).toBe(0);
    const mine = await t.get(`${P()}/feature_flags/?search=${key}`).expect(200);
    expect(mine.body.count).toBe(1);
    const role = await t.post(`${O()}/roles/`, { name: key, organization: b.organizationId });
    expect(role.status).toBeLessThan(500);
    const theirRoles = await t.get(`/api/organizations/${b.organizationId}/roles/`, b.key).expect(200);
    expect(theirRoles.text).not.toContain(key);
  });
});
