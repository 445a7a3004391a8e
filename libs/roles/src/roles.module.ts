import { FlagEditPolicies, FlagsModule } from '@app/flags';
import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FlagRoleAccessService } from './flag-role-access.service';
import { FlagRoleAccessController } from './http/flag-role-access.controller';
import { FeatureFlagAccessController, RolesController } from './http/roles.controller';
import {
  FlagRoleAccessRecord,
  OrganizationResourceAccessRecord,
  RoleMembershipRecord,
  RoleRecord,
} from './persistence/role.records';
import { RolesRepository } from './persistence/roles.repository';
import { RoleFlagEditPolicy } from './role-flag-edit.policy';
import { RolesService } from './roles.service';

/** Organization roles, their members, and feature-flag role access; enforces who may edit flags. */
@Module({
  imports: [
    FlagsModule,
    TypeOrmModule.forFeature([
      RoleRecord,
      RoleMembershipRecord,
      FlagRoleAccessRecord,
      OrganizationResourceAccessRecord,
    ]),
  ],
  controllers: [RolesController, FeatureFlagAccessController, FlagRoleAccessController],
  providers: [RolesService, FlagRoleAccessService, RolesRepository, RoleFlagEditPolicy],
  exports: [RolesService],
})
export class RolesModule implements OnModuleInit {
  constructor(
    private readonly policies: FlagEditPolicies,
    private readonly policy: RoleFlagEditPolicy,
  ) {}

  onModuleInit(): void {
    this.policies.register(this.policy);
  }
}
