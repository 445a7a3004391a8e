import { PersonsModule } from '@app/persons';
import type { HttpConfig } from '@app/platform';
import { WebhookOutboxModule } from '@app/webhook-outbox';
import { DynamicModule, Module } from '@nestjs/common';
import { WebhooksController } from './http/webhooks.controller';
import { WebhooksRepository } from './persistence/webhooks.repository';
import { DELIVERY_OPTIONS, DeliveryOptions, WebhookDeliveryService } from './webhook-delivery.service';
import { RUNNER_OPTIONS, RunnerOptions, WebhookDeliveryRunner, WebhookRetentionJob } from './webhook-delivery.runner';
import { WebhooksService } from './webhooks.service';

/** Webhook subscriptions and their deliveries: the API's routes. */
@Module({
  imports: [WebhookOutboxModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository],
  exports: [WebhooksService],
})
export class WebhooksModule {}

/**
 * The delivery runner, for a process that runs scheduled jobs (the worker; the API with
 * SCHEDULER_ENABLED). Needs `ScheduleModule.forRoot()` in the app.
 */
@Module({})
export class WebhookDeliveryScheduleModule {
  static forRoot(config: HttpConfig): DynamicModule {
    const delivery: DeliveryOptions = {
      retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      perProject: config.WEBHOOK_CONCURRENCY_PER_PROJECT,
      perOrganization: config.WEBHOOK_CONCURRENCY_PER_ORGANIZATION,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      retentionDays: config.WEBHOOK_RETENTION_DAYS,
    };
    const runner: RunnerOptions = {
      pollIntervalMs: config.WEBHOOK_POLL_INTERVAL_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
    };
    return {
      module: WebhookDeliveryScheduleModule,
      imports: [PersonsModule, WebhookOutboxModule],
      providers: [
        WebhooksRepository,
        WebhookDeliveryService,
        WebhookDeliveryRunner,
        WebhookRetentionJob,
        { provide: DELIVERY_OPTIONS, useValue: delivery },
        { provide: RUNNER_OPTIONS, useValue: runner },
      ],
      exports: [WebhookDeliveryService, WebhookDeliveryRunner, WebhookRetentionJob],
    };
  }
}
