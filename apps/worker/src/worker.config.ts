import { EnvInt, PlatformConfig } from '@app/platform';

/** The worker process's environment (see .env.example). */
export class WorkerConfig extends PlatformConfig {
  /** Port of the worker's GET /_health and GET /_metrics (0: any free port). */
  @EnvInt(0, 65535)
  WORKER_PORT = 8001;
}
