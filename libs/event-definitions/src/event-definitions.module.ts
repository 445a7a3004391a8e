import { PersonsModule } from '@app/persons';
import { WebhookOutboxModule } from '@app/webhook-outbox';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { LastSeenThrottle } from './domain/last-seen-throttle';
import { EventDefinitionVolumesJob, VOLUME_REFRESH_OPTIONS } from './event-definition-volumes.job';
import { EventDefinitionsIngestionListener } from './event-definitions.listener';
import { EventDefinitionsService } from './event-definitions.service';
import { EventDefinitionsController } from './http/event-definitions.controller';
import { EventDefinitionsRepository } from './persistence/event-definitions.repository';
import { PostToSlack } from './post-to-slack';

export interface EventDefinitionsApiOptions {
  /** Seconds between two `last_seen_at` writes of one definition (EVENT_DEFINITION_LAST_SEEN_REFRESH_SECONDS). */
  lastSeenRefreshSeconds: number;
  /** Run the volume refresh job in this process every so many minutes; undefined: not here. */
  volumeRefreshMinutes?: number;
}

function core(lastSeenRefreshSeconds: number): Provider[] {
  return [
    EventDefinitionsService,
    EventDefinitionsRepository,
    PostToSlack,
    { provide: LastSeenThrottle, useFactory: () => new LastSeenThrottle(lastSeenRefreshSeconds * 1000) },
  ];
}

function volumeJob(refreshMinutes: number | undefined): Provider[] {
  return refreshMinutes === undefined
    ? []
    : [EventDefinitionVolumesJob, { provide: VOLUME_REFRESH_OPTIONS, useValue: { refreshMinutes } }];
}

/**
 * Event definitions. The API process gets the routes and the ingestion listener; a process that
 * runs the volume refresh needs `ScheduleModule.forRoot()` among its app module's imports.
 */
@Module({})
export class EventDefinitionsModule {
  static forApi(options: EventDefinitionsApiOptions): DynamicModule {
    return {
      module: EventDefinitionsModule,
      imports: [PersonsModule, WebhookOutboxModule],
      controllers: [EventDefinitionsController],
      providers: [
        ...core(options.lastSeenRefreshSeconds),
        EventDefinitionsIngestionListener,
        ...volumeJob(options.volumeRefreshMinutes),
      ],
      exports: [EventDefinitionsService],
    };
  }

  /** The worker: the volume refresh job only (it ingests nothing, so the throttle goes unused). */
  static forWorker(options: { volumeRefreshMinutes: number }): DynamicModule {
    return {
      module: EventDefinitionsModule,
      imports: [WebhookOutboxModule],
      providers: [...core(3600), ...volumeJob(options.volumeRefreshMinutes)],
      exports: [EventDefinitionsService],
    };
  }
}
