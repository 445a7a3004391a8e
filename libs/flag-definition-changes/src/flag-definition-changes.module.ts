import { Global, Module } from '@nestjs/common';
import { FlagDefinitionChanges } from './flag-definition-changes';

/**
 * One FlagDefinitionChanges per process, for every context that writes what flag evaluation
 * reads (flags, cohorts, group types) and for the flags context, which listens. Imported once, by
 * each app's root module.
 */
@Global()
@Module({ providers: [FlagDefinitionChanges], exports: [FlagDefinitionChanges] })
export class FlagDefinitionChangesModule {}
