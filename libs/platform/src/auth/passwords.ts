import { randomBytes, scrypt, ScryptOptions, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../errors/domain-error';
import { Slots } from './slots';

// scrypt (memory-hard, in node:crypto): 2^15 × 8 × 128 bytes = 32 MiB and ~0.1 s per hash, off
// the event loop (libuv's thread pool). The parameters travel in the stored value, so raising
// them later leaves older hashes verifiable.
const COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;
/**
 * Hashes running at once in the process, and waiting. libuv's pool has 4 threads
 * (UV_THREADPOOL_SIZE) and the file reads, gzip and DNS look-ups of every other request need
 * them: a burst of sign-ins takes at most two, queues at most 64 more, and is refused beyond
 * (429) instead of holding the rest of the service.
 */
const HASHES_AT_ONCE = 2;
const HASHES_WAITING = 64;
const hashing = new Slots(HASHES_AT_ONCE, HASHES_WAITING);

/** PostHog's (Django's) shortest password; the longest bounds the work one attempt can cost. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

function derive(password: string, salt: Buffer, options: ScryptOptions & { N: number }): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

/** 400 naming `attr` unless the password is one a user may choose. */
export function checkPasswordPolicy(password: unknown, attr = 'password'): string {
  if (typeof password !== 'string' || password.length === 0) throw DomainError.required(attr);
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw DomainError.invalid(
      `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`,
      attr,
      'password_too_short',
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters.`,
      attr,
      'max_length',
    );
  }
  return password;
}

/** `scrypt$N$r$p$<salt base64>$<key base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` is the one `stored` was made from; false for anything malformed. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? [];
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every(Number.isSafeInteger) || 128 * N * r > MAX_MEMORY) return false;
  const expected = Buffer.from(parts[5], 'base64');
  const key = await derive(password, Buffer.from(parts[4], 'base64'), { N, r, p });
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/** A password nobody chose: shown once (the first start, the CLI), 24 base64url characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
