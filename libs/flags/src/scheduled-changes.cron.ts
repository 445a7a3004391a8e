import { IntervalJob, JsonLogger } from '@app/platform';
import { DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { FlagsModule } from './flags.module';
import { ScheduledChangesService } from './scheduled-changes.service';

const RUNNER_OPTIONS = Symbol('scheduled changes runner options');

interface RunnerOptions {
  /** Seconds between two passes (SCHEDULED_CHANGES_INTERVAL_SECONDS). */
  intervalSeconds: number;
}

/**
 * Applies the due scheduled changes every SCHEDULED_CHANGES_INTERVAL_SECONDS (60 by default: a
 * change runs within a minute of its `scheduled_at`). Registered with @nestjs/schedule's registry
 * at start (IntervalJob). The runs of several processes exclude each other per change
 * (ScheduledChangesService).
 */
@Injectable()
export class ScheduledChangesRunner extends IntervalJob {
  static readonly INTERVAL_NAME = 'scheduled-changes';

  constructor(
    private readonly changes: ScheduledChangesService,
    registry: SchedulerRegistry,
    private readonly logger: JsonLogger,
    @Inject(RUNNER_OPTIONS) options: RunnerOptions,
  ) {
    super(registry, ScheduledChangesRunner.INTERVAL_NAME, options.intervalSeconds * 1000);
  }

  protected async pass(): Promise<void> {
    try {
      const { executed, failed } = await this.changes.runDue();
      if (executed + failed > 0) this.logger.entry('info', 'scheduled changes ran', { executed, failed });
    } catch (e) {
      // The database is away: the next pass tries again.
      this.logger.entry('warn', 'scheduled changes could not run', { error: String(e) });
    }
  }
}

/**
 * The scheduled-changes runner, for a process that runs scheduled jobs (the worker; the API with
 * SCHEDULER_ENABLED). Needs `ScheduleModule.forRoot()` in the app.
 */
@Module({})
export class ScheduledChangesScheduleModule {
  static forRoot(intervalSeconds: number): DynamicModule {
    return {
      module: ScheduledChangesScheduleModule,
      imports: [FlagsModule],
      providers: [{ provide: RUNNER_OPTIONS, useValue: { intervalSeconds } }, ScheduledChangesRunner],
    };
  }
}
