/** @sql-insensitive posthog-js in Chromium; the API's SQL is the marked files' business */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { flags, valuesOf } from '../evaluation/factories';
import { waitFor } from '../support/poll';
import { ROOT } from '../support/processes';
import { startTestApp, TestApp } from '../support/test-app';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it when missing). */
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

interface EarlyAccessFeature {
  name: string;
  stage: string;
  flagKey: string | null;
  payload: unknown;
}

/** What the page's posthog-js exposes (the test has no DOM typings). */
interface PostHogGlobal {
  posthog: {
    identify(distinctId: string): void;
    isFeatureEnabled(key: string): boolean | undefined;
    onFeatureFlags(callback: () => void): () => void;
    reloadFeatureFlags(): void;
    getEarlyAccessFeatures(
      callback: (features: EarlyAccessFeature[]) => void,
      force?: boolean,
      stages?: string[],
    ): void;
    updateEarlyAccessFeatureEnrollment(key: string, enrolled: boolean): void;
  };
}

/** A site's page with posthog-js's browser bundle as published, Bunting as its host, one identified user. */
function startSite(buntingUrl: string, token: string): Promise<Server> {
  const bundle = readFileSync(join(ROOT, 'node_modules/posthog-js/dist/array.js'));
  const page = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <link rel="icon" href="data:,">
    <script src="/posthog-js/array.js"></script>
    <script>
      posthog.init(${JSON.stringify(token)}, {
        api_host: ${JSON.stringify(buntingUrl)},
        opt_out_useragent_filter: true,
        autocapture: false,
      });
      posthog.identify('grace');
    </script>
  </head>
  <body></body>
</html>`;
  const server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    else if (req.url === '/posthog-js/array.js')
      res.writeHead(200, { 'Content-Type': 'application/javascript' }).end(bundle);
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`status ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

describe('posthog-js early-access features in Chromium against Bunting', () => {
  let t: TestApp;
  let site: Server;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    const base = `/api/projects/${t.projectId}/early_access_features/`;
    await t.post(base, { name: 'Dark Mode', stage: 'beta', payload: { theme: 'dark' } }).expect(201);
    await t.post(base, { name: 'Big Idea', stage: 'concept' }).expect(201);
    site = await startSite(t.baseUrl, t.projectToken);
    if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => site?.close(r));
    await t?.close();
  });

  it('lists the features, enrols the user, and the server then serves the flag on for that user', async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    // the flags are loaded for the identified user; the feature's flag is off for everyone else
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (globalThis as unknown as PostHogGlobal).posthog.onFeatureFlags(() => resolve()),
        ),
    );
    expect(
      await page.evaluate(() => (globalThis as unknown as PostHogGlobal).posthog.isFeatureEnabled('dark-mode')),
    ).toBe(false);

    const features = await page.evaluate(
      () =>
        new Promise<EarlyAccessFeature[]>((resolve) =>
          (globalThis as unknown as PostHogGlobal).posthog.getEarlyAccessFeatures(resolve, true),
        ),
    );
    expect(features).toEqual([
      expect.objectContaining({ name: 'Dark Mode', stage: 'beta', flagKey: 'dark-mode', payload: { theme: 'dark' } }),
    ]);
    const withConcept = await page.evaluate(
      () =>
        new Promise<EarlyAccessFeature[]>((resolve) =>
          (globalThis as unknown as PostHogGlobal).posthog.getEarlyAccessFeatures(resolve, true, ['concept', 'beta']),
        ),
    );
    expect(withConcept.map((f) => f.name).sort()).toEqual(['Big Idea', 'Dark Mode']);

    await page.evaluate(() =>
      (globalThis as unknown as PostHogGlobal).posthog.updateEarlyAccessFeatureEnrollment('dark-mode', true),
    );
    // the enrolment event's $set reaches the person, and the server's evaluation follows it
    const person = await waitFor(
      async () => {
        const res = await t.get(`/api/projects/${t.projectId}/persons/?distinct_id=grace`).expect(200);
        const p = res.body.results[0];
        return p?.properties['$feature_enrollment/dark-mode'] === true ? p : undefined;
      },
      15_000,
      200,
    );
    expect(person.properties).toMatchObject({ '$feature_enrollment/dark-mode': true });
    const served = await flags(t, { token: t.projectToken, distinct_id: 'grace' }).expect(200);
    expect(valuesOf(served.body)['dark-mode']).toBe(true);
    expect(served.body.flags['dark-mode'].reason.code).toBe('super_condition_value');
    const other = await flags(t, { token: t.projectToken, distinct_id: 'someone-else' }).expect(200);
    expect(valuesOf(other.body)['dark-mode']).toBe(false);

    // a fresh page (nothing kept in the browser) gets the flag on from the server
    const fresh = await browser.newContext();
    const second = await fresh.newPage();
    const secondProblems = watch(second);
    await second.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
    const enabled = await waitFor(
      async () =>
        (await second.evaluate(() => (globalThis as unknown as PostHogGlobal).posthog.isFeatureEnabled('dark-mode')))
          ? true
          : undefined,
      15_000,
      100,
    );
    expect(enabled).toBe(true);
    await fresh.close();
    await page.close();
    expect([...problems, ...secondProblems]).toEqual([]);
  });
});
