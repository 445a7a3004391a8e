import { unescape as unescapeForm } from 'node:querystring';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gunzip, gunzipSync, inflate as inflateAsync, inflateSync } from 'node:zlib';
import { parseChunked } from '@discoveryjs/json-ext';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error';
import { eventLoopSlicer } from '../workload/event-loop-slices';

const gunzipOffLoop = promisify(gunzip);
const inflateOffLoop = promisify(inflateAsync);

// Text (or bytes) parsed per slice by `decodeLargeSdkPayload`: about 2 ms of JSON.parse here.
const PARSE_CHUNK_CHARS = 256 * 1024;

function tooLarge(limit: number): DomainError {
  return new DomainError(
    'payload_too_large',
    'payload_too_large',
    `Request body is larger than ${limit} bytes after decompression.`,
  );
}

function malformed(reason: string): DomainError {
  return DomainError.invalid(`Malformed request data: ${reason}`, null, 'invalid_payload');
}

export const malformedSdkBody = malformed;

const DEFERRED_ERROR = Symbol('sdkBodyError');

/** Body parsing failed on an SDK path: `decodeSdkPayload` throws `error` when the route reads the body. */
export function deferSdkBodyError(req: Request, error: DomainError): void {
  (req as unknown as Record<symbol, DomainError>)[DEFERRED_ERROR] = error;
}

/** The error `decodeSdkPayload` will throw for this request's unreadable body, if any. */
export function sdkBodyError(req: Request): DomainError | undefined {
  return (req as unknown as Record<symbol, DomainError | undefined>)[DEFERRED_ERROR];
}

function isGzip(buffer: Buffer): boolean {
  return buffer[0] === 0x1f && buffer[1] === 0x8b;
}

function inflateError(e: unknown, limit: number): DomainError {
  if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) return tooLarge(limit);
  return malformed('could not decompress the body');
}

function inflate(buffer: Buffer, limit: number): Buffer {
  try {
    // gzip magic bytes 1f 8b; anything else is tried as zlib deflate.
    return isGzip(buffer)
      ? gunzipSync(buffer, { maxOutputLength: limit })
      : inflateSync(buffer, { maxOutputLength: limit });
  } catch (e) {
    throw inflateError(e, limit);
  }
}

/** `inflate` on libuv's thread pool. */
async function inflateInBackground(buffer: Buffer, limit: number): Promise<Buffer> {
  try {
    return await (isGzip(buffer) ? gunzipOffLoop : inflateOffLoop)(buffer, { maxOutputLength: limit });
  } catch (e) {
    throw inflateError(e, limit);
  }
}

function queryParam(req: Request, name: string): string | undefined {
  const v = req.query?.[name];
  return typeof v === 'string' ? v : undefined;
}

interface RawSdkBody {
  body: Buffer;
  compression: string;
  contentType: string;
}

function rawSdkBody(req: Request): RawSdkBody {
  const deferred = sdkBodyError(req);
  if (deferred) throw deferred;
  const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
  if (body.length === 0) throw malformed('the body is empty');
  return {
    body,
    compression: (queryParam(req, 'compression') ?? '').toLowerCase(),
    contentType: String(req.headers['content-type'] ?? '').toLowerCase(),
  };
}

function isCompressed({ body, compression }: RawSdkBody): boolean {
  return compression === 'gzip-js' || compression === 'gzip' || isGzip(body);
}

/** The `data` field of a form body; null when it has none. */
function formData(text: string): string | null {
  // URLSearchParams takes 140 ms over a 15 MB form; this reads the one field needed (same decoding:
  // `+` is a space, a malformed escape stays as it is).
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const name = unescapeForm((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    if (name === 'data') return eq === -1 ? '' : unescapeForm(pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return null;
}

/** The JSON text of an inflated body: form `data=`, base64 (perhaps of gzip) or the body itself. */
function jsonText(body: Buffer, { compression, contentType }: RawSdkBody, limit: number): string {
  let text = body.toString('utf8');
  if (contentType.startsWith('application/x-www-form-urlencoded') || /^data=/.test(text)) {
    const data = formData(text);
    if (data === null) throw malformed('the form has no data field');
    text = data;
    if (!/^\s*[[{]/.test(text)) text = decodeBase64(text, limit);
  } else if (compression === 'base64' || !/^\s*[[{"]/.test(text)) {
    if (/^[A-Za-z0-9+/=_\-\s]+$/.test(text)) text = decodeBase64(text, limit);
  }
  return text;
}

const OPENING = new Set([0x7b, 0x5b, 0x22]); // { [ "
const ASCII_SPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether `jsonText` would take the body's bytes as they are: JSON, neither a form nor base64. */
function isPlainJson(body: Buffer, { compression, contentType }: RawSdkBody): boolean {
  if (contentType.startsWith('application/x-www-form-urlencoded') || compression === 'base64') return false;
  let i = 0;
  while (i < body.length && ASCII_SPACE.has(body[i])) i++;
  return OPENING.has(body[i]);
}

/**
 * Reads what posthog-node and posthog-js send to ingestion and flag endpoints: plain JSON; gzip
 * (`Content-Encoding`, already inflated by the raw parser, or `?compression=gzip-js` with a
 * gzip body); form-encoded `data=<base64 JSON>` (`?compression=base64` or a form content type);
 * a bare base64 body. Returns the parsed JSON value; 400 when it is not JSON, 413 when it
 * inflates past `limit`. In one turn of the event loop: for bodies of a few hundred KB (flags),
 * see `decodeLargeSdkPayload` for larger ones.
 */
export function decodeSdkPayload(req: Request, limit: number): unknown {
  const raw = rawSdkBody(req);
  const body = isCompressed(raw) ? inflate(raw.body, limit) : raw.body;
  try {
    return JSON.parse(jsonText(body, raw, limit));
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw malformed('the body is not valid JSON');
  }
}

/**
 * `decodeSdkPayload` for bodies of any size up to `limit` (ingestion's batches, 20 MB): it inflates
 * on the thread pool and parses the JSON in slices with turns of the event loop between them
 * (JSON.parse of 20 MB holds the loop for 130 ms here), so no other request waits for it.
 */
export async function decodeLargeSdkPayload(req: Request, limit: number): Promise<unknown> {
  const raw = rawSdkBody(req);
  const body = isCompressed(raw) ? await inflateInBackground(raw.body, limit) : raw.body;
  // Plain JSON is parsed from its bytes: the text of a 7 MB body took 15 ms of one turn to make.
  const source: Buffer | string = isPlainJson(body, raw) ? body : jsonText(body, raw, limit);
  if (source.length <= PARSE_CHUNK_CHARS) {
    try {
      return JSON.parse(typeof source === 'string' ? source : source.toString('utf8'));
    } catch {
      throw malformed('the body is not valid JSON');
    }
  }
  // Reading the body (raw-body joins its chunks: 20 ms for 7 MB here) took this turn.
  await nextTurn();
  const pause = eventLoopSlicer();
  // parseChunked takes a text cut short after a complete element (`{"batch":[{…}`) for a whole
  // one, closing what is open: only a root value it saw end (`onRootValue`) is the body's.
  let root: { value: unknown } | undefined;
  try {
    await parseChunked(
      async function* () {
        for (let i = 0; i < source.length; i += PARSE_CHUNK_CHARS) {
          await pause();
          yield typeof source === 'string'
            ? source.slice(i, i + PARSE_CHUNK_CHARS)
            : source.subarray(i, i + PARSE_CHUNK_CHARS);
        }
      },
      { onRootValue: (value) => (root = { value }) },
    );
  } catch {
    // Any failure (hostile input may break its joining of the chunks, not only the syntax).
    root = undefined;
  }
  if (!root) throw malformed('the body is not valid JSON');
  return root.value;
}

function decodeBase64(text: string, limit: number): string {
  const bytes = Buffer.from(text.replace(/\s/g, ''), 'base64');
  if (bytes.length > limit) throw tooLarge(limit);
  // posthog-js may gzip before base64-encoding.
  return (isGzip(bytes) ? inflate(bytes, limit) : bytes).toString('utf8');
}
