/** @sql-sensitive raw SQL on memberships and users */
/**
 * Issue 22, part 1: scheduled changes, PostHog's API (posthog/api/scheduled_change.py and
 * FeatureFlag.scheduled_changes_dispatcher): saved per project with PostHog's validation,
 * applied when due as the user who scheduled them (edit rights checked then, the version bumped,
 * the activity entry naming the schedule in its `trigger`), exactly once however many processes
 * run the scheduler, and a change that cannot apply records why and is not retried.
 */
import { JsonLogger, loadConfig } from '@app/platform';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ScheduledChangesService } from '@app/flags';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiConfig } from '../../apps/api/src/api.config';
import { createApiApp } from '../../apps/api/src/app';
import { createFlag } from '../evaluation/factories';
import { dataSource } from '../persons/factories';
import { databaseEnv } from '../support/test-database';
import { startTestApp, TestApp } from '../support/test-app';

const HOUR = 3_600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

describe('scheduled changes', () => {
  let t: TestApp;
  let base: string;
  let runner: ScheduledChangesService;
  const flagPath = (id: number) => `/api/projects/${t.projectId}/feature_flags/${id}/`;

  beforeAll(async () => {
    t = await startTestApp();
    base = `/api/projects/${t.projectId}/scheduled_changes/`;
    runner = t.app.get(ScheduledChangesService);
  });
  afterAll(() => t?.close());

  /** A schedule through the API (201 expected). */
  async function schedule(body: object, key = t.key) {
    const res = await t.post(base, body, key);
    if (res.status !== 201) throw new Error(`not scheduled: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; scheduled_at: string };
  }

  it('saves, lists, filters, reads, patches and deletes a schedule in PostHog’s shape', async () => {
    const flag = await createFlag(t, { key: 'sched-crud' });
    const at = inAnHour();
    const created = await t
      .post(base, {
        record_id: flag.id,
        model_name: 'FeatureFlag',
        payload: { operation: 'update_status', value: false },
        scheduled_at: at,
      })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      team_id: t.projectId,
      record_id: String(flag.id),
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: at,
      executed_at: null,
      failure_reason: null,
      created_at: expect.any(String),
      created_by: expect.objectContaining({ id: t.userId, email: t.email }),
      run_as: expect.objectContaining({ id: t.userId, email: t.email }),
      updated_at: expect.any(String),
      is_recurring: false,
      recurrence_interval: null,
      cron_expression: null,
      last_executed_at: null,
      end_date: null,
      timezone: 'UTC',
    });
    const other = await createFlag(t, { key: 'sched-crud-other' });
    const otherChange = await schedule({
      record_id: String(other.id),
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: true },
      scheduled_at: at,
    });

    const listed = await t.get(`${base}?record_id=${flag.id}&model_name=FeatureFlag`).expect(200);
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: created.body.id }] });
    expect((await t.get(`${base}?model_name=Survey`).expect(200)).body.count).toBe(0);
    await t.get(`${base}${created.body.id}/`).expect(200);

    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    const patched = await t.patch(`${base}${created.body.id}/`, { scheduled_at: later }).expect(200);
    expect(patched.body.scheduled_at).toBe(later);
    const moved = await t.patch(`${base}${created.body.id}/`, { record_id: String(other.id) }).expect(400);
    expect(moved.body).toMatchObject({
      attr: 'record_id',
      detail: 'Cannot change the target record of an existing scheduled change.',
    });

    await t.del(`${base}${created.body.id}/`).expect(204);
    await t.get(`${base}${created.body.id}/`).expect(404);
    await t.del(`${base}${otherChange.id}/`).expect(204);
    await t.get(`${base}abc/`).expect(404);
  });

  it('refuses malformed and past-dated schedules with a 400 naming the field', async () => {
    const flag = await createFlag(t, { key: 'sched-invalid' });
    const valid = {
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: true },
      scheduled_at: inAnHour(),
    };
    const cases: Array<[object, string, RegExp]> = [
      [{ scheduled_at: new Date(Date.now() - HOUR).toISOString() }, 'scheduled_at', /in the future/],
      [{ scheduled_at: 'tomorrow' }, 'scheduled_at', /wrong format/],
      [{ model_name: 'Survey' }, 'model_name', /not a valid choice/],
      [{ payload: { operation: 'explode', value: 1 } }, 'payload', /Unrecognized operation/],
      [{ payload: { operation: 'update_status' } }, 'payload', /'operation' and a 'value'/],
      [{ payload: { operation: 'update_status', value: 'yes' } }, 'payload', /true or false/],
      [{ record_id: 999999 }, 'record_id', /Feature flag not found/],
      [{ record_id: { id: 1 } }, 'record_id', /Not a valid string/],
      [{ is_recurring: true }, 'recurrence_interval', /required when is_recurring is true/],
      [{ is_recurring: true, recurrence_interval: 'hourly' }, 'recurrence_interval', /Must be one of/],
      [{ is_recurring: true, cron_expression: '0 9 * *' }, 'cron_expression', /5-field/],
      [{ is_recurring: true, cron_expression: '61 9 * * *' }, 'cron_expression', /Invalid cron expression/],
      // more often than hourly, or never: refused (issue 44, item 10)
      [{ is_recurring: true, cron_expression: '* * * * *' }, 'cron_expression', /at most once an hour/],
      [{ is_recurring: true, cron_expression: '*/30 * * * *' }, 'cron_expression', /at most once an hour/],
      [{ is_recurring: true, cron_expression: '0,59 9 * * 1' }, 'cron_expression', /at most once an hour/],
      [{ is_recurring: true, cron_expression: '0 0 30 2 *' }, 'cron_expression', /never runs/],
      [{ is_recurring: true, cron_expression: `0 9 * * ${'1,'.repeat(60)}2` }, 'cron_expression', /at most 100/],
      [
        { is_recurring: true, cron_expression: '0 9 * * *', recurrence_interval: 'daily' },
        'cron_expression',
        /Use one or the other/,
      ],
      [{ recurrence_interval: 'daily' }, 'recurrence_interval', /is_recurring is false/],
      [
        {
          is_recurring: true,
          recurrence_interval: 'daily',
          payload: { operation: 'add_release_condition', value: { groups: [] } },
        },
        'payload',
        /not supported for add_release_condition/,
      ],
      [
        { is_recurring: true, recurrence_interval: 'daily', end_date: new Date().toISOString() },
        'end_date',
        /after the scheduled start/,
      ],
    ];
    for (const [change, attr, detail] of cases) {
      const res = await t.post(base, { ...valid, ...change });
      expect([res.status, res.body.attr, res.body.detail]).toEqual([400, attr, expect.stringMatching(detail)]);
    }
    // a view-only member (the organization's flag access at 21) may not schedule changes to the owner's flag
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
    try {
      const member = await t.newUser(t.organizationId, { level: 'member' });
      const refused = await t.post(base, valid, member.key).expect(400);
      expect(refused.body).toMatchObject({
        attr: 'record_id',
        detail: "You don't have edit permissions for this feature flag",
      });
      expect((await t.get(`${base}?record_id=${flag.id}`).expect(200)).body.count).toBe(0);
    } finally {
      await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 37 }).expect(200);
    }
  });

  it('runs a due change once with three instances running the scheduler, as its author, version and activity included', async () => {
    const flag = await createFlag(t, { key: 'sched-once' });
    const change = await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: inAnHour(),
    });
    // Not due yet: nothing runs.
    expect(await runner.runDue(new Date())).toEqual({ executed: 0, failed: 0 });

    // Two more API instances on the same database, each with its own connections and runner.
    const others: NestExpressApplication[] = [];
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(ApiConfig, {
        ...databaseEnv(t.db.url),
        LOG_LEVEL: 'silent',
        SCHEDULER_ENABLED: 'false',
        MIGRATIONS_RUN: 'false',
      });
      others.push((await createApiApp(config, new JsonLogger('silent'))).app);
    }
    try {
      const due = new Date(new Date(change.scheduled_at).getTime() + 1000);
      const runs = await Promise.all(
        [t.app, ...others].flatMap((app) => [1, 2].map(() => app.get(ScheduledChangesService).runDue(due))),
      );
      expect(runs.reduce((n, r) => n + r.executed, 0)).toBe(1);
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    } finally {
      await Promise.all(others.map((app) => app.close()));
    }

    const after = (await t.get(flagPath(flag.id)).expect(200)).body;
    expect([after.active, after.version]).toEqual([false, flag.version + 1]);
    const record = (await t.get(`${base}${change.id}/`).expect(200)).body;
    expect(record).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: null,
      last_executed_at: expect.any(String),
    });
    const activity = (await t.get(`${flagPath(flag.id)}activity/`).expect(200)).body.results;
    expect(activity).toHaveLength(2);
    expect(activity[0]).toMatchObject({
      activity: 'updated',
      user: { email: t.email },
      detail: {
        trigger: {
          job_type: 'scheduled_change',
          job_id: String(change.id),
          payload: { operation: 'update_status', value: false },
        },
        changes: expect.arrayContaining([expect.objectContaining({ field: 'active', before: true, after: false })]),
      },
    });
    // executed: not run again, and no longer editable
    expect(await runner.runDue(new Date(Date.now() + 2 * HOUR))).toEqual({ executed: 0, failed: 0 });
    const edit = await t.patch(`${base}${change.id}/`, { scheduled_at: inAnHour() }).expect(400);
    expect(edit.body.detail).toBe('Cannot modify a scheduled change that has already executed.');
  });

  it('appends release conditions and replaces variants as PostHog does', async () => {
    const flag = await createFlag(t, {
      key: 'sched-ops',
      filters: { groups: [{ properties: [], rollout_percentage: 10 }] },
    });
    const at = inAnHour();
    const condition = {
      properties: [{ key: 'plan', type: 'person', operator: 'exact', value: ['pro'] }],
      rollout_percentage: 100,
    };
    await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'add_release_condition', value: { groups: [condition] } },
      scheduled_at: at,
    });
    const variants = [
      { key: 'a', rollout_percentage: 50 },
      { key: 'b', rollout_percentage: 50 },
    ];
    await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_variants', value: { variants, payloads: { a: '{"x":1}' } } },
      scheduled_at: new Date(new Date(at).getTime() + 1000).toISOString(),
    });
    expect(await runner.runDue(new Date(new Date(at).getTime() + 5000))).toEqual({ executed: 2, failed: 0 });
    const after = (await t.get(flagPath(flag.id)).expect(200)).body;
    expect(after.filters.groups).toEqual([
      { properties: [], rollout_percentage: 10 },
      expect.objectContaining(condition),
    ]);
    expect(after.filters.multivariate.variants).toEqual(variants.map((v) => expect.objectContaining(v)));
    expect(after.filters.payloads).toEqual({ a: '{"x":1}' });
    expect(after.version).toBe(flag.version + 2);
  });

  it('records why a change could not apply (flag deleted, invalid change) and does not retry it', async () => {
    const doomed = await createFlag(t, { key: 'sched-deleted' });
    const at = inAnHour();
    const gone = await schedule({
      record_id: doomed.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: at,
    });
    await t.patch(flagPath(doomed.id), { deleted: true }).expect(200);
    const flag = await createFlag(t, { key: 'sched-bad-variants' });
    const bad = await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_variants', value: { variants: [{ key: 'a', rollout_percentage: 30 }] } },
      scheduled_at: at,
    });
    const due = new Date(new Date(at).getTime() + 1000);
    expect(await runner.runDue(due)).toEqual({ executed: 0, failed: 2 });
    expect((await t.get(`${base}${gone.id}/`).expect(200)).body).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: 'Feature flag not found',
    });
    expect((await t.get(`${base}${bad.id}/`).expect(200)).body).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: expect.stringMatching(/sum is 30, must be 100/),
    });
    expect((await t.get(flagPath(flag.id)).expect(200)).body.version).toBe(flag.version);
    expect(await runner.runDue(new Date(due.getTime() + HOUR))).toEqual({ executed: 0, failed: 0 });
  });

  it('checks edit rights when it runs: a change by a user who left the organization fails', async () => {
    const member = await t.newUser(t.organizationId, { level: 'member' });
    const flag = await createFlag(t, { key: 'sched-left' });
    const change = await schedule(
      {
        record_id: flag.id,
        model_name: 'FeatureFlag',
        payload: { operation: 'update_status', value: false },
        scheduled_at: inAnHour(),
      },
      member.key,
    );
    // the member leaves (the interface has no endpoint for it)
    await dataSource(t).query(`DELETE FROM organization_memberships WHERE user_id = $1`, [member.userId]);
    const due = new Date(new Date(change.scheduled_at).getTime() + 1000);
    expect(await runner.runDue(due)).toEqual({ executed: 0, failed: 1 });
    expect((await t.get(`${base}${change.id}/`).expect(200)).body.failure_reason).toMatch(/no longer a member/);
    expect((await t.get(flagPath(flag.id)).expect(200)).body.active).toBe(true);
  });

  it('runs a recurring change on every occurrence until its end date', async () => {
    const flag = await createFlag(t, { key: 'sched-recurring' });
    const first = new Date(Date.now() + HOUR);
    first.setUTCSeconds(0, 0);
    const change = await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: first.toISOString(),
      is_recurring: true,
      recurrence_interval: 'daily',
      end_date: new Date(first.getTime() + 36 * HOUR).toISOString(),
    });
    expect(await runner.runDue(new Date(first.getTime() + 1000))).toEqual({ executed: 1, failed: 0 });
    let record = (await t.get(`${base}${change.id}/`).expect(200)).body;
    expect(record).toMatchObject({
      executed_at: null,
      scheduled_at: new Date(first.getTime() + 24 * HOUR).toISOString(),
      last_executed_at: new Date(first.getTime() + 1000).toISOString(),
    });
    await t.patch(flagPath(flag.id), { active: true }).expect(200);
    expect(await runner.runDue(new Date(first.getTime() + 24 * HOUR + 1000))).toEqual({ executed: 1, failed: 0 });
    record = (await t.get(`${base}${change.id}/`).expect(200)).body;
    // the next occurrence would be after end_date: the schedule is over
    expect(record.executed_at).toEqual(expect.any(String));
    expect((await t.get(flagPath(flag.id)).expect(200)).body.active).toBe(false);
  });

  it('lets only its author and admins edit or delete a change; an admin’s edit makes the change run as the admin', async () => {
    const author = await t.newUser(t.organizationId, { level: 'member' });
    const other = await t.newUser(t.organizationId, { level: 'member' });
    const admin = await t.newUser(t.organizationId, { level: 'admin' });
    const flag = await createFlag(t, { key: 'sched-editors' });
    const change = await schedule(
      {
        record_id: flag.id,
        model_name: 'FeatureFlag',
        payload: { operation: 'update_status', value: false },
        scheduled_at: inAnHour(),
      },
      author.key,
    );
    const spare = await schedule(
      {
        record_id: flag.id,
        model_name: 'FeatureFlag',
        payload: { operation: 'update_status', value: true },
        scheduled_at: inAnHour(),
      },
      author.key,
    );
    // the author may edit their own change
    const later = new Date(Date.now() + 2 * HOUR).toISOString();
    await t.patch(`${base}${change.id}/`, { scheduled_at: later }, author.key).expect(200);

    // another member (who may edit the flag itself) may neither rewrite nor delete it
    await t.patch(flagPath(flag.id), { name: 'edited by a member' }, other.key).expect(200);
    const denied = {
      type: 'authentication_error',
      code: 'permission_denied',
      detail: expect.stringMatching(/only the user who scheduled it or an organization admin/i),
      attr: null,
    };
    const rewrite = await t.patch(
      `${base}${change.id}/`,
      { payload: { operation: 'update_status', value: true } },
      other.key,
    );
    expect([rewrite.status, rewrite.body]).toEqual([403, denied]);
    // refused before the schedule's rules are checked: an invalid change gets the same 403
    const invalid = { payload: { operation: 'explode', value: 1 } };
    expect((await t.patch(`${base}${change.id}/`, invalid, other.key)).status).toBe(403);
    const removal = await t.del(`${base}${spare.id}/`, other.key);
    expect([removal.status, removal.body]).toEqual([403, denied]);
    const kept = (await t.get(`${base}${change.id}/`).expect(200)).body;
    expect(kept).toMatchObject({
      payload: { operation: 'update_status', value: false },
      scheduled_at: later,
      created_by: expect.objectContaining({ id: author.userId }),
      run_as: expect.objectContaining({ id: author.userId }),
    });
    await t.get(`${base}${spare.id}/`).expect(200);

    // an admin may: the change now runs as the admin, and the edit is in the flag's activity
    const edited = await t
      .patch(
        `${base}${change.id}/`,
        { payload: { operation: 'update_status', value: false }, scheduled_at: inAnHour() },
        admin.key,
      )
      .expect(200);
    expect(edited.body).toMatchObject({
      created_by: expect.objectContaining({ id: author.userId }),
      run_as: expect.objectContaining({ id: admin.userId, email: admin.email }),
    });
    await t.del(`${base}${spare.id}/`, admin.key).expect(204);
    const log = (await t.get(`${flagPath(flag.id)}activity/`).expect(200)).body.results;
    expect(log.slice(0, 2)).toEqual([
      expect.objectContaining({
        activity: 'scheduled_change_deleted',
        user: expect.objectContaining({ email: admin.email }),
        detail: expect.objectContaining({ id: spare.id }),
      }),
      expect.objectContaining({
        activity: 'scheduled_change_updated',
        user: expect.objectContaining({ email: admin.email }),
        detail: expect.objectContaining({
          id: change.id,
          name: 'sched-editors',
          changes: expect.arrayContaining([
            expect.objectContaining({ field: 'scheduled_at', before: later, after: edited.body.scheduled_at }),
            expect.objectContaining({ field: 'run_as', before: author.userId, after: admin.userId }),
          ]),
        }),
      }),
    ]);

    const due = new Date(new Date(edited.body.scheduled_at).getTime() + 1000);
    expect(await runner.runDue(due)).toEqual({ executed: 1, failed: 0 });
    const ran = (await t.get(`${flagPath(flag.id)}activity/`).expect(200)).body.results[0];
    expect(ran).toMatchObject({
      activity: 'updated',
      user: { email: admin.email },
      detail: { trigger: { job_type: 'scheduled_change', job_id: String(change.id) } },
    });
    expect((await t.get(flagPath(flag.id)).expect(200)).body.active).toBe(false);
  });

  it('fails, recorded and not applied, a change whose user was deactivated or lost edit rights on the flag', async () => {
    const leaver = await t.newUser(t.organizationId, { level: 'admin' });
    const member = await t.newUser(t.organizationId, { level: 'member' });
    const flag = await createFlag(t, { key: 'sched-deactivated' });
    const body = {
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: inAnHour(),
    };
    const byLeaver = await schedule(body, leaver.key);
    const byMember = await schedule(body, member.key);
    // the admin is deactivated (the interface has no endpoint for it); still a member of the organization
    await dataSource(t).query(`UPDATE users SET is_active = false WHERE id = $1`, [leaver.userId]);
    // the member keeps their membership but may only view flags now
    await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 21 }).expect(200);
    try {
      const due = new Date(new Date(byMember.scheduled_at).getTime() + 1000);
      expect(await runner.runDue(due)).toEqual({ executed: 0, failed: 2 });
    } finally {
      await t.patch(`/api/organizations/${t.organizationId}/feature_flag_access/`, { access_level: 37 }).expect(200);
    }
    expect((await t.get(`${base}${byLeaver.id}/`).expect(200)).body).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: expect.stringMatching(/deactivated/),
    });
    expect((await t.get(`${base}${byMember.id}/`).expect(200)).body).toMatchObject({
      executed_at: expect.any(String),
      failure_reason: expect.stringMatching(/edit permissions/),
    });
    const after = (await t.get(flagPath(flag.id)).expect(200)).body;
    expect([after.active, after.version]).toEqual([true, flag.version]);
  });

  it('accepts an hourly cron schedule', async () => {
    const flag = await createFlag(t, { key: 'sched-hourly' });
    const hourly = await schedule({
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: false },
      scheduled_at: inAnHour(),
      is_recurring: true,
      cron_expression: '15 * * * *',
    });
    await t.del(`${base}${hourly.id}/`).expect(204);
  });

  it('runs in the API process, every SCHEDULED_CHANGES_INTERVAL_SECONDS, when SCHEDULER_ENABLED is on', async () => {
    const scheduled = await startTestApp({ SCHEDULER_ENABLED: 'true' });
    try {
      expect(scheduled.app.get(SchedulerRegistry).getIntervals()).toContain('scheduled-changes');
    } finally {
      await scheduled.close();
    }
  });
});
