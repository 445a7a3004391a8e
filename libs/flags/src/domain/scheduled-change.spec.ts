import { DomainError } from '@app/platform/errors/domain-error';
import { checkCanManage, checkSchedule } from './scheduled-change';

const now = new Date('2026-06-01T00:00:00Z');
const recurring = (cron: string) => () =>
  checkSchedule(
    {
      record_id: '1',
      model_name: 'FeatureFlag',
      payload: { operation: 'update_status', value: true },
      scheduled_at: '2026-06-02T00:00:00Z',
      is_recurring: true,
      cron_expression: cron,
    },
    now,
  );

function refusal(run: () => unknown): { kind: string; attr: string | null; detail: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, attr: e.attr, detail: e.detail };
    throw e;
  }
  throw new Error('not refused');
}

describe('recurring schedules: at most once an hour', () => {
  it.each(['0 * * * *', '59 */2 * * *', '30 9 * * 1-5', '0 0 29 2 *', '0-0 * * * *', '*/60 * * * *'])(
    'accepts %s',
    (cron) => {
      expect(recurring(cron)().cronExpression).toBe(cron);
    },
  );

  it.each(['* * * * *', '*/5 * * * *', '0,30 * * * *', '0,59 9 * * 1', '58-59 23 31 12 *', '0,1 0 1 1 *'])(
    'refuses %s, naming cron_expression',
    (cron) => {
      expect(refusal(recurring(cron))).toMatchObject({
        kind: 'invalid',
        attr: 'cron_expression',
        detail: /at most once an hour/,
      });
    },
  );

  it('refuses an expression that never fires, or a longer one than is kept', () => {
    expect(refusal(recurring('0 0 31 4 *'))).toMatchObject({
      attr: 'cron_expression',
      detail: 'This cron expression never runs.',
    });
    expect(refusal(recurring(`0 9 * * ${'1,'.repeat(60)}2`))).toMatchObject({
      attr: 'cron_expression',
      detail: /at most 100/,
    });
  });
});

describe('who may edit or delete a scheduled change', () => {
  it('is its creator or an organization admin; nobody else, and nobody but admins once the creator is gone', () => {
    expect(() => checkCanManage({ createdById: 7 }, 7, false)).not.toThrow();
    expect(() => checkCanManage({ createdById: 7 }, 8, true)).not.toThrow();
    expect(() => checkCanManage({ createdById: null }, 8, true)).not.toThrow();
    expect(refusal(() => checkCanManage({ createdById: 7 }, 8, false))).toMatchObject({
      kind: 'forbidden',
      attr: null,
    });
    expect(refusal(() => checkCanManage({ createdById: null }, 8, false)).kind).toBe('forbidden');
  });
});
