export * from './flag-edit-policies';
export * from './flags.module';
export * from './flags.service';
export * from './flag-evaluation.service';
export * from './scheduled-changes.service';
export * from './scheduled-changes.cron';
export type { Flag } from './domain/flag';
export type { FlagFilters, FlagCondition, FlagVariant, PropertyFilter } from './domain/filters';
export { FlagDto, toFlagDto } from './http/flags.dto';
