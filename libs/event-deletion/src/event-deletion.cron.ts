import { JsonLogger, PlatformConfig } from '@app/platform';
import { DynamicModule, Injectable, Module, OnApplicationBootstrap, Type } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { EventDeletionJob } from './event-deletion.job';
import { EventDeletionModule } from './event-deletion.module';

/** The cron job's name in `@nestjs/schedule`'s registry. */
export const EVENT_DELETION_CRON_NAME = 'event-deletion';

export interface CronSchedule {
  cron: string;
  timeZone: string;
}

/** The batch's schedule from EVENT_DELETION_CRON / EVENT_DELETION_TIMEZONE; null when the cron is empty (off). */
export function eventDeletionSchedule(config: PlatformConfig): CronSchedule | null {
  const cron = config.EVENT_DELETION_CRON.trim();
  return cron === '' ? null : { cron, timeZone: config.EVENT_DELETION_TIMEZONE };
}

/**
 * The provider that starts the job on `schedule`. `@Cron` takes its expression when a class is
 * decorated and the expression comes from the environment, so each schedule gets a class of
 * its own (the `cron` package is not ours to import).
 */
export function eventDeletionCron(schedule: CronSchedule): Type<unknown> {
  @Injectable()
  class EventDeletionCron implements OnApplicationBootstrap {
    constructor(
      private readonly job: EventDeletionJob,
      private readonly logger: JsonLogger,
    ) {}

    onApplicationBootstrap(): void {
      this.job.refreshPending().catch((e: unknown) => {
        this.logger.entry('warn', 'could not count pending event deletions', { error: String(e) });
      });
    }

    @Cron(schedule.cron, { name: EVENT_DELETION_CRON_NAME, timeZone: schedule.timeZone, waitForCompletion: true })
    async fire(): Promise<void> {
      // The job logs its own failures; the next firing tries again.
      await this.job.run('schedule').catch(() => {});
    }
  }
  return EventDeletionCron;
}

@Injectable()
class EventDeletionScheduleOff implements OnApplicationBootstrap {
  constructor(private readonly logger: JsonLogger) {}
  onApplicationBootstrap(): void {
    this.logger.entry('info', 'event deletion schedule off (EVENT_DELETION_CRON is empty); run it with the CLI');
  }
}

/**
 * The batch on its schedule, for a process that runs scheduled jobs (the worker; the API with
 * SCHEDULER_ENABLED). Needs `ScheduleModule.forRoot()` in the app.
 */
@Module({})
export class EventDeletionScheduleModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    const schedule = eventDeletionSchedule(config);
    return {
      module: EventDeletionScheduleModule,
      imports: [EventDeletionModule],
      providers: [schedule ? eventDeletionCron(schedule) : EventDeletionScheduleOff],
    };
  }
}
