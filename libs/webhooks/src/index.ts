export * from './webhooks.module';
export * from './webhooks.service';
export * from './webhook-delivery.service';
export * from './webhook-delivery.runner';
