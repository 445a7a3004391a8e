import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FlagEditPolicies } from './flag-edit-policies';
import { FlagsService } from './flags.service';
import { FlagsController } from './http/flags.controller';
import { OrganizationFlagsController } from './http/organization-flags.controller';
import { FlagRecord } from './persistence/flag.record';
import { FlagsRepository } from './persistence/flags.repository';

/** Feature flags: the management API (project and organization level). */
@Module({
  imports: [TypeOrmModule.forFeature([FlagRecord])],
  controllers: [FlagsController, OrganizationFlagsController],
  providers: [FlagsService, FlagsRepository, FlagEditPolicies],
  exports: [FlagsService, FlagEditPolicies],
})
export class FlagsModule {}
