import { FlagDefinitionChangesModule } from '@app/flag-definition-changes';
import { EventDeletionModule } from '@app/event-deletion';
import { Module } from '@nestjs/common';
import { AnalyticsService } from './analytics.service';
import { CohortsService } from './cohorts.service';
import { AnalyticsController } from './http/analytics.controller';
import { CohortsController } from './http/cohorts.controller';
import { CsvExports } from './http/csv';
import { IngestionController } from './http/ingestion.controller';
import { PersonsController } from './http/persons.controller';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionService } from './ingestion.service';
import { AnalyticsRepository } from './persistence/analytics.queries';
import { CohortsRepository } from './persistence/cohorts.repository';
import { IngestionRepository } from './persistence/ingestion.repository';
import { PersonsRepository } from './persistence/persons.repository';
import { PersonsService } from './persons.service';

/** Persons, groups, cohorts and the events store; event ingestion, the persons and cohorts APIs. */
@Module({
  imports: [EventDeletionModule, FlagDefinitionChangesModule],
  // Analytics first: its /persons/trends etc. would otherwise be taken by the persons controller's :id routes.
  controllers: [IngestionController, AnalyticsController, PersonsController, CohortsController],
  providers: [
    PersonsService,
    PersonsRepository,
    IngestionService,
    IngestionRepository,
    IngestionHooks,
    AnalyticsService,
    AnalyticsRepository,
    CohortsService,
    CohortsRepository,
    CsvExports,
  ],
  exports: [PersonsService, IngestionService, IngestionHooks, CohortsService],
})
export class PersonsModule {}
