import { EnvInt, HttpConfig } from '@app/platform';
import { withTargetingLimits } from './targeting-limits';

/**
 * The worker process's environment (see .env.example). It runs the services of the contexts its
 * jobs use (flags, for scheduled changes), which read the service limits kept in HttpConfig
 * (dependency chains, CSV columns); the worker serves no API, so PORT and HOST go unused.
 */
export class WorkerConfig extends withTargetingLimits(HttpConfig) {
  /** Port of the worker's GET /_health and GET /_metrics (0: any free port). */
  @EnvInt(0, 65535)
  WORKER_PORT = 8001;
}
