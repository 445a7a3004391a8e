export * from './webhook-outbox';
export * from './webhook-outbox.module';
