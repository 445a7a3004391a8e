import { JsonLogger } from '@app/platform';
import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
} from '@nestjs/common';
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
 * at start, since the interval comes from the configuration. One pass at a time in a process; the
 * runs of several processes exclude each other per change (ScheduledChangesService).
 */
@Injectable()
export class ScheduledChangesRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'scheduled-changes';
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly changes: ScheduledChangesService,
    private readonly registry: SchedulerRegistry,
    private readonly logger: JsonLogger,
    @Inject(RUNNER_OPTIONS) private readonly options: RunnerOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      ScheduledChangesRunner.INTERVAL_NAME,
      setInterval(() => void this.run(), this.options.intervalSeconds * 1000),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** One pass, unless one is running already (then that one's promise). */
  run(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
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
