/** @sql-sensitive raw SQL on webhooks and users */
/**
 * Issue 44, items 5 and 7: a webhook belongs to its creator. Only they and organization admins
 * change or delete it (a member's PATCH of someone else's is a 403, and nothing changes), every
 * create, change and delete is in the activity log with who made it, a creator who loses access
 * to the project (removed from the organization, or deactivated) stops their webhooks (nothing
 * new is written for them, and what was already waiting fails instead of being sent), and the
 * URL (often a secret) is masked, as the project's Slack URL is, for everyone but its creator and
 * admins. A receiver on 127.0.0.1 (node:http); the API runs the delivery runner, polling every 50 ms.
 */
import { dataSource } from '../persons/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp, TestUser } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

describe('webhook owners', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let member: TestUser;
  let admin: TestUser;
  let n = 0;
  const hooks = () => `/api/projects/${t.projectId}/webhooks`;
  const flags = () => `/api/projects/${t.projectId}/feature_flags`;

  async function subscribe(key: string, path = `/hook-${++n}`, events = ['feature_flag.updated']) {
    const res = await t.post(`${hooks()}/`, { url: `${receiver.url}${path}/token-${n}`, events }, key).expect(201);
    return res.body as { id: number; url: string; created_by: { id: number; email: string } | null };
  }

  async function uuidOf(user: TestUser): Promise<string> {
    return (await t.get('/api/users/@me/', user.key).expect(200)).body.uuid as string;
  }

  async function flagChange(key: string): Promise<void> {
    const flag = (await t.post(`${flags()}/`, { key }).expect(201)).body;
    await t.patch(`${flags()}/${flag.id}/`, { name: `${key} changed` }).expect(200);
  }

  beforeAll(async () => {
    t = await startTestApp({
      SCHEDULER_ENABLED: 'true',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '50',
      WEBHOOK_RETRY_BASE_MS: '50',
      EVENT_DELETION_CRON: '',
    });
    receiver = await WebhookReceiver.start();
    member = await t.newUser(t.organizationId, { level: 'member' });
    admin = await t.newUser(t.organizationId, { level: 'admin' });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("refuses a member's change or delete of someone else's webhook (403, nothing changes); its creator and admins may", async () => {
    const owners = await subscribe(t.key);
    expect(owners.created_by).toMatchObject({ id: t.userId, email: t.email });
    const hijack = await t.patch(`${hooks()}/${owners.id}/`, { url: `${receiver.url}/mine` }, member.key);
    expect(hijack.status).toBe(403);
    expect(hijack.body).toMatchObject({ code: 'permission_denied', detail: expect.stringContaining('creator') });
    await t.patch(`${hooks()}/${owners.id}/`, { enabled: false }, member.key).expect(403);
    await t.del(`${hooks()}/${owners.id}/`, member.key).expect(403);
    const still = (await t.get(`${hooks()}/${owners.id}/`).expect(200)).body;
    expect(still).toMatchObject({ url: owners.url, enabled: true });

    const members = await subscribe(member.key);
    expect(members.created_by).toMatchObject({ id: member.userId });
    await t.patch(`${hooks()}/${members.id}/`, { enabled: false }, member.key).expect(200);
    await t.patch(`${hooks()}/${members.id}/`, { enabled: true }, admin.key).expect(200);
    await t.patch(`${hooks()}/${owners.id}/`, { events: ['feature_flag.created'] }, admin.key).expect(200);
    await t.del(`${hooks()}/${members.id}/`, member.key).expect(204);
    await t.del(`${hooks()}/${owners.id}/`, admin.key).expect(204);
  });

  it('leaves a webhook whose creator is unknown to admins alone', async () => {
    const legacy = await subscribe(t.key);
    // As a webhook created before creators were kept (or whose user was deleted): no API makes one.
    await dataSource(t).query(`UPDATE webhooks SET created_by_id = NULL WHERE id = $1`, [legacy.id]);
    const read = (await t.get(`${hooks()}/${legacy.id}/`, member.key).expect(200)).body;
    expect(read.created_by).toBeNull();
    expect(read.url).toBe(`${receiver.url}/…`);
    await t.patch(`${hooks()}/${legacy.id}/`, { enabled: false }, member.key).expect(403);
    await t.del(`${hooks()}/${legacy.id}/`, member.key).expect(403);
    expect((await t.get(`${hooks()}/${legacy.id}/`, admin.key).expect(200)).body.url).toBe(legacy.url);
    await t.patch(`${hooks()}/${legacy.id}/`, { enabled: false }, admin.key).expect(200);
    await t.del(`${hooks()}/${legacy.id}/`, admin.key).expect(204);
  });

  it("masks the URL (scheme and host, as slack_incoming_webhook) for everyone but the webhook's creator and admins", async () => {
    const owners = await subscribe(t.key, '/secret-path');
    const members = await subscribe(member.key, '/members-path');
    const masked = `${receiver.url}/…`;
    const asMember = (await t.get(`${hooks()}/`, member.key).expect(200)).body.results as Array<{
      id: number;
      url: string;
    }>;
    expect(asMember.find((w) => w.id === owners.id)?.url).toBe(masked);
    expect(asMember.find((w) => w.id === members.id)?.url).toBe(members.url);
    expect((await t.get(`${hooks()}/${owners.id}/`, member.key).expect(200)).body.url).toBe(masked);
    expect(JSON.stringify(asMember)).not.toContain('secret-path');
    for (const key of [t.key, admin.key]) {
      const all = (await t.get(`${hooks()}/`, key).expect(200)).body.results as Array<{ id: number; url: string }>;
      expect(all.find((w) => w.id === owners.id)?.url).toBe(owners.url);
      expect(all.find((w) => w.id === members.id)?.url).toBe(members.url);
    }
    // A 403 never echoes it either.
    const refused = await t.patch(`${hooks()}/${owners.id}/`, { enabled: false }, member.key).expect(403);
    expect(JSON.stringify(refused.body)).not.toContain('secret-path');
    await t.del(`${hooks()}/${owners.id}/`).expect(204);
    await t.del(`${hooks()}/${members.id}/`).expect(204);
  });

  it('records every create, change and delete in the activity log with who made it (URLs masked)', async () => {
    const { id } = await subscribe(member.key, '/audited');
    await t.patch(`${hooks()}/${id}/`, { url: `${receiver.url}/audited-2`, enabled: false }, member.key).expect(200);
    await t.patch(`${hooks()}/${id}/`, { events: ['feature_flag.created'] }, admin.key).expect(200);
    await t.del(`${hooks()}/${id}/`, admin.key).expect(204);
    const log = (await t.get(`${hooks()}/activity/`, member.key).expect(200)).body;
    const entries = (
      log.results as Array<{
        item_id: string;
        activity: string;
        scope: string;
        user: { email: string };
        detail: { changes: unknown[] };
      }>
    ).filter((e) => e.item_id === String(id));
    expect(entries.map((e) => [e.activity, e.user.email])).toEqual([
      ['deleted', admin.email],
      ['updated', admin.email],
      ['updated', member.email],
      ['created', member.email],
    ]);
    expect(entries.every((e) => e.scope === 'Webhook')).toBe(true);
    expect(entries[2].detail.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'enabled', before: true, after: false }),
        expect.objectContaining({ field: 'url', before: `${receiver.url}/…`, after: `${receiver.url}/…` }),
      ]),
    );
    expect(JSON.stringify(log)).not.toContain('audited');
  });

  it('stops delivering a removed member’s webhooks, and a deactivated user’s, while the others go on', async () => {
    const leaving = await t.newUser(t.organizationId, { level: 'member' });
    const deactivated = await t.newUser(t.organizationId, { level: 'member' });
    const staying = await subscribe(t.key, '/staying');
    const removed = await subscribe(leaving.key, '/removed');
    const inactive = await subscribe(deactivated.key, '/inactive');
    const pathOf = (w: { url: string }) => new URL(w.url).pathname;
    const got = (w: { url: string }) => receiver.received.filter((r) => r.path === pathOf(w)).length;

    // Before: all three are sent the change.
    await flagChange('before-removal');
    await waitFor(() => (got(staying) >= 1 && got(removed) >= 1 && got(inactive) >= 1 ? true : undefined), 15_000);

    // A message already waiting when access goes is not sent either: the receiver is down meanwhile.
    await receiver.down();
    await flagChange('while-down');
    await waitFor(async () => {
      const d = (await t.get(`${hooks()}/${removed.id}/deliveries/`).expect(200)).body.results;
      return d.some((x: { attempts: number; status: string }) => x.status === 'pending' && x.attempts >= 1)
        ? true
        : undefined;
    }, 15_000);
    await t.del(`/api/organizations/${t.organizationId}/members/${await uuidOf(leaving)}/`, admin.key).expect(204);
    // No API deactivates a user (an operator does, in the database).
    await dataSource(t).query(`UPDATE users SET is_active = false WHERE id = $1`, [deactivated.userId]);
    await receiver.up();

    await flagChange('after-removal');
    await waitFor(() => (got(staying) >= 3 ? true : undefined), 15_000);
    for (const w of [removed, inactive]) {
      await waitFor(async () => {
        const d = (await t.get(`${hooks()}/${w.id}/deliveries/`).expect(200)).body.results;
        return d.every((x: { status: string }) => x.status !== 'pending') ? true : undefined;
      }, 15_000);
    }
    expect(got(removed)).toBe(1);
    expect(got(inactive)).toBe(1);
    for (const w of [removed, inactive]) {
      const d = (await t.get(`${hooks()}/${w.id}/deliveries/`).expect(200)).body.results as Array<
        Record<string, unknown>
      >;
      // Two messages written while the creator had access (the first sent); none after.
      expect(d).toHaveLength(2);
      expect(d[0]).toMatchObject({ status: 'failed', last_error: expect.stringContaining('no longer has access') });
    }
    // The admins still see and delete them.
    await t.del(`${hooks()}/${removed.id}/`, admin.key).expect(204);
    await t.del(`${hooks()}/${inactive.id}/`, admin.key).expect(204);
    await t.del(`${hooks()}/${staying.id}/`).expect(204);
  });
});
