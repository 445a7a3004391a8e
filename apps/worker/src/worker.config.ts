import { EnvInt, PlatformConfig } from '@app/platform';

/** The worker process's environment (see .env.example). */
export class WorkerConfig extends PlatformConfig {
  /** Minutes between two refreshes of the event definitions' volume_30_day. */
  @EnvInt(1, 10_080)
  EVENT_DEFINITION_VOLUME_REFRESH_MINUTES = 60;
}
