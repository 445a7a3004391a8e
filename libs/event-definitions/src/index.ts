export * from './domain/event-definition';
export * from './domain/list-query';
export * from './event-definition-volumes.job';
export * from './event-definitions.module';
export * from './event-definitions.service';
