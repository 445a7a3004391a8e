/** @sql-sensitive outbox rows written in the writer's transaction */
import { EventDefinitionsService } from '@app/event-definitions';
import { FlagsService } from '@app/flags';
import { DomainError } from '@app/platform';
import { WebhooksService } from '@app/webhooks';
import { waitFor } from '../../support/poll';
import { serverUrl } from '../../support/test-database';
import { Services, startServices } from '../support/services';

/**
 * The webhooks' transactional outbox, on the real tables: a flag or event-definition change and
 * its messages commit together (one per enabled subscription to the event); a change that rolls
 * back (an edit, a soft delete), is refused or changes nothing leaves no message; nobody else's subscription hears of it;
 * a subscription deleted while a change is saved is skipped (on PostgreSQL, where the two run at
 * once), not a failed save.
 */
describe('the webhook outbox: messages in the transaction of their change', () => {
  let s: Services;
  let flags: FlagsService;
  let webhooks: WebhooksService;
  let all: number;
  let updates: number;
  let off: number;
  let n = 0;

  /** A public literal address: no DNS at save, and nothing sends (no scheduler here). */
  const url = () => `http://93.184.215.14/hook-${++n}`;

  async function messages(webhookId: number): Promise<Array<{ event: string; payload: Record<string, unknown> }>> {
    return s.ds.query(`SELECT event, payload FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`, [
      webhookId,
    ]);
  }

  beforeAll(async () => {
    s = await startServices();
    flags = s.get(FlagsService);
    webhooks = s.get(WebhooksService);
    const events = ['feature_flag.created', 'feature_flag.updated', 'feature_flag.deleted', 'event_definition.updated'];
    all = (await webhooks.create(s.project, s.actor, { url: url(), events })).webhook.id;
    updates = (await webhooks.create(s.project, s.actor, { url: url(), events: ['feature_flag.updated'] })).webhook.id;
    off = (await webhooks.create(s.project, s.actor, { url: url(), events, enabled: false })).webhook.id;
  });
  afterAll(() => s?.close());

  it('writes one message per enabled subscription to the event, with the object and the activity entry', async () => {
    const before = { all: (await messages(all)).length, updates: (await messages(updates)).length };
    const { flag } = await flags.create(s.project, s.actor, { key: `outbox-${++n}`, name: 'Before' });
    await flags.update(s.project, s.actor, flag.id, { name: 'After' });
    const mine = (await messages(all)).slice(before.all);
    expect(mine.map((m) => m.event)).toEqual(['feature_flag.created', 'feature_flag.updated']);
    expect(mine[1].payload).toMatchObject({
      type: 'feature_flag.updated',
      data: {
        object: { id: flag.id, name: 'After', version: 2 },
        activity: { activity: 'updated', item_id: String(flag.id), user: { id: s.actor.userId } },
      },
    });
    expect((await messages(updates)).slice(before.updates).map((m) => m.event)).toEqual(['feature_flag.updated']);
    expect(await messages(off)).toEqual([]);
  });

  it('writes nothing for a change that rolls back, is refused or changes nothing', async () => {
    const { flag } = await flags.create(s.project, s.actor, { key: `rollback-${++n}`, name: 'Kept' });
    const count = (await messages(all)).length;
    const rolledBack = s.ds.transaction(async (m) => {
      await flags.changeOnBehalf(m, s.project.id, s.actor.userId, flag.id, () => ({ name: 'Rolled back' }), {
        job_type: 'test',
        job_id: '1',
        payload: null,
      });
      expect(
        (await m.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1`, [all]))[0].n,
      ).toBe(count + 1);
      throw new Error('the rest of the transaction failed');
    });
    await expect(rolledBack).rejects.toThrow('the rest of the transaction failed');
    await expect(flags.update(s.project, s.actor, flag.id, { key: 'not a key!' })).rejects.toBeInstanceOf(DomainError);
    await flags.update(s.project, s.actor, flag.id, { name: 'Kept' });
    expect((await messages(all)).length).toBe(count);
    expect((await flags.get(s.project, s.actor, flag.id)).flag.name).toBe('Kept');
  });

  it('writes no feature_flag.deleted for a soft delete that rolls back, and one when it commits', async () => {
    const { flag } = await flags.create(s.project, s.actor, { key: `soft-delete-${++n}` });
    const count = (await messages(all)).length;
    const trigger = { job_type: 'test', job_id: '2', payload: null };
    const rolledBack = s.ds.transaction(async (m) => {
      await flags.changeOnBehalf(m, s.project.id, s.actor.userId, flag.id, () => ({ deleted: true }), trigger);
      const inside: Array<{ event: string }> = await m.query(
        `SELECT event FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`,
        [all],
      );
      expect(inside.slice(count).map((r) => r.event)).toEqual(['feature_flag.deleted']);
      throw new Error('the rest of the transaction failed');
    });
    await expect(rolledBack).rejects.toThrow('the rest of the transaction failed');
    expect((await messages(all)).length).toBe(count);
    expect((await flags.get(s.project, s.actor, flag.id)).flag.deleted).toBe(false);

    await flags.update(s.project, s.actor, flag.id, { deleted: true });
    const [message, ...more] = (await messages(all)).slice(count);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      event: 'feature_flag.deleted',
      payload: { type: 'feature_flag.deleted', data: { object: { id: flag.id, deleted: true } } },
    });
  });

  it('reports an event definition edit as event_definition.updated', async () => {
    await s.ds.query(`INSERT INTO event_definitions (project_id, name) VALUES ($1, 'outbox event')`, [s.project.id]);
    const [{ id }] = await s.ds.query(
      `SELECT id FROM event_definitions WHERE project_id = $1 AND name = 'outbox event'`,
      [s.project.id],
    );
    const count = (await messages(all)).length;
    await s.get(EventDefinitionsService).update(s.actor, s.project, id, { tags: ['billing'] });
    const [message] = (await messages(all)).slice(count);
    expect(message.payload).toMatchObject({
      type: 'event_definition.updated',
      data: { object: { id, name: 'outbox event', tags: ['billing'] }, activity: { scope: 'EventDefinition' } },
    });
  });

  (serverUrl() ? it : it.skip)(
    'a subscription deleted while a change is being saved: the save commits, with no message for it',
    async () => {
      const doomed = (await webhooks.create(s.project, s.actor, { url: url(), events: ['feature_flag.updated'] }))
        .webhook.id;
      const { flag } = await flags.create(s.project, s.actor, { key: `race-${++n}`, name: 'Before' });
      const before = (await messages(all)).length;
      const deleting = s.ds.createQueryRunner();
      await deleting.connect();
      try {
        await deleting.startTransaction();
        await deleting.query(`DELETE FROM webhooks WHERE id = $1`, [doomed]);
        const saving = flags.update(s.project, s.actor, flag.id, { name: 'Saved meanwhile' });
        saving.catch(() => undefined);
        // The save reaches the subscription being deleted and waits for that transaction.
        await waitFor(async () => {
          const [{ n: waiting }] = await s.ds.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return waiting > 0 ? true : undefined;
        });
        await deleting.commitTransaction();
        await expect(saving).resolves.toBeDefined();
      } finally {
        if (deleting.isTransactionActive) await deleting.rollbackTransaction();
        await deleting.release();
      }
      expect((await flags.get(s.project, s.actor, flag.id)).flag.name).toBe('Saved meanwhile');
      expect(await messages(doomed)).toEqual([]);
      expect((await messages(all)).slice(before).map((m) => m.event)).toEqual(['feature_flag.updated']);
    },
  );
});
