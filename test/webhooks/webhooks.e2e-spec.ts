/** @sql-sensitive the outbox, claims and deliveries, in transactions */
/**
 * Issue 21: webhook subscriptions, signed deliveries of flag and event-definition changes from
 * the transactional outbox, retries with the same message id, Slack messages for post_to_slack
 * events, per-project delivery limits and tenant isolation. A real receiver on 127.0.0.1 (a
 * node:http server); the API runs the delivery runner itself (SCHEDULER_ENABLED), polling every
 * 50 ms with a 50 ms retry base, so retries come quickly and every wait is a poll. Slack messages
 * commit with their events (a write that fails fails the batch) and a project's unsent ones are
 * capped (WEBHOOK_SLACK_PENDING_MAX).
 */
import request from 'supertest';
import { Webhook as Verifier } from 'standardwebhooks';
import { WebhookRetentionJob } from '@app/webhooks';
import { dataSource, ingest, personOf } from '../persons/factories';
import { consoleRouteOf } from '../console/routes';
import { definitionOf, definitionsPath } from '../event-definitions/factories';
import { waitFor } from '../support/poll';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { Received, WebhookReceiver } from '../support/webhook-receiver';

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let other: Tenant;
  const hooks = () => `/api/projects/${t.projectId}/webhooks`;
  const flags = () => `/api/projects/${t.projectId}/feature_flags`;

  async function subscribe(events: string[], url = `${receiver.url}/hook`, base = hooks(), key = t.key) {
    const res = await t.post(`${base}/`, { url, events }, key).expect(201);
    return res.body as { id: number; secret: string; url: string; events: string[]; enabled: boolean };
  }

  async function deliveries(id: number, base = hooks(), key = t.key) {
    return (await t.get(`${base}/${id}/deliveries/?limit=1000`, key).expect(200)).body.results as Array<
      Record<string, unknown>
    >;
  }

  /** Waits until the receiver got `n` requests whose JSON satisfies `match`; returns them. */
  async function receivedMatching(match: (r: Received) => boolean, n = 1, timeoutMs = 15_000): Promise<Received[]> {
    return waitFor(() => {
      const found = receiver.received.filter(match);
      return found.length >= n ? found : undefined;
    }, timeoutMs);
  }

  /** The link of a Slack message (`<url|label>`). */
  function linkOf(message: Received): string {
    const link = /<([^|>]+)\|/.exec(String(message.json.text))?.[1];
    if (!link) throw new Error(`no link in ${String(message.json.text)}`);
    return link;
  }

  /**
   * A link that opens `screen` in the console: the API process serves the console at its path,
   * and the console's router (its routes read from app.tsx) takes it to that screen, not to
   * "Page not found".
   */
  async function expectConsoleScreen(link: string, screen: string): Promise<void> {
    expect(link.startsWith('https://bunting.example.com/')).toBe(true);
    const { pathname, search } = new URL(link);
    const page = await t
      .get(pathname + search, null)
      .set('Accept', 'text/html')
      .expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="root"></div>');
    expect(consoleRouteOf(pathname + search)).toBe(screen);
  }

  beforeAll(async () => {
    t = await startTestApp({
      SCHEDULER_ENABLED: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '10000',
      WEBHOOK_CONCURRENCY_PER_PROJECT: '2',
      PUBLIC_URL: 'https://bunting.example.com',
      EVENT_DELETION_CRON: '',
    });
    receiver = await WebhookReceiver.start();
    other = await t.newTenant();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });
  beforeEach(() => {
    receiver.answer = { status: 200, body: 'ok' };
  });

  describe('subscriptions', () => {
    it('creates one with a secret shown once, lists, reads, changes and deletes it', async () => {
      const created = await subscribe(['feature_flag.updated', 'feature_flag.updated', 'feature_flag.created']);
      expect(created).toMatchObject({
        url: `${receiver.url}/hook`,
        events: ['feature_flag.updated', 'feature_flag.created'],
        enabled: true,
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const read = (await t.get(`${hooks()}/${created.id}/`).expect(200)).body;
      expect(read).not.toHaveProperty('secret');
      expect(read).toMatchObject({ id: created.id, events: created.events });
      const list = (await t.get(`${hooks()}/`).expect(200)).body;
      expect(list.results.map((w: { id: number }) => w.id)).toContain(created.id);
      expect(list.results.every((w: object) => !('secret' in w))).toBe(true);

      const changed = await t.patch(`${hooks()}/${created.id}/`, { enabled: false, events: ['feature_flag.deleted'] });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ enabled: false, events: ['feature_flag.deleted'] });
      expect(changed.body).not.toHaveProperty('secret');

      await t.del(`${hooks()}/${created.id}/`).expect(204);
      await t.get(`${hooks()}/${created.id}/`).expect(404);
      await t.del(`${hooks()}/${created.id}/`).expect(404);
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const bad = async (body: object, attr: string) => {
        const res = await t.post(`${hooks()}/`, body).expect(400);
        expect(res.body).toMatchObject({ type: 'validation_error', attr });
      };
      await bad({ events: ['feature_flag.updated'] }, 'url');
      await bad({ url: 'ftp://127.0.0.1/x', events: ['feature_flag.updated'] }, 'url');
      await bad({ url: 'not a url', events: ['feature_flag.updated'] }, 'url');
      await bad({ url: `http://127.0.0.1/${'x'.repeat(2001)}`, events: ['feature_flag.updated'] }, 'url');
      await bad({ url: receiver.url }, 'events');
      await bad({ url: receiver.url, events: [] }, 'events');
      await bad({ url: receiver.url, events: ['flag.exploded'] }, 'events');
      await bad({ url: receiver.url, events: 'feature_flag.updated' }, 'events');
      await bad({ url: receiver.url, events: ['feature_flag.updated'], enabled: 'yes' }, 'enabled');
      const { id } = await subscribe(['feature_flag.updated']);
      const res = await t.patch(`${hooks()}/${id}/`, { url: 'gopher://x' }).expect(400);
      expect(res.body.attr).toBe('url');
      await t.del(`${hooks()}/${id}/`).expect(204);
    });

    it("404 for another organization's key, and its webhooks and deliveries stay untouched", async () => {
      const { id } = await subscribe(['feature_flag.updated']);
      // Their key on our project, and their project's path with our webhook's id.
      await t.get(`${hooks()}/${id}/`, other.key).expect(404);
      await t.patch(`${hooks()}/${id}/`, { enabled: false }, other.key).expect(404);
      await t.del(`${hooks()}/${id}/`, other.key).expect(404);
      await t.get(`${hooks()}/${id}/deliveries/`, other.key).expect(404);
      const theirs = `/api/projects/${other.projectId}/webhooks`;
      await t.get(`${theirs}/${id}/`, other.key).expect(404);
      await t.patch(`${theirs}/${id}/`, { enabled: false }, other.key).expect(404);
      await t.del(`${theirs}/${id}/`, other.key).expect(404);
      await t.get(`${theirs}/${id}/deliveries/`, other.key).expect(404);
      expect((await t.get(`${theirs}/`, other.key).expect(200)).body.count).toBe(0);
      expect((await t.get(`${hooks()}/${id}/`).expect(200)).body.enabled).toBe(true);
      await t.del(`${hooks()}/${id}/`).expect(204);
    });

    it('refuses a webhook past the 50th of a project with a 400 naming no field', async () => {
      const base = `/api/projects/${other.projectId}/webhooks`;
      const made: number[] = [];
      for (let i = 0; i < 50; i++) {
        made.push((await subscribe(['feature_flag.created'], `${receiver.url}/limit-${i}`, base, other.key)).id);
      }
      const res = await t
        .post(`${base}/`, { url: `${receiver.url}/limit-50`, events: ['feature_flag.created'] }, other.key)
        .expect(400);
      expect(res.body).toMatchObject({ type: 'validation_error', code: 'max_webhooks', attr: null });
      for (const id of made) await t.del(`${base}/${id}/`, other.key).expect(204);
    });

    it('needs webhook:read to read and webhook:write to change', async () => {
      const reader = await t.newUser(t.organizationId, { scopes: ['webhook:read'] });
      const flagsOnly = await t.newUser(t.organizationId, { scopes: ['feature_flag:write'] });
      await t.get(`${hooks()}/`, reader.key).expect(200);
      await t.post(`${hooks()}/`, { url: receiver.url, events: ['feature_flag.updated'] }, reader.key).expect(403);
      await t.get(`${hooks()}/`, flagsOnly.key).expect(403);
    });
  });

  describe('deliveries', () => {
    it('a flag PATCH arrives as a signed webhook the standardwebhooks verifier accepts', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      const flag = (await t.post(`${flags()}/`, { key: 'signed-flag', name: 'Signed' }).expect(201)).body;
      await t.patch(`${flags()}/${flag.id}/`, { name: 'Signed, changed' }).expect(200);
      const [got] = await receivedMatching(
        (r) => (r.json.data as { object?: { key?: string } })?.object?.key === 'signed-flag',
      );
      const verified = new Verifier(hook.secret).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      }) as Record<string, unknown>;
      expect(verified).toMatchObject({
        type: 'feature_flag.updated',
        data: {
          object: { id: flag.id, key: 'signed-flag', name: 'Signed, changed', version: 2 },
          activity: {
            activity: 'updated',
            scope: 'FeatureFlag',
            item_id: String(flag.id),
            user: { email: t.email },
            detail: {
              changes: expect.arrayContaining([
                expect.objectContaining({ field: 'name', before: 'Signed', after: 'Signed, changed' }),
              ]),
            },
          },
        },
      });
      expect(got.headers['content-type']).toBe('application/json');
      // A forged body fails verification with the same headers.
      expect(() =>
        new Verifier(hook.secret).verify(got.body.replace('Signed, changed', 'forged'), {
          'webhook-id': String(got.headers['webhook-id']),
          'webhook-timestamp': String(got.headers['webhook-timestamp']),
          'webhook-signature': String(got.headers['webhook-signature']),
        }),
      ).toThrow();
      // Only the subscribed event: the create went to nobody.
      const listed = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 1 && rows[0].status === 'succeeded' ? rows : undefined;
      });
      expect(listed[0]).toMatchObject({
        event: 'feature_flag.updated',
        attempts: 1,
        last_status_code: 200,
        last_response: 'ok',
        last_error: null,
        next_attempt_at: null,
        message_id: got.headers['webhook-id'],
        last_attempt_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      // The attempt was made after the message was written.
      expect(Date.parse(listed[0].last_attempt_at as string)).toBeGreaterThanOrEqual(
        Date.parse(listed[0].created_at as string),
      );
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('reports created and deleted flags, and nothing for a change that was refused', async () => {
      const hook = await subscribe(['feature_flag.created', 'feature_flag.updated', 'feature_flag.deleted']);
      const flag = (await t.post(`${flags()}/`, { key: 'lifecycle' }).expect(201)).body;
      await t.patch(`${flags()}/${flag.id}/`, { key: 'not a valid key!' }).expect(400);
      await t.patch(`${flags()}/${flag.id}/`, { deleted: true }).expect(200);
      await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 2 && rows.every((r) => r.status === 'succeeded') ? rows : undefined;
      });
      const types = receiver.received
        .filter((r) => (r.json.data as { object?: { id?: number } })?.object?.id === flag.id)
        .map((r) => r.json.type);
      expect(types.sort()).toEqual(['feature_flag.created', 'feature_flag.deleted']);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('reports an event definition PATCH', async () => {
      const hook = await subscribe(['event_definition.updated']);
      await ingest(t, t.projectToken, [{ event: 'defined', distinct_id: 'd1' }]);
      const definition = (await waitFor(() => definitionOf(t, 'defined')))!;
      await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { tags: ['billing'] }).expect(200);
      const [got] = await receivedMatching((r) => r.json.type === 'event_definition.updated');
      expect(got.json.data).toMatchObject({
        object: { id: definition.id, name: 'defined', tags: ['billing'] },
        activity: { scope: 'EventDefinition', detail: { changes: [expect.objectContaining({ field: 'tags' })] } },
      });
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('a receiver down for a while then up gets every message, every attempt with the same webhook-id', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      const flag = (await t.post(`${flags()}/`, { key: 'outage' }).expect(201)).body;
      await receiver.down();
      for (let i = 1; i <= 3; i++) await t.patch(`${flags()}/${flag.id}/`, { name: `outage ${i}` }).expect(200);
      // Refused connections: each delivery is retried.
      await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 3 && rows.every((r) => (r.attempts as number) >= 2 && r.last_error) ? rows : undefined;
      });
      // Up, but failing: the attempts now reach it.
      receiver.answer = { status: 503, body: 'x'.repeat(5000) };
      await receiver.up();
      await waitFor(() => {
        const ids = [...receiver.byMessageId().entries()].filter(([, rs]) =>
          rs.some((r) => (r.json.data as { object?: { id?: number } })?.object?.id === flag.id),
        );
        return ids.length === 3 && ids.every(([, rs]) => rs.length >= 2) ? ids : undefined;
      });
      const failing = await deliveries(hook.id);
      expect(failing.every((r) => r.status === 'pending' && r.last_status_code === 503)).toBe(true);
      expect(failing.every((r) => (r.last_response as string).length === 1024)).toBe(true);
      receiver.answer = { status: 204 };
      const done = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows.every((r) => r.status === 'succeeded') ? rows : undefined;
      });
      const byId = new Map(
        [...receiver.byMessageId().entries()].filter(([, rs]) =>
          rs.some((r) => (r.json.data as { object?: { id?: number } })?.object?.id === flag.id),
        ),
      );
      expect([...byId.keys()].sort()).toEqual(done.map((d) => d.message_id).sort());
      const names = [...byId.values()].map((rs) => (rs[0].json.data as { object: { name: string } }).object.name);
      expect(names.sort()).toEqual(['outage 1', 'outage 2', 'outage 3']);
      for (const rs of byId.values()) {
        // Every attempt of one message: the same id and body, each signed.
        expect(new Set(rs.map((r) => r.body)).size).toBe(1);
        for (const r of rs) {
          expect(() =>
            new Verifier(hook.secret).verify(r.body, {
              'webhook-id': String(r.headers['webhook-id']),
              'webhook-timestamp': String(r.headers['webhook-timestamp']),
              'webhook-signature': String(r.headers['webhook-signature']),
            }),
          ).not.toThrow();
        }
      }
      for (const d of done) expect(d.attempts as number).toBeGreaterThanOrEqual(4);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('redelivers a delivery with the same webhook-id', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      const flag = (await t.post(`${flags()}/`, { key: 'again' }).expect(201)).body;
      await t.patch(`${flags()}/${flag.id}/`, { name: 'again' }).expect(200);
      const [first] = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows.length === 1 && rows[0].status === 'succeeded' ? rows : undefined;
      });
      const res = await t.post(`${hooks()}/${hook.id}/deliveries/${first.id}/redeliver/`).expect(200);
      expect(res.body).toMatchObject({ id: first.id, status: 'pending' });
      const got = await receivedMatching((r) => r.headers['webhook-id'] === first.message_id, 2);
      expect(got).toHaveLength(2);
      const [again] = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows[0].status === 'succeeded' && rows[0].attempts === 2 ? rows : undefined;
      });
      // last_attempt_at is the redelivery's.
      expect(Date.parse(again.last_attempt_at as string)).toBeGreaterThan(Date.parse(first.last_attempt_at as string));
      await t.post(`${hooks()}/${hook.id}/deliveries/00000000-0000-0000-0000-000000000000/redeliver/`).expect(404);
      await t.post(`${hooks()}/${hook.id}/deliveries/nope/redeliver/`).expect(404);
      await t
        .post(`/api/projects/${other.projectId}/webhooks/${hook.id}/deliveries/${first.id}/redeliver/`, {}, other.key)
        .expect(404);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('a 2xx whose body holds a NUL byte is delivered once (the byte is not stored)', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      receiver.answer = { status: 200, body: 'ok\u0000done' };
      const flag = (await t.post(`${flags()}/`, { key: 'nul-answer' }).expect(201)).body;
      await t.patch(`${flags()}/${flag.id}/`, { name: 'nul' }).expect(200);
      const [done] = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.status === 'succeeded' ? rows : undefined;
      });
      expect(done).toMatchObject({ attempts: 1, last_status_code: 200, last_response: 'okdone', last_error: null });
      expect(receiver.received.filter((r) => r.headers['webhook-id'] === done.message_id)).toHaveLength(1);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('never sends a delivery past its retry window: it fails', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      const [{ id }] = await dataSource(t).query(
        `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload, next_attempt_at, retry_until)
         VALUES ($1, $2, 'feature_flag.updated', '{"type":"feature_flag.updated"}', now() - interval '2 seconds',
                 now() - interval '1 second') RETURNING id`,
        [t.projectId, hook.id],
      );
      const [row] = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.status === 'failed' ? rows : undefined;
      });
      expect(row).toMatchObject({ id, attempts: 0, next_attempt_at: null, last_attempt_at: null });
      expect(row.last_error).toMatch(/retry window/);
      expect(receiver.received.filter((r) => r.headers['webhook-id'] === row.message_id)).toHaveLength(0);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('an attempt whose lease ran out with no outcome counts, and the next waits its backoff', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      // As if a process had claimed attempt 30 and died: the next would wait 30 to 60 minutes.
      const [{ id }] = await dataSource(t).query(
        `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload, next_attempt_at, attempts,
                                         last_attempt_at, lease_until, lease_token)
         VALUES ($1, $2, 'feature_flag.updated', '{"type":"feature_flag.updated"}', now() - interval '1 minute', 30,
                 now() - interval '1 minute', now() - interval '1 second', gen_random_uuid()) RETURNING id`,
        [t.projectId, hook.id],
      );
      const [row] = await waitFor(async () => {
        const rows = await deliveries(hook.id);
        return rows[0]?.last_error ? rows : undefined;
      });
      expect(row).toMatchObject({ id, status: 'pending', attempts: 30 });
      expect(row.last_error).toMatch(/lease ran out/);
      expect(new Date(row.next_attempt_at as string).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
      expect(receiver.received.filter((r) => r.headers['webhook-id'] === row.message_id)).toHaveLength(0);
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it('deletes delivered and failed deliveries older than WEBHOOK_RETENTION_DAYS, and keeps the rest', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      const rows: Array<{ id: string }> = await dataSource(t).query(
        `INSERT INTO webhook_deliveries (project_id, webhook_id, event, payload, status, created_at, next_attempt_at)
         SELECT $1, $2, 'feature_flag.updated', '{}', s.status, now() - s.age * interval '1 day',
                now() + interval '1 hour'
           FROM (VALUES ('succeeded', 31), ('failed', 31), ('pending', 31), ('succeeded', 29), ('failed', 1))
                AS s(status, age)
         RETURNING id`,
        [t.projectId, hook.id],
      );
      // A pass under way may have begun before the rows: the second call is a pass of its own.
      await t.app.get(WebhookRetentionJob).run();
      await t.app.get(WebhookRetentionJob).run();
      const kept = (await deliveries(hook.id)).map((d) => d.id).sort();
      expect(kept).toEqual([rows[2].id, rows[3].id, rows[4].id].sort());
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });

    it("one project's hanging receiver holds its own share of deliveries and does not delay another project's", async () => {
      const hanging = await WebhookReceiver.start();
      hanging.answer = 'hold';
      try {
        const hook = await subscribe(['feature_flag.updated'], hanging.url);
        const flag = (await t.post(`${flags()}/`, { key: 'slow-receiver' }).expect(201)).body;
        for (let i = 1; i <= 6; i++) await t.patch(`${flags()}/${flag.id}/`, { name: `slow ${i}` }).expect(200);
        await waitFor(() => (hanging.holding === 2 ? true : undefined));

        const theirHooks = `/api/projects/${other.projectId}/webhooks`;
        const theirs = await subscribe(['feature_flag.created'], `${receiver.url}/other`, theirHooks, other.key);
        await t.post(`/api/projects/${other.projectId}/feature_flags/`, { key: 'meanwhile' }, other.key).expect(201);
        await receivedMatching((r) => r.path === '/other');
        // Their message went through while ours were still held: two at a time, no more.
        expect(hanging.holding).toBe(2);
        expect(hanging.received).toHaveLength(2);
        await t.del(`${theirHooks}/${theirs.id}/`, other.key).expect(204);

        hanging.answer = { status: 200 };
        hanging.release();
        await waitFor(async () => {
          const rows = await deliveries(hook.id);
          return rows.length === 6 && rows.every((r) => r.status === 'succeeded') ? rows : undefined;
        }, 20_000);
        expect(new Set(hanging.received.map((r) => r.headers['webhook-id'])).size).toBe(6);
        await t.del(`${hooks()}/${hook.id}/`).expect(204);
      } finally {
        await hanging.close();
      }
    });
  });

  describe('post_to_slack', () => {
    it('an event whose definition has post_to_slack arrives as a Slack message', async () => {
      const slackUrl = `${receiver.url}/services/T000/B000/secretpart`;
      const project = await t.patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: slackUrl }).expect(200);
      expect(project.body.slack_incoming_webhook).toBe(`${receiver.url}/…`);
      expect(JSON.stringify((await t.get(`/api/projects/${t.projectId}/`).expect(200)).body)).not.toContain(
        'secretpart',
      );

      await ingest(t, t.projectToken, [{ event: 'upgraded plan', distinct_id: 'ada-1' }]);
      const definition = (await waitFor(() => definitionOf(t, 'upgraded plan')))!;
      await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { post_to_slack: true }).expect(200);
      await ingest(t, t.projectToken, [
        {
          event: 'upgraded plan',
          distinct_id: 'ada-1',
          properties: { $set: { name: 'Ada', email: 'ada@example.com' } },
        },
        { event: 'not posted', distinct_id: 'ada-1' },
      ]);
      const [got] = await receivedMatching((r) => r.path === '/services/T000/B000/secretpart');
      const ada = (await personOf(t, 'ada-1'))!;
      expect(got.json).toEqual({
        text: `*upgraded plan* by <https://bunting.example.com/project/${t.projectId}/persons/${ada.uuid}|Ada (ada@example.com)>`,
      });
      await expectConsoleScreen(linkOf(got), '/project/:projectId/persons/:id');
      // What the message used to link to: the console's "Page not found".
      expect(consoleRouteOf(`/project/${t.projectId}/person/ada-1`)).toBeUndefined();
      // The screen's own request: the person, by the uuid in the link.
      expect((await t.get(`/api/projects/${t.projectId}/persons/${ada.uuid}/`).expect(200)).body.distinct_ids).toEqual([
        'ada-1',
      ]);
      // One message: the other event's definition does not post.
      // A personless event: no person to link to yet, so the link searches the persons by distinct id.
      await ingest(t, t.projectToken, [
        { event: 'upgraded plan', distinct_id: 'anon 2', properties: { $process_person_profile: false } },
      ]);
      const both = await receivedMatching((r) => r.path === '/services/T000/B000/secretpart', 2);
      expect(both[1].json.text).toBe(
        `*upgraded plan* by <https://bunting.example.com/project/${t.projectId}/persons?search=anon%202|anon 2>`,
      );
      await expectConsoleScreen(linkOf(both[1]), '/project/:projectId/persons');
      // Which finds the person once there is one.
      await ingest(t, t.projectToken, [{ event: 'not posted', distinct_id: 'anon 2' }]);
      const search = new URL(linkOf(both[1])).searchParams.get('search');
      const found = (
        await t.get(`/api/projects/${t.projectId}/persons/?search=${encodeURIComponent(search!)}`).expect(200)
      ).body.results;
      expect(found.map((p: { distinct_ids: string[] }) => p.distinct_ids)).toEqual([['anon 2']]);
      expect(receiver.received.filter((r) => String(r.json.text ?? '').includes('not posted'))).toHaveLength(0);

      await t.patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: null }).expect(200);
      expect((await t.get(`/api/projects/${t.projectId}/`).expect(200)).body.slack_incoming_webhook).toBeNull();
    });

    it('writes the Slack messages in the batch transaction: a write that fails fails the batch, and its retry posts once', async () => {
      const slackUrl = `${receiver.url}/services/atomic`;
      await t.patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: slackUrl }).expect(200);
      await ingest(t, t.projectToken, [{ event: 'paid invoice', distinct_id: 'atomic-0' }]);
      const definition = (await waitFor(() => definitionOf(t, 'paid invoice')))!;
      await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { post_to_slack: true }).expect(200);
      const db = dataSource(t);
      // The outbox refuses Slack rows as a database that went away would (57P03: cannot connect now).
      await db.query(`CREATE FUNCTION refuse_slack() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.webhook_id IS NULL THEN RAISE EXCEPTION 'outbox away' USING ERRCODE = '57P03'; END IF;
        RETURN NEW; END $$`);
      await db.query(`CREATE TRIGGER refuse_slack BEFORE INSERT ON webhook_deliveries
        FOR EACH ROW EXECUTE FUNCTION refuse_slack()`);
      const batch = {
        api_key: t.projectToken,
        batch: [{ event: 'paid invoice', distinct_id: 'atomic-1', uuid: '0192d6e4-8c1a-7c3e-9f00-00000000a701' }],
      };
      try {
        const refused = await request(t.baseUrl).post('/batch/').send(batch);
        expect(refused.status).toBe(503);
      } finally {
        await db.query(`DROP TRIGGER refuse_slack ON webhook_deliveries`);
        await db.query(`DROP FUNCTION refuse_slack()`);
      }
      const stored = () =>
        db.query(`SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND distinct_id = 'atomic-1'`, [
          t.projectId,
        ]);
      expect((await stored())[0].n).toBe(0);
      // The SDK's retry: the event and its message, once.
      await request(t.baseUrl).post('/batch/').send(batch).expect(200);
      await request(t.baseUrl).post('/batch/').send(batch).expect(200);
      expect((await stored())[0].n).toBe(1);
      const [got] = await receivedMatching((r) => r.path === '/services/atomic');
      expect(got.json.text).toContain('|atomic-1>');
      const rows = await db.query(
        `SELECT count(*)::int AS n FROM webhook_deliveries
          WHERE project_id = $1 AND webhook_id IS NULL AND payload->>'distinct_id' = 'atomic-1'`,
        [t.projectId],
      );
      expect(rows[0].n).toBe(1);
      await t.patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: null }).expect(200);
    });

    it('posts from the first event after slack_incoming_webhook is set, and from the first after its removal no more', async () => {
      const project = `/api/projects/${t.projectId}/`;
      const messages = async () =>
        (
          await dataSource(t).query(
            `SELECT payload->>'distinct_id' AS d FROM webhook_deliveries
              WHERE project_id = $1 AND webhook_id IS NULL AND payload->>'event' = 'renewed' ORDER BY created_at`,
            [t.projectId],
          )
        ).map((r: { d: string }) => r.d);
      await t.patch(project, { slack_incoming_webhook: null }).expect(200);
      await ingest(t, t.projectToken, [{ event: 'renewed', distinct_id: 'renew-0' }]);
      const definition = (await waitFor(() => definitionOf(t, 'renewed')))!;
      await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { post_to_slack: true }).expect(200);
      // Ingestion now knows that the project has no Slack webhook, so nothing posts.
      await ingest(t, t.projectToken, [{ event: 'renewed', distinct_id: 'renew-1' }]);
      expect(await messages()).toEqual([]);

      await t.patch(project, { slack_incoming_webhook: `${receiver.url}/services/at-once` }).expect(200);
      await ingest(t, t.projectToken, [{ event: 'renewed', distinct_id: 'renew-2' }]);
      // Written with the event, in the batch's transaction: there when the batch is answered.
      expect(await messages()).toEqual(['renew-2']);
      const [got] = await receivedMatching((r) => r.path === '/services/at-once');
      expect(got.json.text).toContain('|renew-2>');

      await t.patch(project, { slack_incoming_webhook: null }).expect(200);
      await ingest(t, t.projectToken, [{ event: 'renewed', distinct_id: 'renew-3' }]);
      expect(await messages()).toEqual(['renew-2']);
    });

    it('refuses a slack_incoming_webhook that is not an http(s) URL', async () => {
      for (const value of ['javascript:alert(1)', 'hooks.slack.com/x', 42]) {
        const res = await t.patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: value }).expect(400);
        expect(res.body.attr).toBe('slack_incoming_webhook');
      }
    });
  });

  describe('the outbox', () => {
    it('commits a message with its change, in the same transaction', async () => {
      const hook = await subscribe(['feature_flag.updated']);
      receiver.answer = 'hold';
      const flag = (await t.post(`${flags()}/`, { key: 'atomic' }).expect(201)).body;
      await t.patch(`${flags()}/${flag.id}/`, { name: 'atomic' }).expect(200);
      const rows = await dataSource(t).query(
        `SELECT d.event, a.activity FROM webhook_deliveries d
           JOIN activity_log a ON a.item_id = $2 AND a.scope = 'FeatureFlag' AND a.activity = 'updated'
          WHERE d.webhook_id = $1`,
        [hook.id, String(flag.id)],
      );
      expect(rows).toEqual([{ event: 'feature_flag.updated', activity: 'updated' }]);
      receiver.answer = { status: 200 };
      receiver.release();
      await waitFor(async () => ((await deliveries(hook.id))[0]?.status === 'succeeded' ? true : undefined));
      await t.del(`${hooks()}/${hook.id}/`).expect(204);
    });
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({ SCHEDULER_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '50', EVENT_DELETION_CRON: '' });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('refuses loopback, private, link-local and metadata targets when saved', async () => {
    const base = `/api/projects/${t.projectId}/webhooks`;
    for (const url of [
      receiver.url,
      'http://localhost:9/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[fd00:ec2::254]/',
      'http://0x7f.1/',
    ]) {
      const res = await t.post(`${base}/`, { url, events: ['feature_flag.updated'] }).expect(400);
      expect(res.body).toMatchObject({ attr: 'url', code: 'invalid_url' });
      // One answer, which names no address (what the deployment's DNS answers stays in its log).
      expect(res.body.detail).toBe(
        'This URL is not allowed: its host must resolve, and only to public addresses unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on.',
      );
    }
    const unresolved = await t.post(`${base}/`, { url: 'http://nowhere.invalid/', events: ['feature_flag.updated'] });
    expect(unresolved.status).toBe(400);
    expect(unresolved.body).toMatchObject({ attr: 'url', code: 'invalid_url' });
    const slack = await t
      .patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: `${receiver.url}/s` })
      .expect(400);
    expect(slack.body).toMatchObject({ attr: 'slack_incoming_webhook', code: 'invalid_url' });
  });

  it('checks again at delivery: a target that became private is not sent to', async () => {
    // As if the name had resolved to a public address when saved and to loopback now.
    const [{ id }] = await dataSource(t).query(
      `INSERT INTO webhooks (project_id, url, events, secret) VALUES ($1, $2, '{feature_flag.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') RETURNING id`,
      [t.projectId, `${receiver.url}/rebound`],
    );
    await t.post(`/api/projects/${t.projectId}/feature_flags/`, { key: 'rebound' }).expect(201);
    const [delivery] = await waitFor(async () => {
      const rows = (await t.get(`/api/projects/${t.projectId}/webhooks/${id}/deliveries/`).expect(200)).body.results;
      return rows[0]?.last_error ? rows : undefined;
    });
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: null });
    expect(delivery.last_error).toMatch(/^refused: /);
    expect(delivery.last_error).not.toContain('127.0.0.1');
    expect(receiver.received).toHaveLength(0);
  });
});

describe('webhooks in a process that delivers: no wait for the next poll', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // An hour between polls: what arrives was sent because its commit woke the runner.
    t = await startTestApp({
      SCHEDULER_ENABLED: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '3600000',
      EVENT_DELETION_CRON: '',
    });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('sends a change and a Slack message as soon as they are committed', async () => {
    const base = `/api/projects/${t.projectId}`;
    await t.post(`${base}/webhooks/`, { url: `${receiver.url}/now`, events: ['feature_flag.created'] }).expect(201);
    await t.post(`${base}/feature_flags/`, { key: 'woken' }).expect(201);
    const [got] = await waitFor(() => (receiver.received.length > 0 ? receiver.received : undefined));
    expect(got).toMatchObject({ path: '/now', json: { type: 'feature_flag.created' } });

    await t.patch(`${base}/`, { slack_incoming_webhook: `${receiver.url}/slack` }).expect(200);
    await ingest(t, t.projectToken, [{ event: 'woke up', distinct_id: 'w1' }]);
    const definition = (await waitFor(() => definitionOf(t, 'woke up')))!;
    await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { post_to_slack: true }).expect(200);
    await ingest(t, t.projectToken, [{ event: 'woke up', distinct_id: 'w1' }]);
    const slack = await waitFor(() => receiver.received.find((r) => r.path === '/slack'));
    expect(String(slack.json.text)).toContain('*woke up*');
  });
});

describe('Slack messages past WEBHOOK_SLACK_PENDING_MAX', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No process delivers: every message stays pending.
    t = await startTestApp({ WEBHOOK_SLACK_PENDING_MAX: '3', EVENT_DELETION_CRON: '' });
  });
  afterAll(() => t?.close());

  it('stores the events and keeps at most that many unsent Slack messages per project', async () => {
    await t
      .patch(`/api/projects/${t.projectId}/`, { slack_incoming_webhook: 'https://93.184.215.14/slack' })
      .expect(200);
    await ingest(t, t.projectToken, [{ event: 'capped', distinct_id: 'c0' }]);
    const definition = (await waitFor(() => definitionOf(t, 'capped')))!;
    await t.patch(`${definitionsPath(t.projectId)}/${definition.id}/`, { post_to_slack: true }).expect(200);
    // c1 is counted (room 3); c2 fits the room left by that count, which decides without counting
    // again; c3 and c4 do not fit the one left, so they are counted: c3 is written, c4 dropped.
    await ingest(t, t.projectToken, [{ event: 'capped', distinct_id: 'c1' }]);
    await ingest(t, t.projectToken, [{ event: 'capped', distinct_id: 'c2' }]);
    await ingest(t, t.projectToken, [
      { event: 'capped', distinct_id: 'c3' },
      { event: 'capped', distinct_id: 'c4' },
    ]);
    await ingest(t, t.projectToken, [{ event: 'capped', distinct_id: 'c5' }]);
    const db = dataSource(t);
    const messages = await db.query(
      `SELECT payload->>'distinct_id' AS d FROM webhook_deliveries
        WHERE project_id = $1 AND webhook_id IS NULL AND status = 'pending' ORDER BY payload->>'distinct_id'`,
      [t.projectId],
    );
    expect(messages.map((m: { d: string }) => m.d)).toEqual(['c1', 'c2', 'c3']);
    const events = await db.query(`SELECT count(*)::int AS n FROM events WHERE project_id = $1 AND event = 'capped'`, [
      t.projectId,
    ]);
    expect(events[0].n).toBe(6);
  });
});
