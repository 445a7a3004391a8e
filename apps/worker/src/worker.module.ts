import { EventDefinitionsModule } from '@app/event-definitions';
import { JsonLogger, PlatformModule } from '@app/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { scheduledJobs } from './scheduled-jobs';
import { TargetingLimitsModule } from './targeting-limits';
import { WorkerConfig } from './worker.config';

/** Background jobs on the platform, without the API. */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig, logger: JsonLogger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot(config, logger),
        TargetingLimitsModule.forRoot(config.targetingLimits()),
        ...scheduledJobs(config),
        EventDefinitionsModule.forWorker({ volumeRefreshMinutes: config.EVENT_DEFINITION_VOLUME_REFRESH_MINUTES }),
      ],
    };
  }
}
