import { FlagDefinitionChangesModule } from '@app/flag-definition-changes';
import { PersonsModule } from '@app/persons';
import { Module } from '@nestjs/common';
import { CohortsService } from './cohorts.service';
import { CohortsController } from './http/cohorts.controller';
import { CohortsRepository } from './persistence/cohorts.repository';

/** Static and dynamic cohorts of persons: the cohorts API, membership, and what flags need of them. */
@Module({
  imports: [PersonsModule, FlagDefinitionChangesModule],
  controllers: [CohortsController],
  providers: [CohortsService, CohortsRepository],
  exports: [CohortsService],
})
export class CohortsModule {}
