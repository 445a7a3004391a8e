import { createHash, randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 43;

export const PERSONAL_API_KEY_PATTERN = /^phx_[A-Za-z0-9]{43}$/;
export const PROJECT_TOKEN_PATTERN = /^phc_[A-Za-z0-9]{43}$/;
/** A project's secret API token (PostHog's `secret_api_token`), for local evaluation and remote config only. */
export const PROJECT_SECRET_TOKEN_PATTERN = /^phs_[A-Za-z0-9]{43}$/;

/** `prefix` + 43 uniformly random base62 characters (rejection sampling, no modulo bias). */
export function generateSecret(prefix: 'phx_' | 'phc_' | 'phs_'): string {
  let out = prefix;
  while (out.length < prefix.length + SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < prefix.length + SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** How a personal API key is stored: PostHog's unsalted `sha256$<hex>`. */
export function hashPersonalApiKey(raw: string): string {
  return 'sha256$' + createHash('sha256').update(raw, 'utf8').digest('hex');
}

/** What lists show of a key: `phx_...eZxz`. */
export function maskPersonalApiKey(raw: string): string {
  return `${raw.slice(0, 4)}...${raw.slice(-4)}`;
}
