import { Injectable } from '@nestjs/common';
import { DomainError, PlatformConfig } from '@app/platform';
import type { Actor } from '@app/platform';
import { FlagFilters } from './domain/filters';
import { PayloadCodec, REDACTED_PAYLOAD_VALUE } from './domain/payload-encryption';

/**
 * Encrypted payloads as PostHog has them (`encrypt_flag_payloads`, `get_decrypted_flag_payloads`):
 * stored as Fernet tokens, shown decrypted to a personal API key and redacted to anyone else
 * (the console's session, the SDK endpoints).
 */
@Injectable()
export class FlagPayloadCodec {
  private readonly codec: PayloadCodec;

  constructor(config: PlatformConfig) {
    const keys = (config.FLAGS_SECRET_KEYS ?? '').split(',').map((k) => k.trim());
    this.codec = new PayloadCodec(keys.filter((k) => k !== ''));
  }

  /** `filters` with each payload encrypted; a redacted value keeps what `stored` holds for it. */
  encrypt(filters: FlagFilters, stored: FlagFilters | undefined, storedEncrypted: boolean): FlagFilters {
    if (!this.codec.enabled) {
      throw DomainError.invalid(
        'Encrypted payloads need FLAGS_SECRET_KEYS set on the server.',
        'has_encrypted_payloads',
      );
    }
    const previous = storedEncrypted ? (stored?.payloads ?? {}) : {};
    const payloads: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(filters.payloads ?? {})) {
      if (value === null) payloads[key] = null;
      else if (value === REDACTED_PAYLOAD_VALUE && typeof previous[key] === 'string') payloads[key] = previous[key];
      else if (storedEncrypted && value === previous[key]) payloads[key] = value;
      else payloads[key] = this.codec.encrypt(value);
    }
    return { ...filters, payloads };
  }

  /** The plaintext "true" payload of a remote-config flag (the `remote_config` route is scoped already). */
  decryptOne(token: string | null | undefined): string | null {
    if (token === null || token === undefined) return null;
    return this.codec.decrypt(token) ?? null;
  }

  /** Every payload decrypted (a copy to another project encrypts them again). */
  plaintext(filters: FlagFilters): FlagFilters {
    const entries = Object.entries(filters.payloads ?? {});
    return {
      ...filters,
      payloads: Object.fromEntries(entries.map(([k, v]) => [k, v === null ? null : (this.codec.decrypt(v) ?? null)])),
    };
  }

  /**
   * Every payload that is one of this server's tokens decrypted, any other kept as it is: what an
   * earlier version held (encrypted or not) before it is saved again (a restore) under the flag's
   * setting now, so that nothing is encrypted twice or shipped as ciphertext.
   */
  opened(filters: FlagFilters): FlagFilters {
    const entries = Object.entries(filters.payloads ?? {});
    if (entries.length === 0) return filters;
    return {
      ...filters,
      payloads: Object.fromEntries(entries.map(([k, v]) => [k, v === null ? null : (this.codec.decrypt(v) ?? v)])),
    };
  }

  /**
   * `reveal` for the payloads that are this server's tokens, the others as they are: an earlier
   * version's payloads, whichever setting it was saved under (its history may predate tracking it).
   */
  revealSealed(filters: FlagFilters, actor: Actor | null): FlagFilters {
    const entries = Object.entries(filters.payloads ?? {});
    if (entries.length === 0) return filters;
    const sealed = Object.fromEntries(entries.filter(([, v]) => v !== null && this.codec.decrypt(v) !== undefined));
    return {
      ...filters,
      payloads: { ...filters.payloads, ...this.reveal({ groups: [], payloads: sealed }, actor).payloads },
    };
  }

  /** The payloads as `actor` may read them: plaintext for a personal API key, redacted otherwise. */
  reveal(filters: FlagFilters, actor: Actor | null): FlagFilters {
    const personalKey = actor !== null && !actor.keyId.startsWith('session:');
    const payloads: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(filters.payloads ?? {})) {
      if (value === null) payloads[key] = null;
      else payloads[key] = personalKey ? (this.codec.decrypt(value) ?? REDACTED_PAYLOAD_VALUE) : REDACTED_PAYLOAD_VALUE;
    }
    return { ...filters, payloads };
  }
}
