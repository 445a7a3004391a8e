import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '../config/platform-config';
import { DomainError } from '../errors/domain-error';
import { JsonLogger } from '../observability/json-logger';
import { literalAddress, parseTargetUrl, refusedAddress } from './target-address';

/** Bytes of a receiver's answer kept (the rest is not read). */
export const RESPONSE_BYTES_KEPT = 1024;

/** The 400's detail for a target refused at save (unresolved, or resolving to a refused address). */
export const TARGET_REFUSED =
  'This URL is not allowed: its host must resolve, and only to public addresses unless WEBHOOK_ALLOW_PRIVATE_TARGETS is on.';
/** An attempt's error when the target resolves to a refused address. */
export const DELIVERY_REFUSED = 'refused: the host resolves to a loopback, private, link-local or reserved address';

/** What a receiver answered. */
export interface OutboundResponse {
  status: number;
  /** The first RESPONSE_BYTES_KEPT bytes of the body, as text. */
  body: string;
}

/** An attempt that got no answer: refused address, DNS failure, connection error, timeout. */
export class OutboundFailure extends Error {
  constructor(
    message: string,
    /** No answer within WEBHOOK_TIMEOUT_MS (the receiver held the attempt that long). */
    readonly timedOut = false,
  ) {
    super(message);
  }
}

/**
 * Requests Bunting sends on a user's behalf (webhooks, Slack messages), under the address rule
 * of `target-address.ts`: checked when a target is saved (`checkTarget`) and again at every
 * request (`postJson`), whose connection goes to the addresses the check saw (the lookup is the
 * check), so a name that re-resolves to a private address in between is refused too. Redirects
 * are never followed, WEBHOOK_TIMEOUT_MS bounds the whole exchange and at most
 * RESPONSE_BYTES_KEPT bytes of the answer are read.
 */
@Injectable()
export class OutboundHttp {
  constructor(
    private readonly config: PlatformConfig,
    private readonly logger: JsonLogger,
  ) {}

  /**
   * 400 naming `attr` unless `value` is an http(s) URL whose host resolves to allowed addresses.
   * A host that does not resolve and one that resolves to a refused address get the same answer
   * (TARGET_REFUSED), which names no address: what the deployment's DNS answers is logged only.
   */
  async checkTarget(value: unknown, attr: string): Promise<string> {
    if (typeof value !== 'string') throw DomainError.invalid('Not a valid string.', attr, 'invalid');
    const url = parseTargetUrl(value, attr);
    const literal = literalAddress(url.hostname);
    let addresses: string[];
    if (literal !== undefined) {
      addresses = [literal];
    } else {
      try {
        addresses = (await dns.lookup(url.hostname, { all: true })).map((a) => a.address);
      } catch (e) {
        this.refused(attr, url.hostname, `not resolved: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const why = refusedAddress(addresses, this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    if (why) this.refused(attr, url.hostname, why);
    return url.toString();
  }

  private refused(attr: string, host: string, why: string): never {
    this.logger.entry('info', 'outbound target refused', { attr, host, reason: why });
    throw DomainError.invalid(TARGET_REFUSED, attr, 'invalid_url');
  }

  /** POSTs `body` (JSON) to `target`; throws OutboundFailure when no answer came. */
  postJson(target: string, body: string, headers: Record<string, string>): Promise<OutboundResponse> {
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    const timeoutMs = this.config.WEBHOOK_TIMEOUT_MS;
    let url: URL;
    try {
      url = parseTargetUrl(target, 'url');
    } catch (e) {
      return Promise.reject(new OutboundFailure(e instanceof Error ? e.message : String(e)));
    }
    const literal = literalAddress(url.hostname);
    // The reason, with the address, goes to the log; the failure (shown as last_error) names none.
    const refuse = (why: string) => {
      this.logger.entry('info', 'outbound request refused', { host: url.hostname, reason: why });
      return new OutboundFailure(DELIVERY_REFUSED);
    };
    if (literal !== undefined) {
      const why = refusedAddress([literal], allowPrivate);
      if (why) return Promise.reject(refuse(why));
    }
    const lookup: LookupFunction = (hostname, options, callback) => {
      dnsLookup(hostname, { all: true, family: options.family }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const why = refusedAddress(
          addresses.map((a) => a.address),
          allowPrivate,
        );
        if (why) return callback(refuse(why), '', 0);
        if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolve, reject) => {
      const fail = (e: unknown) =>
        reject(e instanceof OutboundFailure ? e : new OutboundFailure(e instanceof Error ? e.message : String(e)));
      const req = client.request(
        url,
        {
          method: 'POST',
          agent: false,
          lookup: literal === undefined ? lookup : undefined,
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'Bunting-Webhooks',
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = () => {
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).subarray(0, RESPONSE_BYTES_KEPT).toString('utf8'),
            });
            res.destroy();
          };
          res.on('data', (chunk: Buffer) => {
            if (kept >= RESPONSE_BYTES_KEPT) return;
            chunks.push(chunk);
            kept += chunk.length;
            if (kept >= RESPONSE_BYTES_KEPT) done();
          });
          res.on('end', done);
          res.on('error', () => done());
        },
      );
      req.on('error', (e) =>
        fail(e.name === 'AbortError' ? new OutboundFailure(`timed out after ${timeoutMs} ms`, true) : e),
      );
      req.end(body);
    });
  }
}
