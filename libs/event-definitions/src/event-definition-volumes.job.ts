import { JsonLogger, metrics } from '@app/platform';
import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
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
 * Refreshes every project's `volume_30_day` on an interval (EVENT_DEFINITION_VOLUME_REFRESH_MINUTES).
 * Registered with @nestjs/schedule's registry at start, since the interval comes from the
 * configuration (a decorator's interval is fixed when the class is defined). One run at a time:
 * a tick while a run is still going is skipped. Shutdown waits for the current chunk.
 */
@Injectable()
export class EventDefinitionVolumesJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  static readonly INTERVAL_NAME = 'event-definition-volumes';
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly definitions: EventDefinitionsService,
    private readonly registry: SchedulerRegistry,
    private readonly logger: JsonLogger,
    @Inject(VOLUME_REFRESH_OPTIONS) private readonly options: VolumeRefreshOptions,
  ) {}

  onApplicationBootstrap(): void {
    const name = EventDefinitionVolumesJob.INTERVAL_NAME;
    this.registry.addInterval(
      name,
      setInterval(() => void this.run(), this.options.refreshMinutes * 60_000),
    );
    this.registry.addTimeout(
      `${name}-first`,
      setTimeout(() => void this.run(), FIRST_RUN_DELAY_MS),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** One refresh of every project, unless one is running already (then that one's promise). */
  run(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.running ??= this.refresh().finally(() => (this.running = undefined));
    return this.running;
  }

  private async refresh(): Promise<void> {
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
