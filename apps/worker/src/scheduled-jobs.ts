import { EventDeletionScheduleModule } from '@app/event-deletion';
import { PlatformConfig } from '@app/platform';
import { DynamicModule } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';

/**
 * Every scheduled job, with the scheduler that fires them. The worker always runs them; the
 * API imports the same list when SCHEDULER_ENABLED is on.
 */
export function scheduledJobs(config: PlatformConfig): DynamicModule[] {
  return [ScheduleModule.forRoot(), EventDeletionScheduleModule.forRoot(config)];
}
