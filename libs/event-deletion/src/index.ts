export * from './event-deletion.module';
export * from './event-deletion.service';
export * from './persistence/event-deletion-request.record';
