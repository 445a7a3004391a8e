import { ApiProperty } from '@nestjs/swagger';
import type { RemoteConfig } from '../domain/remote-config';

class RemoteConfigAnalyticsDto {
  @ApiProperty({ example: '/i/v0/e/', description: 'Where posthog-js sends events.' }) endpoint: string;
}

class RemoteConfigErrorTrackingDto {
  @ApiProperty({ enum: [false] }) autocaptureExceptions: false;
  @ApiProperty({ type: 'array', items: {}, maxItems: 0 }) suppressionRules: [];
}

class RemoteConfigLogsDto {
  @ApiProperty({ enum: [false] }) captureConsoleLogs: false;
}

/**
 * posthog-js's remote config (PostHog's `RemoteConfig.build_config`), with what Bunting serves.
 * No `surveys`: on any value posthog-js loads its surveys script, which Bunting does not serve.
 */
export class RemoteConfigDto implements RemoteConfig {
  @ApiProperty({ description: 'The project token.' }) token: string;
  @ApiProperty({ type: [String], example: ['gzip', 'gzip-js'] }) supportedCompression: string[];
  @ApiProperty({ description: 'The project has an active flag (posthog-js asks `/flags` only then).' })
  hasFeatureFlags: boolean;
  @ApiProperty({ enum: [false] }) captureDeadClicks: false;
  @ApiProperty({ enum: [false] }) capturePerformance: false;
  @ApiProperty({ enum: [false], description: 'Autocapture is as the page configures it.' })
  autocapture_opt_out: false;
  @ApiProperty({ enum: [false] }) autocaptureExceptions: false;
  @ApiProperty({ type: RemoteConfigAnalyticsDto }) analytics: RemoteConfigAnalyticsDto;
  @ApiProperty({ enum: [true] }) elementsChainAsString: true;
  @ApiProperty({ type: RemoteConfigErrorTrackingDto }) errorTracking: RemoteConfigErrorTrackingDto;
  @ApiProperty({ type: RemoteConfigLogsDto }) logs: RemoteConfigLogsDto;
  @ApiProperty({ enum: [false], description: 'Session recordings: not served.' }) sessionRecording: false;
  @ApiProperty({ enum: [false] }) heatmaps: false;
  @ApiProperty({ enum: [false] }) conversations: false;
  @ApiProperty({ enum: [false] }) productTours: false;
  @ApiProperty({ enum: [true] }) defaultIdentifiedOnly: true;
  @ApiProperty({ type: 'array', items: {}, maxItems: 0 }) siteApps: [];
}
