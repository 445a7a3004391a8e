import { PersonsModule } from '@app/persons';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FlagCallCounter, FlagClock } from './flag-calls';
import { FlagEditPolicies } from './flag-edit-policies';
import { FlagDefinitionsCache } from './flag-definitions.cache';
import { FlagEvaluationService } from './flag-evaluation.service';
import { FlagToolsService } from './flag-tools.service';
import { FlagsService } from './flags.service';
import { DashboardsController } from './http/dashboards.controller';
import { FlagEvaluationController } from './http/flag-evaluation.controller';
import { FlagsController } from './http/flags.controller';
import { FlagVersionsController } from './http/flag-versions.controller';
import { OfrepController } from './http/ofrep.controller';
import { OrganizationFlagsController } from './http/organization-flags.controller';
import { RemoteConfigController } from './http/remote-config.controller';
import { ScheduledChangesController } from './http/scheduled-changes.controller';
import { SdkController } from './http/sdk.controller';
import { DashboardsRepository } from './persistence/dashboards.repository';
import { FlagRecord } from './persistence/flag.record';
import { FlagsRepository } from './persistence/flags.repository';
import { HashKeyOverridesRepository } from './persistence/hash-key-overrides.repository';
import { ScheduledChangesRepository } from './persistence/scheduled-changes.repository';
import { ScheduledChangesService } from './scheduled-changes.service';

/**
 * Feature flags: the management API (project and organization level), evaluation (the SDK,
 * OFREP, remote-config and helper endpoints, over definitions compiled once per change) and the
 * flag tools.
 */
@Module({
  imports: [TypeOrmModule.forFeature([FlagRecord]), PersonsModule],
  // The helpers controller comes before FlagsController, whose `GET :id` would take their paths.
  controllers: [
    FlagEvaluationController,
    FlagsController,
    FlagVersionsController,
    OrganizationFlagsController,
    SdkController,
    OfrepController,
    RemoteConfigController,
    DashboardsController,
    ScheduledChangesController,
  ],
  providers: [
    FlagClock,
    FlagCallCounter,
    FlagsService,
    FlagsRepository,
    FlagEditPolicies,
    DashboardsRepository,
    HashKeyOverridesRepository,
    FlagDefinitionsCache,
    FlagEvaluationService,
    FlagToolsService,
    ScheduledChangesRepository,
    ScheduledChangesService,
  ],
  exports: [FlagsService, FlagEditPolicies, FlagEvaluationService, ScheduledChangesService, FlagClock, FlagCallCounter],
})
export class FlagsModule {}
