import { CohortsModule } from '@app/cohorts';
import { PersonsModule } from '@app/persons';
import { Module } from '@nestjs/common';
import { ActorResultsCache, AnalyticsClock } from './actor-results.cache';
import { AnalyticsService } from './analytics.service';
import { AnalyticsController } from './http/person-analytics.controller';
import { ActorsRepository } from './persistence/actors.repository';

/**
 * The persons behind insights (PostHog's persons modal): trends, funnels, paths, lifecycle,
 * stickiness, retention and property values, computed over the events store.
 */
@Module({
  imports: [PersonsModule, CohortsModule],
  // The class keeps its name: OpenAPI operation ids (Analytics_trends, …) are made from it.
  controllers: [AnalyticsController],
  providers: [AnalyticsService, ActorsRepository, ActorResultsCache, AnalyticsClock],
})
export class PersonAnalyticsModule {}
