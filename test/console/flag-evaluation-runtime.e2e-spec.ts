import type { Browser } from 'playwright-core';
import request from 'supertest';
import { createFlag } from '../evaluation/factories';
import { startTestApp, TestApp } from '../support/test-app';
import { launchChromium, openConsole, screenErrors, seriousViolations } from './browser';

// Issue #38: the flag editor sets where a flag is served (its evaluation runtime) and its
// evaluation contexts, and SDKs see the change.
describe("web console: a flag's evaluation runtime and contexts", () => {
  let t: TestApp;
  let browser: Browser;
  const password = 'correct horse battery staple';

  beforeAll(async () => {
    t = await startTestApp({ BOOTSTRAP_EMAIL: 'admin@example.com' });
    await t.setPassword(t.userId, password);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const servedTo = async (ua: string, contexts?: string[]) =>
    Object.keys(
      (
        await request(t.baseUrl)
          .post('/flags/?v=2')
          .set('User-Agent', ua)
          .send({ token: t.projectToken, distinct_id: 'ada', evaluation_contexts: contexts })
          .expect(200)
      ).body.flags,
    );

  it('sets both in the editor and saves them; browsers then no longer get the flag', async () => {
    const flag = await createFlag(t, {
      key: 'billing-api',
      filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
    });
    expect(await servedTo('Mozilla/5.0 Chrome/120')).toEqual(['billing-api']);

    const { context, page, problems } = await openConsole(browser);
    await page.goto(`${t.baseUrl}/`);
    await page.getByLabel('Email').fill(t.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    expect(await screenErrors(page, [/^refused: GET \/api\/users\/@me → 401$/])).toEqual([]);

    await page.getByRole('link', { name: 'billing-api' }).click();
    await page.getByRole('heading', { name: 'billing-api', level: 1 }).waitFor();
    const runtime = page.getByLabel('Evaluation runtime');
    expect(await runtime.inputValue()).toBe('all');
    expect(await page.getByLabel('Evaluation contexts').inputValue()).toBe('');
    await runtime.selectOption({ label: 'Server-side SDKs only' });
    await page.getByLabel('Evaluation contexts').fill('billing, billing , eu');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    expect({ violations: await seriousViolations(page), errors: await screenErrors(page) }).toEqual({
      violations: [],
      errors: [],
    });

    const stored = (await t.get(`/api/projects/${t.projectId}/feature_flags/${flag.id}/`).expect(200)).body;
    expect(stored).toMatchObject({ version: 2, evaluation_runtime: 'server', evaluation_contexts: ['billing', 'eu'] });
    expect(await servedTo('Mozilla/5.0 Chrome/120')).toEqual([]);
    expect(await servedTo('posthog-node/5.70.0', ['eu'])).toEqual(['billing-api']);
    expect(await servedTo('posthog-node/5.70.0', ['us'])).toEqual([]);

    // The page shows what was saved after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'billing-api', level: 1 }).waitFor();
    expect(await page.getByLabel('Evaluation runtime').inputValue()).toBe('server');
    expect(await page.getByLabel('Evaluation contexts').inputValue()).toBe('billing, eu');
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });
});
