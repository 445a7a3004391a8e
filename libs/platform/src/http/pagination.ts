import { ApiPropertyOptional } from '@nestjs/swagger';
import type { Express, Request } from 'express';
import { DomainError } from '../errors/domain-error';
import { QueryParam } from './validators';

export interface PageQuery {
  limit: number;
  offset: number;
}

/** The list envelope of every paginated endpoint. */
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

function single(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw DomainError.invalid(`${name} must be given once, as a number.`, name);
  return value;
}

/**
 * A non-negative integer query parameter. Missing → `fallback`; anything but digits (negative,
 * fractional, words, too large) → 400 naming the parameter.
 */
export function parseNonNegativeInt(value: unknown, name: string, fallback: number): number {
  const raw = single(value, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw DomainError.invalid(`${name} must be a non-negative integer.`, name);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw DomainError.invalid(`${name} is too large.`, name);
  return n;
}

/** `limit` (default 100, capped at 1000; 0 means the default, as in DRF), for a query DTO field (`@QueryParam(pageLimit())`). */
export function pageLimit(defaults: { limit?: number; max?: number } = {}): (raw: unknown, name: string) => number {
  const max = defaults.max ?? MAX_PAGE_SIZE;
  const fallback = defaults.limit ?? DEFAULT_PAGE_SIZE;
  return (raw, name) => {
    const limit = parseNonNegativeInt(raw, name, fallback);
    return Math.min(limit === 0 ? fallback : limit, max);
  };
}

/** `offset` (default 0), for a query DTO field. */
export function pageOffset(raw: unknown, name: string): number {
  return parseNonNegativeInt(raw, name, 0);
}

/** The query of a plain paginated list. */
export class PageQueryDto implements PageQuery {
  @QueryParam(pageLimit())
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Results per page (default 100, at most 1000).' })
  limit: number;

  @QueryParam(pageOffset)
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Index of the first result.' })
  offset: number;
}

const PUBLIC_URL_SETTING = 'bunting public url';

/** Where links point when no trusted proxy names the address (PUBLIC_URL; configureHttp sets it). */
export function setLinkBase(app: Express, publicUrl: string | undefined): void {
  app.set(PUBLIC_URL_SETTING, publicUrl?.replace(/\/+$/, ''));
}

// What a link may name as its host: a DNS name or IPv4 address, or a bracketed IPv6 literal, and a port.
const HOST =
  /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?)(?::(\d{1,5}))?$/;

/**
 * The origin a trusted proxy forwarded (X-Forwarded-Proto and -Host, Express's `trust proxy`), or
 * undefined when the peer is no trusted proxy or what it sent is no host.
 */
function forwardedOrigin(req: Request): string | undefined {
  const trust = req.app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  if (!trust(req.socket.remoteAddress, 0)) return undefined;
  const host = req.host;
  const match = host === undefined || host.length > 255 ? null : HOST.exec(host);
  if (!match || (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65_535))) return undefined;
  try {
    return new URL(`${/^https$/i.test(req.protocol) ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/**
 * The request's own URL, absolute, with some query parameters replaced. The address is what a
 * trusted proxy forwarded, else PUBLIC_URL (default http://localhost and the port the request
 * came in on): a client's Host or X-Forwarded-Host never points a link elsewhere.
 */
export function absoluteUrl(req: Request, replace: Record<string, string | number>): string {
  const base =
    forwardedOrigin(req) ??
    (req.app.get(PUBLIC_URL_SETTING) as string | undefined) ??
    `http://localhost:${req.socket.localPort}`;
  const q = req.originalUrl.indexOf('?');
  const path = q === -1 ? req.originalUrl : req.originalUrl.slice(0, q);
  const params = new URLSearchParams(q === -1 ? '' : req.originalUrl.slice(q + 1));
  for (const [k, v] of Object.entries(replace)) params.set(k, String(v));
  return `${base}${path}?${params}`;
}

export function pageOf<T>(req: Request, page: PageQuery, count: number, results: T[]): Paginated<T> {
  const { limit, offset } = page;
  return {
    count,
    next: offset + limit < count ? absoluteUrl(req, { limit, offset: offset + limit }) : null,
    previous: offset > 0 ? absoluteUrl(req, { limit, offset: Math.max(0, offset - limit) }) : null,
    results,
  };
}

/**
 * `JSON.stringify(pageOf(req, page, count, results))` for results already in JSON (one text per
 * element), for lists that serialise their elements from kept pieces.
 */
export function pageJson(req: Request, page: PageQuery, count: number, results: readonly string[]): string {
  const envelope = JSON.stringify(pageOf(req, page, count, []));
  if (!envelope.endsWith('"results":[]}')) throw new Error("pageJson: `results` must be the envelope's last field");
  return `${envelope.slice(0, -2)}${results.join(',')}]}`;
}

/** An activity page's `limit` (default 10, at most 1000). */
export function activityLimit(raw: unknown, name: string): number {
  const limit = parseNonNegativeInt(raw, name, 10);
  return Math.min(limit === 0 ? 10 : limit, MAX_PAGE_SIZE);
}

/** An activity page's `page` (from 1). */
export function activityPage(raw: unknown, name: string): number {
  const page = parseNonNegativeInt(raw, name, 1);
  if (page < 1) throw DomainError.invalid('page must be at least 1.', name);
  return page;
}

export interface ActivityPage<T> {
  results: T[];
  next: string | null;
  previous: string | null;
  total_count: number;
}

export function activityPageOf<T>(
  req: Request,
  paging: { page: number; limit: number },
  total: number,
  results: T[],
): ActivityPage<T> {
  const { page, limit } = paging;
  return {
    results,
    next: page * limit < total ? absoluteUrl(req, { page: page + 1, limit }) : null,
    previous: page > 1 ? absoluteUrl(req, { page: page - 1, limit }) : null,
    total_count: total,
  };
}
