import { EventDefinitionsModule } from '@app/event-definitions';
import { EventDeletionModule } from '@app/event-deletion';
import { PersonsModule } from '@app/persons';
import { FlagsModule } from '@app/flags';
import { JsonLogger, PlatformHttpModule, PlatformModule } from '@app/platform';
import { RolesModule } from '@app/roles';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
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
        // Once per app: every forRoot() call makes a scheduler of its own.
        ...(scheduler ? [ScheduleModule.forRoot()] : []),
        EventDeletionModule,
        PersonsModule,
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
