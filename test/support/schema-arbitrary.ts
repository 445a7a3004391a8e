import fc from 'fast-check';

type Schema = Record<string, unknown>;

export interface SchemaArbitraryOptions {
  /** `#/components/...` targets of `$ref`. */
  components: { schemas: Record<string, Schema> };
  /**
   * Values to use for properties of these names (real tokens, ids, keys), mixed with what the
   * schema alone would give, so that generated bodies get past "not found" to the handler.
   */
  hints?: Record<string, fc.Arbitrary<unknown>>;
  /** Nesting depth after which optional properties and array items stop being generated. */
  maxDepth?: number;
}

const MAX_ITEMS = 4;

/** Text that a JSON schema string accepts: mostly plain, sometimes any code point. */
function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
    case 'email':
      return fc.emailAddress();
  }
  const bounds = { minLength, maxLength: Math.min(maxLength, 40) };
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(bounds) },
    { weight: 1, arbitrary: fc.string({ ...bounds, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ ...bounds, unit: 'binary' }) },
  );
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (integer) {
    return fc.oneof(
      fc.integer({ min: min ?? -1000, max: max ?? 1000 }),
      fc.integer({ min: min ?? -2_147_483_648, max: max ?? 2_147_483_647 }),
    );
  }
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

/**
 * An arbitrary of JSON values valid for an OpenAPI 3.0 schema of the service's document:
 * objects (required and optional properties, additionalProperties), arrays, enums, strings
 * (formats and maxLength), numbers and integers (minimum/maximum), booleans, `$ref` into the
 * components, `nullable`, `allOf` (merged), `anyOf`/`oneOf` (one of the branches).
 */
export function schemaArbitrary(schema: unknown, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 4;
  const hints = options.hints ?? {};

  const resolve = (node: Schema): Schema => {
    let current = node;
    for (let i = 0; i < 20 && typeof current.$ref === 'string'; i++) {
      const name = current.$ref.replace(/^#\/components\/schemas\//, '');
      const target = options.components.schemas[name];
      if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
      const { $ref: _ref, ...rest } = current;
      current = { ...target, ...rest };
    }
    return current;
  };

  const build = (raw: unknown, depth: number): fc.Arbitrary<unknown> => {
    if (typeof raw !== 'object' || raw === null) return fc.jsonValue({ maxDepth: 1 });
    const node = resolve(raw as Schema);
    if (node.nullable === true) {
      const { nullable: _n, ...rest } = node;
      return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: build(rest, depth) });
    }
    if (Array.isArray(node.enum) && node.enum.length > 0) return fc.constantFrom(...(node.enum as unknown[]));
    if (Array.isArray(node.allOf)) {
      const parts = (node.allOf as unknown[]).map((p) => resolve(p as Schema));
      const merged: Schema = {
        ...node,
        type: node.type ?? parts.find((p) => p.type)?.type,
        properties: {},
        required: [],
      };
      delete merged.allOf;
      for (const part of [node, ...parts]) {
        Object.assign(merged.properties as Schema, part.properties ?? {});
        (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
        if (part.additionalProperties !== undefined) merged.additionalProperties = part.additionalProperties;
        if (part.enum !== undefined) merged.enum = part.enum;
        if (part.format !== undefined) merged.format = part.format;
      }
      if (Object.keys(merged.properties as Schema).length === 0 && merged.type !== 'object') delete merged.properties;
      return build(merged, depth);
    }
    const branches = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (Array.isArray(branches) && branches.length > 0) {
      return fc.oneof(...branches.map((b) => build(b, depth)));
    }
    switch (node.type) {
      case 'string':
        return stringArbitrary(node);
      case 'integer':
        return numberArbitrary(node, true);
      case 'number':
        return fc.oneof(numberArbitrary(node, true), numberArbitrary(node, false));
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = depth >= maxDepth ? fc.constant(undefined) : build(node.items, depth + 1);
        const maxLength = depth >= maxDepth ? 0 : MAX_ITEMS;
        return fc.array(items, { maxLength }).map((a) => a.filter((v) => v !== undefined));
      }
      case 'object':
      case undefined: {
        const properties = (node.properties ?? {}) as Record<string, unknown>;
        if (node.type === undefined && node.properties === undefined) return fc.jsonValue({ maxDepth: 2 });
        const required = new Set((node.required as string[] | undefined) ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, propSchema] of Object.entries(properties)) {
          if (!required.has(name) && depth >= maxDepth) continue;
          const own = build(propSchema, depth + 1);
          record[name] = hints[name]
            ? fc.oneof({ weight: 3, arbitrary: hints[name] }, { weight: 1, arbitrary: own })
            : own;
        }
        const base = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
        const additional = node.additionalProperties;
        if (additional === undefined || additional === false || depth >= maxDepth) return base;
        const values = additional === true ? fc.jsonValue({ maxDepth: 2 }) : build(additional, depth + 1);
        return fc
          .tuple(base, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 }))
          .map(([b, extra]) => ({ ...extra, ...b }));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };

  return build(schema, 0);
}
