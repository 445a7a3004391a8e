/** @sql-sensitive definition versions and NOTIFY between connections */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JsonLogger } from '@app/platform';
import request from 'supertest';
import { createApiApp } from '../../apps/api/src/app';
import { waitFor } from '../support/poll';
import { serverUrl } from '../support/test-database';
import { startTestApp, TestApp } from '../support/test-app';
import { createCohort, createFlag, flags, identify } from './factories';

async function metric(t: TestApp, name: string): Promise<number> {
  const text = (await t.get('/_metrics', null).expect(200)).text;
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
}

describe('compiled definitions: invalidated by every flag, cohort and group-type change, on every instance', () => {
  let t: TestApp;
  let second: NestExpressApplication;
  let secondUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    // A second API instance on the same database, as behind a load balancer.
    second = (await createApiApp(t.config, new JsonLogger('silent'))).app;
    await second.listen(0, '127.0.0.1');
    const address = second.getHttpServer().address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await identify(t, t.projectToken, [{ distinctId: 'ann', properties: { plan: 'pro', country: 'DE' } }]);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const valueOn = async (baseUrl: string, key: string, body: object = {}) =>
    (await flags({ baseUrl }, { token: t.projectToken, distinct_id: 'ann', ...body }).expect(200)).body.flags[key]
      ?.enabled;

  it('shows a change made through one instance on the other', async () => {
    const flag = await createFlag(t, {
      key: 'rollout',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(await valueOn(secondUrl, 'rollout')).toBe(true);
    const notifications = await metric(t, 'flag_definition_notifications_total');
    await t
      .patch(`/api/projects/${t.projectId}/feature_flags/${flag.id}/`, {
        filters: { groups: [{ properties: [], rollout_percentage: 0 }] },
      })
      .expect(200);
    expect(await valueOn(t.baseUrl, 'rollout')).toBe(false); // this instance: at once
    // The other: by NOTIFY on PostgreSQL, by the version check on the shared embedded database.
    await waitFor(async () => ((await valueOn(secondUrl, 'rollout')) === false ? true : undefined));
    if (serverUrl()) expect(await metric(t, 'flag_definition_notifications_total')).toBeGreaterThan(notifications);
  });

  it('gives both instances the same ETag for the same definitions', async () => {
    const path = `/flags/definitions?token=${t.projectToken}&send_cohorts`;
    const one = await t.get(path).expect(200);
    const other = await request(secondUrl).get(path).set('Authorization', `Bearer ${t.key}`).expect(200);
    expect(other.headers.etag).toBe(one.headers.etag);
    await request(secondUrl)
      .get(path)
      .set('Authorization', `Bearer ${t.key}`)
      .set('If-None-Match', one.headers.etag)
      .expect(304);
  });

  it('sends the definitions gzip-compressed to clients that accept it (as posthog-node asks), with the same ETag', async () => {
    for (const n of [1, 2, 3]) {
      await createFlag(t, {
        key: `compressible-${n}`,
        filters: { groups: [{ properties: [{ key: 'email', type: 'person', value: `person-${n}@example.com` }] }] },
      });
    }
    const path = `/flags/definitions?token=${t.projectToken}`;
    const plain = await t.get(path).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // Beside the SDK CORS middleware's Origin, which a browser's request gets.
    const fromPage = await t.get(path).set('Origin', 'https://app.example.com').expect(200);
    expect(fromPage.headers.vary).toMatch(/^Origin, Accept-Encoding$/);
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1024);
    // Compressed once per change, off the event loop: the first requests may get the plain body.
    const zipped = await waitFor(async () => {
      const res = await t.get(path).set('Accept-Encoding', 'gzip, deflate').expect(200);
      return res.headers['content-encoding'] === 'gzip' ? res : undefined;
    });
    expect(zipped.text).toBe(plain.text); // the client inflated it
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 2);
    expect(zipped.headers).toMatchObject({ etag: plain.headers.etag, vary: 'Accept-Encoding' });
    const refused = await t.get(path).set('Accept-Encoding', 'gzip;q=0, deflate').expect(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    const notModified = await t.get(path).set('Accept-Encoding', 'gzip').set('If-None-Match', plain.headers.etag);
    expect([notModified.status, notModified.headers['content-encoding']]).toEqual([304, undefined]);
  });

  it('recompiles on cohort changes and on new group types', async () => {
    const cohort = await createCohort(t, {
      name: 'Germans',
      filters: { properties: { type: 'AND', values: [{ key: 'country', type: 'person', value: 'DE' }] } },
    });
    await createFlag(t, {
      key: 'germans',
      filters: { groups: [{ properties: [{ key: 'id', type: 'cohort', value: cohort.id }] }] },
    });
    expect(await valueOn(t.baseUrl, 'germans')).toBe(true);
    await t
      .patch(`/api/projects/${t.projectId}/cohorts/${cohort.id}/`, {
        filters: { properties: { type: 'AND', values: [{ key: 'country', type: 'person', value: 'FR' }] } },
      })
      .expect(200);
    expect(await valueOn(t.baseUrl, 'germans')).toBe(false);

    await createFlag(t, {
      key: 'teams',
      filters: {
        aggregation_group_type_index: 0,
        groups: [{ properties: [{ key: 'size', type: 'group', group_type_index: 0, value: '5', operator: 'gt' }] }],
      },
    });
    // No group type 0 yet: the group cannot be named.
    expect(await valueOn(t.baseUrl, 'teams', { groups: { team: 'a' } })).toBe(false);
    await request(t.baseUrl)
      .post('/batch/')
      .send({
        api_key: t.projectToken,
        batch: [
          {
            event: '$groupidentify',
            distinct_id: 'ann',
            properties: { $group_type: 'team', $group_key: 'a', $group_set: { size: 9 } },
          },
        ],
      })
      .expect(200);
    expect(await valueOn(t.baseUrl, 'teams', { groups: { team: 'a' } })).toBe(true);
  });
});
