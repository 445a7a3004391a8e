import { FlagDto, toFlagDto } from '@app/flags';
import { IsOmittable, toUserBasic, UserBasicDto } from '@app/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, IsUUID } from 'class-validator';
import { ACCESS_LEVELS } from '../domain/flag-access';
import type { FlagRoleAccessView } from '../flag-role-access.service';
import type { MembershipView, OrganizationFlagAccess, RoleInput, RoleView } from '../roles.service';

/** May be left out; when present (null included) it must pass its rules. */

const LEVEL_DOC = {
  type: 'integer',
  enum: [...ACCESS_LEVELS],
  description: '21: can only view feature flags; 37: can always edit them.',
} as const;

// ---- requests ----

export class CreateRoleDto implements RoleInput {
  @ApiProperty({ maxLength: 200, description: 'Unique in the organization, whatever the case; trimmed.' })
  @IsString()
  name: string;

  @ApiPropertyOptional({ ...LEVEL_DOC, description: `${LEVEL_DOC.description} Default: the organization's level.` })
  @IsOmittable()
  @IsInt()
  feature_flags_access_level?: number;
}

export class UpdateRoleDto implements RoleInput {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOmittable()
  @IsString()
  name?: string;

  @ApiPropertyOptional(LEVEL_DOC)
  @IsOmittable()
  @IsInt()
  feature_flags_access_level?: number;
}

export class CreateRoleMembershipDto {
  @ApiProperty({ format: 'uuid', description: 'A user of this organization.' })
  @IsString()
  @IsUUID('all', { message: 'Must be a valid UUID.' })
  user_uuid: string;
}

export class UpdateFeatureFlagAccessDto {
  @ApiProperty(LEVEL_DOC)
  @IsInt()
  access_level: number;
}

export class CreateFlagRoleAccessDto {
  @ApiProperty({ format: 'uuid', description: "A role of the flag's organization." })
  @IsString()
  role_id: string;
}

// ---- responses ----

export class RoleMembershipDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) role_id: string;
  @ApiProperty({ type: UserBasicDto, nullable: true }) user: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) joined_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AssociatedFlagDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() key: string;
}

export class RoleDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty(LEVEL_DOC) feature_flags_access_level: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: UserBasicDto, nullable: true }) created_by: UserBasicDto | null;
  @ApiProperty({ type: [RoleMembershipDto] }) members: RoleMembershipDto[];
  @ApiProperty({ type: [AssociatedFlagDto], description: 'Flags (of any project) this role has access to.' })
  associated_flags: AssociatedFlagDto[];
}

export class FeatureFlagAccessDto {
  @ApiProperty({ ...LEVEL_DOC, description: `${LEVEL_DOC.description} 37 until an admin sets it.` })
  access_level: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null while never set.' })
  updated_at: string | null;
}

export class FlagRoleAccessDto {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: FlagDto }) feature_flag: FlagDto;
  @ApiProperty({ type: RoleDto }) role: RoleDto;
  @ApiProperty({ format: 'uuid' }) role_id: string;
  @ApiProperty({ format: 'date-time' }) added_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toRoleMembershipDto(view: MembershipView): RoleMembershipDto {
  const { membership } = view;
  return {
    id: membership.id,
    role_id: membership.roleId,
    user: toUserBasic(view.user),
    joined_at: membership.joinedAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}

export function toRoleDto(view: RoleView): RoleDto {
  const { role } = view;
  return {
    id: role.id,
    name: role.name,
    feature_flags_access_level: role.featureFlagsAccessLevel,
    created_at: role.createdAt.toISOString(),
    created_by: toUserBasic(view.createdBy),
    members: view.members.map(toRoleMembershipDto),
    associated_flags: view.associatedFlags.map((f) => ({ id: f.id, key: f.key })),
  };
}

export function toFeatureFlagAccessDto(access: OrganizationFlagAccess): FeatureFlagAccessDto {
  return { access_level: access.accessLevel, updated_at: access.updatedAt?.toISOString() ?? null };
}

export function toFlagRoleAccessDto(view: FlagRoleAccessView): FlagRoleAccessDto {
  return {
    id: view.access.id,
    feature_flag: toFlagDto(view.flag),
    role: toRoleDto(view.role),
    role_id: view.access.roleId,
    added_at: view.access.addedAt.toISOString(),
    updated_at: view.access.updatedAt.toISOString(),
  };
}
