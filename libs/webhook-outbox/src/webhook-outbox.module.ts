import { Global, Module } from '@nestjs/common';
import { WebhookOutbox } from './webhook-outbox';

/**
 * One WebhookOutbox per process, for the contexts that write messages (flags, event definitions)
 * and for libs/webhooks, which listens; global, so one instance serves them all.
 */
@Global()
@Module({ providers: [WebhookOutbox], exports: [WebhookOutbox] })
export class WebhookOutboxModule {}
