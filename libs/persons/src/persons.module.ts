import { EventDeletionModule } from '@app/event-deletion';
import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { AnalyticsService } from './analytics.service';
import { AnalyticsController } from './http/analytics.controller';
import { IngestionController, INGESTION_PATHS } from './http/ingestion.controller';
import { PersonsController } from './http/persons.controller';
import { SdkCorsMiddleware } from './http/sdk-cors.middleware';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionService } from './ingestion.service';
import { AnalyticsRepository } from './persistence/analytics.queries';
import { IngestionRepository } from './persistence/ingestion.repository';
import { PersonsRepository } from './persistence/persons.repository';
import { PersonsService } from './persons.service';

/** Persons, groups and the events store; event ingestion and the persons API. */
@Module({
  imports: [EventDeletionModule],
  // Analytics first: its /persons/trends etc. would otherwise be taken by the persons controller's :id routes.
  controllers: [IngestionController, AnalyticsController, PersonsController],
  providers: [
    PersonsService,
    PersonsRepository,
    IngestionService,
    IngestionRepository,
    IngestionHooks,
    AnalyticsService,
    AnalyticsRepository,
  ],
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
