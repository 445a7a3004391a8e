import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorEnvelope } from '../errors/error-envelope';

type Parameter = { in: string; name?: string; required?: boolean; schema?: unknown; description?: string };

type Operation = {
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  parameters?: Parameter[];
};

// Path parameters the auth guard resolves, so handlers never declare them with @Param.
const PATH_PARAMETERS: Record<string, string> = {
  project_id: 'Id of the project, or `@current` for the key’s default project.',
  organization_id: 'Id (UUID) of the organization, or `@current`.',
};

const DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid input: the envelope names the field in `attr`.',
  '401': 'Missing or invalid personal API key.',
  '403': 'The key lacks the scope in `x-required-scopes`, or the caller may not change this object.',
  '404': "Not found, or outside the caller's organizations.",
  '413': 'Request body too large.',
  '415': 'Request body is not JSON.',
  '429': 'Rate limited, or too many failed authentications from this address; see the Retry-After header.',
  '503': 'Database unavailable; see the Retry-After header.',
  '504': 'The database took too long.',
};

const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

type Response = { description?: string; content?: Record<string, { schema?: unknown }> };

/** Widens a declared JSON response that is not the envelope to "its own shape or the envelope". */
function addEnvelopeAlternative(op: Operation, status: string): void {
  const json = (op.responses[status] as Response | undefined)?.content?.['application/json'];
  const schema = json?.schema as { $ref?: string } | undefined;
  if (!json || !schema || schema.$ref === ENVELOPE_REF) return;
  json.schema = { oneOf: [schema, { $ref: ENVELOPE_REF }] };
}

/** Holds the document so the schema route can serve what `buildOpenApiDocument` built. */
export class OpenApiDocumentHolder {
  document: OpenAPIObject | undefined;
}

/**
 * The OpenAPI document of every route, with the error responses every route shares added in
 * one place: auth errors on authenticated routes, 404 where the path names an object, body
 * errors where there is a body, and 503/504 everywhere (the database may be down).
 */
export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Bunting')
    .setDescription(
      "PostHog-compatible feature flags, persons and event definitions. Authenticate with `Authorization: Bearer <personal API key>`; each operation's `x-required-scopes` lists the scopes it needs.",
    )
    .setVersion(version)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Personal API key (phx_…)' })
    .build();
  const doc = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorEnvelope],
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  const envelope = { $ref: ENVELOPE_REF };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const add = (status: string) => {
        if (!op.responses[status]) {
          op.responses[status] = {
            description: DESCRIPTIONS[status],
            content: { 'application/json': { schema: envelope } },
          };
        }
      };
      if (op.security && op.security.length > 0) ['401', '403', '429'].forEach(add);
      // whatever authenticates may refuse an address with too many failed authentications
      if (op.responses['401']) add('429');
      // OpenAPI requires every {name} of the path to be declared; the guard's are not.
      const declared = op.parameters ?? [];
      const missing: Parameter[] = [...path.matchAll(/\{([^}]+)\}/g)]
        .map(([, name]) => name)
        .filter((name) => !declared.some((p) => p.in === 'path' && p.name === name))
        .map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
          description: PATH_PARAMETERS[name],
        }));
      if (missing.length > 0) op.parameters = [...missing, ...declared];
      if (/\{[^}]+\}/.test(path)) add('404');
      // Every POST/PUT/PATCH body is parsed, even where the operation declares none: a malformed,
      // oversized or non-JSON one is refused with the envelope, which may come on top of the
      // operation's own 400 shape (`{success: false}` on the dashboard routes).
      const parsesBody = op.requestBody !== undefined || ['post', 'put', 'patch'].includes(method);
      if (parsesBody && !op.requestBody) addEnvelopeAlternative(op, '400');
      if (parsesBody || (op.parameters ?? []).some((p) => p.in === 'query')) add('400');
      if (parsesBody) ['413', '415'].forEach(add);
      ['503', '504'].forEach(add);
    }
  }
  return doc;
}

export function mountSwaggerUi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('api/schema/swagger-ui', app, document, {
    raw: false,
    swaggerOptions: { url: '/api/schema/', persistAuthorization: true },
  });
}
