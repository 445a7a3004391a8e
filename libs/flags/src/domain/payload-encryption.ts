import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What PostHog shows instead of an encrypted payload to a caller who may not read it. */
export const REDACTED_PAYLOAD_VALUE = '"********* (encrypted)"';

/** What the SDK endpoints ship for an encrypted flag's payloads: never the ciphertext. */
export function redactPayloads<F extends { payloads?: Record<string, string | null> | null }>(filters: F): F {
  const entries = Object.entries(filters.payloads ?? {});
  return {
    ...filters,
    payloads: Object.fromEntries(entries.map(([k, v]) => [k, v === null ? null : REDACTED_PAYLOAD_VALUE])),
  };
}

/**
 * PostHog's `FlagPayloadCodec` (posthog/helpers/encrypted_flag_payloads.py): Fernet tokens under
 * keys derived as PostHog derives them (raw key material left-padded with NUL bytes or cut to 32
 * bytes), the first key encrypting and every key tried when decrypting, so payloads encrypted by
 * PostHog with the same FLAGS_SECRET_KEYS decrypt here. Hand-written: Fernet is 40 lines over
 * node:crypto, and no package of it is on the house list.
 */
export class PayloadCodec {
  private readonly keys: Array<{ signing: Buffer; encryption: Buffer }>;

  constructor(rawKeys: readonly string[]) {
    this.keys = rawKeys.map((raw) => {
      const bytes = Buffer.from(raw, 'utf8');
      const key = Buffer.concat([Buffer.alloc(Math.max(32 - bytes.length, 0)), bytes]).subarray(0, 32);
      return { signing: key.subarray(0, 16), encryption: key.subarray(16, 32) };
    });
  }

  get enabled(): boolean {
    return this.keys.length > 0;
  }

  encrypt(plain: string): string {
    const { signing, encryption } = this.keys[0];
    const iv = randomBytes(16);
    const time = Buffer.alloc(8);
    time.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000)));
    const cipher = createCipheriv('aes-128-cbc', encryption, iv);
    const body = Buffer.concat([Buffer.from([0x80]), time, iv, cipher.update(plain, 'utf8'), cipher.final()]);
    const token = Buffer.concat([body, createHmac('sha256', signing).update(body).digest()]);
    return token.toString('base64url').padEnd(Math.ceil(token.length / 3) * 4, '=');
  }

  /** The plaintext of a token made under any of the keys; undefined when none made it. */
  decrypt(token: string): string | undefined {
    const data = Buffer.from(token, 'base64url');
    if (data.length < 73 || data[0] !== 0x80 || (data.length - 57) % 16 !== 0) return undefined;
    const body = data.subarray(0, data.length - 32);
    const mac = data.subarray(data.length - 32);
    for (const { signing, encryption } of this.keys) {
      if (!timingSafeEqual(createHmac('sha256', signing).update(body).digest(), mac)) continue;
      try {
        const decipher = createDecipheriv('aes-128-cbc', encryption, body.subarray(9, 25));
        return Buffer.concat([decipher.update(body.subarray(25)), decipher.final()]).toString('utf8');
      } catch {
        // A short key pads to the same signing half as another: try the next one, as MultiFernet does.
      }
    }
    return undefined;
  }
}
