import { CohortsModule } from '@app/cohorts';
import { FlagDefinitionChangesModule } from '@app/flag-definition-changes';
import { WebhookOutboxModule } from '@app/webhook-outbox';
import { PersonsModule } from '@app/persons';
import { FlagPayloadCodec } from './flag-payload-codec';
import { FlagRemoteConfigController } from './http/flag-remote-config.controller';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FlagCallCounter, FlagClock } from './flag-calls';
import { FlagEditPolicies } from './flag-edit-policies';
import { ProjectSnapshotsCache } from './project-snapshots.cache';
import { FlagEvaluationService } from './flag-evaluation.service';
import { FlagAudienceService } from './flag-audience.service';
import { FlagsService } from './flags.service';
import { DashboardsController } from './http/dashboards.controller';
import { EarlyAccessFeaturesController } from './http/early-access-features.controller';
import { EarlyAccessFeaturesSdkController } from './http/early-access-features-sdk.controller';
import { EarlyAccessFeaturesService } from './early-access-features.service';
import { EarlyAccessFeaturesRepository } from './persistence/early-access-features.repository';
import { FlagAudienceController } from './http/flag-audience.controller';
import { FlagEvaluationController } from './http/flag-evaluation.controller';
import { FlagsController } from './http/flags.controller';
import { FlagVersionsController } from './http/flag-versions.controller';
import { OfrepController } from './http/ofrep.controller';
import { OrganizationFlagsController } from './http/organization-flags.controller';
import { RemoteConfigController } from './http/remote-config.controller';
import { ScheduledChangesController } from './http/scheduled-changes.controller';
import { SdkController } from './http/sdk.controller';
import { UsageDashboardsController } from './http/usage-dashboards.controller';
import { DashboardsRepository } from './persistence/dashboards.repository';
import { FlagRecord } from './persistence/flag.record';
import { FlagsRepository } from './persistence/flags.repository';
import { HashKeyOverridesRepository } from './persistence/hash-key-overrides.repository';
import { ScheduledChangesRepository } from './persistence/scheduled-changes.repository';
import { ScheduledChangesService } from './scheduled-changes.service';
import { UsageDashboardsService } from './usage-dashboards.service';

/**
 * Feature flags: the management API (project and organization level), evaluation (the SDK,
 * OFREP, remote-config and helper endpoints, over definitions compiled once per change), who a
 * flag reaches (blast radius, static cohorts) and usage dashboards.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([FlagRecord]),
    PersonsModule,
    CohortsModule,
    FlagDefinitionChangesModule,
    WebhookOutboxModule,
  ],
  // The controllers of fixed paths come before FlagsController, whose `GET :id` would take them.
  controllers: [
    FlagEvaluationController,
    FlagAudienceController,
    UsageDashboardsController,
    FlagRemoteConfigController,
    FlagsController,
    FlagVersionsController,
    OrganizationFlagsController,
    SdkController,
    OfrepController,
    RemoteConfigController,
    DashboardsController,
    ScheduledChangesController,
    EarlyAccessFeaturesController,
    EarlyAccessFeaturesSdkController,
  ],
  providers: [
    FlagClock,
    FlagCallCounter,
    FlagsService,
    FlagPayloadCodec,
    FlagsRepository,
    FlagEditPolicies,
    DashboardsRepository,
    HashKeyOverridesRepository,
    ProjectSnapshotsCache,
    FlagEvaluationService,
    FlagAudienceService,
    UsageDashboardsService,
    ScheduledChangesRepository,
    ScheduledChangesService,
    EarlyAccessFeaturesRepository,
    EarlyAccessFeaturesService,
  ],
  exports: [FlagsService, FlagEditPolicies, FlagEvaluationService, ScheduledChangesService, FlagClock, FlagCallCounter],
})
export class FlagsModule {}
