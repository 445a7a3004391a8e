/** @sql-insensitive posthog-js in Chromium; the API's SQL is the marked files' business */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { createFlag } from '../evaluation/factories';
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

/** What the page's posthog-js exposes (the test has no DOM typings). */
interface PostHogGlobal {
  posthog: {
    init(token: string, config: Record<string, unknown>): void;
    onFeatureFlags(callback: () => void): () => void;
    isFeatureEnabled(key: string): boolean | undefined;
    getFeatureFlag(key: string): boolean | string | undefined;
    getFeatureFlagPayload(key: string): unknown;
    identify(distinctId: string, set?: Record<string, unknown>): void;
    capture(event: string, properties?: Record<string, unknown>): void;
    get_distinct_id(): string;
  };
}

/**
 * A site's page: posthog-js's browser bundle, unmodified from the npm registry (the snippet's
 * `array.js`, which loads the remote config script first), initialised with Bunting as its host.
 */
function startSite(buntingUrl: string, token: string, config: Record<string, unknown> = {}): Promise<Server> {
  const bundle = readFileSync(join(ROOT, 'node_modules/posthog-js/dist/array.js'));
  const page = `<!doctype html>
<html>
  <head>
    <meta charset="utf-8">
    <link rel="icon" href="data:,">
    <title>A site using Bunting</title>
    <script src="/posthog-js/array.js"></script>
    <script>
      posthog.init(${JSON.stringify(token)}, {
        api_host: ${JSON.stringify(buntingUrl)},
        // posthog-js drops the events of browsers that say they are automated, as this one does
        opt_out_useragent_filter: true,
        ...${JSON.stringify(config)},
      });
    </script>
  </head>
  <body><button id="buy">Buy</button></body>
</html>`;
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    } else if (req.url === '/posthog-js/array.js') {
      res.writeHead(200, { 'Content-Type': 'application/javascript' }).end(bundle);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Every console error, page error, failed request and error status the page meets. */
function watch(page: Page): { problems: string[]; requests: string[] } {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`));
  page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`status ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return { problems, requests };
}

/** The flags posthog-js holds, once it has loaded them. */
function flagsOnPage(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve) => {
        const { posthog } = globalThis as unknown as PostHogGlobal;
        posthog.onFeatureFlags(() =>
          resolve({
            beta: posthog.isFeatureEnabled('browser-beta'),
            tier: posthog.getFeatureFlag('tier'),
            tierPayload: posthog.getFeatureFlagPayload('tier'),
            vip: posthog.isFeatureEnabled('vip'),
            dormant: posthog.getFeatureFlag('dormant'),
          }),
        );
      }),
  );
}

describe('posthog-js in Chromium against Bunting', () => {
  let t: TestApp;
  let site: Server;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    await createFlag(t, { key: 'browser-beta', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } });
    await createFlag(t, {
      key: 'tier',
      filters: {
        groups: [{ properties: [], rollout_percentage: 100, variant: 'gold' }],
        multivariate: {
          variants: [
            { key: 'gold', rollout_percentage: 50 },
            { key: 'silver', rollout_percentage: 50 },
          ],
        },
        payloads: { gold: JSON.stringify({ discount: 20 }) },
      },
    });
    await createFlag(t, {
      key: 'vip',
      filters: {
        groups: [{ properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@vip.example' }] }],
      },
    });
    await createFlag(t, { key: 'dormant', active: false });
    site = await startSite(t.baseUrl, t.projectToken);
    if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => site?.close(r));
    await t?.close();
  });

  it('loads the remote config, gets flags, and identify and capture reach the server, without a console error', async () => {
    const page = await browser.newPage();
    const { problems, requests } = watch(page);
    // the site's origin differs from Bunting's (localhost vs 127.0.0.1): every call is cross-origin
    const siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
    await page.goto(siteUrl);

    const anonymous = await flagsOnPage(page);
    expect(anonymous).toEqual({
      beta: true,
      tier: 'gold',
      tierPayload: { discount: 20 },
      vip: false,
      dormant: undefined,
    });
    const anonId = await page.evaluate(() => (globalThis as unknown as PostHogGlobal).posthog.get_distinct_id());

    await page.evaluate(() => {
      const { posthog } = globalThis as unknown as PostHogGlobal;
      posthog.identify('ada', { email: 'ada@vip.example', plan: 'pro' });
      posthog.capture('checkout_started', { cart: 3 });
    });
    // identify reloads the flags, now for the identified person
    await waitFor(
      async () =>
        (await page.evaluate(() => (globalThis as unknown as PostHogGlobal).posthog.isFeatureEnabled('vip')))
          ? true
          : undefined,
      15_000,
      100,
    );
    expect(await flagsOnPage(page)).toEqual({ ...anonymous, vip: true });

    // the person, merged with the anonymous id, and the event, attributed to that person, over the API
    const person = await waitFor(
      async () => {
        const res = await t.get(`/api/projects/${t.projectId}/persons/?distinct_id=ada`).expect(200);
        const p = res.body.results[0];
        return p?.distinct_ids.includes(anonId) ? p : undefined;
      },
      15_000,
      200,
    );
    expect(person).toMatchObject({
      properties: { email: 'ada@vip.example', plan: 'pro' },
      distinct_ids: expect.arrayContaining(['ada', anonId]),
      is_identified: true,
    });
    const buyers = await waitFor(
      async () => {
        const res = await t
          .get(
            // refresh: the answer is otherwise kept (PostHog's cached_by_filters), empty from the first poll
            `/api/projects/${t.projectId}/persons/trends/?entity_id=checkout_started&entity_type=events&date_from=-1d&refresh=true`,
          )
          .expect(200);
        return res.body.results[0].count > 0 ? res.body.results[0].people : undefined;
      },
      15_000,
      200,
    );
    expect(buyers).toEqual([expect.objectContaining({ uuid: person.uuid, value_at_data_point: 1 })]);
    // autocapture is as the page sets it (on by default): the click arrives too
    await page.click('#buy');
    const names = await waitFor(
      async () => {
        const res = await t.get(`/api/projects/${t.projectId}/event_definitions/?limit=100`).expect(200);
        const all: string[] = res.body.results.map((d: { name: string }) => d.name);
        return all.includes('$autocapture') ? all : undefined;
      },
      15_000,
      200,
    );
    expect(names).toEqual(expect.arrayContaining(['$pageview', '$identify', 'checkout_started', '$autocapture']));

    // posthog-js read the remote config: the script form sufficed (no JSON fallback); once it
    // applied it (and then asked for flags) events went to the capture path it names (the first
    // pageview may leave before, to /e/); no extension script was asked for
    const bunting = requests.filter((r) => r.includes(t.baseUrl)).map((r) => r.replace(t.baseUrl, ''));
    expect(bunting).toContainEqual(`GET /array/${t.projectToken}/config.js`);
    expect(bunting).not.toContainEqual(`GET /array/${t.projectToken}/config`);
    expect(bunting).toContainEqual('POST /flags/?v=2');
    const afterConfig = bunting.slice(bunting.indexOf('POST /flags/?v=2'));
    expect(afterConfig).toContainEqual('POST /i/v0/e/');
    expect(afterConfig).not.toContainEqual('POST /e/');
    expect(bunting.filter((r) => r.includes('/static/'))).toEqual([]);

    await page.close();
    expect(problems).toEqual([]);
  });

  it('is given no server-only flag nor its payload, and only the flags of the evaluation contexts it names', async () => {
    const on = { groups: [{ properties: [], rollout_percentage: 100 }] };
    await createFlag(t, {
      key: 'server-only',
      evaluation_runtime: 'server',
      filters: { ...on, payloads: { true: JSON.stringify({ apiSecret: 'not-for-browsers' }) } },
    });
    await createFlag(t, { key: 'client-only', evaluation_runtime: 'client', filters: on });
    await createFlag(t, { key: 'web-only', evaluation_contexts: ['web'], filters: on });
    await createFlag(t, { key: 'mobile-only', evaluation_contexts: ['mobile'], filters: on });
    const webSite = await startSite(t.baseUrl, t.projectToken, { evaluation_contexts: ['web'] });
    try {
      const page = await browser.newPage();
      const { problems } = watch(page);
      const answers: string[] = [];
      page.on('response', async (r) => {
        if (r.url().includes('/flags/')) answers.push(await r.text());
      });
      await page.goto(`http://localhost:${(webSite.address() as AddressInfo).port}/`);
      const seen = await page.evaluate(
        () =>
          new Promise<Record<string, unknown>>((resolve) => {
            const { posthog } = globalThis as unknown as PostHogGlobal;
            posthog.onFeatureFlags(() =>
              resolve(
                Object.fromEntries(
                  ['server-only', 'client-only', 'web-only', 'mobile-only', 'browser-beta'].map((k) => [
                    k,
                    posthog.getFeatureFlag(k) ?? null,
                  ]),
                ),
              ),
            );
          }),
      );
      expect(seen).toEqual({
        'server-only': null,
        'client-only': true,
        'web-only': true,
        'mobile-only': null,
        'browser-beta': true,
      });
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as PostHogGlobal).posthog.getFeatureFlagPayload('server-only'),
        ),
      ).toBeUndefined();
      await waitFor(async () => (answers.length > 0 ? true : undefined), 15_000, 100);
      expect(answers.join('')).not.toContain('not-for-browsers');
      await page.close();
      expect(problems).toEqual([]);
    } finally {
      await new Promise((r) => webSite.close(r));
    }
  });
});
