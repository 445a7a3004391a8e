import { IntervalJob, JsonLogger } from '@app/platform';
import { DynamicModule, Injectable, Module } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EventPartitionsService } from './event-partitions.service';
import { PersonsModule } from './persons.module';

const HOUR_MS = 3_600_000;

/**
 * Keeps the events' monthly partitions (EventPartitionsService) at start and every hour, in the
 * worker (and the API with SCHEDULER_ENABLED).
 */
@Injectable()
export class EventPartitionsJob extends IntervalJob {
  constructor(
    private readonly partitions: EventPartitionsService,
    private readonly logger: JsonLogger,
    registry: SchedulerRegistry,
  ) {
    super(registry, 'event-partitions', HOUR_MS, 0);
  }

  protected async pass(): Promise<void> {
    try {
      const { created, dropped } = await this.partitions.maintain();
      if (created + dropped > 0) this.logger.entry('info', 'event partitions kept', { created, dropped });
    } catch (e) {
      this.logger.entry('warn', 'event partitions could not be kept', { error: String(e) });
    }
  }
}

/** The partitions job, for a process that runs scheduled jobs. Needs `ScheduleModule.forRoot()`. */
@Module({})
export class EventPartitionsScheduleModule {
  static forRoot(): DynamicModule {
    return { module: EventPartitionsScheduleModule, imports: [PersonsModule], providers: [EventPartitionsJob] };
  }
}
