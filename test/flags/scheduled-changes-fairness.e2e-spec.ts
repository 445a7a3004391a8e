/** @sql-sensitive claims of due changes under locks */
/**
 * Issue 44, item 10: a project holds at most MAX_PENDING_SCHEDULED_CHANGES pending scheduled
 * changes (400 naming `scheduled_at` past it), and the runner takes due changes in turns across
 * projects, so one project's backlog does not hold another project's change back. The clock is
 * the runner's `now`; the order the changes ran in is read back from their `updated_at` (the
 * database's time of each run's transaction).
 */
import { MAX_PENDING_SCHEDULED_CHANGES, ScheduledChangesService } from '@app/flags';
import { TenancyService } from '@app/platform';
import type { Actor } from '@app/platform';
import { createFlag } from '../evaluation/factories';
import { startTestApp, TestApp, Tenant } from '../support/test-app';

const HOUR = 3_600_000;

describe('scheduled changes: a cap per project and fair turns', () => {
  let t: TestApp;
  let neighbour: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    neighbour = await t.newTenant();
  });
  afterAll(() => t?.close());

  it('refuses a project’s change past the cap, and runs a neighbour’s change within 2 s while its backlog of the cap is due', async () => {
    const service = t.app.get(ScheduledChangesService);
    const actor = { userId: t.userId } as Actor;
    const project = await t.app.get(TenancyService).resolveProject(actor, String(t.projectId));
    const flag = await createFlag(t, { key: 'backlog' });
    const now = new Date();
    const at = new Date(now.getTime() + HOUR);
    // The backlog, through the service (a thousand requests would only test HTTP): all due at `at`.
    for (let i = 0; i < MAX_PENDING_SCHEDULED_CHANGES; i++) {
      await service.create(
        project,
        actor,
        {
          record_id: flag.id,
          model_name: 'FeatureFlag',
          payload: { operation: 'update_status', value: i % 2 === 1 },
          scheduled_at: at.toISOString(),
        },
        now,
      );
    }
    const body = {
      record_id: flag.id,
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: true },
      scheduled_at: new Date(at.getTime() + 1000).toISOString(),
    };
    const refused = await t.post(`/api/projects/${t.projectId}/scheduled_changes/`, body);
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        type: 'validation_error',
        code: 'max_scheduled_changes',
        detail: `A project may have at most ${MAX_PENDING_SCHEDULED_CHANGES} pending scheduled changes.`,
        attr: 'scheduled_at',
      },
    ]);

    // The neighbour's change is due after every change of the backlog: oldest first, it would run last.
    const theirFlag = await createFlag(t, { key: 'neighbour' }, neighbour.projectId, neighbour.key);
    const theirs = await t
      .post(
        `/api/projects/${neighbour.projectId}/scheduled_changes/`,
        { ...body, record_id: theirFlag.id, payload: { operation: 'update_status', value: false } },
        neighbour.key,
      )
      .expect(201);

    const started = Date.now();
    const summary = await service.runDue(new Date(at.getTime() + 2000));
    const total = Date.now() - started;
    expect(summary).toEqual({ executed: MAX_PENDING_SCHEDULED_CHANGES + 1, failed: 0 });

    const ran = (
      await t
        .get(`/api/projects/${neighbour.projectId}/scheduled_changes/${theirs.body.id}/`, neighbour.key)
        .expect(200)
    ).body;
    expect(ran).toMatchObject({ executed_at: expect.any(String), failure_reason: null });
    const backlog = (await t.get(`/api/projects/${t.projectId}/scheduled_changes/?limit=1000`).expect(200)).body;
    expect(backlog.count).toBe(MAX_PENDING_SCHEDULED_CHANGES);
    const before = backlog.results.filter(
      (c: { updated_at: string }) => Date.parse(c.updated_at) < Date.parse(ran.updated_at),
    ).length;
    const delay = Date.parse(ran.updated_at) - started;
    console.log(`neighbour ran after ${before} of the backlog, ${delay} ms into a ${total} ms pass`);
    // one turn of the backlog's project (at most 10 changes), then the neighbour's
    expect(before).toBeLessThanOrEqual(10);
    expect(delay).toBeLessThanOrEqual(2000);
    expect(
      (await t.get(`/api/projects/${neighbour.projectId}/feature_flags/${theirFlag.id}/`, neighbour.key).expect(200))
        .body.active,
    ).toBe(false);
  }, 180_000);
});
