import { INestApplicationContext } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

export interface ScheduleInfo {
  name: string;
  cron: string;
  timeZone: string | undefined;
  /** The next firing, ISO 8601 in UTC. */
  next: string;
}

/** The cron jobs an app registered with `@nestjs/schedule` (none without ScheduleModule), for the start log. */
export function describeSchedules(app: INestApplicationContext): ScheduleInfo[] {
  let registry: SchedulerRegistry;
  try {
    registry = app.get(SchedulerRegistry, { strict: false });
  } catch {
    return [];
  }
  return [...registry.getCronJobs()].map(([name, job]) => ({
    name,
    cron: String(job.cronTime.source),
    timeZone: job.cronTime.timeZone,
    next: job.nextDate().toJSDate().toISOString(),
  }));
}
