import { EventDefinitionsModule } from '@app/event-definitions';
import { JsonLogger, PlatformModule } from '@app/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { WorkerConfig } from './worker.config';

/** Background jobs on the platform, without HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig, logger: JsonLogger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config, logger),
        // Once per app: every forRoot() call makes a scheduler of its own.
        ScheduleModule.forRoot(),
        EventDefinitionsModule.forWorker({ volumeRefreshMinutes: config.EVENT_DEFINITION_VOLUME_REFRESH_MINUTES }),
      ],
    };
  }
}
