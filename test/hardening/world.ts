import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { waitFor } from '../support/poll';
import type { Tenant, TestApp } from '../support/test-app';

/**
 * One organization's project filled with every kind of object the API has, each carrying the
 * tenant's `marker` in a name, key or property, so that a foreign response can be searched for
 * it. `secrets` are the other strings (uuids, tokens) that must never reach another tenant.
 */
export interface World {
  tenant: Tenant;
  marker: string;
  userUuid: string;
  flags: Array<{ id: number; key: string; version: number }>;
  cohorts: { static: number; dynamic: number };
  person: { id: number; uuid: string; distinctId: string; anonId: string };
  eventName: string;
  eventDefinitionId: string;
  roleId: string;
  membershipId: string;
  roleAccessId: number;
  dashboardId: number;
  scheduledChangeId: number;
  earlyAccessFeatureId: string;
  webhookId: number;
  webhookDeliveryId: string;
  apiKeyId: string;
  secrets: string[];
}

const and = (...values: object[]) => ({ type: 'AND', values });

async function ok<T = Record<string, unknown>>(r: request.Test, status: number, what: string): Promise<T> {
  const res = await r;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Fills `tenant`'s project (through the API and ingestion, as users would) and returns the ids. */
export async function buildWorld(t: TestApp, tenant: Tenant, prefix: string): Promise<World> {
  const marker = `${prefix}${randomBytes(4).toString('hex')}`;
  const { key, projectId: p, organizationId: org } = tenant;
  const distinctId = `${marker}-person`;
  const anonId = `${marker}-anon`;
  const eventName = `${marker}-signup`;
  await ok(
    request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: tenant.projectToken,
        batch: [
          {
            event: '$identify',
            distinct_id: distinctId,
            properties: { $set: { plan: marker, email: `${marker}@example.com` }, $anon_distinct_id: anonId },
          },
          { event: eventName, distinct_id: distinctId, properties: { source: marker } },
        ],
      }),
    200,
    'ingest',
  );
  const person = await waitFor(async () => {
    const res = await t.get(`/api/projects/${p}/persons/?distinct_id=${distinctId}`, key);
    return res.body.results?.[0] as { id: number; uuid: string } | undefined;
  });
  // an activity entry on the person
  await ok(t.patch(`/api/projects/${p}/persons/${person.uuid}/`, { properties: { tier: marker } }, key), 200, 'person');

  const cohortStatic = await ok<{ id: number }>(
    t.post(`/api/projects/${p}/cohorts/`, { name: `${marker} static`, is_static: true }, key),
    201,
    'static cohort',
  );
  await ok(
    t
      .req('patch', `/api/projects/${p}/cohorts/${cohortStatic.id}/add_persons_to_static_cohort/`, key)
      .send({ person_ids: [person.uuid] }),
    200,
    'add persons',
  );
  const cohortDynamic = await ok<{ id: number }>(
    t.post(
      `/api/projects/${p}/cohorts/`,
      { name: `${marker} dynamic`, filters: { properties: and({ key: 'plan', type: 'person', value: marker }) } },
      key,
    ),
    201,
    'dynamic cohort',
  );

  const flag = (body: object) =>
    ok<{ id: number; key: string; version: number }>(
      t.post(`/api/projects/${p}/feature_flags/`, body, key),
      201,
      'flag',
    );
  const flags = [
    await flag({
      key: `${marker}-bool`,
      name: `${marker} boolean`,
      filters: { groups: [{ properties: [{ key: 'plan', type: 'person', value: marker }], rollout_percentage: 100 }] },
    }),
    await flag({
      key: `${marker}-multi`,
      name: `${marker} multivariate`,
      filters: {
        groups: [{ properties: [], rollout_percentage: 100 }],
        multivariate: {
          variants: [
            { key: 'control', rollout_percentage: 50 },
            { key: 'test', rollout_percentage: 50 },
          ],
        },
        payloads: { test: JSON.stringify({ secret: marker }) },
      },
    }),
    await flag({
      key: `${marker}-cohort`,
      name: `${marker} in cohort`,
      filters: {
        groups: [
          { properties: [{ key: 'id', type: 'cohort', value: cohortDynamic.id }], rollout_percentage: 100 },
          { properties: [{ key: 'id', type: 'cohort', value: cohortStatic.id }], rollout_percentage: 100 },
        ],
      },
    }),
  ];
  await ok(t.post(`/api/projects/${p}/feature_flags/${flags[0].id}/dashboard`, undefined, key), 200, 'dashboard');
  const withDashboard = await ok<{ usage_dashboard: number; version: number }>(
    t.get(`/api/projects/${p}/feature_flags/${flags[0].id}/`, key),
    200,
    'flag',
  );
  flags[0].version = withDashboard.version;

  const userUuid = (await ok<{ uuid: string }>(t.get('/api/users/@me/', key), 200, 'me')).uuid;
  const role = await ok<{ id: string }>(
    t.post(`/api/organizations/${org}/roles/`, { name: `${marker} role`, feature_flags_access_level: 37 }, key),
    201,
    'role',
  );
  const membership = await ok<{ id: string }>(
    t.post(`/api/organizations/${org}/roles/${role.id}/role_memberships/`, { user_uuid: userUuid }, key),
    201,
    'membership',
  );
  const roleAccess = await ok<{ id: number }>(
    t.post(`/api/projects/${p}/feature_flags/${flags[0].id}/role_access/`, { role_id: role.id }, key),
    201,
    'role access',
  );
  const scheduledChange = await ok<{ id: number }>(
    t.post(
      `/api/projects/${p}/scheduled_changes/`,
      {
        record_id: flags[0].id,
        model_name: 'FeatureFlag',
        payload: { operation: 'update_status', value: false },
        scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
      key,
    ),
    201,
    'scheduled change',
  );
  const earlyAccess = await ok<{ id: string }>(
    t.post(`/api/projects/${p}/early_access_features/`, { name: `${marker} beta`, stage: 'beta' }, key),
    201,
    'early-access feature',
  );
  // A webhook (a public literal address: no DNS, and nothing sends without the scheduler) and one
  // delivery, written by the creation of a flag it subscribes to.
  const webhook = await ok<{ id: number; secret: string }>(
    t.post(
      `/api/projects/${p}/webhooks/`,
      { url: `http://93.184.215.14/${marker}`, events: ['feature_flag.created'] },
      key,
    ),
    201,
    'webhook',
  );
  await ok(t.post(`/api/projects/${p}/feature_flags/`, { key: `${marker}-hooked` }, key), 201, 'hooked flag');
  const delivery = await ok<{ results: Array<{ id: string }> }>(
    t.get(`/api/projects/${p}/webhooks/${webhook.id}/deliveries/`, key),
    200,
    'deliveries',
  );
  const apiKey = await ok<{ id: string }>(
    t.post('/api/personal_api_keys/', { label: marker.slice(0, 30), scopes: ['feature_flag:read'] }, key),
    201,
    'api key',
  );
  const definition = await waitFor(async () => {
    const res = await t.get(`/api/projects/${p}/event_definitions/?search=${eventName}`, key);
    return (res.body.results as Array<{ id: string; name: string }> | undefined)?.find((d) => d.name === eventName);
  });
  return {
    tenant,
    marker,
    userUuid,
    flags,
    cohorts: { static: cohortStatic.id, dynamic: cohortDynamic.id },
    person: { id: person.id, uuid: person.uuid, distinctId, anonId },
    eventName,
    eventDefinitionId: definition.id,
    roleId: role.id,
    membershipId: membership.id,
    roleAccessId: roleAccess.id,
    dashboardId: withDashboard.usage_dashboard,
    scheduledChangeId: scheduledChange.id,
    earlyAccessFeatureId: earlyAccess.id,
    webhookId: webhook.id,
    webhookDeliveryId: delivery.results[0].id,
    apiKeyId: apiKey.id,
    secrets: [
      marker,
      org,
      tenant.projectToken,
      tenant.email,
      userUuid,
      person.uuid,
      definition.id,
      role.id,
      membership.id,
      apiKey.id,
      webhook.secret,
      delivery.results[0].id,
    ],
  };
}

/**
 * The first of `w`'s secrets that appears in a response body, if any. Absolute URLs (paging links
 * such as `initial`/`next`) echo the request's own query and are left out.
 */
export function leakedSecret(w: World, text: string): string | undefined {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (CSV, metrics): searched as it is
  }
  const searched = JSON.stringify(body, (_, v: unknown) =>
    typeof v === 'string' && /^https?:\/\//.test(v) ? '<url>' : v,
  );
  return w.secrets.find((s) => searched.includes(s));
}
