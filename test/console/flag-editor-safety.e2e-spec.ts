import type { Browser, Dialog, Page } from 'playwright-core';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp } from '../support/test-app';
import { launchChromium, openConsole, screenErrors, seriousViolations } from './browser';

// Issue #43: the flag editor keeps what the person typed (payloads per variant row, a rollout box
// that may be emptied, unsaved edits guarded), asks before destroying (delete, the header's
// switch), finds deleted flags to restore them, and shows errors next to the field they are about.
describe('web console: the flag editor keeps your work and asks before destroying', () => {
  let t: TestApp;
  let browser: Browser;
  const password = 'correct horse battery staple';
  const flagsPath = () => `/api/projects/${t.projectId}/feature_flags/`;

  beforeAll(async () => {
    t = await startTestApp();
    await t.setPassword(t.userId, password);
    browser = await launchChromium();
  });
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

  /** A flag made through the API, its page open. */
  async function openFlag(page: Page, key: string, body: Record<string, unknown> = {}): Promise<number> {
    const { id } = (await t.post(flagsPath(), { key, active: false, ...body }).expect(201)).body;
    await page.goto(`${t.baseUrl}/project/${t.projectId}/feature_flags/${id}`);
    await page.getByRole('heading', { name: key, level: 1 }).waitFor();
    return id;
  }

  const flag = async (id: number) => (await t.get(`${flagsPath()}${id}/`).expect(200)).body;
  const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });

  it("keeps a variant's payload while another variant's key is typed", async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    const id = await openFlag(page, 'payload-rows');
    await page.getByLabel('Multiple variants with rollout percentages').check();
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 2 payload (JSON)').fill('{"price": 12}');
    // Typed key by key: on its way to `test-2` the key is `test` for a moment, variant 2's key.
    await page.getByLabel('Variant 3 key').fill('');
    await page.getByLabel('Variant 3 key').pressSequentially('test-2');
    expect(await page.getByLabel('Variant 2 payload (JSON)').inputValue()).toBe('{"price": 12}');
    expect(await page.getByLabel('Variant 3 payload (JSON)').inputValue()).toBe('');
    await save(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    const saved = await flag(id);
    expect(saved.filters.multivariate.variants.map((v: { key: string }) => v.key)).toEqual([
      'control',
      'test',
      'test-2',
    ]);
    expect(saved.filters.payloads).toEqual({ test: '{"price": 12}' });
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  it("lets a condition's rollout box be emptied and retyped, and says so when it is left empty", async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    const id = await openFlag(page, 'rollout-box');
    // Emptied, then 25 typed, it is 25 (not 10025).
    const rollout = page.getByLabel('Condition 1 rollout (%)');
    await rollout.fill('');
    expect(await rollout.inputValue()).toBe('');
    await rollout.pressSequentially('25');
    expect(await rollout.inputValue()).toBe('25');
    // Left empty, it says so when you leave it, and the flag cannot be saved.
    await rollout.fill('');
    await rollout.blur();
    const rolloutField = page.locator('.field').filter({ has: rollout });
    await rolloutField.getByRole('alert').filter({ hasText: 'Enter a rollout between 0 and 100.' }).waitFor();
    expect(await save(page).isDisabled()).toBe(true);
    await rollout.fill('25');

    await save(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    expect((await flag(id)).filters.groups[0].rollout_percentage).toBe(25);
    expect(await seriousViolations(page)).toEqual([]);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  it('asks before leaving the page, in the console or away, while there are unsaved edits', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    const id = await openFlag(page, 'unsaved-edits');
    const description = page.getByLabel('Description', { exact: true });
    await description.fill('Half-written');

    // A link in the console: asked, and staying keeps the edit.
    const asked: string[] = [];
    const dismiss = (d: Dialog) => {
      asked.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    };
    page.on('dialog', dismiss);
    await page.getByRole('link', { name: '← Feature flags' }).click();
    await waitFor(() => (asked.length > 0 ? true : undefined));
    expect(asked).toEqual(['confirm: You have unsaved changes to this flag. Leave the page and discard them?']);
    expect(new URL(page.url()).pathname).toBe(`/project/${t.projectId}/feature_flags/${id}`);
    expect(await description.inputValue()).toBe('Half-written');
    // So does the primary navigation.
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Persons' }).click();
    await waitFor(() => (asked.length > 1 ? true : undefined));
    expect(await page.getByRole('heading', { name: 'unsaved-edits', level: 1 }).isVisible()).toBe(true);

    // Closing or reloading the tab: the browser's own question.
    await page.close({ runBeforeUnload: true });
    await waitFor(() => (asked.length > 2 ? true : undefined));
    expect(asked[2]).toMatch(/^beforeunload: /);
    expect(page.isClosed()).toBe(false);
    expect(await description.inputValue()).toBe('Half-written');

    // Saved, the page leaves without a question.
    await save(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    await page.getByRole('link', { name: '← Feature flags' }).click();
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    expect(asked).toHaveLength(3);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  it('asks before turning a flag on from its page and before deleting it; a deleted flag is found in the list and restored', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    const id = await openFlag(page, 'ask-first');
    const confirm = page.getByRole('alertdialog');

    // The switch asks, naming the flag; cancelled, nothing changes.
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirm.getByText('Enable feature flag "ask-first"?').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Flag enabled' }).getAttribute('aria-checked')).toBe('false');
    expect((await flag(id)).active).toBe(false);
    // Confirmed, it is on.
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirm.getByRole('button', { name: 'Enable flag' }).click();
    await page.locator('[role=switch][aria-label="Flag enabled"][aria-checked=true]').waitFor();
    expect((await flag(id)).active).toBe(true);

    // Delete asks, naming the flag; cancelled, it stays.
    await page.getByRole('button', { name: 'Delete flag' }).click();
    await confirm.getByText('Delete feature flag "ask-first"?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await flag(id)).deleted).toBe(false);
    await page.getByRole('button', { name: 'Delete flag' }).click();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Deleted', { exact: true }).waitFor();
    expect((await flag(id)).deleted).toBe(true);

    // The list: not among the live flags, found under Deleted, restored from there.
    await page.getByRole('link', { name: '← Feature flags' }).click();
    // Other tests of this file share the project: wait for the list, then for the flag to be absent.
    await page.getByRole('table', { name: 'Feature flags' }).waitFor();
    await page.getByRole('link', { name: 'ask-first', exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption({ label: 'Deleted' });
    await page.getByRole('link', { name: 'ask-first' }).waitFor();
    await page.getByRole('button', { name: 'Restore ask-first' }).click();
    await page.getByRole('link', { name: 'ask-first', exact: true }).waitFor({ state: 'detached' });
    expect((await flag(id)).deleted).toBe(false);
    await page.getByLabel('Status').selectOption({ label: 'Any' });
    await page.getByRole('link', { name: 'ask-first' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  it('says whether a new flag will be created enabled or disabled', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    await page.getByRole('button', { name: 'New feature flag' }).click();
    const form = page.getByRole('form', { name: 'New feature flag' });
    const enabled = form.getByLabel('Enabled when created');
    expect(await enabled.isChecked()).toBe(false);
    await form.getByText('Created disabled: it serves no one until it is turned on.').waitFor();
    await enabled.check();
    await form.getByText('Created enabled: it serves its release conditions at once.').waitFor();
    await form.getByLabel('New flag key').fill('born-on');
    await form.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'born-on', level: 1 }).waitFor();
    const created = (await t.get(`${flagsPath()}?search=born-on`).expect(200)).body.results[0];
    expect(created.active).toBe(true);
    expect({ problems, errors: await screenErrors(page) }).toEqual({ problems: [], errors: [] });
    await context.close();
  });

  it('catches an empty or repeated variant key next to the field, and shows a server 400 next to the field it names', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page);
    const id = await openFlag(page, 'field-errors');
    await page.getByLabel('Multiple variants with rollout percentages').check();
    const keyField = (n: number) => page.locator('.field').filter({ has: page.getByLabel(`Variant ${n} key`) });
    await page.getByLabel('Variant 2 key').fill('');
    await keyField(2).getByRole('alert').filter({ hasText: 'Enter a key for this variant.' }).waitFor();
    expect(await save(page).isDisabled()).toBe(true);
    await page.getByLabel('Variant 2 key').fill('control');
    await keyField(2).getByRole('alert').filter({ hasText: 'Another variant has the key "control".' }).waitFor();
    expect(await page.getByLabel('Variant 2 key').getAttribute('aria-invalid')).toBe('true');
    expect(await save(page).isDisabled()).toBe(true);
    expect(await page.locator('.banner-error').count()).toBe(0);
    await page.getByLabel('Variant 2 key').fill('treatment');
    expect(await save(page).isDisabled()).toBe(false);

    // A filter without a property: the server refuses it, and says so at the filter.
    await page.getByRole('group', { name: 'Condition set 1' }).getByRole('button', { name: 'Add filter' }).click();
    await save(page).click();
    const filterRow = page.getByRole('group', { name: 'Condition 1 filter 1' });
    await filterRow.getByRole('alert').filter({ hasText: 'Enter a property.' }).waitFor();
    expect(await page.getByLabel('Condition 1 filter 1 property').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect({ problems, errors: await screenErrors(page, [/^alert: Enter a property\.$/]) }).toEqual({
      problems: [],
      errors: [expect.stringMatching(/^refused: PATCH \/api\/projects\/\d+\/feature_flags\/\d+ → 400$/)],
    });
    await page.getByLabel('Condition 1 filter 1 property').fill('email');
    await save(page).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    expect(await filterRow.getByRole('alert').count()).toBe(0);
    expect((await flag(id)).filters.multivariate.variants.map((v: { key: string }) => v.key)).toEqual([
      'control',
      'treatment',
    ]);
    await context.close();
  });
});
