import { Platform1763700000000 } from './1763700000000-platform';
import { Flags1763800000000 } from './1763800000000-flags';
import { FlagEvaluation1763850000000 } from './1763850000000-flag-evaluation';
import { Persons1763900000000 } from './1763900000000-persons';
import { Cohorts1763950000000 } from './1763950000000-cohorts';
import { EventDefinitions1764000000000 } from './1764000000000-event-definitions';
import { EventDeletion1764100000000 } from './1764100000000-event-deletion';
import { EventDeletionClaims1764150000000 } from './1764150000000-event-deletion-claims';
import { Roles1764200000000 } from './1764200000000-roles';
import { Analytics1764300000000 } from './1764300000000-analytics';
import { PersonsValuesLower1764400000000 } from './1764400000000-persons-values-lower';
import { FlagDependencyIds1765200000000 } from './1765200000000-flag-dependency-ids';
import { TargetingFunctions1765300000000 } from './1765300000000-targeting-functions';
import { ScheduledChanges1765800000000 } from './1765800000000-scheduled-changes';
import { FlagCalls1765820000000 } from './1765820000000-flag-calls';
import { Webhooks1766000000000 } from './1766000000000-webhooks';
import { SignIn1766100000000 } from './1766100000000-sign-in';
import { EventPartitions1766300000000 } from './1766300000000-event-partitions';
import { EventDefinitionDescription1766400000000 } from './1766400000000-event-definition-description';
import { FlagDefinitionVersionStripes1766500000000 } from './1766500000000-flag-definition-version-stripes';
import { WebhookOwner1766600000000 } from './1766600000000-webhook-owner';
import { ScheduledChangeEditor1766700000000 } from './1766700000000-scheduled-change-editor';
import { FlagEvaluationRuntime1766800000000 } from './1766800000000-flag-evaluation-runtime';
import { FlagRemoteConfig1766900000000 } from './1766900000000-flag-remote-config';
import { EarlyAccessFeatures1767000000000 } from './1767000000000-early-access-features';
import { ProjectTimeZone1767100000000 } from './1767100000000-project-time-zone';
import { ProjectSecretApiToken1767100001000 } from './1767100001000-project-secret-api-token';

/**
 * The one linear migration history, oldest first. Every context adds its migrations here (the
 * timestamp in the name orders them); each runs on PostgreSQL and on the embedded PGlite.
 */
export const MIGRATIONS = [
  Platform1763700000000,
  Flags1763800000000,
  FlagEvaluation1763850000000,
  Persons1763900000000,
  Cohorts1763950000000,
  EventDefinitions1764000000000,
  EventDeletion1764100000000,
  EventDeletionClaims1764150000000,
  Roles1764200000000,
  Analytics1764300000000,
  PersonsValuesLower1764400000000,
  FlagDependencyIds1765200000000,
  TargetingFunctions1765300000000,
  ScheduledChanges1765800000000,
  FlagCalls1765820000000,
  Webhooks1766000000000,
  SignIn1766100000000,
  EventPartitions1766300000000,
  EventDefinitionDescription1766400000000,
  FlagDefinitionVersionStripes1766500000000,
  WebhookOwner1766600000000,
  ScheduledChangeEditor1766700000000,
  FlagEvaluationRuntime1766800000000,
  FlagRemoteConfig1766900000000,
  EarlyAccessFeatures1767000000000,
  ProjectTimeZone1767100000000,
  ProjectSecretApiToken1767100001000,
];
