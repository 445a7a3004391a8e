import { EventDefinitionsModule } from '@app/event-definitions';
import { EventDeletionModule } from '@app/event-deletion';
import { CohortsModule } from '@app/cohorts';
import { PersonAnalyticsModule } from '@app/person-analytics';
import { PersonsModule } from '@app/persons';
import { FlagsModule } from '@app/flags';
import { JsonLogger, PlatformHttpModule, PlatformModule } from '@app/platform';
import { RolesModule } from '@app/roles';
import { TargetingLimits } from '@app/targeting';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { scheduledJobs } from '../../worker/src/scheduled-jobs';
import { ApiConfig } from './api.config';

/** The targeting limits every context's filters are checked and evaluated against. */
@Global()
@Module({})
class TargetingLimitsModule {
  static forRoot(limits: TargetingLimits): DynamicModule {
    const provider = { provide: TargetingLimits, useValue: limits };
    return { module: TargetingLimitsModule, global: true, providers: [provider], exports: [provider] };
  }
}

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
      ],
    };
  }
}
