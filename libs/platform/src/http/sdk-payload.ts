import { gunzipSync, inflateSync } from 'node:zlib';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error';

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

function inflate(buffer: Buffer, limit: number): Buffer {
  try {
    // gzip magic bytes 1f 8b; anything else is tried as zlib deflate.
    return buffer[0] === 0x1f && buffer[1] === 0x8b
      ? gunzipSync(buffer, { maxOutputLength: limit })
      : inflateSync(buffer, { maxOutputLength: limit });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw tooLarge(limit);
    throw malformed('could not decompress the body');
  }
}

function queryParam(req: Request, name: string): string | undefined {
  const v = req.query?.[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Reads what posthog-node and posthog-js send to ingestion and flag endpoints: plain JSON; gzip
 * (`Content-Encoding`, already inflated by the raw parser, or `?compression=gzip-js` with a
 * gzip body); form-encoded `data=<base64 JSON>` (`?compression=base64` or a form content type);
 * a bare base64 body. Returns the parsed JSON value; 400 when it is not JSON, 413 when it
 * inflates past `limit`.
 */
export function decodeSdkPayload(req: Request, limit: number): unknown {
  const deferred = sdkBodyError(req);
  if (deferred) throw deferred;
  let body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
  if (body.length === 0) throw malformed('the body is empty');
  const compression = (queryParam(req, 'compression') ?? '').toLowerCase();
  const contentType = String(req.headers['content-type'] ?? '').toLowerCase();

  if (compression === 'gzip-js' || compression === 'gzip' || (body[0] === 0x1f && body[1] === 0x8b)) {
    body = inflate(body, limit);
  }
  let text = body.toString('utf8');
  if (contentType.startsWith('application/x-www-form-urlencoded') || /^data=/.test(text)) {
    const data = new URLSearchParams(text).get('data');
    if (data === null) throw malformed('the form has no data field');
    text = data;
    if (!/^\s*[[{]/.test(text)) text = decodeBase64(text, limit);
  } else if (compression === 'base64' || !/^\s*[[{"]/.test(text)) {
    if (/^[A-Za-z0-9+/=_\-\s]+$/.test(text)) text = decodeBase64(text, limit);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw malformed('the body is not valid JSON');
  }
}

function decodeBase64(text: string, limit: number): string {
  const bytes = Buffer.from(text.replace(/\s/g, ''), 'base64');
  if (bytes.length > limit) throw tooLarge(limit);
  // posthog-js may gzip before base64-encoding.
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? inflate(bytes, limit) : bytes).toString('utf8');
}
