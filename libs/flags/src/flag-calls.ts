import { HttpConfig, JsonLogger } from '@app/platform';
import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The time the flags' usage rules read (stale flags, call days); tests move it. */
@Injectable()
export class FlagClock {
  now(): Date {
    return new Date();
  }
}

interface Pending {
  projectId: number;
  count: number;
  /** The latest call in this interval. */
  last: Date;
}

/**
 * Flag evaluations counted per flag and day (UTC) in memory and written in one statement per
 * interval (FLAG_CALLS_FLUSH_SECONDS) and at shutdown, as PostHog counts them (/flags, /decide,
 * OFREP, local-evaluation polls): the SDK paths never write per request; a crash loses at most
 * one interval. A failed write keeps its counts for the next one.
 */
@Injectable()
export class FlagCallCounter implements OnModuleInit, OnApplicationShutdown {
  private pending = new Map<string, Pending & { flagId: number; day: string }>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly config: HttpConfig,
    private readonly clock: FlagClock,
    private readonly logger: JsonLogger,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), this.config.FLAG_CALLS_FLUSH_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  /** One call of each of `flagIds` (flags of `projectId`), now. */
  record(projectId: number, flagIds: Iterable<number>): void {
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    for (const flagId of flagIds) {
      const key = `${flagId}:${day}`;
      const entry = this.pending.get(key);
      if (entry) {
        entry.count++;
        if (now > entry.last) entry.last = now;
      } else this.pending.set(key, { flagId, projectId, day, count: 1, last: now });
    }
  }

  /** Writes what was counted since the last write (one at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.ds.transaction(async (m) => {
        // Flags deleted for good meanwhile are skipped (the join), not an error.
        await m.query(
          `INSERT INTO feature_flag_calls (flag_id, project_id, day, count)
           SELECT c.flag_id, c.project_id, c.day, c.count
             FROM unnest($1::int[], $2::int[], $3::date[], $4::bigint[]) AS c(flag_id, project_id, day, count)
             JOIN feature_flags f ON f.id = c.flag_id
           ON CONFLICT (flag_id, day) DO UPDATE SET count = feature_flag_calls.count + EXCLUDED.count`,
          [
            batch.map((b) => b.flagId),
            batch.map((b) => b.projectId),
            batch.map((b) => b.day),
            batch.map((b) => b.count),
          ],
        );
        await m.query(
          `UPDATE feature_flags f SET last_called_at = GREATEST(f.last_called_at, c.last)
             FROM (SELECT flag_id, max(last) AS last FROM unnest($1::int[], $2::timestamptz[]) AS u(flag_id, last)
                    GROUP BY flag_id) AS c
            WHERE f.id = c.flag_id`,
          [batch.map((b) => b.flagId), batch.map((b) => b.last)],
        );
      });
    } catch (e) {
      for (const b of batch) {
        const key = `${b.flagId}:${b.day}`;
        const entry = this.pending.get(key);
        if (entry) {
          entry.count += b.count;
          if (b.last > entry.last) entry.last = b.last;
        } else this.pending.set(key, b);
      }
      this.logger.entry('warn', 'flag call counts could not be written; kept for the next flush', { error: String(e) });
    }
  }

  /**
   * Calls of one flag per day (UTC) over the `days` days up to today, oldest first, days without
   * calls as 0: what has been written (the current interval's counts come with the next flush).
   */
  async perDay(projectId: number, flagId: number, days: number): Promise<Array<{ date: string; count: number }>> {
    const today = this.clock.now();
    const from = new Date(today.getTime() - (days - 1) * 86_400_000);
    const rows: Array<{ date: string; count: string }> = await this.ds.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(c.count, 0) AS count
         FROM generate_series($3::date, $4::date, interval '1 day') AS d(day)
         LEFT JOIN feature_flag_calls c ON c.flag_id = $2 AND c.project_id = $1 AND c.day = d.day::date
        ORDER BY d.day`,
      [projectId, flagId, from.toISOString().slice(0, 10), today.toISOString().slice(0, 10)],
    );
    return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
  }
}
