/** @sql-insensitive the console in Chromium; the API's SQL is the marked files' business */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PostHog } from 'posthog-node';
import { dataSource, ingest, personOf } from '../persons/factories';
import { waitFor } from '../support/poll';
import { startTestApp, TestApp, TestUser } from '../support/test-app';
import { launchChromium, openConsole, screenErrors, screenshot, seriousViolations } from './browser';

// The "Done means", through the console only (the API serves it; one browser for the
// file): sign in; build a flag with two condition sets (one on a cohort) and three variants with
// payloads; posthog-node sees it as configured; toggle it and read the history's diff; a
// view-only member gets 403 and is told why; look a person up, edit a property, delete them with
// their events; edit an event definition. Every screen visited: 0 serious axe violations.
describe('web console: the flows of a person running flags', () => {
  let t: TestApp;
  let browser: Browser;
  const password = 'correct horse battery staple';
  const FLAG = 'checkout-redesign';
  /** A member who may only view flags (from the view-only test on). */
  let viewer: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ BOOTSTRAP_EMAIL: 'admin@example.com' });
    await t.setPassword(t.userId, password);
    browser = await launchChromium();
    // What ingestion knows before anyone opens the console: a person with events, who upgraded
    // from the free plan to pro (minutes apart, so the properties timeline has an order).
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    await ingest(t, t.projectToken, [
      {
        event: '$identify',
        distinct_id: 'ada',
        timestamp: minutesAgo(40),
        properties: { $set: { email: 'ada@example.com', plan: 'free' } },
      },
      { event: 'signed_up', distinct_id: 'ada', timestamp: minutesAgo(30), properties: {} },
      { event: 'upgraded', distinct_id: 'ada', timestamp: minutesAgo(20), properties: { $set: { plan: 'pro' } } },
      { event: 'checkout_started', distinct_id: 'ada', timestamp: minutesAgo(10), properties: {} },
    ]);
    await waitFor(async () => (await personOf(t, 'ada'))?.properties.email);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /**
   * Every screen: no serious or critical axe violation, and nothing broken but what the test
   * expects (`expected`: the alerts shown and requests refused it caused; see screenErrors).
   */
  async function checkScreen(page: Page, name: string, expected: RegExp[] = []): Promise<void> {
    await page.evaluate('window.scrollTo(0, 0)');
    expect({
      screen: name,
      violations: await seriousViolations(page),
      errors: await screenErrors(page, expected),
    }).toEqual({
      screen: name,
      violations: [],
      errors: [],
    });
    await screenshot(page, name);
  }

  /** The end of a session: nothing broke since the last check (`expected` as for checkScreen). */
  async function closeConsole(
    session: { context: BrowserContext; page: Page; problems: string[] },
    expected: RegExp[] = [],
  ): Promise<void> {
    expect({ problems: session.problems, errors: await screenErrors(session.page, expected) }).toEqual({
      problems: [],
      errors: [],
    });
    await session.context.close();
  }

  async function signIn(page: Page, email: string, pw: string): Promise<void> {
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign in to Bunting' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(pw);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    // Signed out, the console's first question was refused: expected.
    expect(await screenErrors(page, [/^refused: GET \/api\/users\/@me → 401$/])).toEqual([]);
  }

  it('signs in (a wrong password is refused with the reason), lands on the flags and signs out', async () => {
    const { context, page, problems } = await openConsole(browser);
    await page.goto(`${t.baseUrl}/project/${t.projectId}/feature_flags`);
    await page.getByRole('heading', { name: 'Sign in to Bunting' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await checkScreen(page, 'sign-in', [/^refused: GET \/api\/users\/@me → 401$/]);
    await page.getByLabel('Email').fill(t.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectAlert(page, 'Invalid email or password.');
    expect(await screenErrors(page, [/^alert: Error: Invalid email or password\.$/])).toEqual([
      'refused: POST /api/login → 401',
    ]);
    // By keyboard: Enter in the password field signs in.
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${t.projectId}/feature_flags`);
    await page.getByText('No feature flags match.').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Bunting' }).waitFor();
    await page.goto(`${t.baseUrl}/project/${t.projectId}/persons`);
    await page.getByRole('heading', { name: 'Sign in to Bunting' }).waitFor();
    await closeConsole({ context, page, problems }, [/^refused: GET \/api\/users\/@me → 401$/]);
  });

  it('creates a flag with two condition sets (one on a cohort) and three variants with payloads, which posthog-node sees', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);

    // The cohort the second condition set targets.
    await page.getByRole('link', { name: 'Cohorts' }).click();
    await page.getByRole('heading', { name: 'Cohorts', level: 1 }).waitFor();
    await page.getByLabel('Cohort name').fill('Pro plan');
    await page.getByLabel('Cohort filter 1 property').fill('plan');
    await page.getByLabel('Cohort filter 1 value').fill('pro');
    await page.getByRole('button', { name: 'Create cohort' }).click();
    await page.getByRole('status').filter({ hasText: 'Created cohort Pro plan.' }).waitFor();
    await page.getByRole('cell', { name: 'Pro plan', exact: true }).waitFor();
    await checkScreen(page, 'cohorts');

    await page.getByRole('link', { name: 'Feature flags' }).click();
    await page.getByRole('button', { name: 'New feature flag' }).click();
    await page.getByLabel('New flag key').fill(FLAG);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();

    await page.getByLabel('Description', { exact: true }).fill('The new checkout, in three flavours');
    await page.getByLabel('Tags', { exact: true }).fill('checkout, web');
    await page.getByLabel('Multiple variants with rollout percentages').check();
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('Variant 3 key').fill('compact');
    // The split must add up to 100: the console says so and will not save.
    await page.getByLabel('Variant 1 rollout (%)').fill('50');
    await page.getByText("The variants' split must add up to 100% (now 116%).").waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Variant 1 rollout (%)').fill('34');
    // Payloads are checked as they are typed.
    await page.getByLabel('Variant 1 payload (JSON)').fill('{"layout": "classic"');
    await page.getByText(/^Not valid JSON/).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Variant 1 payload (JSON)').fill('{"layout": "classic"}');
    await page.getByLabel('Variant 2 payload (JSON)').fill('{"layout": "wide", "steps": 2}');
    await page.getByLabel('Variant 3 payload (JSON)').fill('{"layout": "compact", "steps": 1}');
    expect(await page.getByText(/^Not valid JSON/).count()).toBe(0);

    // Condition set 1: example.com addresses, everyone of them.
    await page.getByRole('group', { name: 'Condition set 1' }).getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Condition 1 filter 1 property').fill('email');
    await page.getByLabel('Condition 1 filter 1 operator').selectOption('ends_with');
    await page.getByLabel('Condition 1 filter 1 value').fill('@example.com');
    // Whom it reaches, before saving: ada, the one person.
    await page
      .getByRole('group', { name: 'Condition set 1' })
      .getByRole('button', { name: 'How many persons does this reach?' })
      .click();
    await page
      .getByRole('group', { name: 'Condition set 1' })
      .getByRole('status')
      .filter({ hasText: '1 of 1 persons (100%)' })
      .waitFor();
    // Condition set 2: the Pro plan cohort, half of it, always the compact variant.
    await page.getByRole('button', { name: 'Add condition set' }).click();
    await page.getByRole('group', { name: 'Condition set 2' }).getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Condition 2 filter 1 kind').selectOption('cohort');
    await page.getByLabel('Condition 2 filter 1 cohort').selectOption({ label: 'Pro plan' });
    await page.getByLabel('Condition 2 rollout (%)').fill('100');
    await page.getByLabel('Condition 2 variant override').selectOption('compact');
    await checkScreen(page, 'flag-editor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();
    await page.getByText('Version 2 ·', { exact: false }).waitFor();
    await closeConsole({ context, page, problems });

    // What an SDK sees: the flag is off until someone turns it on.
    const flag = (await t.get(`/api/projects/${t.projectId}/feature_flags/?search=${FLAG}`).expect(200)).body
      .results[0];
    expect(
      flag.filters.multivariate.variants.map((v: { key: string; rollout_percentage: number }) => [
        v.key,
        v.rollout_percentage,
      ]),
    ).toEqual([
      ['control', 34],
      ['test', 33],
      ['compact', 33],
    ]);
    expect(flag.filters.groups).toEqual([
      expect.objectContaining({
        rollout_percentage: 100,
        properties: [expect.objectContaining({ key: 'email', operator: 'ends_with', value: '@example.com' })],
      }),
      expect.objectContaining({
        rollout_percentage: 100,
        variant: 'compact',
        properties: [expect.objectContaining({ type: 'cohort' })],
      }),
    ]);
    expect(flag.tags.sort()).toEqual(['checkout', 'web']);
  });

  it('toggles the flag on from the list, then the flag page shows the history diff, and posthog-node gets the variants and payloads', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    const toggle = page.getByRole('switch', { name: `Enable ${FLAG}` });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await checkScreen(page, 'flags');
    // The switch works from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.locator(`[role=switch][aria-label="Enable ${FLAG}"][aria-checked=true]`).waitFor();
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    const activeRow = history.getByRole('row', { name: /^active/ });
    await activeRow.waitFor();
    expect((await activeRow.innerText()).replace(/\s+/g, ' ').trim()).toBe('active false true');
    await history.getByText(`${t.email} updated the flag`).first().waitFor();
    await history.getByText(`${t.email} created the flag`).waitFor();

    // "Test for a person": the value and the reason.
    await page.getByLabel('Distinct id').fill('ada');
    await page.getByRole('button', { name: 'Evaluate' }).click();
    await page.getByRole('status').filter({ hasText: 'for ada: matched condition set' }).waitFor();
    await checkScreen(page, 'flag');
    await closeConsole({ context, page, problems });

    const posthog = new PostHog(t.projectToken, { host: t.baseUrl, flushAt: 1, fetchRetryCount: 0 });
    try {
      const payloads: Record<string, unknown> = {
        control: { layout: 'classic' },
        test: { layout: 'wide', steps: 2 },
        compact: { layout: 'compact', steps: 1 },
      };
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const id = `user-${i}`;
        const flags = await posthog.evaluateFlags(id, { personProperties: { email: `${id}@example.com` } });
        const value = flags.getFlag(FLAG);
        expect(Object.keys(payloads)).toContain(value);
        expect(flags.getFlagPayload(FLAG)).toEqual(payloads[value as string]);
        seen.add(value as string);
      }
      expect([...seen].sort()).toEqual(['compact', 'control', 'test']);
      // The cohort's condition set: compact, whatever the hash.
      const pro = await posthog.evaluateFlags('someone', {
        personProperties: { email: 'x@elsewhere.org', plan: 'pro' },
      });
      expect(pro.getFlag(FLAG)).toBe('compact');
      // Neither condition set: off.
      const free = await posthog.evaluateFlags('someone-else', {
        personProperties: { email: 'x@elsewhere.org', plan: 'free' },
      });
      expect(free.getFlag(FLAG)).toBe(false);
    } finally {
      await posthog.shutdown();
    }
  });

  it('shows a server error next to the field it names, and a conflicting save (409) as a choice instead of losing either edit', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    // A key that is taken: the server's detail, next to the key field.
    const taken = (await t.post(`/api/projects/${t.projectId}/feature_flags/`, { key: FLAG }).expect(400)).body;
    expect(taken.attr).toBe('key');
    await page.getByRole('button', { name: 'New feature flag' }).click();
    await page.getByLabel('New flag key').fill(FLAG);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const keyField = page.locator('.field').filter({ has: page.getByLabel('New flag key') });
    await keyField.getByRole('alert').filter({ hasText: taken.detail }).waitFor();
    expect(await page.getByLabel('New flag key').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'field-error', [
      exactly(`alert: ${taken.detail}`),
      /^refused: POST \/api\/projects\/\d+\/feature_flags → 400$/,
    ]);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    // Someone else saves while the page is open.
    const before = (await t.get(`/api/projects/${t.projectId}/feature_flags/${await flagId()}/`).expect(200)).body;
    await t
      .patch(`/api/projects/${t.projectId}/feature_flags/${before.id}/`, {
        tags: ['checkout', 'web', 'q3'],
        version: before.version,
      })
      .expect(200);
    await page.getByLabel('Description', { exact: true }).fill('Checkout, redesigned');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alert', { name: 'Conflict' });
    await conflict
      .getByText(`Someone else saved this flag (now version ${before.version + 1}, by ${t.email})`)
      .waitFor();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('Checkout, redesigned');
    await checkScreen(page, 'flag-conflict', [
      /^alert: Someone else saved this flag /,
      /^alert: Conflict: /,
      /^refused: PATCH \/api\/projects\/\d+\/feature_flags\/\d+ → 409$/,
    ]);
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page.getByText(`Version ${before.version + 2} ·`).waitFor();
    expect(await page.getByLabel('Description', { exact: true }).inputValue()).toBe('Checkout, redesigned');
    const after = (await t.get(`/api/projects/${t.projectId}/feature_flags/${before.id}/`).expect(200)).body;
    expect(after.name).toBe('Checkout, redesigned');
    await closeConsole({ context, page, problems });
  });

  it('keeps unsaved edits when the flag is turned off or on, and offers the same choice when a toggle is stale (409)', async () => {
    const session = await openConsole(browser);
    const { page } = session;
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    const description = page.getByLabel('Description', { exact: true });
    const switchIs = (on: boolean) =>
      page.locator(`[role=switch][aria-label="Flag enabled"][aria-checked=${on}]`).waitFor();
    await description.fill('Checkout, redesigned again');
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirmSwitch(page);
    await switchIs(false);
    expect(await description.inputValue()).toBe('Checkout, redesigned again');
    // The switch saved the switch alone.
    const before = (await t.get(`/api/projects/${t.projectId}/feature_flags/${await flagId()}/`).expect(200)).body;
    expect({ active: before.active, name: before.name }).toEqual({ active: false, name: 'Checkout, redesigned' });

    // Someone else adds a tag: turning the flag on is now stale.
    const theirs = (
      await t
        .patch(`/api/projects/${t.projectId}/feature_flags/${before.id}/`, {
          tags: [...before.tags, 'later'],
          version: before.version,
        })
        .expect(200)
    ).body;
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirmSwitch(page);
    const conflict = page.getByRole('alert', { name: 'Conflict' });
    await conflict
      .getByText(
        `Someone else saved this flag (now version ${theirs.version}, by ${t.email}) since you opened it. Turning it on was not saved; your changes are still here.`,
      )
      .waitFor();
    expect(await page.getByRole('switch', { name: 'Flag enabled' }).getAttribute('aria-checked')).toBe('false');
    expect(await description.inputValue()).toBe('Checkout, redesigned again');
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await switchIs(true);
    expect(await conflict.count()).toBe(0);
    // The edit is still there to save, and their tag came in with their version.
    expect(await description.inputValue()).toBe('Checkout, redesigned again');
    expect(await page.getByLabel('Tags', { exact: true }).inputValue()).toBe(theirs.tags.join(', '));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Saved: version ${theirs.version + 2}.` })
      .waitFor();
    const after = (await t.get(`/api/projects/${t.projectId}/feature_flags/${before.id}/`).expect(200)).body;
    expect({ name: after.name, active: after.active, tags: after.tags }).toEqual({
      name: 'Checkout, redesigned again',
      active: true,
      tags: theirs.tags,
    });
    await closeConsole(session, [/^refused: PATCH \/api\/projects\/\d+\/feature_flags\/\d+ → 409$/]);
  });

  it('a view-only member sees why they cannot change a flag, and gets 403 when they try', async () => {
    // An admin makes flags view-only for members, in Settings.
    const admin = await openConsole(browser);
    await signIn(admin.page, t.email, password);
    await admin.page.getByRole('link', { name: 'Settings' }).click();
    await admin.page.getByLabel('Members without a role can').selectOption('21');
    await waitFor(async () => {
      const res = await t.get(`/api/organizations/${t.organizationId}/feature_flag_access`).expect(200);
      return res.body.access_level === 21 ? true : undefined;
    });
    await checkScreen(admin.page, 'settings');
    await closeConsole(admin);

    viewer = await t.newUser(t.organizationId, { level: 'member', email: 'viewer@example.com' });
    await t.setPassword(viewer.userId, password);
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, viewer.email, password);
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    await page.getByRole('note').filter({ hasText: 'You can view this flag; changing it takes edit access' }).waitFor();
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirmSwitch(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Not allowed:' });
    await alert.waitFor();
    const detail = (
      await t
        .patch(`/api/projects/${t.projectId}/feature_flags/${await flagId()}/`, { active: false }, viewer.key)
        .expect(403)
    ).body.detail;
    expect(await alert.innerText()).toContain(detail);
    await checkScreen(page, 'flag-view-only', [
      exactly(`alert: Not allowed: ${detail}`),
      /^refused: PATCH \/api\/projects\/\d+\/feature_flags\/\d+ → 403$/,
    ]);
    // Nothing changed.
    expect(await page.getByRole('switch', { name: 'Flag enabled' }).getAttribute('aria-checked')).toBe('true');
    await closeConsole({ context, page, problems }, [exactly(`alert: Not allowed: ${detail}`)]);
  });

  it('creates a role in Settings, gives it a member and access to the flag: the view-only member may then change it', async () => {
    const admin = await openConsole(browser);
    await signIn(admin.page, t.email, password);
    await admin.page.getByRole('link', { name: 'Settings' }).click();
    const roles = admin.page.getByRole('region', { name: 'Roles', exact: true });
    await roles.getByText('No roles yet.').waitFor();
    await roles.getByLabel('Role name').fill('Flag editors');
    await roles.getByRole('button', { name: 'Create role' }).click();
    await roles.getByRole('status').filter({ hasText: 'Created role Flag editors.' }).waitFor();
    const role = roles.getByRole('region', { name: 'Flag editors' });
    // At the organization's level, view-only since the test before.
    await role.getByText('Only view feature flags').waitFor();
    await role.getByLabel('Add a member to Flag editors').selectOption({ label: viewer.email });
    await role.getByRole('button', { name: 'Add member' }).click();
    await roles
      .getByRole('status')
      .filter({ hasText: `Added ${viewer.email} to Flag editors.` })
      .waitFor();
    // A second member, removed again.
    await role.getByLabel('Add a member to Flag editors').selectOption({ label: t.email });
    await role.getByRole('button', { name: 'Add member' }).click();
    await roles
      .getByRole('status')
      .filter({ hasText: `Added ${t.email} to Flag editors.` })
      .waitFor();
    await role.getByRole('button', { name: `Remove ${t.email} from Flag editors` }).click();
    await roles
      .getByRole('status')
      .filter({ hasText: `Removed ${t.email} from Flag editors.` })
      .waitFor();
    expect((await role.getByRole('listitem').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
      `${viewer.email} Remove`,
    ]);
    await checkScreen(admin.page, 'settings-roles');

    // The flag gives the role access.
    await admin.page.getByRole('link', { name: 'Feature flags' }).click();
    await admin.page.getByRole('link', { name: FLAG }).click();
    const access = admin.page.getByRole('region', { name: 'Role access' });
    await access.getByLabel('Role that may edit').selectOption({ label: 'Flag editors' });
    await access.getByRole('button', { name: 'Give access' }).click();
    await access.getByRole('listitem').filter({ hasText: 'Flag editors' }).waitFor();
    await closeConsole(admin);
    const [saved] = (await t.get(`/api/organizations/${t.organizationId}/roles/`).expect(200)).body.results;
    expect({
      name: saved.name,
      level: saved.feature_flags_access_level,
      members: saved.members.map((m: { user: { email: string } }) => m.user.email),
      flags: saved.associated_flags.map((f: { key: string }) => f.key),
    }).toEqual({ name: 'Flag editors', level: 21, members: [viewer.email], flags: [FLAG] });

    // The view-only member, in the role, turns the flag off and on again.
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, viewer.email, password);
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    expect(await page.getByText('You can view this flag').count()).toBe(0);
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirmSwitch(page);
    await page.locator('[role=switch][aria-label="Flag enabled"][aria-checked=false]').waitFor();
    expect((await t.get(`/api/projects/${t.projectId}/feature_flags/${await flagId()}/`).expect(200)).body.active).toBe(
      false,
    );
    await page.getByRole('switch', { name: 'Flag enabled' }).click();
    await confirmSwitch(page);
    await page.locator('[role=switch][aria-label="Flag enabled"][aria-checked=true]').waitFor();
    await closeConsole({ context, page, problems });
  });

  it('looks a person up, edits a property, and deletes them with their events', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: 'Persons' }).click();
    await page.getByLabel('Email or distinct id').fill('ada@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'ada@example.com' }).waitFor();
    await checkScreen(page, 'persons');
    await page.getByRole('link', { name: 'ada@example.com' }).click();
    await page.getByRole('heading', { name: 'ada@example.com', level: 1 }).waitFor();
    await checkScreen(page, 'person');
    const plan = page.getByRole('row', { name: /^plan/ });
    expect((await plan.innerText()).replace(/\s+/g, ' ')).toContain('pro');
    // The properties timeline, newest first: the upgrade (with the event after it), then what
    // the first events set.
    const timeline = page.getByRole('region', { name: 'Properties timeline' });
    const points = timeline.getByRole('row');
    await points.nth(2).waitFor();
    const text = async (i: number) => (await points.nth(i).innerText()).replace(/\s+/g, ' ').trim();
    expect(await points.count()).toBe(3);
    expect(await text(1)).toMatch(/ UTC plan free → pro 2$/);
    expect(await text(2)).toMatch(/ UTC email set to ada@example\.com plan set to free 2$/);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    await page.getByLabel('Value of plan').fill('enterprise');
    await plan.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Set plan.' }).waitFor();
    await page.getByRole('row', { name: /^plan/ }).getByText('enterprise').waitFor();
    expect((await personOf(t, 'ada'))?.properties.plan).toBe('enterprise');

    const ada = (await personOf(t, 'ada'))!;
    await page.getByLabel('Also delete their events').check();
    await page.getByRole('button', { name: 'Delete person' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('Delete ada@example.com and their events? This cannot be undone.')
      .waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('heading', { name: 'Persons', level: 1 }).waitFor();
    await page.getByLabel('Email or distinct id').fill('ada@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No persons match.').waitFor();
    expect(await personOf(t, 'ada')).toBeUndefined();
    // Their events: queued for the next deletion batch, as the API's delete_events=true does.
    const queued = await dataSource(t).query(
      `SELECT distinct_ids FROM event_deletion_requests WHERE person_uuid = $1`,
      [ada.uuid],
    );
    expect(queued).toEqual([{ distinct_ids: ['ada'] }]);
    await closeConsole({ context, page, problems });
  });

  it('edits an event definition: description, tags and Slack', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: 'Event definitions' }).click();
    await page.getByLabel('Event name').fill('signed_up');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Edit signed_up' }).click();
    await page.getByLabel('Description', { exact: true }).fill('  Someone finished signing up. ');
    await page.getByLabel('Tags', { exact: true }).fill('Onboarding, growth');
    await page.getByLabel('Post to Slack').check();
    await checkScreen(page, 'event-definition');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const row = page.getByRole('row', { name: /^signed_up/ });
    await row.getByText('Posted').waitFor();
    expect(await row.innerText()).toMatch(/onboarding, growth|growth, onboarding/);
    // The description as the server keeps it (trimmed), under the name.
    await row.getByText('Someone finished signing up.', { exact: true }).waitFor();
    const def = (await t.get(`/api/projects/${t.projectId}/event_definitions/?search=signed_up`).expect(200)).body
      .results[0];
    expect({ description: def.description, tags: [...def.tags].sort(), post_to_slack: def.post_to_slack }).toEqual({
      description: 'Someone finished signing up.',
      tags: ['growth', 'onboarding'],
      post_to_slack: true,
    });
    await closeConsole({ context, page, problems });
  });

  it('soft-deletes a flag and restores it', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete flag' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Deleted', { exact: true }).waitFor();
    expect(
      (await t.get(`/api/projects/${t.projectId}/feature_flags/${await flagId(true)}/`).expect(200)).body.deleted,
    ).toBe(true);
    await page.getByRole('button', { name: 'Restore flag' }).click();
    await page.getByRole('button', { name: 'Delete flag' }).waitFor();
    expect(await page.getByText('Deleted', { exact: true }).count()).toBe(0);
    expect(
      (await t.get(`/api/projects/${t.projectId}/feature_flags/${await flagId()}/`).expect(200)).body.deleted,
    ).toBe(false);
    await closeConsole({ context, page, problems });
  });

  it('a panel whose data cannot be loaded says so instead of showing nothing', async () => {
    const session = await openConsole(browser);
    const { page } = session;
    await signIn(page, t.email, password);
    // The lists behind the conditions' cohort picker and the role pickers fail.
    const unavailable = { type: 'server_error', code: 'unavailable', detail: 'Try again in a moment.', attr: null };
    for (const url of [/\/api\/projects\/\d+\/cohorts(\?|$)/, /\/api\/organizations\/[^/]+\/roles(\?|$)/]) {
      await page.route(url, (route) => route.fulfill({ status: 503, json: unavailable }));
    }
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    for (const panel of ['Release conditions', 'Role access']) {
      await page
        .getByRole('region', { name: panel })
        .getByRole('alert')
        .filter({ hasText: 'Try again in a moment.' })
        .waitFor();
    }
    expect(await page.getByText('The organization has no roles yet').count()).toBe(0);
    const errors = await screenErrors(page);
    expect(errors).toHaveLength(4);
    expect(errors).toEqual(
      expect.arrayContaining([
        'alert: Error: Try again in a moment.',
        'alert: Error: Try again in a moment.',
        expect.stringMatching(/^refused: GET \/api\/projects\/\d+\/cohorts → 503$/),
        expect.stringMatching(/^refused: GET \/api\/organizations\/[^/]+\/roles → 503$/),
      ]),
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    await page
      .getByRole('region', { name: 'Roles', exact: true })
      .getByRole('alert')
      .filter({ hasText: 'Try again in a moment.' })
      .waitFor();
    await closeConsole(session, [
      /^alert: Error: Try again in a moment\.$/,
      /^refused: GET \/api\/organizations\/[^/]+\/roles → 503$/,
    ]);
  });

  it('answers an unknown console address with a page that says so and leads back', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.goto(`${t.baseUrl}/project/${t.projectId}/nothing-here`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    await checkScreen(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the feature flags' }).click();
    await page.getByRole('heading', { name: 'Feature flags', level: 1 }).waitFor();
    await closeConsole({ context, page, problems });
  });

  it('creates a personal API key (shown once, and it works) and revokes it', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Project token:').getByText(t.projectToken).waitFor();
    await page.getByLabel('Key label').fill('reporting');
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: 'New key (shown once, copy it now):' });
    await shown.waitFor();
    const key = await shown.locator('code').innerText();
    expect(key).toMatch(/^phx_/);
    await t.get(`/api/projects/${t.projectId}/feature_flags/`, key).expect(200);
    await t.get(`/api/projects/${t.projectId}/persons/`, key).expect(403);
    await page.getByRole('button', { name: 'Revoke reporting' }).click();
    await page.getByRole('button', { name: 'Revoke reporting' }).waitFor({ state: 'detached' });
    await t.get(`/api/projects/${t.projectId}/feature_flags/`, key).expect(401);
    await closeConsole({ context, page, problems });
  });

  it('is usable at 360 px: the menu opens and leads to every screen; the flag list, a flag and a person fit', async () => {
    // A person to look at (ada is gone), with a long value and a properties timeline.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    await ingest(t, t.projectToken, [
      {
        event: '$identify',
        distinct_id: 'grace',
        timestamp: minutesAgo(5),
        properties: {
          $set: { email: 'grace@example.org', company: 'A company with a rather long name, Incorporated' },
        },
      },
      { event: 'upgraded', distinct_id: 'grace', timestamp: minutesAgo(4), properties: { $set: { plan: 'pro' } } },
    ]);
    await waitFor(async () => (await personOf(t, 'grace'))?.properties.plan);
    const { context, page, problems } = await openConsole(browser, { width: 360 });
    /** Nothing sticks out sideways: the page scrolls only down. */
    const expectFits = async (screen: string) =>
      expect({ screen, width: await page.evaluate('document.documentElement.scrollWidth') }).toEqual({
        screen,
        width: 360,
      });
    await signIn(page, t.email, password);
    await checkScreen(page, 'flags-360px');
    await expectFits('flags');
    await page.getByRole('link', { name: FLAG }).click();
    await page.getByRole('heading', { name: FLAG, level: 1 }).waitFor();
    await page.getByRole('region', { name: 'History' }).getByRole('table').first().waitFor();
    await checkScreen(page, 'flag-360px');
    await expectFits('flag');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Persons' }).click();
    await page.getByRole('heading', { name: 'Persons', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'grace@example.org' }).click();
    await page.getByRole('heading', { name: 'grace@example.org', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Properties timeline' }).getByRole('row').nth(2).waitFor();
    await checkScreen(page, 'person-360px');
    await expectFits('person');
    await closeConsole({ context, page, problems });
  });

  it('edits a cohort into nested groups: any of (plan is pro) or (all of: an example.com address, plan is enterprise or business)', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: 'Cohorts' }).click();
    await page.getByRole('button', { name: 'Edit Pro plan' }).click();
    const form = page.getByRole('form', { name: 'Edit Pro plan' });
    await form.getByLabel('Cohort: persons who match').selectOption('OR');
    await form.getByRole('button', { name: 'Add group' }).last().click();
    await form.getByLabel('Cohort group 2: persons who match').selectOption('AND');
    await form.getByLabel('Cohort group 2 filter 1 property').fill('email');
    await form.getByLabel('Cohort group 2 filter 1 operator').selectOption('ends_with');
    await form.getByLabel('Cohort group 2 filter 1 value').fill('@example.com');
    await form.getByRole('group', { name: 'Cohort group 2' }).getByRole('button', { name: 'Add filter' }).click();
    await form.getByLabel('Cohort group 2 filter 2 property').fill('plan');
    // Typed key by key, the comma stays: a list of values (equals any of them).
    await form.getByLabel('Cohort group 2 filter 2 value').pressSequentially('enterprise, business');
    expect(await form.getByLabel('Cohort group 2 filter 2 value').inputValue()).toBe('enterprise, business');
    await checkScreen(page, 'cohort-editor');
    await form.getByRole('button', { name: 'Save cohort' }).click();
    await page.getByRole('button', { name: 'Edit Pro plan' }).waitFor();
    const cohort = (await t.get(`/api/projects/${t.projectId}/cohorts/`).expect(200)).body.results.find(
      (c: { name: string }) => c.name === 'Pro plan',
    );
    expect(cohort.filters.properties).toEqual({
      type: 'OR',
      values: [
        expect.objectContaining({ key: 'plan', operator: 'exact', value: 'pro' }),
        {
          type: 'AND',
          values: [
            expect.objectContaining({ key: 'email', operator: 'ends_with', value: '@example.com' }),
            expect.objectContaining({ key: 'plan', operator: 'exact', value: ['enterprise', 'business'] }),
          ],
        },
      ],
    });
    // Edited again, the list stays a list.
    await page.getByRole('button', { name: 'Edit Pro plan' }).click();
    const value = page.getByRole('form', { name: 'Edit Pro plan' }).getByLabel('Cohort group 2 filter 2 value');
    expect(await value.inputValue()).toBe('enterprise, business');
    await value.press('End');
    await value.pressSequentially(', agency');
    await page.getByRole('form', { name: 'Edit Pro plan' }).getByRole('button', { name: 'Save cohort' }).click();
    await page.getByRole('button', { name: 'Edit Pro plan' }).waitFor();
    const edited = (await t.get(`/api/projects/${t.projectId}/cohorts/${cohort.id}/`).expect(200)).body;
    expect(edited.filters.properties.values[1].values[1].value).toEqual(['enterprise', 'business', 'agency']);
    await closeConsole({ context, page, problems });
  });

  it('targets an age range with between (two numbers) and email domains with contains any of; both load back as saved', async () => {
    const key = 'adults-only';
    const created = (
      await t
        .post(`/api/projects/${t.projectId}/feature_flags/`, {
          key,
          filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
        })
        .expect(201)
    ).body;
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: key }).click();
    await page.getByRole('heading', { name: key, level: 1 }).waitFor();
    const conditions = page.getByRole('group', { name: 'Condition set 1' });
    await conditions.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Condition 1 filter 1 property').fill('age');
    await page.getByLabel('Condition 1 filter 1 operator').selectOption({ label: 'between' });
    await page.getByLabel('Condition 1 filter 1 value minimum').fill('18');
    await page.getByLabel('Condition 1 filter 1 value maximum').fill('65');
    await conditions.getByRole('button', { name: 'Add filter' }).click();
    await page.getByLabel('Condition 1 filter 2 property').fill('email');
    await page.getByLabel('Condition 1 filter 2 operator').selectOption({ label: 'contains any of' });
    await page.getByLabel('Condition 1 filter 2 value').fill('@example.com, @example.org');
    await checkScreen(page, 'flag-editor-between');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: version 2.' }).waitFor();

    const stored = (await t.get(`/api/projects/${t.projectId}/feature_flags/${created.id}/`).expect(200)).body;
    expect(stored.filters.groups[0].properties).toEqual([
      expect.objectContaining({ key: 'age', type: 'person', operator: 'between', value: [18, 65] }),
      expect.objectContaining({
        key: 'email',
        type: 'person',
        operator: 'icontains_multi',
        value: ['@example.com', '@example.org'],
      }),
    ]);

    // Reloaded, the editor shows what was saved.
    await page.reload();
    await page.getByRole('heading', { name: key, level: 1 }).waitFor();
    expect(await page.getByLabel('Condition 1 filter 1 operator').inputValue()).toBe('between');
    expect(await page.getByLabel('Condition 1 filter 1 value minimum').inputValue()).toBe('18');
    expect(await page.getByLabel('Condition 1 filter 1 value maximum').inputValue()).toBe('65');
    expect(await page.getByLabel('Condition 1 filter 2 value').inputValue()).toBe('@example.com, @example.org');
    await closeConsole({ context, page, problems });
  });

  it('creates a project, copies the flag to it and switches to it', async () => {
    const { context, page, problems } = await openConsole(browser);
    await signIn(page, t.email, password);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('New project name').fill('Staging');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('link', { name: 'Staging' }).waitFor();
    await page.getByRole('link', { name: 'Feature flags' }).click();
    await page.getByRole('link', { name: FLAG }).click();
    const copy = page.getByRole('region', { name: 'Copy to other projects' });
    await copy.getByLabel('Staging').check();
    await copy.getByRole('button', { name: `Copy ${FLAG}` }).click();
    await copy.getByRole('status').filter({ hasText: 'Copied to 1 project.' }).waitFor();
    const staging = (await t.get('/api/projects/').expect(200)).body.results.find(
      (p: { name: string }) => p.name === 'Staging',
    );
    await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Staging' });
    await page.waitForURL(`${t.baseUrl}/project/${staging.id}/feature_flags`);
    await page.getByRole('switch', { name: `Enable ${FLAG}` }).waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    await closeConsole({ context, page, problems });
  });

  let knownFlagId: number | undefined;
  async function flagId(deleted = false): Promise<number> {
    if (!deleted)
      knownFlagId = (await t.get(`/api/projects/${t.projectId}/feature_flags/?search=${FLAG}`).expect(200)).body
        .results[0].id;
    return knownFlagId!;
  }
});

/** A pattern matching `text` exactly. */
/** The header's switch asks before it saves (as PostHog's flag page does): yes. */
async function confirmSwitch(page: Page): Promise<void> {
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Enable|Disable) flag$/ })
    .click();
}

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}
