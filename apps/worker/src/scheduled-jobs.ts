import { EventDeletionScheduleModule } from '@app/event-deletion';
import { ScheduledChangesScheduleModule } from '@app/flags';
import { EventPartitionsScheduleModule } from '@app/persons';
import { PlatformConfig } from '@app/platform';
import { RolesModule } from '@app/roles';
import { DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';

/**
 * The scheduler (one per app: every forRoot() makes its own) and the scheduled jobs. The worker
 * always runs them (the event-deletion batch, the scheduled flag changes); the API imports the
 * same list when SCHEDULER_ENABLED is on. The event
 * definitions' volume refresh is an option of EventDefinitionsModule, which both apps import.
 */
export function scheduledJobs(config: PlatformConfig): DynamicModule[] {
  return [
    ScheduleModule.forRoot(),
    EventDeletionScheduleModule.forRoot(config),
    ScheduledChangesScheduleModule.forRoot(config.SCHEDULED_CHANGES_INTERVAL_SECONDS),
    EventPartitionsScheduleModule.forRoot(),
    // A scheduled change is checked against the flag's edit rights, roles' policy included.
    { module: RolesModule },
  ];
}
