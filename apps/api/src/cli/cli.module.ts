import { EventDeletionModule } from '@app/event-deletion';
import { JsonLogger, PlatformModule } from '@app/platform';
import { DynamicModule, Module } from '@nestjs/common';
import { ApiConfig } from '../api.config';

/** What CLI commands run on: the platform (database, tenancy, keys) and the deletion queue, without HTTP. */
@Module({})
export class CliModule {
  static forRoot(config: ApiConfig, logger: JsonLogger): DynamicModule {
    return { module: CliModule, imports: [PlatformModule.forRoot(config, logger), EventDeletionModule] };
  }
}
