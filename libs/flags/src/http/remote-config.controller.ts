import { ErrorEnvelope, Public } from '@app/platform';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { strongEtag } from '../domain/project-snapshot';
import { remoteConfigScript } from '../domain/remote-config';
import { etagMatches } from '../domain/sdk-request';
import { FlagEvaluationService } from '../flag-evaluation.service';
import { RemoteConfigDto } from './remote-config.dto';

// PostHog's (add_config_cache_headers): browsers keep the config 5 minutes, then revalidate.
const CACHE_CONTROL = 'public, max-age=300';

const COMMON = [
  ApiParam({ name: 'token', description: 'The project token (phc_…).' }),
  ApiHeader({ name: 'If-None-Match', required: false }),
  ApiResponse({ status: 304, description: 'The config did not change since that ETag.' }),
  ApiResponse({ status: 400, type: ErrorEnvelope, description: 'A token of characters no token has.' }),
  ApiResponse({ status: 404, type: ErrorEnvelope, description: 'No project has this token.' }),
];
const Common = (): MethodDecorator => (target, key, descriptor) => {
  COMMON.forEach((d) => d(target, key, descriptor));
};

/** One body with its strong ETag; 304 without a body when the client already has it. */
function sendConfig(res: Response, type: string, body: string, ifNoneMatch: string | undefined): void {
  const etag = strongEtag(body);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  if (etagMatches(ifNoneMatch, etag)) {
    res.status(304).end();
    return;
  }
  res.status(200).type(type).send(body);
}

/**
 * posthog-js's remote config, which it loads on every page before anything else: first the
 * script form, then (if the script did not register one) the JSON. Public: the token in the path
 * is the one every page embeds, and the config holds nothing more. Any origin (CORS).
 */
@ApiTags('sdk')
@Controller('array/:token')
export class RemoteConfigController {
  constructor(private readonly evaluation: FlagEvaluationService) {}

  @Get('config')
  @Public()
  @ApiOperation({
    summary: 'Remote config for posthog-js (SDK endpoint, project token in the path)',
    description:
      'What the project supports: compression, flags (`hasFeatureFlags` when it has an active flag), the capture endpoint; recordings, surveys and the other PostHog products Bunting does not serve are off. Strong ETag; `Cache-Control: public, max-age=300`.',
  })
  @Common()
  @ApiOkResponse({ type: RemoteConfigDto, headers: { ETag: { schema: { type: 'string' } } } })
  async config(
    @Param('token') token: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const config = await this.evaluation.remoteConfig(token);
    sendConfig(res, 'application/json', JSON.stringify(config), ifNoneMatch);
  }

  @Get('config.js')
  @Public()
  @ApiOperation({
    summary: 'Remote config for posthog-js, script form',
    description:
      'The same config as `config`, as a script that sets `window._POSTHOG_REMOTE_CONFIG[token] = {config, siteApps: []}` (`siteApps` moves out of `config`). Strong ETag; `Cache-Control: public, max-age=300`.',
  })
  @Common()
  @ApiOkResponse({
    content: { 'application/javascript': { schema: { type: 'string' } } },
    headers: { ETag: { schema: { type: 'string' } } },
  })
  async script(
    @Param('token') token: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const config = await this.evaluation.remoteConfig(token);
    sendConfig(res, 'application/javascript', remoteConfigScript(config), ifNoneMatch);
  }
}
