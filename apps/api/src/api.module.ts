import { EventDeletionModule } from '@app/event-deletion';
import { PersonsModule } from '@app/persons';
import { FlagsModule } from '@app/flags';
import { JsonLogger, PlatformHttpModule, PlatformModule } from '@app/platform';
import { RolesModule } from '@app/roles';
import { DynamicModule, Module } from '@nestjs/common';
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
        FlagsModule,
        RolesModule,
      ],
    };
  }
}
