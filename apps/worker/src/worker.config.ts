import { PlatformConfig } from '@app/platform';

/** The worker process's environment (see .env.example). */
export class WorkerConfig extends PlatformConfig {}
