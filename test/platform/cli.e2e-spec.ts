/** @sql-sensitive migrations run by the CLI */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../support/poll';
import { cleanEnv, runCli, ServerProcess, startLine, startServer } from '../support/processes';
import { emptyDatabase, serverUrl, TestDatabase } from '../support/test-database';
import { startTestApp } from '../support/test-app';

/**
 * The built server and the CLI as a user runs them: `npm start` on the embedded default (or on
 * PostgreSQL when the suite runs there), the printed key, CLI commands while the server runs,
 * and SIGTERM.
 */
describe(`server and CLI processes (${serverUrl() ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let dataDir: string;
  let db: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess;
  let key: string;

  const api = (path: string, k = key) => fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${k}` } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bunting-cli-'));
    db = serverUrl() ? await emptyDatabase() : undefined;
    env = cleanEnv({ DATA_DIR: dataDir, DATABASE_URL: db?.url, LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false' });
    server = await startServer(env);
    key = /personal API key\s+(phx_[A-Za-z0-9]{43})/.exec(server.output())![1];
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The app under test is compiled by ts-jest, the server by `nest build`; both run the
  // @nestjs/swagger plugin (jest.config.js, nest-cli.json), so the documents must be one.
  it('serves the OpenAPI document the app under test serves', async () => {
    const built = await fetch(`${server.url}/api/schema/`);
    expect(built.status).toBe(200);
    const t = await startTestApp();
    try {
      const tested = await t.get('/api/schema/', null);
      expect(tested.status).toBe(200);
      expect(await built.json()).toEqual(tested.body);
    } finally {
      await t.close();
    }
  });

  it('sets V8’s heap growing factor from HEAP_GROWTH_PERCENT (default 50) and logs it on the start line', () => {
    expect(startLine(server, 'listening')).toMatchObject({ heapGrowingPercent: 50 });
  });

  it('prints a working key once, in a banner with the project token', async () => {
    expect(server.output()).toContain('Bunting is running at');
    expect(server.output()).toMatch(/project token\s+phc_[A-Za-z0-9]{43}/);
    const res = await api('/api/projects/');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { count: number }).count).toBe(1);
    // the key appears in the banner only, never in a log line
    const logLines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(key);
  });

  it('prints a console password once, which signs in; the CLI resets it and sets others', async () => {
    const password = /console password\s+(\S+)/.exec(server.output())![1];
    const signIn = (email: string, pw: string) =>
      fetch(`${server.url}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: pw }),
      });
    expect((await signIn('admin@localhost', password)).status).toBe(200);
    const logLines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(password);

    const reset = runCli(['users', 'password', '--email', 'admin@localhost'], env);
    expect(reset.status).toBe(0);
    expect(reset.last).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await signIn('admin@localhost', password)).status).toBe(401);
    expect((await signIn('admin@localhost', reset.last)).status).toBe(200);

    const orgs = (await (await api('/api/organizations/')).json()) as { results: Array<{ id: string }> };
    const orgId = orgs.results[0].id;
    const carol = runCli(
      ['users', 'create', '--email', 'carol@acme.test', '--org', orgId, '--password-file', '-'],
      env,
      'carol-secret-1\n',
    );
    expect(carol.status).toBe(0);
    expect(carol.stdout).not.toContain('carol-secret-1');
    expect((await signIn('carol@acme.test', 'carol-secret-1')).status).toBe(200);

    const short = runCli(['users', 'password', '--email', 'carol@acme.test', '--password-file', '-'], env, 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/too short/);
  });

  it('runs every CLI command while the server runs, results on the last line', async () => {
    const org = runCli(['orgs', 'create', '--name', 'Acme'], env);
    expect(org).toMatchObject({ status: 0 });
    expect(org.last).toMatch(/^[0-9a-f-]{36}$/);

    const project = runCli(['projects', 'create', '--org', org.last, '--name', 'Web'], env);
    expect(project.status).toBe(0);
    const [token, id] = project.stdout.trim().split('\n');
    expect(token).toMatch(/^phc_/);
    expect(id).toMatch(/^\d+$/);

    const user = runCli(['users', 'create', '--email', 'bob@acme.test', '--org', org.last, '--level', 'admin'], env);
    expect(user.status).toBe(0);
    expect(user.last).toMatch(/^[0-9a-f-]{36}$/);
    // adding an existing user to another organization returns the same user
    const again = runCli(['users', 'create', '--email', 'BOB@acme.test', '--org', org.last], env);
    expect(again.last).toBe(user.last);

    const created = runCli(
      ['keys', 'create', '--email', 'bob@acme.test', '--scopes', 'project:read', '--label', 'ci'],
      env,
    );
    expect(created.status).toBe(0);
    expect(created.last).toMatch(/^phx_[A-Za-z0-9]{43}$/);
    const bobsProjects = (await (await api('/api/projects/', created.last)).json()) as {
      results: Array<{ name: string }>;
    };
    expect(bobsProjects.results.map((p) => p.name)).toEqual(['Web']);
    expect((await api('/api/organizations/', created.last)).status).toBe(403);

    const listed = runCli(['keys', 'list', '--email', 'bob@acme.test'], env);
    expect(listed.status).toBe(0);
    expect(listed.last).toBe('1');
    const [keyId, mask, scopes, label] = listed.stdout.split('\n')[0].split('\t');
    expect(mask).toBe(`phx_...${created.last.slice(-4)}`);
    expect([scopes, label]).toEqual(['project:read', 'ci']);
    expect(listed.stdout).not.toContain(created.last);

    const revoked = runCli(['keys', 'revoke', '--id', keyId], env);
    expect(revoked).toMatchObject({ status: 0, last: keyId });
    // the server trusts a verified key for a few seconds; then the revocation shows
    await waitFor(
      async () => ((await api('/api/projects/', created.last)).status === 401 ? true : undefined),
      10_000,
      200,
    );

    const migrate = runCli(['db', 'migrate'], env);
    expect(migrate).toMatchObject({ status: 0, last: '0' });
  });

  it.each([
    [['orgs', 'create'], 2, /Missing required option --name/],
    [['orgs', 'create', '--name', 'x', '--colour', 'red'], 2, /Unknown option --colour/],
    [['orgs', 'create', '--name'], 2, /Option --name needs a value/],
    [['orgs', 'create', '--name', '--colour', 'red'], 2, /Option --name needs a value/],
    [['orgs', 'create', '--name', 'a', '--name=b'], 2, /Option --name given twice/],
    [['orgs', 'create', '--name', 'a', 'extra'], 2, /Unexpected argument "extra"/],
    [['projects', 'create', '--org', 'not-a-uuid', '--name', 'x'], 2, /--org must be an organization id/],
    [
      ['users', 'create', '--email', 'a@b.c', '--org', '00000000-0000-0000-0000-000000000000', '--level', 'god'],
      2,
      /--level must be/,
    ],
    [['keys', 'create', '--email', 'nobody@nowhere.test'], 1, /No user with e-mail/],
    [['keys', 'create', '--email', 'bob@acme.test', '--scopes', 'everything'], 1, /Invalid scope/],
    [
      ['projects', 'create', '--org', '00000000-0000-0000-0000-000000000000', '--name', 'x'],
      1,
      /Organization not found/,
    ],
    [['frobnicate'], 2, /Unknown command/],
    [[], 2, /Usage/],
  ])('%j exits %i with a message', (args, status, message) => {
    const r = runCli(args, env);
    expect(r.status).toBe(status);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('exits 0 on SIGTERM after a clean shutdown, and starts again (V8’s own heap growth) without a new banner', async () => {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');

    server = await startServer({ ...env, HEAP_GROWTH_PERCENT: '0' });
    expect(server.output()).not.toContain('Bunting is running at');
    expect(startLine(server, 'listening')).toMatchObject({ heapGrowingPercent: null });
    expect((await api('/api/projects/')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
