import { PlatformConfig } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { EventPartitionsRepository } from './persistence/event-partitions.repository';

/** How far back the months waiting in the default partition get their own (as the migration did). */
const BACKFILL_MONTHS = 24;

export interface PartitionsPass {
  created: number;
  dropped: number;
}

function monthStart(at: Date, plusMonths = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + plusMonths, 1));
}

/**
 * Keeps the events' monthly partitions: this month and EVENT_PARTITIONS_AHEAD_MONTHS ahead exist
 * before their events arrive; months of the last two years whose events wait in the default
 * partition (timestamps SDKs sent from the past) get their own; with EVENTS_RETENTION_MONTHS,
 * older months are dropped whole. Safe with several processes (the SQL functions take a lock).
 */
@Injectable()
export class EventPartitionsService {
  constructor(
    private readonly partitions: EventPartitionsRepository,
    private readonly config: PlatformConfig,
  ) {}

  async maintain(now = new Date()): Promise<PartitionsPass> {
    let created = 0;
    let dropped = 0;
    const keep = this.config.EVENTS_RETENTION_MONTHS;
    // Retention first, so that no month is made only to be dropped.
    const cutoff = keep > 0 ? monthStart(now, 1 - keep) : null;
    if (cutoff) dropped = await this.partitions.dropBefore(cutoff);
    const ahead = this.config.EVENT_PARTITIONS_AHEAD_MONTHS;
    for (let i = 0; i <= ahead; i++) if (await this.partitions.ensure(monthStart(now, i))) created++;
    let since = monthStart(now, -BACKFILL_MONTHS);
    if (cutoff && cutoff > since) since = cutoff;
    for (const month of await this.partitions.monthsInDefault(since, monthStart(now, ahead + 1))) {
      if (await this.partitions.ensure(month)) created++;
    }
    return { created, dropped };
  }
}
