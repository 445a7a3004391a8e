import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiKeysService, validateScopes } from '../../auth/api-keys.service';
import { scopeAllows, Scope } from '../../auth/scopes';
import { SessionsService } from '../../auth/sessions.service';
import { DomainError } from '../../errors/domain-error';
import { OutboundHttp } from '../../outbound/outbound-http';
import {
  ApiPaginatedResponse,
  CurrentActor,
  CurrentOrganization,
  CurrentProject,
  RequireScopes,
} from '../../http/decorators';
import { pageOf, PageQueryDto, Paginated } from '../../http/pagination';
import type { Actor, OrganizationAccess, ProjectAccess } from '../actor';
import { isOrganizationAdmin } from '../membership';
import { TenancyService } from '../tenancy.service';
import {
  ChangePasswordDto,
  CreatedPersonalApiKeyDto,
  CreateOrganizationDto,
  CreatePersonalApiKeyDto,
  CreateProjectDto,
  MeDto,
  OrganizationDto,
  PersonalApiKeyDto,
  ProjectDetailDto,
  ProjectDto,
  toOrganizationDto,
  toPersonalApiKeyDto,
  toProjectDetailDto,
  toProjectDto,
  toUserBasic,
  UpdateProjectDto,
} from './tenancy.dto';

@ApiTags('projects')
@Controller('api/projects')
export class ProjectsController {
  constructor(
    private readonly tenancy: TenancyService,
    private readonly outbound: OutboundHttp,
  ) {}

  /** Projects of every organization the caller belongs to. */
  @Get()
  @RequireScopes('project:read')
  @ApiPaginatedResponse(ProjectDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() page: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<ProjectDto>> {
    const { count, rows } = await this.tenancy.listProjects(actor.userId, page.limit, page.offset);
    return pageOf(req, page, count, rows.map(toProjectDto));
  }

  /** A new project with a fresh token, in your current organization or `organization` (admins only). */
  @Post()
  @RequireScopes('project:write')
  @ApiCreatedResponse({ type: ProjectDetailDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateProjectDto): Promise<ProjectDetailDto> {
    const org = await this.tenancy.resolveOrganization(actor, body.organization ?? '@current').catch(() => {
      throw DomainError.invalid('Organization not found.', 'organization', 'does_not_exist');
    });
    if (!isOrganizationAdmin(org.membershipLevel)) {
      throw DomainError.forbidden('Only organization admins can create projects.');
    }
    return toProjectDetailDto(await this.tenancy.createProject(org.id, body.name));
  }

  @Get(':project_id')
  @RequireScopes('project:read')
  @ApiOkResponse({ type: ProjectDetailDto })
  async get(@CurrentProject() project: ProjectAccess): Promise<ProjectDetailDto> {
    return toProjectDetailDto((await this.tenancy.getProject(project.id))!);
  }

  /**
   * A new secret token (admins only); the current one becomes `secret_api_token_backup` and keeps
   * working, the backup before it stops.
   */
  @Patch(':project_id/rotate_secret_token')
  @RequireScopes('project:write')
  @ApiOkResponse({ type: ProjectDetailDto })
  async rotateSecretToken(@CurrentProject() project: ProjectAccess): Promise<ProjectDetailDto> {
    assertAdmin(project);
    return toProjectDetailDto(await this.tenancy.rotateSecretToken(project.id));
  }

  /** Stops the backup secret token at once (admins only). */
  @Patch(':project_id/delete_secret_token_backup')
  @RequireScopes('project:write')
  @ApiOkResponse({ type: ProjectDetailDto })
  async deleteSecretTokenBackup(@CurrentProject() project: ProjectAccess): Promise<ProjectDetailDto> {
    assertAdmin(project);
    return toProjectDetailDto(await this.tenancy.deleteSecretTokenBackup(project.id));
  }

  /** Renames the project, sets its time zone or its Slack incoming webhook (admins only). */
  @Patch(':project_id')
  @RequireScopes('project:write')
  @ApiOkResponse({ type: ProjectDetailDto })
  async update(@CurrentProject() project: ProjectAccess, @Body() body: UpdateProjectDto): Promise<ProjectDetailDto> {
    assertAdmin(project);
    const slack = body.slack_incoming_webhook;
    const slackIncomingWebhook =
      slack === undefined
        ? undefined
        : slack === null || slack === ''
          ? null
          : await this.outbound.checkTarget(slack, 'slack_incoming_webhook');
    return toProjectDetailDto(
      await this.tenancy.updateProject(project.id, { name: body.name, slackIncomingWebhook, timezone: body.timezone }),
    );
  }
}

function assertAdmin(project: ProjectAccess): void {
  if (!isOrganizationAdmin(project.membershipLevel)) {
    throw DomainError.forbidden('Only organization admins can change projects.');
  }
}

@ApiTags('organizations')
@Controller('api/organizations')
export class OrganizationsController {
  constructor(private readonly tenancy: TenancyService) {}

  @Get()
  @RequireScopes('organization:read')
  @ApiPaginatedResponse(OrganizationDto)
  async list(
    @CurrentActor() actor: Actor,
    @Query() page: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<OrganizationDto>> {
    const { count, rows } = await this.tenancy.listOrganizations(actor.userId, page.limit, page.offset);
    const projects = await this.tenancy.projectsOfOrganizations(rows.map((o) => o.id));
    return pageOf(
      req,
      page,
      count,
      rows.map((o) => toOrganizationDto(o, projects)),
    );
  }

  /** A new organization with you as its owner. */
  @Post()
  @RequireScopes('organization:write')
  @ApiCreatedResponse({ type: OrganizationDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateOrganizationDto): Promise<OrganizationDto> {
    const org = await this.tenancy.createOrganization(body.name, actor.userId);
    return toOrganizationDto(Object.assign(org, { membershipLevel: 15 }), []);
  }

  @Get(':organization_id')
  @RequireScopes('organization:read')
  @ApiOkResponse({ type: OrganizationDto })
  async get(@CurrentOrganization() org: OrganizationAccess): Promise<OrganizationDto> {
    const row = await this.tenancy.getOrganization(org.id, org.membershipLevel);
    return toOrganizationDto(row, await this.tenancy.projectsOfOrganizations([org.id]));
  }
}

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly tenancy: TenancyService,
    private readonly sessions: SessionsService,
  ) {}

  /** The user behind the key, with their organizations and current project. */
  @Get('@me')
  @RequireScopes()
  @ApiOkResponse({ type: MeDto })
  async me(@CurrentActor() actor: Actor): Promise<MeDto> {
    return meOf(this.tenancy, actor.userId);
  }

  /**
   * Changes your password (PostHog: `current_password` and `password`); every session of yours
   * ends, this one too, so the console signs in again.
   */
  @Patch('@me')
  @RequireScopes('user:write')
  @ApiOkResponse({ type: MeDto })
  async update(@CurrentActor() actor: Actor, @Body() body: ChangePasswordDto): Promise<MeDto> {
    if (!(await this.sessions.passwordMatches(actor.userId, body.current_password))) {
      throw DomainError.invalid('Your current password is incorrect.', 'current_password', 'incorrect_password');
    }
    await this.sessions.setPassword(actor.userId, body.password);
    return meOf(this.tenancy, actor.userId);
  }
}

/** `GET /api/users/@me/`: the user with their organizations and current project. */
export async function meOf(tenancy: TenancyService, userId: number): Promise<MeDto> {
  const user = (await tenancy.getUser(userId))!;
  const orgs = await tenancy.organizationRows(userId);
  const projects = await tenancy.projectsOfOrganizations(orgs.map((o) => o.id));
  const currentOrg = orgs.find((o) => o.id === user.currentOrganizationId) ?? orgs[0];
  const currentProject =
    projects.find((p) => p.id === user.currentProjectId) ?? projects.find((p) => p.organizationId === currentOrg?.id);
  return {
    ...toUserBasic(user),
    organization: currentOrg ? toOrganizationDto(currentOrg, projects) : null,
    organizations: orgs.map((o) => ({ id: o.id, name: o.name, slug: o.slug, membership_level: o.membershipLevel })),
    team: currentProject ? toProjectDto(currentProject) : null,
  };
}

/** A key may manage only keys whose scopes it holds itself, so no key can mint a stronger one. */
function assertCovers(actor: Actor, scopes: readonly string[]): void {
  const lacking = scopes.find((s) =>
    s === '*' ? !actor.scopes.includes('*') : !scopeAllows(actor.scopes, s as Scope),
  );
  if (lacking !== undefined) throw DomainError.forbidden(`API key missing required scope '${lacking}'`);
}

@ApiTags('personal api keys')
@Controller('api/personal_api_keys')
export class PersonalApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @RequireScopes()
  @ApiOkResponse({ type: [PersonalApiKeyDto] })
  async list(@CurrentActor() actor: Actor): Promise<PersonalApiKeyDto[]> {
    return (await this.keys.list(actor.userId)).map(toPersonalApiKeyDto);
  }

  /** A new key for you. Its value is in this response only. */
  @Post()
  @RequireScopes()
  @ApiCreatedResponse({ type: CreatedPersonalApiKeyDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreatePersonalApiKeyDto): Promise<CreatedPersonalApiKeyDto> {
    const scopes = validateScopes(body.scopes);
    assertCovers(actor, scopes);
    const { record, value } = await this.keys.create(actor.userId, { label: body.label, scopes });
    return { ...toPersonalApiKeyDto(record), value };
  }

  @Get(':id')
  @RequireScopes()
  @ApiOkResponse({ type: PersonalApiKeyDto })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<PersonalApiKeyDto> {
    return toPersonalApiKeyDto(await this.keys.get(actor.userId, id));
  }

  /** Revokes one of your keys at once. */
  @Delete(':id')
  @RequireScopes()
  @HttpCode(204)
  @ApiNoContentResponse()
  async revoke(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    const key = await this.keys.get(actor.userId, id);
    assertCovers(actor, key.scopes);
    await this.keys.revoke(id, actor.userId);
  }
}
