import { randomUUID } from 'node:crypto';
import express, { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { JsonLogger } from '../observability/json-logger';
import { metrics } from '../observability/metrics';
import { requestContext } from '../observability/request-context';
import { deferSdkBodyError, malformedSdkBody } from './sdk-payload';
import { sendDomainError } from './send-error';

const requestsTotal = metrics.counter('http_requests_total', 'HTTP requests by method, route and status.', [
  'method',
  'route',
  'status',
]);
const requestDuration = metrics.histogram(
  'http_request_duration_seconds',
  'HTTP request latency by method and route.',
  undefined,
  ['method', 'route'],
);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Counts requests in flight and knows when the process is draining for shutdown. */
export class Lifecycle {
  inflight = 0;
  draining = false;
  private idleWaiters: Array<() => void> = [];

  enter(): void {
    this.inflight++;
  }

  leave(): void {
    this.inflight--;
    if (this.inflight === 0) this.idleWaiters.splice(0).forEach((w) => w());
  }

  /** Resolves when no request is in flight, or after `timeoutMs`; true when idle. */
  waitIdle(timeoutMs: number): Promise<boolean> {
    if (this.inflight === 0) return Promise.resolve(true);
    return new Promise((done) => {
      const timer = setTimeout(() => done(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        done(true);
      });
    });
  }
}

/**
 * Per request: an `X-Request-Id` (the caller's when sane, else a new uuid) carried through the
 * async context for logs; an access-log line and metrics when the response finishes; the
 * in-flight count for graceful shutdown.
 */
export function observeRequests(logger: JsonLogger, lifecycle: Lifecycle): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    const started = process.hrtime.bigint();
    lifecycle.enter();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      lifecycle.leave();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (req.route?.path as string | undefined) ?? 'unmatched';
      requestsTotal.inc({ method: req.method, route, status: String(res.statusCode) });
      requestDuration.observe(seconds, { method: req.method, route });
      requestContext.run({ requestId }, () =>
        logger.entry('info', 'request', {
          method: req.method,
          path: req.path,
          route,
          status: res.statusCode,
          duration_ms: Math.round(seconds * 1e6) / 1e3,
        }),
      );
    };
    res.once('finish', finish);
    res.once('close', finish);
    requestContext.run({ requestId, clientAddress: req.ip }, () => next());
  };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Byte length of the UTF-8 sequence starting with `lead` (0 when it cannot start one). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * The path with every escape that does not decode re-escaped (`%FF` → `%25FF`, a bare `%` →
 * `%25`), as Django does (RFC 3987 §3.2), or undefined when the path decodes as it is.
 */
export function repercentBrokenPath(path: string): string | undefined {
  try {
    decodeURIComponent(path);
    return undefined;
  } catch {
    // fall through
  }
  const escaped = path.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return escaped.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    let out = '';
    for (let i = 0; i < bytes.length;) {
      const n = sequenceLength(bytes[i]);
      let valid = n > 0 && i + n <= bytes.length;
      if (valid) {
        try {
          UTF8.decode(bytes.subarray(i, i + n));
        } catch {
          valid = false;
        }
      }
      const take = valid ? n : 1;
      const hex = [...bytes.subarray(i, i + take)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`);
      out += valid ? hex.join('') : `%25${hex[0].slice(1)}`;
      i += take;
    }
    return out;
  });
}

/**
 * Makes every request path decodable before routing: Express answers a path parameter that is
 * not percent-encoded UTF-8 with a bare 400 no route declares, while the re-escaped value simply
 * names no object, so the route answers its own 404.
 */
export function repercentBrokenPaths(): RequestHandler {
  return (req, _res, next) => {
    const q = req.url.indexOf('?');
    const path = q === -1 ? req.url : req.url.slice(0, q);
    const fixed = repercentBrokenPath(path);
    if (fixed !== undefined) req.url = fixed + (q === -1 ? '' : req.url.slice(q));
    next();
  };
}

/**
 * Express answers 304 whenever `req.fresh`, and `If-None-Match: *` is fresh even without an
 * ETag: every GET would then be an empty 304 that no route declares. With ETags off, a request
 * is fresh only against a validator the route set itself (the SDK definition routes set ETag).
 */
export function conditionalOnlyOnValidators(app: Express): void {
  const inherited = Object.getOwnPropertyDescriptor(express.request, 'fresh')?.get;
  if (!inherited) throw new Error('express request has no fresh getter');
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Request): boolean {
      const res = this.res;
      if (!res || (res.getHeader('ETag') === undefined && res.getHeader('Last-Modified') === undefined)) return false;
      return inherited.call(this) as boolean;
    },
  });
}

export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // Swagger UI needs its own scripts and styles; everything else is JSON and needs nothing.
    if (!req.path.startsWith('/api/schema/swagger-ui')) {
      res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    }
    // req.secure believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    if (req.secure) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    next();
  };
}

function isJson(req: Request): boolean {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function bodyError(err: { type?: string; status?: number; message?: string }, limit: number): DomainError {
  switch (err.type) {
    case 'entity.too.large':
      return new DomainError('payload_too_large', 'payload_too_large', `Request body is larger than ${limit} bytes.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError(
        'unsupported_media_type',
        'unsupported_media_type',
        err.message ?? 'Unsupported encoding.',
      );
    case 'entity.parse.failed':
      // JSON.parse with a reviver recurses: a document nested thousands deep overflows the stack,
      // whose message says nothing to a client.
      return DomainError.invalid(
        `JSON parse error - ${err.message?.includes('call stack') ? 'the document nests too deeply' : (err.message ?? 'malformed JSON')}`,
        null,
        'parse_error',
      );
    default:
      return DomainError.invalid(err.message ?? 'The request body could not be read.', null, 'parse_error');
  }
}

// Own "__proto__"/"constructor" keys have no business in a request and invite prototype tricks.
function dropDangerousKeys(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' ? undefined : value;
}

const BODILESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

/**
 * Body parsing. SDK paths (ingestion, /flags, /decide, OFREP) get the raw bytes (they may be gzip,
 * base64 or form-encoded; `decodeSdkPayload` reads them) up to `rawLimit` after inflation. A raw
 * path ending in `/*` covers every path below it.
 * Everything else takes JSON up to `jsonLimit`; another content type with a body → 415.
 */
export function parseBodies(options: {
  jsonLimit: number;
  rawLimit: number;
  rawPaths: readonly string[];
}): RequestHandler {
  const raw = express.raw({ type: () => true, limit: options.rawLimit });
  const json = express.json({ limit: options.jsonLimit, type: () => true, reviver: dropDangerousKeys, strict: false });
  const rawPaths = new Set(options.rawPaths.filter((p) => !p.endsWith('/*')).flatMap((p) => [p, `${p}/`]));
  const rawPrefixes = options.rawPaths.filter((p) => p.endsWith('/*')).map((p) => p.slice(0, -1));
  return (req: Request, res: Response, next: NextFunction) => {
    const isRaw = rawPaths.has(req.path) || rawPrefixes.some((prefix) => req.path.startsWith(prefix));
    if (!isRaw && !hasBody(req)) return next();
    // A body on GET, HEAD or DELETE has no meaning (RFC 9110) and no route reads one: it is read
    // and dropped, as Django REST framework ignores what a view never asks for.
    if (!isRaw && BODILESS_METHODS.has(req.method)) {
      req.resume();
      return next();
    }
    if (!isRaw && !isJson(req)) {
      const type = String(req.headers['content-type'] ?? '').split(';')[0] || 'none';
      // Drain the body so the connection can be reused, then refuse it.
      req.resume();
      return sendDomainError(
        res,
        new DomainError(
          'unsupported_media_type',
          'unsupported_media_type',
          `Unsupported media type "${type}" in request.`,
        ),
      );
    }
    const parser = isRaw ? raw : json;
    parser(req, res, (err?: unknown) => {
      if (!err) return next();
      const error = bodyError(err as { type?: string }, isRaw ? options.rawLimit : options.jsonLimit);
      // An SDK body that cannot be inflated is the route's to refuse, in its own error shape
      // (OFREP's PARSE_ERROR); oversized and unsupported encodings are refused here.
      if (isRaw && error.kind === 'invalid') {
        deferSdkBodyError(req, malformedSdkBody('the body could not be read or decompressed'));
        return next();
      }
      sendDomainError(res, error);
    });
  };
}
