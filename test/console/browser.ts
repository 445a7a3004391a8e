import { tmpdir } from 'node:os';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT } from '../support/processes';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it when missing; never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

/** The API requests each page had refused (4xx, 5xx) since its last `screenErrors`. */
const refusedRequests = new WeakMap<Page, string[]>();

/**
 * A browser context on the console that fails the test on what a person would notice as broken:
 * page errors and console errors. Chromium also logs each refused fetch as a console error; those
 * are recorded apart (`METHOD /path → status`), and `screenErrors` reports the ones a test did
 * not expect, with the error banners the screen shows.
 */
export async function openConsole(
  browser: Browser,
  options: { width?: number } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const refused: string[] = [];
  refusedRequests.set(page, refused);
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of \d+/.test(m.text())) {
      problems.push(`console error: ${m.text()}`);
    }
  });
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
  });
  return { context, page, problems };
}

/**
 * What the screen shows as broken, but what the test expects (each of `expected` matches one or
 * more lines): every visible alert or error banner (`alert: <its text>`) and every request refused
 * since the last call (`refused: GET /api/… → 404`), so that a panel whose data failed to load is
 * noticed even where it shows nothing.
 */
export async function screenErrors(page: Page, expected: RegExp[] = []): Promise<string[]> {
  const shown = await page.locator('[role=alert], .banner-error').filter({ visible: true }).allInnerTexts();
  const refused = refusedRequests.get(page)?.splice(0) ?? [];
  return [
    ...shown.map((text) => `alert: ${text.replace(/\s+/g, ' ').trim()}`),
    ...refused.map((r) => `refused: ${r}`),
  ].filter((line) => !expected.some((e) => e.test(line)));
}

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe-core on the screen as it is (WCAG 2.1 A and AA rules): its serious and critical violations.
 * axe is evaluated through the debugging protocol, which the console's CSP does not govern.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations)`,
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A screenshot of the screen: the one the README and docs/console.md show (docs/console/<name>.png)
 * when UPDATE_SCREENSHOTS=1 (`npm run console:screenshots`), otherwise a temporary copy, so that a
 * test run leaves the working tree as it found it (the screens show dates).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir =
    process.env.UPDATE_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'console') : join(tmpdir(), 'bunting-console-screens');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}
