import type { Response } from 'supertest';
import { OpenApiDocument, Operation } from '../support/openapi';
import { startTestApp, TestApp } from '../support/test-app';

describe('roles: responses match the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  const seen = new Set<string>();

  let api: OpenApiDocument;
  function check(method: string, path: string, res: Response): void {
    seen.add(`${method} ${path}`);
    api.expectDocumented(method, path, res);
  }

  beforeAll(async () => {
    t = await startTestApp();
    api = await OpenApiDocument.fetch(t);
    paths = api.doc.paths;
  });
  afterAll(() => t?.close());

  it('declares the scopes of every roles route', () => {
    const R = '/api/organizations/{organization_id}/roles';
    const A = '/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access';
    const F = '/api/organizations/{organization_id}/feature_flag_access';
    const scopes = (path: string, method: string) => paths[path][method]['x-required-scopes'];
    expect(scopes(R, 'get')).toEqual(['organization:read']);
    expect(scopes(R, 'post')).toEqual(['organization:write']);
    expect(scopes(`${R}/{id}`, 'patch')).toEqual(['organization:write']);
    expect(scopes(`${R}/{id}`, 'delete')).toEqual(['organization:write']);
    expect(scopes(`${R}/{id}/role_memberships`, 'get')).toEqual(['organization:read']);
    expect(scopes(`${R}/{id}/role_memberships/{membership_id}`, 'delete')).toEqual(['organization:write']);
    expect(scopes(F, 'get')).toEqual(['organization:read']);
    expect(scopes(F, 'patch')).toEqual(['organization:write']);
    expect(scopes(A, 'get')).toEqual(['feature_flag:read']);
    expect(scopes(A, 'post')).toEqual(['feature_flag:write']);
    expect(scopes(`${A}/{id}`, 'get')).toEqual(['feature_flag:read']);
    expect(scopes(`${A}/{id}`, 'delete')).toEqual(['feature_flag:write']);
  });

  it('covers every route with its successes and errors', async () => {
    const R = '/api/organizations/{organization_id}/roles';
    const A = '/api/projects/{project_id}/feature_flags/{feature_flag_id}/role_access';
    const F = '/api/organizations/{organization_id}/feature_flag_access';
    const roles = `/api/organizations/${t.organizationId}/roles`;
    const level = `/api/organizations/${t.organizationId}/feature_flag_access`;
    const member = await t.newUser(t.organizationId, { level: 'member' });
    const memberUuid = (await t.get('/api/users/@me/', member.key).expect(200)).body.uuid;

    check('get', F, await t.get(`${level}/`));
    check('patch', F, await t.patch(`${level}/`, { access_level: 21 }));
    check('patch', F, await t.patch(`${level}/`, { access_level: 1 }));
    check('patch', F, await t.patch(`${level}/`, { access_level: 37 }, member.key));

    const created = await t.post(`${roles}/`, { name: 'Doc' });
    check('post', R, created);
    const role = created.body;
    check('post', R, await t.post(`${roles}/`, { name: 'doc' }));
    check('post', R, await t.post(`${roles}/`, { name: 'x' }, member.key));
    check('get', R, await t.get(`${roles}/?limit=1`));
    check('get', R, await t.get(`${roles}/?limit=x`));
    check('get', `${R}/{id}`, await t.get(`${roles}/${role.id}/`));
    check('get', `${R}/{id}`, await t.get(`${roles}/nope/`));
    check('patch', `${R}/{id}`, await t.patch(`${roles}/${role.id}/`, { feature_flags_access_level: 37 }));
    check('patch', `${R}/{id}`, await t.patch(`${roles}/${role.id}/`, { feature_flags_access_level: 3 }));

    const M = `${R}/{id}/role_memberships`;
    const ms = await t.post(`${roles}/${role.id}/role_memberships/`, { user_uuid: memberUuid });
    check('post', M, ms);
    check('post', M, await t.post(`${roles}/${role.id}/role_memberships/`, { user_uuid: memberUuid }));
    check('get', M, await t.get(`${roles}/${role.id}/role_memberships/`));
    check('get', `${R}/{id}`, await t.get(`${roles}/${role.id}/`));

    const flags = `/api/projects/${t.projectId}/feature_flags`;
    const flag = (await t.post(`${flags}/`, { key: 'doc' }).expect(201)).body;
    const access = `${flags}/${flag.id}/role_access`;
    const row = await t.post(`${access}/`, { role_id: role.id });
    check('post', A, row);
    check('post', A, await t.post(`${access}/`, { role_id: role.id }));
    check('post', A, await t.post(`${access}/`, { role_id: 'nope' }));
    // a view-only member (the organization is at 21, no roles) may not grant access
    const viewer = await t.newUser(t.organizationId, { level: 'member' });
    check('post', A, await t.post(`${access}/`, { role_id: role.id }, viewer.key).expect(403));
    check('get', A, await t.get(`${access}/`));
    check('get', A, await t.get(`${flags}/424242/role_access/`));
    check('get', `${A}/{id}`, await t.get(`${access}/${row.body.id}/`));
    check('get', `${R}/{id}`, await t.get(`${roles}/${role.id}/`));
    check('get', R, await t.get(`${roles}/`));
    check('delete', `${A}/{id}`, await t.del(`${access}/${row.body.id}/`));
    check('delete', `${A}/{id}`, await t.del(`${access}/${row.body.id}/`));

    check('delete', `${M}/{membership_id}`, await t.del(`${roles}/${role.id}/role_memberships/${ms.body.id}/`));
    check('delete', `${M}/{membership_id}`, await t.del(`${roles}/${role.id}/role_memberships/${ms.body.id}/`));
    check('delete', `${R}/{id}`, await t.del(`${roles}/${role.id}/`, member.key));
    check('delete', `${R}/{id}`, await t.del(`${roles}/${role.id}/`));
    check('delete', `${R}/{id}`, await t.del(`${roles}/${role.id}/`));

    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith(R) || path.startsWith(A) || path.startsWith(F))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(documented.filter((op) => !seen.has(op))).toEqual([]);
  });
});
