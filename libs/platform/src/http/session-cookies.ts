import { parse } from 'cookie';
import type { Request, Response } from 'express';
import { csrfMatches, OpenedSession, Session } from '../auth/sessions.service';
import { DomainError } from '../errors/domain-error';

/** Django's session cookie name, which PostHog keeps: HttpOnly, the credential. */
export const SESSION_COOKIE = 'sessionid';
/** PostHog's CSRF cookie: readable by the console, which echoes it in `X-CSRFToken`. */
export const CSRF_COOKIE = 'posthog_csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/** Methods that change nothing, so need no CSRF token (RFC 9110's safe methods). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** The session token of the request's cookie header, if any (malformed headers name none). */
export function sessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return undefined;
  return parse(header)[SESSION_COOKIE] || undefined;
}

/** Secure cookies when the client reached us over https (directly or through a trusted proxy). */
export function setSessionCookies(req: Request, res: Response, session: OpenedSession): void {
  // The answer carries the credential: no cache may keep it.
  res.setHeader('Cache-Control', 'private, no-store');
  const common = { path: '/', sameSite: 'lax' as const, secure: req.secure, expires: session.expiresAt };
  res.cookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  res.cookie(CSRF_COOKIE, session.csrfToken, common);
}

export function clearSessionCookies(req: Request, res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
  const common = { path: '/', sameSite: 'lax' as const, secure: req.secure };
  res.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  res.clearCookie(CSRF_COOKIE, common);
}

/**
 * 403 unless a write authenticated by a session echoes its CSRF token in `X-CSRFToken`: a cookie
 * rides along with any cross-site form, but only the console can read the CSRF cookie.
 */
export function checkCsrf(req: Request, session: Session): void {
  if (!isSafeMethod(req.method) && !csrfMatches(session, req.headers[CSRF_HEADER])) {
    throw DomainError.forbidden('CSRF Failed: CSRF token missing or incorrect.');
  }
}
