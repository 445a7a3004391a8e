import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../auth/passwords';
import { ALL_SCOPES } from '../../auth/scopes';
import { OrganizationWithLevel } from '../tenancy.service';
import { MembershipRecord, PersonalApiKeyRecord, ProjectRecord, UserRecord, UserSummary } from '../tenancy.records';

/** A user as embedded in other objects (`created_by`). */
export class UserBasicDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() distinct_id: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty({ description: 'E-mail address (may be a local one such as admin@localhost).' }) email: string;
  @ApiProperty() is_email_verified: boolean;
}

export function toUserBasic(user: UserSummary): UserBasicDto;
export function toUserBasic(user: UserSummary | null | undefined): UserBasicDto | null;
export function toUserBasic(user: UserSummary | null | undefined): UserBasicDto | null {
  if (!user) return null;
  return {
    id: user.id,
    uuid: user.uuid,
    distinct_id: user.distinctId,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_email_verified: user.isEmailVerified,
  };
}

export class ProjectDto {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ format: 'uuid', description: 'The organization id.' }) organization: string;
  @ApiProperty({ description: 'Public project token (phc_…) that SDKs send.' }) api_token: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'UTC' }) timezone: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The Slack incoming webhook `post_to_slack` events go to, masked (its path is a secret): only the scheme and host are shown.',
    example: 'https://hooks.slack.com/…',
  })
  slack_incoming_webhook: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** A project with its secret tokens, as one project's own routes answer it (never lists). */
export class ProjectDetailDto extends ProjectDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Secret token (phs_…) for local evaluation and remote config (server SDKs' `secretKey`); nothing else.",
  })
  secret_api_token: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The secret token before the last rotation: it keeps working until the next one, or until deleted.',
  })
  secret_api_token_backup: string | null;
}

export function toProjectDetailDto(p: ProjectRecord): ProjectDetailDto {
  return { ...toProjectDto(p), secret_api_token: p.secretApiToken, secret_api_token_backup: p.secretApiTokenBackup };
}

/** A secret URL as the API shows it: scheme and host, the rest hidden. */
export function maskUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return '…';
  }
}

export function toProjectDto(p: ProjectRecord): ProjectDto {
  return {
    id: p.id,
    uuid: p.uuid,
    organization: p.organizationId,
    api_token: p.apiToken,
    name: p.name,
    timezone: p.timezone,
    slack_incoming_webhook: maskUrl(p.slackIncomingWebhook),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export class ProjectBasicDto {
  @ApiProperty() id: number;
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() name: string;
  @ApiProperty() api_token: string;
}

export class OrganizationDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ description: '1 member, 8 admin, 15 owner', enum: [1, 8, 15] }) membership_level: number;
  @ApiProperty({ type: [ProjectBasicDto] }) projects: ProjectBasicDto[];
  @ApiProperty({ type: [ProjectBasicDto], description: 'Same as projects (PostHog name).' }) teams: ProjectBasicDto[];
}

export function toOrganizationDto(o: OrganizationWithLevel, projects: ProjectRecord[]): OrganizationDto {
  const mine = projects
    .filter((p) => p.organizationId === o.id)
    .map((p) => ({ id: p.id, uuid: p.uuid, name: p.name, api_token: p.apiToken }));
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    created_at: new Date(o.createdAt).toISOString(),
    updated_at: new Date(o.updatedAt).toISOString(),
    membership_level: o.membershipLevel,
    projects: mine,
    teams: mine,
  };
}

export class OrganizationBasicDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: [1, 8, 15] }) membership_level: number;
}

export class MeDto extends UserBasicDto {
  @ApiProperty({ type: OrganizationDto, nullable: true }) organization: OrganizationDto | null;
  @ApiProperty({ type: [OrganizationBasicDto] }) organizations: OrganizationBasicDto[];
  @ApiProperty({ type: ProjectDto, nullable: true }) team: ProjectDto | null;
}

export class PersonalApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() label: string;
  @ApiProperty({ example: 'phx_...eZxz' }) mask_value: string;
  @ApiProperty({ type: [String], enum: ALL_SCOPES }) scopes: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_used_at: string | null;
}

export class CreatedPersonalApiKeyDto extends PersonalApiKeyDto {
  @ApiProperty({ description: 'The key itself. Shown once: only its hash is stored.' }) value: string;
}

export function toPersonalApiKeyDto(k: PersonalApiKeyRecord): PersonalApiKeyDto {
  return {
    id: k.id,
    label: k.label,
    mask_value: k.maskValue,
    scopes: k.scopes,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}

export class CreateProjectDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Organization to create it in (default: your current one). You must be its admin.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'Must be a valid UUID.' })
  organization?: string;
}

export class UpdateProjectDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  /**
   * A Slack-compatible incoming webhook (Slack, Discord's /slack endpoint, Teams) that events
   * whose definition has `post_to_slack` are posted to; `null` or `""` turns it off. Write-only:
   * read back masked. Must be http(s) and, unless WEBHOOK_ALLOW_PRIVATE_TARGETS, resolve to a
   * public address.
   */
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @IsString()
  slack_incoming_webhook?: string | null;

  /**
   * The project's time zone, an IANA name (`Europe/Paris`; default `UTC`). Flag, cohort and
   * person filters read a date or a date and time without a zone as wall-clock time there.
   */
  @ApiPropertyOptional({ example: 'Europe/Paris', maxLength: 64 })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;
}

export class CreateOrganizationDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  name: string;
}

export class CreatePersonalApiKeyDto {
  @ApiProperty({ maxLength: 40 })
  @IsString()
  @MaxLength(40)
  label: string;

  @ApiProperty({ type: [String], enum: ALL_SCOPES, description: 'At most the scopes of the key making the request.' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  scopes: string[];
}

export class SignInDto {
  @ApiProperty({ example: 'admin@localhost' })
  @IsString()
  @MaxLength(254)
  email: string;

  @ApiProperty({ format: 'password', maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password: string;
}

export class OrganizationMemberDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: UserBasicDto }) user: UserBasicDto;
  @ApiProperty({ description: '1 member, 8 admin, 15 owner', enum: [1, 8, 15] }) level: number;
  @ApiProperty({ format: 'date-time' }) joined_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export function toOrganizationMemberDto(m: MembershipRecord, user: UserRecord): OrganizationMemberDto {
  return {
    id: m.id,
    user: toUserBasic(user),
    level: m.level,
    joined_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

export class UpdateOrganizationMemberDto {
  /** 1 member, 8 admin, 15 owner (making someone owner hands your ownership over: you become admin). */
  @ApiProperty({ enum: [1, 8, 15] })
  @IsIn([1, 8, 15])
  level: number;
}

export class ChangePasswordDto {
  /** Your password now. */
  @ApiProperty({ format: 'password', maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  current_password: string;

  @ApiProperty({ format: 'password', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })
  @IsString()
  password: string;
}
