export * from './flag-definition-changes';
export * from './flag-definition-changes.module';
