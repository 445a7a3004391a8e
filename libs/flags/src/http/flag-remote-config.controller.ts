import {
  AcceptsProjectSecret,
  CurrentActor,
  CurrentProject,
  QueryParam,
  RequireScopes,
  TenancyService,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { FlagsService } from '../flags.service';

export class RemoteConfigQuery {
  /** The project token (phc_…) the SDK sends: it names the project when the path says `@current`. */
  @QueryParam((raw) => (typeof raw === 'string' ? raw : undefined))
  @ApiProperty({ type: String, required: false })
  token?: string;
}

/**
 * What posthog-node's `getRemoteConfigPayload` (and -python, -ruby, -go) reads: a remote-config
 * flag's payload. Personal API key with `feature_flag:read`, or the project's secret token
 * (phs_…), as PostHog's `remote_config` action.
 */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class FlagRemoteConfigController {
  constructor(
    private readonly flags: FlagsService,
    private readonly tenancy: TenancyService,
  ) {}

  /**
   * The `true` payload of the remote-config flag `id_or_key` (an id, or a key), decrypted when
   * the flag's payloads are encrypted, as PostHog answers it: the payload's JSON text as a JSON
   * string, or null. 404 for a flag that is not `is_remote_configuration`.
   */
  @Get(':id_or_key/remote_config')
  @RequireScopes('feature_flag:read')
  @AcceptsProjectSecret()
  @Header('Content-Type', 'application/json')
  @ApiOkResponse({ schema: { type: 'string', nullable: true, description: 'The payload, JSON-encoded once more.' } })
  async remoteConfig(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id_or_key') idOrKey: string,
    @Query() query: RemoteConfigQuery,
  ): Promise<string> {
    let scope = project;
    // posthog-node sends `@current` with its project token: the token's project, if the key holds it.
    if (query.token !== undefined && query.token !== '' && query.token !== project.apiToken) {
      const id = await this.tenancy.projectIdByToken(query.token);
      scope = id === undefined ? project : await this.tenancy.resolveProject(actor, String(id));
    }
    // PostHog answers `Response(payload)`: the payload's JSON text, JSON-encoded (posthog-node parses twice).
    return JSON.stringify(await this.flags.remoteConfigPayload(scope, idOrKey));
  }
}
