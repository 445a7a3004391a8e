import { JsonLogger, metrics, PlatformConfig } from '@app/platform';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { BatchResult, EventDeletionService } from './event-deletion.service';

const pendingRequests = metrics.gauge(
  'event_deletion_requests_pending',
  'Event-deletion requests not verified yet, as of the end of the last batch run in this process.',
);
const eventsDeleted = metrics.counter('event_deletion_events_deleted_total', 'Events deleted by the deletion batch.');
const requestsCompleted = metrics.counter(
  'event_deletion_requests_completed_total',
  'Event-deletion requests verified (none of the person’s events left).',
);
const requestFailures = metrics.counter(
  'event_deletion_request_failures_total',
  'Event-deletion requests given back with an error (retried by the next run).',
);
const batchDuration = metrics.histogram(
  'event_deletion_batch_duration_seconds',
  'Duration of event-deletion batch runs.',
  [1, 10, 60, 300, 900, 1800, 3600, 7200, 14_400, 43_200, 86_400],
);
const lastRunEnd = metrics.gauge(
  'event_deletion_last_run_end_timestamp_seconds',
  'When the last event-deletion batch run in this process ended (Unix time).',
);

// Counters show 0 before the first run rather than nothing.
for (const counter of [eventsDeleted, requestsCompleted, requestFailures]) counter.inc({}, 0);

export type BatchTrigger = 'schedule' | 'cli' | 'test';

/**
 * One run of the event-deletion batch, as the schedule and the CLI start it: at most one per
 * process at a time, logged and measured, stopped between two chunks when the app shuts down.
 */
@Injectable()
export class EventDeletionJob implements BeforeApplicationShutdown {
  private current: Promise<BatchResult> | undefined;
  private readonly stopping = new AbortController();

  constructor(
    private readonly deletions: EventDeletionService,
    private readonly config: PlatformConfig,
    private readonly logger: JsonLogger,
  ) {}

  /** The run's result; null when a run was already going on in this process (it is not waited for). */
  async run(trigger: BatchTrigger): Promise<BatchResult | null> {
    if (this.current) {
      this.logger.entry('warn', 'event deletion batch already running in this process; not started again', {
        trigger,
      });
      return null;
    }
    this.current = this.execute(trigger);
    try {
      return await this.current;
    } finally {
      this.current = undefined;
    }
  }

  /** Sets the pending-requests gauge (at boot of a process that runs the schedule). */
  async refreshPending(): Promise<void> {
    pendingRequests.set(await this.deletions.pendingCount());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.current?.catch(() => {});
  }

  private async execute(trigger: BatchTrigger): Promise<BatchResult> {
    const started = process.hrtime.bigint();
    const chunkSize = this.config.EVENT_DELETION_CHUNK_SIZE;
    const pending = await this.deletions.pendingCount();
    pendingRequests.set(pending);
    this.logger.entry('info', 'event deletion batch started', { trigger, pending, chunk_size: chunkSize });
    try {
      const result = await this.deletions.runBatch({
        chunkSize,
        signal: this.stopping.signal,
        onChunk: (request, deleted, total) => {
          eventsDeleted.inc({}, deleted);
          this.logger.entry('debug', 'event deletion chunk', {
            request_id: request.id,
            project_id: request.projectId,
            deleted,
            total_deleted: total,
          });
        },
        onRequest: (o) => {
          if (o.status === 'done') requestsCompleted.inc();
          if (o.status === 'failed') requestFailures.inc();
          this.logger.entry(o.status === 'failed' ? 'error' : 'info', `event deletion request ${o.status}`, {
            deletion_request_id: o.id,
            project_id: o.projectId,
            person_uuid: o.personUuid,
            events_deleted: o.eventsDeleted,
            total_deleted: o.totalDeleted,
            ...(o.error ? { error: o.error } : {}),
          });
        },
      });
      pendingRequests.set(result.pending);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.logger.entry(
        result.stopped ? 'warn' : 'info',
        `event deletion batch ${result.stopped ? 'stopped' : 'done'}`,
        {
          trigger,
          events_deleted: result.eventsDeleted,
          requests_done: result.outcomes.filter((o) => o.status === 'done').length,
          requests_failed: result.outcomes.filter((o) => o.status === 'failed').length,
          requests_busy: result.busy,
          pending: result.pending,
          duration_s: Math.round(seconds * 1000) / 1000,
        },
      );
      return result;
    } catch (e) {
      this.logger.entry('error', 'event deletion batch failed', {
        trigger,
        error: e instanceof Error ? e.message : String(e),
      });
      throw e;
    } finally {
      batchDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
      lastRunEnd.set(Date.now() / 1000);
    }
  }
}
