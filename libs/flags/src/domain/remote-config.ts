import { DomainError } from '@app/platform/errors/domain-error';

/**
 * posthog-js's remote config (`/array/<token>/config` and its script form), as PostHog builds it
 * (posthog/models/remote_config.py `build_config`, served by rust/feature-flags), with what
 * Bunting offers: flags, events on PostHog's capture path with gzip, autocapture; nothing that
 * needs a service Bunting does not have (recordings, surveys, heatmaps, web vitals, error
 * tracking, logs, conversations, product tours, site apps). Each of those is off (surveys by
 * their absence), so posthog-js neither loads its extension script nor sends its data.
 */
export interface RemoteConfig {
  token: string;
  supportedCompression: string[];
  /** The project has an active flag: posthog-js asks `/flags` only then. */
  hasFeatureFlags: boolean;
  captureDeadClicks: false;
  capturePerformance: false;
  /** Autocapture stays as the page configures it (PostHog's default). */
  autocapture_opt_out: false;
  autocaptureExceptions: false;
  analytics: { endpoint: string };
  elementsChainAsString: true;
  errorTracking: { autocaptureExceptions: false; suppressionRules: [] };
  logs: { captureConsoleLogs: false };
  sessionRecording: false;
  heatmaps: false;
  conversations: false;
  productTours: false;
  defaultIdentifiedOnly: true;
  siteApps: [];
}

// PostHog's check_token: older PostHog tokens are not phc_…, but all are of these characters.
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The token of a remote-config path; 400 for one no project can have (as PostHog answers). */
export function remoteConfigToken(value: string): string {
  if (!TOKEN.test(value)) throw DomainError.invalid('Invalid token', 'token');
  return value;
}

/** The remote config of the project with this token, in PostHog's key order. */
export function remoteConfigOf(token: string, hasFeatureFlags: boolean): RemoteConfig {
  return {
    token,
    // What decodeSdkPayload reads besides plain JSON: gzip bodies (Content-Encoding) and gzip-js.
    supportedCompression: ['gzip', 'gzip-js'],
    hasFeatureFlags,
    captureDeadClicks: false,
    capturePerformance: false,
    autocapture_opt_out: false,
    autocaptureExceptions: false,
    analytics: { endpoint: '/i/v0/e/' },
    elementsChainAsString: true,
    errorTracking: { autocaptureExceptions: false, suppressionRules: [] },
    logs: { captureConsoleLogs: false },
    sessionRecording: false,
    heatmaps: false,
    conversations: false,
    // No `surveys` key, where PostHog sends `surveys: false`: posthog-js loads its surveys script
    // from /static/ on any value, and only a missing key keeps it from asking.
    productTours: false,
    defaultIdentifiedOnly: true,
    siteApps: [],
  };
}

/**
 * The script form posthog-js loads first: it registers the config under
 * `window._POSTHOG_REMOTE_CONFIG[token]`, with the site apps beside it rather than in it (none
 * here). The layout of PostHog's (rust/feature-flags `build_config_js`); the token is safe between
 * quotes (`remoteConfigToken`).
 */
export function remoteConfigScript(config: RemoteConfig): string {
  const { siteApps: _siteApps, ...inScript } = config;
  return [
    '(function() {',
    '  window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {};',
    `  window._POSTHOG_REMOTE_CONFIG['${remoteConfigToken(config.token)}'] = {`,
    `    config: ${JSON.stringify(inScript)},`,
    '    siteApps: []',
    '  }',
    '})();',
  ].join('\n');
}
