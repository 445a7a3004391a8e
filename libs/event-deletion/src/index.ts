export * from './event-deletion.cron';
export * from './event-deletion.job';
export * from './event-deletion.module';
export * from './event-deletion.service';
export type { RequestStatus } from './domain/claim';
export type { EventDeletionRequestInput, EventDeletionRequestRow } from './persistence/event-deletion.repository';
export * from './persistence/event-deletion-request.record';
