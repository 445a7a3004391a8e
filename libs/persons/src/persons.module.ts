import { EventDeletionModule } from '@app/event-deletion';
import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { IngestionController, INGESTION_PATHS } from './http/ingestion.controller';
import { PersonsController } from './http/persons.controller';
import { SdkCorsMiddleware } from './http/sdk-cors.middleware';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionService } from './ingestion.service';
import { IngestionRepository } from './persistence/ingestion.repository';
import { PersonsRepository } from './persistence/persons.repository';
import { PersonsService } from './persons.service';

/** Persons, groups and the events store; event ingestion and the persons API. */
@Module({
  imports: [EventDeletionModule],
  controllers: [IngestionController, PersonsController],
  providers: [PersonsService, PersonsRepository, IngestionService, IngestionRepository, IngestionHooks],
  exports: [PersonsService, IngestionService, IngestionHooks],
})
export class PersonsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // POST and OPTIONS only: a middleware for every method would count as a route for every
    // method, and a GET would get 404 instead of 405.
    consumer.apply(SdkCorsMiddleware).forRoutes(
      ...INGESTION_PATHS.flatMap((path) => [
        { path, method: RequestMethod.POST },
        { path, method: RequestMethod.OPTIONS },
      ]),
    );
  }
}
