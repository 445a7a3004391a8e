import { EnvBoolean, EnvInt, EnvOptional, EnvString, HttpConfig } from '@app/platform';
import { Matches } from 'class-validator';
import { withTargetingLimits } from '../../worker/src/targeting-limits';

/** The API process's environment (see .env.example). */
export class ApiConfig extends withTargetingLimits(HttpConfig) {
  /** E-mail of the user created on the first start. */
  @EnvString()
  @Matches(/^[^\s@]+@[^\s@]+$/, { message: 'BOOTSTRAP_EMAIL must be an e-mail address' })
  BOOTSTRAP_EMAIL = 'admin@localhost';

  /** Fixes the personal API key created on the first start (phx_ + 43 letters/digits). */
  @EnvOptional()
  @EnvString()
  @Matches(/^phx_[A-Za-z0-9]{43}$/, { message: 'BOOTSTRAP_API_KEY must be phx_ followed by 43 letters or digits' })
  BOOTSTRAP_API_KEY?: string;

  /** Fixes the first user's console password set on the first start (8 to 256 characters); unset: a random one, shown once. */
  @EnvOptional()
  @EnvString()
  @Matches(/^.{8,256}$/s, { message: 'BOOTSTRAP_PASSWORD must be 8 to 256 characters' })
  BOOTSTRAP_PASSWORD?: string;

  /** Fixes the project token created on the first start (phc_ + 43 letters/digits). */
  @EnvOptional()
  @EnvString()
  @Matches(/^phc_[A-Za-z0-9]{43}$/, {
    message: 'BOOTSTRAP_PROJECT_TOKEN must be phc_ followed by 43 letters or digits',
  })
  BOOTSTRAP_PROJECT_TOKEN?: string;

  /**
   * Folder of the built web console (apps/console; `npm start` builds it when it is stale),
   * served at `/`. Relative paths start at the working directory. No console when it holds no build.
   */
  @EnvString()
  CONSOLE_DIR = 'apps/console/dist';

  /** Run the scheduled jobs (the weekly event-deletion batch) in this process. */
  @EnvBoolean()
  SCHEDULER_ENABLED = true;

  /** Seconds between two writes of one event definition's last_seen_at by ingestion (0: every batch). */
  @EnvInt(0, 86_400)
  EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS = 3600;
}
