import { EventDeletionModule } from '@app/event-deletion';
import { SdkCorsMiddleware, sdkRoutes } from '@app/platform';
import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { CohortsService } from './cohorts.service';
import { CohortsController } from './http/cohorts.controller';
import { IngestionController, INGESTION_PATHS } from './http/ingestion.controller';
import { PersonsController } from './http/persons.controller';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionService } from './ingestion.service';
import { CohortsRepository } from './persistence/cohorts.repository';
import { IngestionRepository } from './persistence/ingestion.repository';
import { PersonsRepository } from './persistence/persons.repository';
import { PersonsService } from './persons.service';

/** Persons, groups, cohorts and the events store; event ingestion, the persons and cohorts APIs. */
@Module({
  imports: [EventDeletionModule],
  controllers: [IngestionController, PersonsController, CohortsController],
  providers: [
    PersonsService,
    PersonsRepository,
    IngestionService,
    IngestionRepository,
    IngestionHooks,
    CohortsService,
    CohortsRepository,
  ],
  exports: [PersonsService, IngestionService, IngestionHooks, CohortsService],
})
export class PersonsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SdkCorsMiddleware).forRoutes(...sdkRoutes(INGESTION_PATHS));
  }
}
