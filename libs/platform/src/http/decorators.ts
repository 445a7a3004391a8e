import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import { Scope } from '../auth/scopes';
import { Actor, OrganizationAccess, ProjectAccess } from '../tenancy/actor';

export const SCOPES_METADATA = 'bunting:scopes';
export const PUBLIC_METADATA = 'bunting:public';
export const PROJECT_SECRET_METADATA = 'bunting:project-secret';

/** What the auth guard attaches to a request. */
export interface AuthedRequest extends Request {
  actor?: Actor;
  project?: ProjectAccess;
  organization?: OrganizationAccess;
}

/**
 * The personal-API-key scopes a route needs (none: any valid key). Every non-public route must
 * carry this; the guard refuses routes that declare nothing. Shown in OpenAPI as
 * `x-required-scopes`.
 */
export function RequireScopes(...scopes: Scope[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(SCOPES_METADATA, scopes),
    ApiBearerAuth(),
    ApiExtension('x-required-scopes', scopes),
  );
}

/**
 * A route that a project's secret token (phs_…) may call besides personal API keys, as PostHog
 * lets it call local evaluation and remote config only. Every other route refuses the token.
 */
export function AcceptsProjectSecret(): MethodDecorator & ClassDecorator {
  return SetMetadata(PROJECT_SECRET_METADATA, true);
}

/** A route that does its own authentication (SDK endpoints with a project token) or none (health). */
export function Public(): MethodDecorator & ClassDecorator {
  return SetMetadata(PUBLIC_METADATA, true);
}

function fromRequest<K extends 'actor' | 'project' | 'organization'>(key: K) {
  return createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const value = ctx.switchToHttp().getRequest<AuthedRequest>()[key];
    if (value === undefined) throw new Error(`route has no ${key}: check its path and @RequireScopes`);
    return value;
  });
}

/** The authenticated caller. */
export const CurrentActor = fromRequest('actor');
/** The project of the route's `:project_id`, already checked against the caller's organizations. */
export const CurrentProject = fromRequest('project');
/** The organization of the route's `:organization_id`, already checked. */
export const CurrentOrganization = fromRequest('organization');

/** OpenAPI: a 200 whose body is the paginated envelope of `model`; with `csv`, or that page as CSV. */
export function ApiPaginatedResponse(
  model: Type<unknown>,
  options: { csv?: { description: string } } = {},
): MethodDecorator {
  const envelope = {
    type: 'object' as const,
    required: ['count', 'next', 'previous', 'results'],
    properties: {
      count: { type: 'integer' as const, example: 1 },
      next: { type: 'string' as const, format: 'uri', nullable: true },
      previous: { type: 'string' as const, format: 'uri', nullable: true },
      results: { type: 'array' as const, items: { $ref: getSchemaPath(model) } },
    },
  };
  const response = options.csv
    ? {
        description: options.csv.description,
        content: { 'application/json': { schema: envelope }, 'text/csv': { schema: { type: 'string' as const } } },
      }
    : { schema: envelope };
  return applyDecorators(ApiExtraModels(model), ApiOkResponse(response));
}
