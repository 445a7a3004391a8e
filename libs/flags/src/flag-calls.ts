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

/** Counts of one flag on one day, as written. */
interface FlagCount extends Pending {
  flagId: number;
  day: string;
}

/**
 * Flag evaluations counted per flag and day (UTC) in memory and written in one statement per
 * interval (FLAG_CALLS_FLUSH_SECONDS) and at shutdown, as PostHog counts them (/flags, /decide,
 * OFREP, local-evaluation polls): the SDK paths never write per request; a crash loses at most
 * one interval. A failed write keeps its counts for the next one.
 *
 * A request for every active flag counts the project snapshot's list of their ids once (the same
 * array for every request until the next change): O(1) per request instead of one map entry per
 * flag. Other requests count per flag, so memory stays bounded by flags and snapshots, not by
 * requests; the lists are spread into per-flag counts when written.
 */
@Injectable()
export class FlagCallCounter implements OnModuleInit, OnApplicationShutdown {
  /** Per day, what was called and how often: a snapshot's list of flag ids, or one flag id. */
  private pending = new Map<string, Map<readonly number[] | number, Pending>>();
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

  /**
   * One call of each of `flagIds` (flags of `projectId`), now. `shared`: the list is one that
   * many requests pass and nobody changes (a snapshot's active flags), counted as one entry.
   */
  record(projectId: number, flagIds: readonly number[], shared = false): void {
    if (flagIds.length === 0) return;
    const now = this.clock.now();
    const day = now.toISOString().slice(0, 10);
    let counted = this.pending.get(day);
    if (!counted) this.pending.set(day, (counted = new Map()));
    if (shared) add(counted, flagIds, projectId, 1, now);
    else for (const flagId of flagIds) add(counted, flagId, projectId, 1, now);
  }

  /** Writes what was counted since the last write (one at a time). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = perFlag(this.pending);
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
        let counted = this.pending.get(b.day);
        if (!counted) this.pending.set(b.day, (counted = new Map()));
        add(counted, b.flagId, b.projectId, b.count, b.last);
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

function add(
  counted: Map<readonly number[] | number, Pending>,
  key: readonly number[] | number,
  projectId: number,
  count: number,
  at: Date,
): void {
  const entry = counted.get(key);
  if (entry) {
    entry.count += count;
    if (at > entry.last) entry.last = at;
  } else counted.set(key, { projectId, count, last: at });
}

/** The counted lists spread into one count per flag and day (the latest call of each). */
function perFlag(pending: ReadonlyMap<string, ReadonlyMap<readonly number[] | number, Pending>>): FlagCount[] {
  const counts = new Map<string, FlagCount>();
  for (const [day, counted] of pending) {
    for (const [ids, { projectId, count, last }] of counted) {
      for (const flagId of typeof ids === 'number' ? [ids] : ids) {
        const key = `${flagId}:${day}`;
        const entry = counts.get(key);
        if (entry) {
          entry.count += count;
          if (last > entry.last) entry.last = last;
        } else counts.set(key, { flagId, projectId, day, count, last });
      }
    }
  }
  return [...counts.values()];
}
