import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TestApp } from './test-app';

type Schema = Record<string, unknown>;

export interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
  'x-required-scopes'?: string[];
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/**
 * OpenAPI 3.0 writes "or null" as `nullable: true`, which Ajv honours only next to a `type` and
 * not across an `allOf` (Nest writes a nullable class as `{nullable, type: object, allOf: [$ref]}`):
 * both become JSON Schema's `anyOf [..., null]`. Refs point into the document registered as `doc`.
 */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'example') continue;
    out[k] =
      k === '$ref' && typeof v === 'string' ? v.replace(/^#\/components\//, 'doc#/components/') : toJsonSchema(v);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (out.allOf !== undefined) delete out.type;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** The service's own OpenAPI document, to check that responses are exactly what it declares. */
export class OpenApiDocument {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  private constructor(readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
    // The platform accepts any x@y address (the bootstrap user is admin@localhost).
    this.ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    this.ajv.addSchema({ components: toJsonSchema(doc.components) } as Schema, 'doc');
  }

  static async fetch(t: TestApp): Promise<OpenApiDocument> {
    const res = await t.get('/api/schema/', null);
    if (res.status !== 200) throw new Error(`GET /api/schema/ answered ${res.status}`);
    return new OpenApiDocument(res.body as OpenApiDoc);
  }

  operation(method: string, path: string): Operation {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not documented`);
    return op;
  }

  /**
   * Throws unless `method path` (an OpenAPI path template such as `/api/projects/{project_id}`)
   * declares the response's status and, for a JSON body, the body matches the declared schema.
   */
  expectDocumented(
    method: string,
    path: string,
    res: { status: number; body: unknown; text?: string; headers?: Record<string, string> },
  ): void {
    const op = this.operation(method, path);
    const response = op.responses[String(res.status)];
    if (!response) throw new Error(`${method} ${path}: ${res.status} is not documented`);
    if (res.status === 204 || res.status === 304 || !response.content) {
      if (res.text) throw new Error(`${method} ${path} ${res.status}: body should be empty`);
      return;
    }
    const type = String(res.headers?.['content-type'] ?? 'application/json').split(';')[0];
    const content = response.content?.[type];
    if (!content) throw new Error(`${method} ${path} ${res.status}: ${type} is not documented`);
    if (type !== 'application/json') return;
    const schema = content.schema;
    const id = `${method} ${path} ${res.status}`;
    if (!this.validators.has(id)) this.validators.set(id, this.ajv.compile(toJsonSchema(schema) as Schema));
    const validate = this.validators.get(id)!;
    if (!validate(res.body)) {
      throw new Error(`${id}: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 2000)}`);
    }
  }
}
