/** @sql-sensitive the worker's deliveries, on one database */
/**
 * Issue 21: webhook deliveries with several worker processes. The built server (its scheduler
 * off) and built workers on one database (PostgreSQL, or the embedded one the server owns and the
 * workers attach to), each polling every 100 ms. Several workers never send one attempt twice;
 * a worker killed with SIGKILL in the middle of an attempt loses nothing: once its lease runs
 * out (twice WEBHOOK_TIMEOUT_MS and 5 s) another worker sends the message again, with the same
 * webhook-id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../support/poll';
import { cleanEnv, ServerProcess, startServer, startWorker } from '../support/processes';
import { emptyDatabase, serverUrl, TestDatabase } from '../support/test-database';
import { WebhookReceiver } from '../support/webhook-receiver';

describe(`webhook deliveries with worker processes (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let dataDir: string;
  let db: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;
  let workers: ServerProcess[] = [];
  let receiver: WebhookReceiver;
  let key: string;
  let projectId: number;

  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
  };
  const deliveries = async (hookId: number) =>
    (await api('GET', `/api/projects/${projectId}/webhooks/${hookId}/deliveries/?limit=1000`)).body.results as Array<
      Record<string, unknown>
    >;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bunting-webhooks-'));
    db = serverUrl() ? await emptyDatabase() : undefined;
    env = cleanEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
      EVENT_DELETION_CRON: '',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '1000',
    });
    server = await startServer(env);
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(server.output())![1];
    projectId = Number(/\(project id (\d+)\)/.exec(server.output())![1]);
    receiver = await WebhookReceiver.start();
    for (let i = 0; i < 2; i++) workers.push(await startWorker(env));
  }, 180_000);

  afterAll(async () => {
    for (const p of [...workers, server]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    await receiver?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each message once with two workers polling', async () => {
    const hook = await api('POST', `/api/projects/${projectId}/webhooks/`, {
      url: `${receiver.url}/once`,
      events: ['feature_flag.updated'],
    });
    expect(hook.status).toBe(201);
    const flag = await api('POST', `/api/projects/${projectId}/feature_flags/`, { key: 'many-workers' });
    for (let i = 1; i <= 20; i++) {
      expect(
        (await api('PATCH', `/api/projects/${projectId}/feature_flags/${flag.body.id}/`, { name: `v${i}` })).status,
      ).toBe(200);
    }
    const rows = await waitFor(
      async () => {
        const r = await deliveries(Number(hook.body.id));
        return r.length === 20 && r.every((d) => d.status === 'succeeded') ? r : undefined;
      },
      60_000,
      200,
    );
    expect(rows.every((d) => d.attempts === 1)).toBe(true);
    const got = receiver.received.filter((r) => r.path === '/once');
    expect(got).toHaveLength(20);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(20);
    await api('DELETE', `/api/projects/${projectId}/webhooks/${hook.body.id}/`);
  }, 120_000);

  it('loses nothing when the worker is killed (SIGKILL) mid-delivery', async () => {
    const hook = await api('POST', `/api/projects/${projectId}/webhooks/`, {
      url: `${receiver.url}/killed`,
      events: ['feature_flag.updated'],
    });
    const flag = await api('POST', `/api/projects/${projectId}/feature_flags/`, { key: 'killed-worker' });
    receiver.answer = 'hold';
    await api('PATCH', `/api/projects/${projectId}/feature_flags/${flag.body.id}/`, { name: 'in flight' });
    // A worker is in the middle of the attempt: the receiver holds its request.
    await waitFor(() => (receiver.holding === 1 ? true : undefined), 30_000, 50);
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    receiver.release();
    receiver.answer = { status: 200, body: 'ok' };
    const [before] = await deliveries(Number(hook.body.id));
    expect(before).toMatchObject({ status: 'pending', attempts: 1 });

    workers = [await startWorker(env)];
    const [after] = await waitFor(
      async () => {
        const r = await deliveries(Number(hook.body.id));
        return r[0]?.status === 'succeeded' ? r : undefined;
      },
      60_000,
      200,
    );
    expect(after).toMatchObject({ attempts: 2, last_status_code: 200 });
    const got = receiver.received.filter((r) => r.path === '/killed');
    expect(got).toHaveLength(2);
    expect(got[0].headers['webhook-id']).toBe(after.message_id);
    expect(got[1].headers['webhook-id']).toBe(after.message_id);
    expect(got[1].body).toBe(got[0].body);
  }, 120_000);
});
