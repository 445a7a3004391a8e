import { JsonLogger, loadConfig, PlatformConfig } from '@app/platform';
import { Test } from '@nestjs/testing';
import { ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { EVENT_DELETION_CRON_NAME, eventDeletionCron, eventDeletionSchedule } from './event-deletion.cron';
import { EventDeletionJob } from './event-deletion.job';

/** Boots only the scheduler and the cron provider (the job is a fake): what `@nestjs/schedule` makes of the config. */
async function scheduled(env: Record<string, string>) {
  const schedule = eventDeletionSchedule(loadConfig(PlatformConfig, env));
  if (!schedule) throw new Error('schedule is off');
  const runs: string[] = [];
  const run = async (trigger: string) => {
    runs.push(trigger);
    return null;
  };
  const refreshPending = async () => {};
  const moduleRef = await Test.createTestingModule({
    imports: [ScheduleModule.forRoot()],
    providers: [
      eventDeletionCron(schedule),
      { provide: EventDeletionJob, useValue: { run, refreshPending } },
      { provide: JsonLogger, useValue: new JsonLogger('silent') },
    ],
  }).compile();
  await moduleRef.init();
  const job = moduleRef.get(SchedulerRegistry).getCronJob(EVENT_DELETION_CRON_NAME);
  return {
    runs,
    job,
    // As the scheduler computes it: in the job's time zone.
    nextAfter: (iso: string) =>
      job.cronTime.getNextDateFrom(new Date(iso), job.cronTime.timeZone).toJSDate().toISOString(),
    close: () => moduleRef.close(),
  };
}

describe('the event-deletion schedule', () => {
  it.each([
    ['0 0 5 * * 0', 'six fields: seconds are not supported'],
    ['* * * * * *', 'six fields'],
    ['0 5 * *', 'must have five fields'],
    ['@weekly', 'must have five fields'],
    ['0 5 * * sunday', 'in its day-of-week field \\("sunday"\\): Unknown alias'],
    ['61 5 * * 0', 'in its minute field \\("61"\\): Field value \\(61\\) is out of range'],
    ['0 5 * * 9', 'day-of-week field \\("9"\\): Field value \\(9\\) is out of range'],
    ['*/0 * * * *', 'in its minute field \\("\\*/0"\\): Field \\(minute\\) has a step of zero'],
    ['0 5 31 2 *', 'never fires'],
    ['0 5 30 2 *', 'never fires'],
  ])('refuses EVENT_DELETION_CRON=%j at boot, naming the variable', (cron, reason) => {
    expect(() => loadConfig(PlatformConfig, { EVENT_DELETION_CRON: cron })).toThrow(
      new RegExp(`EVENT_DELETION_CRON [^\\n]*${reason}`),
    );
  });

  it('refuses an unknown time zone, naming the variable', () => {
    expect(() => loadConfig(PlatformConfig, { EVENT_DELETION_TIMEZONE: 'Mars/Olympus' })).toThrow(
      /EVENT_DELETION_TIMEZONE must be a time zone such as UTC or Europe\/Paris, got "Mars\/Olympus"/,
    );
  });

  it('is off when EVENT_DELETION_CRON is empty (or blank), on the default when it is unset', () => {
    expect(eventDeletionSchedule(loadConfig(PlatformConfig, { EVENT_DELETION_CRON: '' }))).toBeNull();
    expect(eventDeletionSchedule(loadConfig(PlatformConfig, { EVENT_DELETION_CRON: '  ' }))).toBeNull();
    expect(eventDeletionSchedule(loadConfig(PlatformConfig, {}))).toEqual({ cron: '0 5 * * 0', timeZone: 'UTC' });
    expect(loadConfig(PlatformConfig, {}).EVENT_DELETION_CHUNK_SIZE).toBe(10_000);
  });

  it('fires by default next Sunday at 05:00 UTC', async () => {
    const s = await scheduled({});
    try {
      expect(String(s.job.cronTime.source)).toBe('0 5 * * 0');
      // Wednesday → the coming Sunday; Sunday before 05:00 → that day; at or after 05:00 → a week later.
      expect(s.nextAfter('2025-03-12T10:00:00Z')).toBe('2025-03-16T05:00:00.000Z');
      expect(s.nextAfter('2025-03-16T04:59:00Z')).toBe('2025-03-16T05:00:00.000Z');
      expect(s.nextAfter('2025-03-16T05:00:00Z')).toBe('2025-03-23T05:00:00.000Z');
      expect(s.nextAfter('2025-12-29T00:00:00Z')).toBe('2026-01-04T05:00:00.000Z');
      expect(s.runs).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('reads the expression in EVENT_DELETION_TIMEZONE', async () => {
    const s = await scheduled({ EVENT_DELETION_CRON: '30 2 * * 1', EVENT_DELETION_TIMEZONE: 'Europe/Paris' });
    try {
      // Monday 02:30 in Paris: 01:30 UTC in winter, 00:30 UTC in summer.
      expect(s.nextAfter('2025-01-08T00:00:00Z')).toBe('2025-01-13T01:30:00.000Z');
      expect(s.nextAfter('2025-07-08T00:00:00Z')).toBe('2025-07-14T00:30:00.000Z');
    } finally {
      await s.close();
    }
  });

  it.each([['0 5 29 2 *'], ['0 5 31 2 1'], ['*/15 1-3,22 1/10 JAN-mar fri-7'], ['0 0 31 1-12 *']])(
    'schedules %j, which the config accepts, as the scheduler reads it',
    async (cron) => {
      const s = await scheduled({ EVENT_DELETION_CRON: cron });
      try {
        expect(s.job.nextDate().toMillis()).toBeGreaterThan(Date.now());
      } finally {
        await s.close();
      }
    },
  );

  it('starts the job when it fires', async () => {
    const s = await scheduled({ EVENT_DELETION_CRON: '* * * * *' });
    try {
      await s.job.fireOnTick();
      expect(s.runs).toEqual(['schedule']);
    } finally {
      await s.close();
    }
  });
});
