import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../support/processes';
import { startTestApp, TestApp } from '../support/test-app';

// The web console (apps/console, built by the global setup) is served at `/`, with its
// client-side routes falling back to index.html, and never in place of an API or SDK answer.
describe('web console: serving', () => {
  let t: TestApp;
  const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each(['/', '/login', '/project/1/feature_flags', '/project/1/feature_flags/42', '/project/7/persons/0190-ab?x=1'])(
    'answers the console page at %s',
    async (path) => {
      const res = await t.get(path, null).set('Accept', html);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  it("serves the build's scripts, cached for good, with the page's own address", async () => {
    const index = readFileSync(join(ROOT, 'apps/console/dist/index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    const res = await t.get(script!, null);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.get('/assets/nothing-here.js', null)).status).toBe(404);
  });

  // Each of these answered JSON (or the SDK's own shape) before the console; it still does.
  it.each([
    ['get', '/api/projects/', 401],
    ['get', '/api/nothing-here/', 404],
    ['get', '/api/schema/', 200],
    ['get', '/_health', 200],
    ['get', '/flags', 405],
    ['get', '/flags/definitions', 401],
    ['post', '/flags', 400],
    ['post', '/decide', 400],
    ['post', '/batch', 400],
    ['post', '/e', 400],
    ['post', '/capture', 400],
    ['post', '/i/v0/e', 400],
    ['get', '/array/phc_nothing/config', 404],
    ['post', '/ofrep/v1/evaluate/flags', 401],
    ['post', '/project/1/feature_flags', 404],
    ['get', '/projects', 404],
    ['get', '/login/extra', 404],
  ] as const)('%s %s still answers the API (%i)', async (method, path, status) => {
    const res = await t.req(method, path, null).set('Accept', html);
    expect(res.text).not.toContain('<div id="root">');
    expect(res.headers['content-type']).not.toMatch(/^text\/html/);
    expect(res.status).toBe(status);
  });

  it('/_metrics still answers Prometheus text', async () => {
    const res = await t.get('/_metrics', null).set('Accept', html);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).not.toContain('<div id="root">');
  });

  // The budget: at most 250 KB of JavaScript, gzipped, before the first screen shows
  // (the entry script and what it preloads; the other screens load when visited).
  it('loads at most 250 KB of gzipped JavaScript first', async () => {
    const index = (await t.get('/', null).set('Accept', html).expect(200)).text;
    const scripts = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    let gzipped = 0;
    for (const path of scripts) gzipped += gzipSync(Buffer.from((await t.get(path, null).expect(200)).text)).length;
    process.stdout.write(
      `CONSOLE: first load ${(gzipped / 1024).toFixed(1)} KB of JavaScript gzipped (${scripts.length} files)\n`,
    );
    expect(gzipped).toBeLessThanOrEqual(250 * 1024);
  });

  // apps/console/src/api/schema.d.ts is generated from this document (npm run console:types).
  it("the console's API types match /api/schema/", async () => {
    const doc = (await t.get('/api/schema/', null).expect(200)).body;
    const dir = mkdtempSync(join(tmpdir(), 'console-types-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
      const check = spawnSync(
        process.execPath,
        [join(ROOT, 'scripts/console-types.mjs'), '--check', join(dir, 'openapi.json')],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      );
      expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// An install under a dot-directory (~/.local/share/bunting): Express's sendFile refuses an
// absolute path with a segment starting with `.`, and the console answered 404 there.
describe('web console: served from a folder under a dot-directory', () => {
  let t: TestApp;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'console-home-'));
    const dir = join(home, '.local/share/bunting/console');
    cpSync(join(ROOT, 'apps/console/dist'), dir, { recursive: true });
    t = await startTestApp({ CONSOLE_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/project/1/feature_flags'])('answers the console page at %s', async (path) => {
    const res = await t.get(path, null);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it("serves the build's files", async () => {
    const index = (await t.get('/', null).expect(200)).text;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    await t.get(script!, null).expect(200);
    await t.get('/favicon.svg', null).expect(200);
  });
});
