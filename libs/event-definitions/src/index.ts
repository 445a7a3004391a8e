export { EVENT_DEFINITION_ACTIVITY_SCOPE } from './domain/event-definition';
export type { EventDefinition } from './domain/event-definition';
export * from './event-definition-volumes.job';
export * from './event-definitions.module';
export * from './event-definitions.service';
