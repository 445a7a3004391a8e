import { ErrorEnvelope, Public } from '@app/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { EarlyAccessFeaturesService } from '../early-access-features.service';
import { PublicEarlyAccessQuery, PublicEarlyAccessResponseDto } from './early-access-features.dto';

/**
 * What posthog-js's `getEarlyAccessFeatures` reads: public, with the project token every page
 * embeds in the query; any origin (the SDK paths' CORS).
 */
@ApiTags('sdk')
@Controller('api/early_access_features')
export class EarlyAccessFeaturesSdkController {
  constructor(private readonly features: EarlyAccessFeaturesService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Early-access features for posthog-js (SDK endpoint, project token in the query)',
    description:
      'The features of the stages named by repeated `stage` parameters (`beta` when none), each with its flag key; posthog-js enrols a person with `updateEarlyAccessFeatureEnrollment(flagKey, true)`.',
  })
  @ApiOkResponse({ type: PublicEarlyAccessResponseDto })
  @ApiResponse({ status: 400, type: ErrorEnvelope, description: 'A parameter given twice, or not as text.' })
  @ApiResponse({ status: 401, type: ErrorEnvelope, description: 'Missing or unknown project token.' })
  async list(@Query() query: PublicEarlyAccessQuery): Promise<PublicEarlyAccessResponseDto> {
    return { earlyAccessFeatures: await this.features.forSdk(query.token ?? query.api_key, query.stage) };
  }
}
