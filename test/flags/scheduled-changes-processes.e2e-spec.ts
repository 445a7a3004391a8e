/** @sql-sensitive the API and worker processes on one database */
/**
 * Issue 22: a scheduled change executes once with three processes running the scheduler. The
 * built server and three built workers on one database (PostgreSQL, or the embedded one the
 * server owns and the workers attach to), each worker passing every second; a change due in a
 * few seconds is applied by exactly one of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../support/poll';
import { cleanEnv, ServerProcess, startServer, startWorker } from '../support/processes';
import { emptyDatabase, serverUrl, TestDatabase } from '../support/test-database';

describe(`scheduled changes with three worker processes (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let dataDir: string;
  let db: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | undefined;
  const workers: ServerProcess[] = [];
  let key: string;
  let projectId: number;

  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${server!.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bunting-schedules-'));
    db = serverUrl() ? await emptyDatabase() : undefined;
    env = cleanEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: db?.url,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      SCHEDULER_ENABLED: 'false',
      SCHEDULED_CHANGES_INTERVAL_SECONDS: '1',
      EVENT_DELETION_CRON: '',
    });
    server = await startServer(env);
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(server.output())![1];
    projectId = Number(/\(project id (\d+)\)/.exec(server.output())![1]);
    for (let i = 0; i < 3; i++) workers.push(await startWorker(env));
  }, 180_000);

  afterAll(async () => {
    for (const p of [...workers, server]) {
      if (p && p.child.exitCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('applies a due change exactly once', async () => {
    const flag = await api('POST', `/api/projects/${projectId}/feature_flags/`, { key: 'three-workers' });
    expect(flag.status).toBe(201);
    const change = await api('POST', `/api/projects/${projectId}/scheduled_changes/`, {
      record_id: flag.body.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: new Date(Date.now() + 3_000).toISOString(),
    });
    expect(change.status).toBe(201);
    const done = await waitFor(
      async () => {
        const res = await api('GET', `/api/projects/${projectId}/scheduled_changes/${change.body.id}/`);
        return res.body.executed_at ? res.body : undefined;
      },
      60_000,
      200,
    );
    expect(done).toMatchObject({ failure_reason: null, last_executed_at: expect.any(String) });
    const after = await api('GET', `/api/projects/${projectId}/feature_flags/${flag.body.id}/`);
    expect(after.body).toMatchObject({ active: false, version: 2 });
    const activity = await api('GET', `/api/projects/${projectId}/feature_flags/${flag.body.id}/activity/`);
    expect((activity.body.results as unknown[]).length).toBe(2);
    // exactly one of the three says it ran it
    const ran = workers.filter((w) => w.output().includes('"msg":"scheduled changes ran"'));
    expect(ran).toHaveLength(1);
  }, 120_000);
});
