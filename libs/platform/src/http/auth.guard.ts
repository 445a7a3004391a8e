import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiKeysService } from '../auth/api-keys.service';
import { Limiter } from '../auth/rate-limits';
import { missingScope, Scope } from '../auth/scopes';
import { SessionsService } from '../auth/sessions.service';
import { DomainError } from '../errors/domain-error';
import { Actor } from '../tenancy/actor';
import { TenancyService } from '../tenancy/tenancy.service';
import { AuthedRequest, PROJECT_SECRET_METADATA, PUBLIC_METADATA, SCOPES_METADATA } from './decorators';
import { checkCsrf, sessionToken } from './session-cookies';

export const RATE_LIMITER = Symbol('RATE_LIMITER');

/**
 * An answer that depends on who asks (and the 401/403 of one who may not) is no cache's to keep:
 * `no-store`, and `Vary: Cookie` when the session cookie decides it (no Authorization header).
 * Set before the route runs, so a route with caching of its own (the flag definitions' ETag and
 * `private, must-revalidate`) replaces it.
 */
function keepFromSharedCaches(req: AuthedRequest): void {
  const res = req.res;
  if (!res || res.headersSent) return;
  res.setHeader('Cache-Control', 'private, no-store');
  if (!req.headers.authorization) res.vary('Cookie');
}

/**
 * Authenticates the Bearer personal API key (or, without an Authorization header, the console's
 * session cookie, whose writes must carry its CSRF token), applies the per-user rate limit, checks the route's
 * scopes, and resolves `:project_id` / `:organization_id` to something the caller's
 * organizations hold (404 otherwise, never 403, so nothing leaks).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    private readonly sessions: SessionsService,
    private readonly tenancy: TenancyService,
    @Inject(RATE_LIMITER) private readonly limiter: Limiter | null,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets)) return true;
    const scopes = this.reflector.getAllAndOverride<Scope[] | undefined>(SCOPES_METADATA, targets);
    if (scopes === undefined) throw DomainError.forbidden('This route declares no scope and is closed.');

    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    const projectSecret = this.reflector.getAllAndOverride<boolean>(PROJECT_SECRET_METADATA, targets) === true;
    const actor = await this.admit(req, scopes, { projectSecret });
    // PostgreSQL text cannot hold NUL, so no stored id or key contains one: such a path names nothing.
    if (Object.values(req.params ?? {}).some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw DomainError.notFound();
    }
    const { project_id: projectId, organization_id: organizationId } = req.params as Record<string, string | undefined>;
    if (projectId !== undefined) req.project = await this.tenancy.resolveProject(actor, projectId);
    if (organizationId !== undefined) req.organization = await this.tenancy.resolveOrganization(actor, organizationId);
    return true;
  }

  /**
   * The caller of a route that needs `scopes`: authenticated, within the rate limit, holding the
   * scopes (401/429/403 otherwise), and set as `req.actor`. The routes served ahead of Nest
   * (`FastRoute`) are admitted here too. With `projectSecret`, a project secret token is taken too.
   */
  async admit(req: AuthedRequest, scopes: readonly Scope[], options: { projectSecret?: boolean } = {}): Promise<Actor> {
    keepFromSharedCaches(req);
    const actor = await this.authenticate(req, options.projectSecret === true);
    if (this.limiter) {
      // Per user, not per key: more keys buy no more requests. A secret token counts for its project.
      const who = actor.projectSecret ? `project_secret:${actor.projectSecret.projectId}` : `user:${actor.userId}`;
      const decision = await this.limiter.hit(who);
      if (!decision.allowed) throw DomainError.throttled(decision.retryAfterSeconds);
    }
    const missing = missingScope(actor.scopes, scopes);
    if (missing) throw DomainError.forbidden(`API key missing required scope '${missing}'`);
    req.actor = actor;
    return actor;
  }

  /** The actor behind the request's key, or its session cookie when it sends no key; 401/403 otherwise. */
  private async authenticate(req: AuthedRequest, projectSecret: boolean): Promise<Actor> {
    const header = req.headers.authorization;
    if (header) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (match && match[1].startsWith('phs_')) return this.authenticateProjectSecret(match[1], projectSecret);
      const actor = match ? await this.keys.authenticate(match[1]) : undefined;
      if (!actor) {
        throw new DomainError(
          'unauthenticated',
          'authentication_failed',
          'Personal API key found in request Authorization header is invalid.',
        );
      }
      return actor;
    }
    const token = sessionToken(req);
    const session = token === undefined ? undefined : await this.sessions.authenticate(token);
    if (!session) {
      throw new DomainError('unauthenticated', 'not_authenticated', 'Authentication credentials were not provided.');
    }
    checkCsrf(req, session);
    return session.actor;
  }

  /**
   * A project secret token: refused unlooked-up where the route does not take one (nothing to
   * learn of the token there), else its project's actor, or 401 counted as any failing key is.
   */
  private async authenticateProjectSecret(raw: string, accepted: boolean): Promise<Actor> {
    if (!accepted) {
      throw DomainError.forbidden(
        'Project secret API keys can only be used for feature flag local evaluation and remote config.',
      );
    }
    const actor = await this.tenancy.authenticateProjectSecret(raw);
    if (!actor) {
      throw new DomainError(
        'unauthenticated',
        'authentication_failed',
        'Project secret API key found in request Authorization header is invalid.',
      );
    }
    return actor;
  }
}
