import { FlagDefinitionChangesModule } from '@app/flag-definition-changes';
import { EventDeletionModule } from '@app/event-deletion';
import { Module } from '@nestjs/common';
import { CsvExports } from './http/csv';
import { IngestionController } from './http/ingestion.controller';
import { PersonsController } from './http/persons.controller';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionService } from './ingestion.service';
import { IngestionRepository } from './persistence/ingestion.repository';
import { PersonsRepository } from './persistence/persons.repository';
import { EventPartitionsService } from './event-partitions.service';
import { EventPartitionsRepository } from './persistence/event-partitions.repository';
import { PersonsService } from './persons.service';

/** Persons, groups, distinct ids and the events store; event ingestion and the persons API. */
@Module({
  imports: [EventDeletionModule, FlagDefinitionChangesModule],
  controllers: [IngestionController, PersonsController],
  providers: [
    PersonsService,
    PersonsRepository,
    IngestionService,
    IngestionRepository,
    IngestionHooks,
    CsvExports,
    EventPartitionsRepository,
    EventPartitionsService,
  ],
  exports: [PersonsService, IngestionService, IngestionHooks, CsvExports, EventPartitionsService],
})
export class PersonsModule {}
