import { Global, Module } from '@nestjs/common';
import { FlagDefinitionChanges } from './flag-definition-changes';

/**
 * One FlagDefinitionChanges per process, for every context that writes what flag evaluation
 * reads (flags, cohorts, group types) and for the flags context, which listens. Each of their
 * modules imports it; global, so one instance serves them all.
 */
@Global()
@Module({ providers: [FlagDefinitionChanges], exports: [FlagDefinitionChanges] })
export class FlagDefinitionChangesModule {}
