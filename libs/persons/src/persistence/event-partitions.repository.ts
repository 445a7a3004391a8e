import { queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface EventPartition {
  name: string;
  /** The month's first instant (UTC), or null for the default partition. */
  from: Date | null;
}

/** The monthly partitions of `events` (migration 1766300000000 has the SQL functions). */
@Injectable()
export class EventPartitionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Creates the month of `at` (its rows move out of the default partition); false when it exists. */
  async ensure(at: Date): Promise<boolean> {
    const [row] = await queryRows<{ created: boolean }>(this.ds, `SELECT events_ensure_partition($1) AS created`, [at]);
    return row.created;
  }

  /** The months, from `since` on, that have events waiting in the default partition. */
  async monthsInDefault(since: Date, until: Date): Promise<Date[]> {
    const rows = await queryRows<{ month: Date }>(
      this.ds,
      `SELECT DISTINCT date_trunc('month', timestamp, 'UTC') AS month FROM events_default
        WHERE timestamp >= $1 AND timestamp < $2 ORDER BY 1`,
      [since, until],
    );
    return rows.map((r) => new Date(r.month));
  }

  /** Drops the months that end at or before `cutoff`, and deletes older events of the default partition. */
  async dropBefore(cutoff: Date): Promise<number> {
    const [row] = await queryRows<{ dropped: number }>(this.ds, `SELECT events_drop_partitions_before($1) AS dropped`, [
      cutoff,
    ]);
    return row.dropped;
  }

  async list(): Promise<EventPartition[]> {
    const rows = await queryRows<{ name: string; bound: string }>(
      this.ds,
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'events'::regclass ORDER BY c.relname`,
    );
    return rows.map((r) => {
      const m = /^events_p(\d{4})_(\d{2})$/.exec(r.name);
      return { name: r.name, from: m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null };
    });
  }
}
