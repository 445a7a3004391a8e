/** @sql-sensitive PostgreSQL only: three instances on one database */
/**
 * Issue 23: three API instances and one worker on one PostgreSQL and one Redis, as a team runs
 * them behind a load balancer. A flag change on one instance is served by the others within 1 s
 * (heard by notification; also after their LISTEN connections are cut, while one instance's stays
 * down, and once it is back), one key's rate limit holds across instances,
 * scheduled work runs once, and an instance killed with SIGKILL under a write load loses no
 * acknowledged write while the others keep answering. PostgreSQL only (the embedded database
 * belongs to one process): jest.config.js runs this folder when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { RawHttpClient } from '../hardening/http-client';
import { waitFor } from '../support/poll';
import { cleanEnv, runCli, ServerProcess, spawnCli, startServer, startWorker } from '../support/processes';
import { tcpProxy, TcpProxy } from '../support/tcp-proxy';
import { emptyDatabase, TestDatabase } from '../support/test-database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PER_MINUTE = 480;
const AUTH_FAILURES = 30;
const SIGN_IN_FAILURES = 10;

interface FlagsAnswer {
  flags?: Record<string, { enabled?: unknown }>;
  errorsWhileComputingFlags?: boolean;
}

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

describe('three API instances and a worker on one PostgreSQL and one Redis', () => {
  let db: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const apis: ServerProcess[] = [];
  let worker: ServerProcess;
  let key: string;
  let token: string;
  let projectId: number;
  let pg: Client;
  // Instance 2 LISTENs through this proxy (its DATABASE_DIRECT_URL), which the test takes away.
  let listenProxy: TcpProxy;

  const call = async (instance: number, method: string, path: string, body?: object, k = key): Promise<Reply> => {
    const res = await fetch(`${apis[instance].url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${k}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** Answers of /flags that do not say whether the flag is on (an error), as `instance status body`. */
  const unclear: string[] = [];
  /**
   * Whether the instance serves the flag on; undefined when its answer does not say (recorded in
   * `unclear`). An error is not "off": counted as off, it passed for a change to off that the
   * instance had not served yet.
   */
  const flagsOn = async (instance: number, flagKey: string): Promise<boolean | undefined> => {
    const res = await fetch(`${apis[instance].url}/flags?v=2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, distinct_id: 'person-1' }),
    });
    const text = await res.text();
    const answer = res.status === 200 ? (JSON.parse(text) as FlagsAnswer) : undefined;
    // A deactivated flag is left out of the answer, as in PostHog.
    if (answer?.flags && answer.errorsWhileComputingFlags !== true) return answer.flags[flagKey]?.enabled === true;
    unclear.push(`${instance} ${res.status} ${text.slice(0, 300)}`);
    return undefined;
  };
  const metric = async (instance: number, name: string): Promise<number> => {
    const text = await (await fetch(`${apis[instance].url}/_metrics`)).text();
    const found = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!found) throw new Error(`no ${name} in instance ${instance}'s /_metrics`);
    return Number(found[1]);
  };
  const newKey = (email: string): string => {
    const orgs = runCli(['users', 'create', '--email', email, '--org', organizationId], env);
    if (orgs.status !== 0) throw new Error(orgs.stderr);
    const created = runCli(['keys', 'create', '--email', email], env);
    if (created.status !== 0) throw new Error(created.stderr);
    return created.last;
  };
  let organizationId: string;

  beforeAll(async () => {
    db = await emptyDatabase();
    env = cleanEnv({
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: `bunting-test-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      RATE_LIMIT_PER_HOUR: '100000',
      AUTH_FAILURES_PER_MINUTE: String(AUTH_FAILURES),
      SIGN_IN_FAILURES_PER_ADDRESS: String(AUTH_FAILURES),
      SIGN_IN_FAILURES_PER_ACCOUNT: String(SIGN_IN_FAILURES),
      EXPENSIVE_CONCURRENCY_PER_USER: '1',
      // The test stands for the load balancer: its X-Forwarded-For names the client's address.
      TRUST_PROXY: 'loopback',
      // Every instance runs the schedulers too, as a team that left the default on would.
      SCHEDULER_ENABLED: 'true',
      SCHEDULED_CHANGES_INTERVAL_SECONDS: '1',
      EVENT_DELETION_CRON: '',
    });
    // The first instance migrates and bootstraps; the others find both done.
    apis.push(await startServer(env));
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(apis[0].output())![1];
    token = /project token\s+(phc_[A-Za-z0-9]{43})/.exec(apis[0].output())![1];
    projectId = Number(/\(project id (\d+)\)/.exec(apis[0].output())![1]);
    const server = new URL(db.url);
    listenProxy = await tcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    apis.push(
      ...(await Promise.all([
        startServer(env),
        // As behind PgBouncer: the session of its own (LISTEN) on a direct connection, here the proxy.
        startServer({ ...env, DATABASE_DIRECT_URL: listenProxy.via(db.url) }),
      ])),
    );
    worker = await startWorker(env);
    organizationId = (await call(0, 'GET', '/api/organizations/')).body.results[0].id;
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  }, 240_000);

  afterAll(async () => {
    await pg?.end();
    for (const p of [...apis, worker]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    await listenProxy?.close();
    await db?.close();
  });

  it('serves a flag change made on one instance from the others within 1 s: heard, after LISTEN is cut, while it is down and once it is back', async () => {
    const flag = await call(0, 'POST', `/api/projects/${projectId}/feature_flags/`, {
      key: 'spread',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(flag.status).toBe(201);
    await waitFor(
      async () => ((await Promise.all([1, 2].map((i) => flagsOn(i, 'spread')))).every(Boolean) ? true : undefined),
      10_000,
      10,
    );

    type Phase = 'heard' | 'afterCut' | 'unheard' | 'back';
    // per phase, per instance: ms from a PATCH's answer until that instance serves it
    const delays = {} as Record<Phase, number[][]>;
    for (const phase of ['heard', 'afterCut', 'unheard', 'back'] as Phase[]) delays[phase] = [[], [], []];
    let active = true;
    const change = async (writer: number, phase: Phase) => {
      active = !active;
      const patched = await call(writer, 'PATCH', `/api/projects/${projectId}/feature_flags/${flag.body.id}/`, {
        active,
      });
      expect(patched.status).toBe(200);
      const at = performance.now();
      await Promise.all(
        [0, 1, 2]
          .filter((i) => i !== writer)
          .map(async (i) => {
            await waitFor(async () => ((await flagsOn(i, 'spread')) === active ? true : undefined), 5_000, 5);
            delays[phase][i].push(performance.now() - at);
          }),
      );
    };
    const heard = () => Promise.all([0, 1, 2].map((i) => metric(i, 'flag_definition_notifications_total')));
    const listenersSince = async (since: Date) => {
      const r = await pg.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'bunting-listen' AND query ILIKE 'LISTEN%'
            AND backend_start > $1`,
        [since],
      );
      return r.rows[0].n as number;
    };

    // Every instance listening: each change reaches the others by notification (the version
    // check alone would not raise flag_definition_notifications_total).
    // (the writer hears its own change too, a moment after it answered: hence the wait)
    const heardAll = async (since: number[], n: number) =>
      waitFor(async () => {
        const now = await heard();
        return now.every((v, i) => v - since[i] >= n) ? true : undefined;
      }, 5_000);
    let before = await heard();
    for (let n = 0; n < 50; n++) await change(n % 3, 'heard');
    await heardAll(before, 50);

    // Every instance's LISTEN connection is cut; each reconnects (and reloads what it missed).
    const cutAt: Date = (await pg.query(`SELECT now() AS at`)).rows[0].at;
    const cut = await pg.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'bunting-listen' AND query ILIKE 'LISTEN%'`,
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(4); // three API instances and the worker
    await waitFor(async () => ((await listenersSince(cutAt)) >= 4 ? true : undefined), 30_000, 50);
    before = await heard();
    for (let n = 50; n < 100; n++) await change(n % 3, 'afterCut');
    await heardAll(before, 50);

    // Instance 2's LISTEN connection (through the proxy) goes away and stays away: changes made
    // meanwhile reach it by the version check alone, still within 1 s of each.
    await listenProxy.down();
    await waitFor(async () => ((await metric(2, 'flag_definition_notifications_listening')) === 0 ? true : undefined));
    const heardBefore = await metric(2, 'flag_definition_notifications_total');
    const staleBefore = await metric(2, 'flag_definitions_stale_total');
    for (let n = 0; n < 10; n++) await change(n % 2, 'unheard');
    expect(await metric(2, 'flag_definition_notifications_total')).toBe(heardBefore);
    // Each of the ten was served by instance 2 only after its version check found the project stale.
    const staleFound = (await metric(2, 'flag_definitions_stale_total')) - staleBefore;
    if (staleFound < 10) process.stdout.write(`SCALE: /flags answers that did not say: ${unclear.join(' | ')}\n`);
    expect(staleFound).toBeGreaterThanOrEqual(10);

    // It comes back: instance 2 reconnects and hears the changes again.
    await listenProxy.up();
    await waitFor(
      async () => ((await metric(2, 'flag_definition_notifications_listening')) === 1 ? true : undefined),
      60_000,
      50,
    );
    const heardAgain = await metric(2, 'flag_definition_notifications_total');
    for (let n = 0; n < 10; n++) await change(n % 2, 'back');
    expect((await metric(2, 'flag_definition_notifications_total')) - heardAgain).toBeGreaterThanOrEqual(10);

    const all = (phase: Phase) => delays[phase].flat();
    const hundred = [...all('heard'), ...all('afterCut')];
    const ms = (v: number) => Math.round(v);
    process.stdout.write(
      `SCALE: invalidation over 100 changes × 2 instances: p50 ${ms(percentile(hundred, 50))} ms, ` +
        `p99 ${ms(percentile(hundred, 99))} ms, max ${ms(Math.max(...hundred))} ms; after LISTEN was cut ` +
        `p99 ${ms(percentile(all('afterCut'), 99))} ms; an instance without LISTEN max ` +
        `${ms(Math.max(...delays.unheard[2]))} ms, once it was back max ${ms(Math.max(...delays.back[2]))} ms; ` +
        `/flags answers that did not say: ${unclear.length ? unclear.join(' | ') : 'none'}\n`,
    );
    expect(hundred).toHaveLength(200);
    expect(percentile(hundred, 99)).toBeLessThanOrEqual(1000);
    expect(percentile(all('afterCut'), 99)).toBeLessThanOrEqual(1000);
    expect(delays.unheard[2]).toHaveLength(10);
    expect(Math.max(...all('unheard'))).toBeLessThanOrEqual(1000);
    expect(delays.back[2]).toHaveLength(10);
    expect(Math.max(...all('back'))).toBeLessThanOrEqual(1000);
  }, 240_000);

  it("holds one user's rate limit across the instances (480 a minute in all, not 1,440)", async () => {
    const limited = newKey(`limited-${randomBytes(3).toString('hex')}@example.com`);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE * 1.5; i++) {
      const res = await fetch(`${apis[i % 3].url}/api/users/@me/`, { headers: { Authorization: `Bearer ${limited}` } });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const ok = statuses.filter((s) => s === 200).length;
    process.stdout.write(
      `SCALE: rate limit ${PER_MINUTE}/min over 3 instances: ${ok} of ${statuses.length} answered 200\n`,
    );
    expect(ok).toBe(PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - PER_MINUTE);
    // the minute's budget is the user's, whatever instance is asked next
    for (const i of [0, 1, 2]) expect((await call(i, 'GET', '/api/users/@me/', undefined, limited)).status).toBe(429);
  }, 120_000);

  it('counts the failed key checks and failed sign-ins of one address, and of one email, on every instance together', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const wrongKey = () => `phx_${randomBytes(32).toString('hex').slice(0, 43)}`;
    const checkKey = async (instance: number, address: string) => {
      const res = await fetch(`${apis[instance].url}/api/users/@me/`, {
        headers: { Authorization: `Bearer ${wrongKey()}`, ...from(address) },
      });
      await res.arrayBuffer();
      return res.status;
    };
    const signIn = async (instance: number, address: string, email: string) => {
      const res = await fetch(`${apis[instance].url}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...from(address) },
        body: JSON.stringify({ email, password: 'not the password' }),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const address = (n: number) => `198.51.100.${n}`;

    // Wrong keys from one address, spread over the instances: AUTH_FAILURES in all, not three times as many.
    const keyChecks: number[] = [];
    for (let i = 0; i < AUTH_FAILURES * 1.5; i++) keyChecks.push(await checkKey(i % 3, address(1)));
    expect(keyChecks).toEqual([
      ...Array(AUTH_FAILURES).fill(401),
      ...Array(keyChecks.length - AUTH_FAILURES).fill(429),
    ]);
    for (const i of [0, 1, 2]) {
      expect(await checkKey(i, address(1))).toBe(429);
      expect(await checkKey(i, address(2))).toBe(401); // another address has its own count
    }

    // Failed sign-ins from one address (each for another email) count against that address.
    const signIns: number[] = [];
    for (let i = 0; i < AUTH_FAILURES + 3; i++) {
      signIns.push(await signIn(i % 3, address(3), `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`));
    }
    expect(signIns).toEqual([...Array(AUTH_FAILURES).fill(401), 429, 429, 429]);

    // And the failed sign-ins for one email, from many addresses, against that account's ceiling.
    const email = `target-${randomBytes(3).toString('hex')}@example.com`;
    const forEmail: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES + 3; i++) forEmail.push(await signIn(i % 3, address(10 + i), email));
    expect(forEmail).toEqual([...Array(SIGN_IN_FAILURES).fill(401), 429, 429, 429]);
  }, 120_000);

  it("holds one user's expensive work to EXPENSIVE_CONCURRENCY_PER_USER over the instances: held on one, 429 on the others", async () => {
    const analyst = newKey(`analyst-${randomBytes(3).toString('hex')}@example.com`);
    const trends = (instance: number) =>
      fetch(`${apis[instance].url}/api/projects/${projectId}/persons/trends/?entity_id=viewed&entity_type=events`, {
        headers: { Authorization: `Bearer ${analyst}` },
      });
    // The test holds the events table, so the user's first request stays admitted on instance 0.
    const lock = new Client({ connectionString: db.url });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      const held = trends(0);
      await waitFor(
        async () => {
          const r = await pg.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%FROM events%'`,
          );
          return r.rows[0].n > 0 ? true : undefined;
        },
        30_000,
        20,
      );
      for (const i of [1, 2]) {
        const refused = await trends(i);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        await refused.arrayBuffer();
      }
      await lock.query('ROLLBACK');
      expect((await held).status).toBe(200);
    } finally {
      await lock.end();
    }
    // released: the next one is admitted wherever it lands
    expect((await trends(2)).status).toBe(200);
  }, 120_000);

  it('runs a scheduled change once with four schedulers, and the deletion batch once with three runs at once', async () => {
    const flag = await call(1, 'POST', `/api/projects/${projectId}/feature_flags/`, { key: 'scheduled-once' });
    const scheduled = await call(2, 'POST', `/api/projects/${projectId}/scheduled_changes/`, {
      record_id: flag.body.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    await waitFor(
      async () => {
        const r = await call(0, 'GET', `/api/projects/${projectId}/scheduled_changes/${scheduled.body.id}/`);
        return r.body.executed_at ? true : undefined;
      },
      60_000,
      100,
    );
    const history = await call(0, 'GET', `/api/projects/${projectId}/feature_flags/${flag.body.id}/activity/`);
    const applied = history.body.results.filter((e: { detail: { trigger: unknown } }) => e.detail.trigger);
    expect(applied).toHaveLength(1);
    expect((await call(1, 'GET', `/api/projects/${projectId}/feature_flags/${flag.body.id}/`)).body).toMatchObject({
      active: false,
      version: 2,
    });

    // Persons with events, their deletion queued through different instances, then three batch
    // runs that start claiming at the same moment.
    const persons = 24;
    const each = 4;
    const batch = Array.from({ length: persons * each }, (_, i) => ({
      event: 'viewed',
      distinct_id: `gone-${i % persons}`,
      properties: {},
    }));
    const captured = await fetch(`${apis[0].url}/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ api_key: token, batch }),
    });
    expect(captured.status).toBe(200);
    const listed = await waitFor(
      async () => {
        const r = await call(1, 'GET', `/api/projects/${projectId}/persons/?limit=1000`);
        const gone = r.body.results.filter((p: { distinct_ids: string[] }) => p.distinct_ids[0].startsWith('gone-'));
        return gone.length === persons ? gone : undefined;
      },
      30_000,
      100,
    );
    for (const [i, p] of (listed as Array<{ id: number }>).entries()) {
      expect(
        (await call(i % 3, 'DELETE', `/api/projects/${projectId}/persons/${p.id}/?delete_events=true`)).status,
      ).toBe(204);
    }
    // The test holds the queue against writes: each run reads it, then waits at its first claim
    // until all three do; released, they claim side by side.
    const gate = new Client({ connectionString: db.url });
    await gate.connect();
    let runs: ReturnType<typeof spawnCli>[];
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE event_deletion_requests IN SHARE ROW EXCLUSIVE MODE');
      runs = [0, 1, 2].map(() => spawnCli(['deletions', 'run'], env));
      await waitFor(
        async () => {
          const r = await pg.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND query ILIKE 'UPDATE event_deletion_requests%'`,
          );
          return r.rows[0].n === 3 ? true : undefined;
        },
        60_000,
        20,
      );
      await gate.query('COMMIT');
    } finally {
      await gate.end();
    }
    const ends = await Promise.all(runs.map((r) => r.exited));
    expect(ends.map((e) => e.code)).toEqual([0, 0, 0]);
    // each run's lines: request id, project, person, status, events deleted; then the total
    const outcomes = runs.map((r) =>
      r
        .stdout()
        .trim()
        .split('\n')
        .map((line) => line.split('\t'))
        .filter((fields) => fields.length >= 5)
        .map(([id, , , status, deleted]) => ({ id: Number(id), status, deleted: Number(deleted) })),
    );
    const totals = runs.map((r) => Number(r.stdout().trim().split('\n').pop()));
    process.stdout.write(
      `SCALE: deletion batch, three runs at once over ${persons} requests: ${outcomes.map((o) => o.length).join(' + ')} requests, ${totals.join(' + ')} events\n`,
    );
    // all three took part, none did a request another did, and every event went once
    for (const o of outcomes) expect(o.length).toBeGreaterThan(0);
    const ids = outcomes.flat().map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(persons);
    expect(outcomes.flat().every((o) => o.status === 'done' && o.deleted === each)).toBe(true);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(persons * each);
    const requests = await pg.query(
      `SELECT delete_verified_at IS NOT NULL AS done, attempts, events_deleted FROM event_deletion_requests`,
    );
    expect(requests.rows).toHaveLength(persons);
    expect(requests.rows.every((r) => r.done && r.attempts === 1 && Number(r.events_deleted) === each)).toBe(true);
    const left = await pg.query(`SELECT count(*)::int AS n FROM events WHERE distinct_id LIKE 'gone-%'`);
    expect(left.rows[0].n).toBe(0);
  }, 180_000);

  it('loses no acknowledged write when an instance is killed under load, while the others keep answering', async () => {
    const writers = Array.from({ length: 6 }, (_, i) =>
      newKey(`writer-${i}-${randomBytes(3).toString('hex')}@example.com`),
    );
    // The writers' own keep-alive pools, fresh, as an SDK process starting its load has. CI saw
    // one "other side closed" from each of two live instances before the kill, three times (twelve
    // runs here, loaded or not, did not). The suspect: fetch's global pool keeps connections idle
    // since the tests before (runCli's spawnSync stops its timers while the servers' idle time
    // runs), and a pooled connection reused just as its server closes it fails with no answer, a
    // client race (RFC 9112 9.3.1) that says nothing of the instances. The load's own connections
    // are never idle; what a survivor fails names its time and whether it was before the kill.
    const pools = apis.map((api) => new RawHttpClient(api.url, writers.length));
    const create = (instance: number, flagKey: string, writerKey: string) =>
      pools[instance].send({
        method: 'POST',
        url: `/api/projects/${projectId}/feature_flags/`,
        headers: { Authorization: `Bearer ${writerKey}`, 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify({ key: flagKey })),
      });
    const started = Date.now();
    const acknowledged: string[] = [];
    const survivorsFailed: string[] = [];
    let killed = false;
    let stop = false;
    let n = 0;
    const write = async (writerKey: string) => {
      while (!stop) {
        const instance = n++ % 3;
        const flagKey = `load-${n}-${randomBytes(3).toString('hex')}`;
        const when = () => `${Date.now() - started} ms into the load, ${killed ? 'after' : 'before'} the kill`;
        try {
          const res = await create(instance, flagKey, writerKey);
          if (res.status === 201) acknowledged.push(flagKey);
          else if (instance !== 1) survivorsFailed.push(`${instance}: ${res.status} ${res.text} (${when()})`);
        } catch (e) {
          // the killed instance refuses or drops connections: not acknowledged
          if (instance !== 1 || !killed) {
            const { message, code } = e as NodeJS.ErrnoException;
            survivorsFailed.push(`${instance}: ${message} (${code ?? 'no code'}; ${when()})`);
          }
        }
      }
    };
    const load = Promise.all(writers.map(write));
    await waitFor(async () => (acknowledged.length >= 60 ? true : undefined), 60_000, 20);
    killed = true;
    apis[1].child.kill('SIGKILL');
    await apis[1].exited;
    const atKill = acknowledged.length;
    await waitFor(async () => (acknowledged.length >= atKill + 60 ? true : undefined), 60_000, 20);
    stop = true;
    await load;
    pools.forEach((pool) => pool.close());

    const stored = new Set<string>();
    for (let offset = 0; ; offset += 1000) {
      const page = await call(0, 'GET', `/api/projects/${projectId}/feature_flags/?limit=1000&offset=${offset}`);
      for (const f of page.body.results) stored.add(f.key);
      if (!page.body.next) break;
    }
    const lost = acknowledged.filter((k) => !stored.has(k));
    process.stdout.write(
      `SCALE: SIGKILL under load: ${acknowledged.length} writes acknowledged (${atKill} before the kill), ${lost.length} lost; survivors' failures ${survivorsFailed.length}\n`,
    );
    expect(survivorsFailed).toEqual([]);
    expect(lost).toEqual([]);
    // the survivors still answer
    for (const i of [0, 2])
      expect((await call(i, 'GET', `/api/projects/${projectId}/feature_flags/?limit=1`)).status).toBe(200);
  }, 180_000);
});
