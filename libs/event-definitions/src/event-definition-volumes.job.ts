import { IntervalJob, JsonLogger, metrics } from '@app/platform';
import { Inject, Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EventDefinitionsService } from './event-definitions.service';

export const VOLUME_REFRESH_OPTIONS = Symbol('VOLUME_REFRESH_OPTIONS');

export interface VolumeRefreshOptions {
  /** Minutes between two refreshes. */
  refreshMinutes: number;
}

const runs = metrics.counter(
  'event_definition_volume_refreshes_total',
  'Runs of the volume_30_day refresh, by outcome.',
  ['outcome'],
);
const duration = metrics.histogram(
  'event_definition_volume_refresh_duration_seconds',
  'Time one volume_30_day refresh of every project took.',
);

// The first run comes shortly after start, so volumes do not stay empty for a whole interval.
const FIRST_RUN_DELAY_MS = 10_000;

/**
 * Refreshes every project's `volume_30_day` on an interval (EVENT_DEFINITION_VOLUME_REFRESH_MINUTES),
 * first shortly after start (IntervalJob: one run at a time; shutdown waits for the current chunk).
 */
@Injectable()
export class EventDefinitionVolumesJob extends IntervalJob {
  static readonly INTERVAL_NAME = 'event-definition-volumes';

  constructor(
    private readonly definitions: EventDefinitionsService,
    registry: SchedulerRegistry,
    private readonly logger: JsonLogger,
    @Inject(VOLUME_REFRESH_OPTIONS) options: VolumeRefreshOptions,
  ) {
    super(registry, EventDefinitionVolumesJob.INTERVAL_NAME, options.refreshMinutes * 60_000, FIRST_RUN_DELAY_MS);
  }

  protected async pass(): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      const result = await this.definitions.refreshVolumes(undefined, { shouldStop: () => this.stopping });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      runs.inc({ outcome: 'success' });
      duration.observe(seconds);
      this.logger.entry('info', 'event definition volumes refreshed', { ...result, seconds });
    } catch (e) {
      runs.inc({ outcome: 'failure' });
      this.logger.entry('error', 'event definition volume refresh failed', {
        error: e instanceof Error ? e.message : String(e),
      });
    }
  }
}
