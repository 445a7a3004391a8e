import { JsonLogger } from '@app/platform';
import { Injectable, Module } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { FlagsModule } from './flags.module';
import { ScheduledChangesService } from './scheduled-changes.service';

/** The runner's job in `@nestjs/schedule`'s registry. */
export const SCHEDULED_CHANGES_CRON_NAME = 'scheduled-changes';

@Injectable()
class ScheduledChangesCron {
  constructor(
    private readonly changes: ScheduledChangesService,
    private readonly logger: JsonLogger,
  ) {}

  /** Every minute: a change runs within a minute of its `scheduled_at`. */
  @Cron('* * * * *', { name: SCHEDULED_CHANGES_CRON_NAME, timeZone: 'UTC', waitForCompletion: true })
  async fire(): Promise<void> {
    try {
      const { executed, failed } = await this.changes.runDue();
      if (executed + failed > 0) this.logger.entry('info', 'scheduled changes ran', { executed, failed });
    } catch (e) {
      // The database is away: the next minute tries again.
      this.logger.entry('warn', 'scheduled changes could not run', { error: String(e) });
    }
  }
}

/**
 * The scheduled-changes runner on its schedule, for a process that runs scheduled jobs (the
 * worker; the API with SCHEDULER_ENABLED). Needs `ScheduleModule.forRoot()` in the app.
 */
@Module({ imports: [FlagsModule], providers: [ScheduledChangesCron] })
export class ScheduledChangesScheduleModule {}
