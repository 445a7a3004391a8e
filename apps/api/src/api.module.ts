import { EventDeletionModule } from '@app/event-deletion';
import { PersonsModule } from '@app/persons';
import { JsonLogger, PlatformHttpModule, PlatformModule } from '@app/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { scheduledJobs } from '../../worker/src/scheduled-jobs';
import { ApiConfig } from './api.config';

@Module({})
export class ApiModule {
  static forRoot(config: ApiConfig, logger: JsonLogger): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config, logger),
        PlatformHttpModule,
        EventDeletionModule,
        PersonsModule,
        // The worker's scheduled jobs, in this process too (a single-process deployment).
        ...(config.SCHEDULER_ENABLED ? scheduledJobs(config) : []),
      ],
    };
  }
}
