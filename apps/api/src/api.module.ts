import { EventDefinitionsModule } from '@app/event-definitions';
import { EventDeletionModule } from '@app/event-deletion';
import { CohortsModule } from '@app/cohorts';
import { PersonAnalyticsModule } from '@app/person-analytics';
import { PersonsModule } from '@app/persons';
import { FlagsModule } from '@app/flags';
import { JsonLogger, PlatformHttpModule, PlatformModule } from '@app/platform';
import { RolesModule } from '@app/roles';
import { WebhooksModule } from '@app/webhooks';
import { DynamicModule, Module } from '@nestjs/common';
import { scheduledJobs } from '../../worker/src/scheduled-jobs';
import { TargetingLimitsModule } from '../../worker/src/targeting-limits';
import { ApiConfig } from './api.config';

@Module({})
export class ApiModule {
  static forRoot(config: ApiConfig, logger: JsonLogger): DynamicModule {
    const scheduler = config.SCHEDULER_ENABLED;
    return {
      module: ApiModule,
      imports: [
        PlatformModule.forRoot(config, logger),
        PlatformHttpModule,
        TargetingLimitsModule.forRoot(config.targetingLimits()),
        // The worker's scheduled jobs, in this process too (a single-process deployment).
        ...(scheduler ? scheduledJobs(config) : []),
        EventDeletionModule,
        // Before PersonsModule (and every module importing it): Nest registers routes module by
        // module in this order, and /persons/trends and the like must come before /persons/:id.
        PersonAnalyticsModule,
        PersonsModule,
        CohortsModule,
        FlagsModule,
        EventDefinitionsModule.forApi({
          lastSeenRefreshSeconds: config.EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS,
          volumeRefreshMinutes: scheduler ? config.EVENT_DEFINITION_VOLUME_REFRESH_MINUTES : undefined,
        }),
        RolesModule,
        WebhooksModule,
      ],
    };
  }
}
