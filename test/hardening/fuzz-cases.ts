import fc from 'fast-check';
import type { OpenApiDoc, Operation } from '../support/openapi';
import { schemaArbitrary } from '../support/schema-arbitrary';
import type { RawRequest } from './http-client';

/** JSON text spliced in verbatim where a value would go (numbers JSON.stringify cannot write, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text.length > 80 ? `RawJson(${this.text.slice(0, 40)}…[${this.text.length} chars])` : this.text;
  }
}

/** JSON text of a value that may contain RawJson leaves. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const DEEP_ARRAYS = new RawJson('['.repeat(5000) + ']'.repeat(5000));
const DEEP_OBJECTS = new RawJson('{"a":'.repeat(5000) + '1' + '}'.repeat(5000));
/** Property groups nested 5000 deep: what a recursive filter parser or SQL compiler walks. */
export function deepGroups(depth: number): string {
  return (
    '{"type":"AND","values":['.repeat(depth) +
    '{"key":"plan","type":"person","operator":"exact","value":1}' +
    ']}'.repeat(depth)
  );
}
export const DEEP_GROUPS = new RawJson(deepGroups(5000));

/** Values no field expects: wrong types, extremes, hostile text, deep or wide structures. */
const JUNK_CONSTANTS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0'),
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uFFFF',
  '\uFEFF',
  '💥👨‍👩‍👧',
  'NaN',
  'Infinity',
  '-1',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  "' OR 1=1 --",
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '^(a+)+$',
  '2024-02-30T25:61:61Z',
  '-271821-04-20T00:00:00Z',
  'A'.repeat(100_000),
  '\u0000'.repeat(1000),
  '💥'.repeat(30_000),
  [],
  {},
  [null],
  [[]],
  { '': 1 },
  new RawJson('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  DEEP_ARRAYS,
  DEEP_OBJECTS,
  DEEP_GROUPS,
  new RawJson(`[${Array(10_000).fill('1').join(',')}]`),
  new RawJson(`{${Array.from({ length: 5000 }, (_, i) => `"k${i}":${i}`).join(',')}}`),
];

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JUNK_CONSTANTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

interface Mutation {
  steps: number[];
  action: 'replace' | 'delete' | 'add';
  pick: number;
  key: string;
  junk: unknown;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  steps: fc.array(fc.nat(), { maxLength: 3 }),
  action: fc.constantFrom('replace', 'delete', 'add'),
  pick: fc.nat(),
  key: fc.oneof(fc.constantFrom('extra', '__proto__', 'id', ''), fc.string({ maxLength: 10 })),
  junk: junkValue,
});

function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null && !(v instanceof RawJson);
}

/** A copy of `value` with one field (possibly nested) replaced, deleted or added. */
export function mutate(value: unknown, m: Mutation): unknown {
  if (!isContainer(value)) return m.action === 'delete' ? {} : m.junk;
  const root: unknown = structuredCloneJson(value);
  let container = root as Record<string, unknown> | unknown[];
  for (const step of m.steps) {
    const keys = Object.keys(container);
    if (keys.length === 0) break;
    const child = (container as Record<string, unknown>)[keys[step % keys.length]];
    if (!isContainer(child)) break;
    container = child;
  }
  const keys = Object.keys(container);
  if (m.action === 'add' || keys.length === 0) {
    if (Array.isArray(container)) container.push(m.junk);
    else
      Object.defineProperty(container, m.key, { value: m.junk, enumerable: true, writable: true, configurable: true });
    return root;
  }
  const key = keys[m.pick % keys.length];
  if (m.action === 'delete') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete container[key];
  } else {
    (container as Record<string, unknown>)[key] = m.junk;
  }
  return root;
}

function structuredCloneJson(value: unknown): unknown {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: structuredCloneJson(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD first). */
export function encodeSegment(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~@]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path/query values sent verbatim: malformed escapes, escaped NUL, lone surrogate and slash, numbers out of range. */
const RAW_JUNK_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '-9223372036854775809',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '%20%201',
  '00000000-0000-0000-0000-000000000000',
  'A'.repeat(3000),
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80',
  '%FF%FE',
  '%F0%9F%92%A5',
  '%2F',
  '%2E%2E',
  '@current',
  '@me',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '%5B%5D',
];

export const junkSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...RAW_JUNK_SEGMENTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeSegment) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Query values: the path junk plus JSON-looking text the analytics parameters parse. */
const junkQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: junkSegment },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '',
        '[]',
        '{}',
        '[{"id":"$pageview"}]',
        '{"type":"AND","values":[]}',
        '[{"key":"email","value":"\\u0000","type":"person"}]',
        '['.repeat(2000),
        '['.repeat(1000) + ']'.repeat(1000),
        '['.repeat(5000) + ']'.repeat(5000),
        deepGroups(200),
        `[${deepGroups(200)}]`,
        '-0.5',
        '99999999999999999999',
      )
      .map(encodeSegment),
  },
);

export interface Fixtures {
  key: string;
  limitedKey: string;
  /** A plain member's key: the owner's webhooks and scheduled changes are not theirs to change. */
  memberKey: string;
  /** The owner's console session: its cookies and the CSRF token writes echo. */
  session: { cookie: string; csrf: string };
  projectToken: string;
  /** Real values per path parameter, keyed by `<resource>/{param}` or `{param}`. */
  pathValues: Record<string, string[]>;
  /** Real values (or arbitraries of them) for body properties of these names. */
  bodyHints: Record<string, unknown[] | fc.Arbitrary<unknown>>;
  /** Meaningful values for query parameters of these names (before encoding). */
  queryHints: Record<string, string[]>;
}

export interface FuzzCase {
  method: string;
  template: string;
  url: string;
  headers: Record<string, string>;
  /** What was sent, for the report: text, or hex for bytes that are not UTF-8. */
  bodyText?: string;
  body?: Buffer;
}

/** The pool of real values for `{name}` in `template`: by the segment before it, else by name. */
function realValues(fixtures: Fixtures, template: string, name: string): string[] {
  const segments = template.split('/');
  const i = segments.indexOf(`{${name}}`);
  const scoped = fixtures.pathValues[`${segments[i - 1]}/{${name}}`];
  return scoped ?? fixtures.pathValues[`{${name}}`] ?? [];
}

function jsonSchemaOf(op: Operation): unknown {
  const content = op.requestBody?.content ?? {};
  return (content['application/json'] ?? Object.values(content)[0])?.schema;
}

// Node refuses a request head over 16 KiB with a bare 431 before any application code runs;
// the fuzzer stays under it (URL plus headers).
const MAX_URL = 9_000;
const MAX_HEAD = 15_000;

function bodyArbitrary(
  op: Operation,
  doc: OpenApiDoc,
  hints: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<{ contentType?: string; encoding?: string; text?: string; bytes?: Buffer }> {
  const schema = jsonSchemaOf(op);
  const valid: fc.Arbitrary<unknown> =
    schema === undefined
      ? fc.jsonValue({ maxDepth: 2 })
      : schemaArbitrary(schema, { components: doc.components, hints, maxDepth: 4 });
  const json = (v: fc.Arbitrary<unknown>) =>
    v.map((value) => ({ contentType: 'application/json', text: toJsonText(value) }));
  const malformed = fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":1}{"b":2}',
      '\u0000',
      'nul',
      '\uFEFF{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":"\\x"}',
      '[1,2',
      'NaN',
      '"unterminated',
      ' ',
    )
    .map((text) => ({ contentType: 'application/json', text }));
  const truncated = valid.chain((v) => {
    const text = toJsonText(v);
    return fc
      .nat({ max: Math.max(0, text.length - 1) })
      .map((n) => ({ contentType: 'application/json', text: text.slice(0, n) }));
  });
  const wrongType = fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'application/merge-patch+json',
        'APPLICATION/JSON',
        '',
      ),
      fc.oneof(valid.map(toJsonText), fc.constantFrom('a=1&b=2', 'data=%7B%7D', '<a/>', '--x--', '')),
    )
    .map(([contentType, text]) => ({ contentType: contentType === '' ? undefined : contentType, text }));
  const encoded = fc
    .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'), valid)
    .map(([encoding, v]) => ({
      contentType: 'application/json',
      encoding,
      text: toJsonText(v),
    }));
  const badBytes = fc
    .constantFrom(
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
      Buffer.from('{"a":"\xed\xa0\x80"}', 'latin1'),
      Buffer.from([0x7b, 0x22, 0xc3]),
    )
    .map((bytes) => ({ contentType: 'application/json', bytes }));
  // Just over the 1 MiB JSON limit (413), rarely: the SDK routes accept it and store it.
  const oversized = fc.constant({ contentType: 'application/json', text: `{"name":"${'A'.repeat(1_100_000)}"}` });
  const withBody = fc.oneof(
    { weight: schema === undefined ? 0 : 32, arbitrary: json(valid) },
    { weight: 32, arbitrary: json(fc.tuple(valid, mutationArb).map(([v, m]) => mutate(v, m))) },
    { weight: 8, arbitrary: json(junkValue) },
    { weight: 8, arbitrary: malformed },
    { weight: 4, arbitrary: truncated },
    { weight: 4, arbitrary: fc.constant({ contentType: 'application/json', text: '' }) },
    { weight: 8, arbitrary: wrongType },
    { weight: 4, arbitrary: encoded },
    { weight: 4, arbitrary: badBytes },
    { weight: 1, arbitrary: oversized },
  );
  if (schema !== undefined)
    return fc.oneof({ weight: 1, arbitrary: fc.constant({}) }, { weight: 12, arbitrary: withBody });
  return fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: withBody });
}

/** Every request the fuzzer may send to one documented operation. */
export function caseArbitrary(
  doc: OpenApiDoc,
  method: string,
  template: string,
  fixtures: Fixtures,
): fc.Arbitrary<FuzzCase> {
  const op = doc.paths[template][method];
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query');

  const pathArb = fc.record(
    Object.fromEntries(
      pathParams.map((name) => {
        const real = realValues(fixtures, template, name).map(encodeSegment);
        const arb =
          real.length > 0
            ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...real) }, { weight: 2, arbitrary: junkSegment })
            : junkSegment;
        return [name, arb];
      }),
    ),
  );

  const queryValue = (name: string, schema: unknown) => {
    const fromSchema = schemaArbitrary(schema ?? { type: 'string' }, { components: doc.components }).map((v) =>
      encodeSegment(typeof v === 'string' ? v : JSON.stringify(v)),
    );
    const hints = fixtures.queryHints[name] ?? [];
    return fc.oneof(
      { weight: hints.length > 0 ? 5 : 0, arbitrary: fc.constantFrom('', ...hints).map(encodeSegment) },
      { weight: 3, arbitrary: fromSchema },
      { weight: 2, arbitrary: junkQueryValue },
    );
  };
  // Hostile: any parameter may carry junk, plus repeated and unknown parameters.
  const hostileQuery = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) =>
          fc.option(queryValue(p.name, p.schema), { freq: p.required ? 12 : 2, nil: undefined }),
        ),
        fc.constant(undefined),
      ),
      fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('limit', 'offset', 'limit%5B%5D', 'offset%5Ba%5D', '%00', 'zzz', '__proto__'),
            fc.constantFrom(...(queryParams.length > 0 ? queryParams.map((p) => p.name) : ['x'])),
          ),
          junkQueryValue,
        ),
        { maxLength: 2 },
      ),
    )
    .map(([values, extra]) => {
      const pairs: Array<[string, string]> = [];
      queryParams.forEach((p, i) => {
        const v = values[i];
        if (v !== undefined) pairs.push([encodeSegment(p.name), v]);
      });
      return [...pairs, ...extra];
    });
  // Meaningful: only the hinted values (required parameters always), so the handler runs its query.
  const cleanQuery = fc
    .tuple(
      ...queryParams.map((p) => {
        const hints = fixtures.queryHints[p.name] ?? [];
        if (hints.length === 0) return fc.constant(undefined);
        return fc.option(fc.constantFrom(...hints).map(encodeSegment), { freq: p.required ? 1000 : 3, nil: undefined });
      }),
      fc.constant(undefined),
    )
    .map((values) => {
      const pairs: Array<[string, string]> = [];
      queryParams.forEach((p, i) => {
        const v = values[i];
        if (v !== undefined) pairs.push([encodeSegment(p.name), v]);
      });
      return pairs;
    });
  const queryArb = fc.oneof({ weight: 3, arbitrary: hostileQuery }, { weight: 2, arbitrary: cleanQuery });

  // OFREP authenticates with the project token; everything else with a personal key.
  const ownKey = template.startsWith('/ofrep/') ? fixtures.projectToken : fixtures.key;
  const bearer = (value: string): Record<string, string> => ({ authorization: value });
  const authArb = fc.oneof(
    { weight: 20, arbitrary: fc.constant(bearer(`Bearer ${ownKey}`)) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant(bearer(`Bearer ${fixtures.limitedKey}`)) },
    { weight: 2, arbitrary: fc.constant(bearer(`Bearer ${fixtures.memberKey}`)) },
    // the console's way in: the session cookie, with its CSRF token or without it
    {
      weight: 2,
      arbitrary: fc.constant({ cookie: fixtures.session.cookie, 'x-csrftoken': fixtures.session.csrf }),
    },
    { weight: 1, arbitrary: fc.constant({ cookie: fixtures.session.cookie }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'Bearer phx_notakey0000000000000000000000000000',
          'Bearer',
          'Bearer ',
          'Basic Zm9vOmJhcg==',
          `bearer ${fixtures.key}`,
          `Bearer ${fixtures.key}x`,
          `Bearer ${'x'.repeat(5000)}`,
          'Bearer \xff\xfe',
          `Bearer ${fixtures.projectToken}`,
          `Bearer ${fixtures.key}`,
        )
        .map(bearer),
    },
  );

  const extraHeadersArb = extraHeadersFor(fixtures.projectToken);
  const hintArbs = Object.fromEntries(
    Object.entries(fixtures.bodyHints).map(([k, values]) => [
      k,
      Array.isArray(values) ? fc.constantFrom(...values) : values,
    ]),
  );

  return fc
    .record({
      path: pathArb,
      query: queryArb,
      auth: authArb,
      body: bodyArbitrary(op, doc, hintArbs),
      trailingSlash: fc.boolean(),
      extraHeaders: fc.option(extraHeadersArb, { freq: 4, nil: undefined }),
    })
    .map(({ path, query, auth, body, trailingSlash, extraHeaders }) => {
      let url = template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name]);
      if (trailingSlash && !url.endsWith('/')) url += '/';
      let q = '';
      for (const [k, v] of query) {
        const next = `${q ? '&' : '?'}${k}=${v}`;
        if (url.length + q.length + next.length > MAX_URL) break;
        q += next;
      }
      url += q;
      const headers: Record<string, string> = { ...extraHeaders, ...auth };
      for (const name of Object.keys(extraHeaders ?? {})) {
        const size = url.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
        if (size > MAX_HEAD) delete headers[name];
      }
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      if (body.encoding !== undefined) headers['content-encoding'] = body.encoding;
      const bytes = body.bytes ?? (body.text !== undefined ? Buffer.from(body.text, 'utf8') : undefined);
      return {
        method: method.toUpperCase(),
        template,
        url,
        headers,
        bodyText: body.bytes ? `hex:${body.bytes.toString('hex')}` : body.text,
        body: bytes,
      };
    });
}

/** Headers the routes read besides auth and content type (ETags, request ids, OFREP's X-API-Key, Accept). */
const headerValue = fc.oneof(
  fc.constantFrom(
    '',
    '*',
    '"x"',
    'W/"x"',
    '"x", "y"',
    'x'.repeat(4000),
    '\xff\xfe',
    'null',
    '-1',
    'text/csv',
    'application/json;q=0',
  ),
  fc.string({ maxLength: 20 }).map((v) => v.replace(/[^\t\x20-\x7e]/g, '')),
);
function extraHeadersFor(projectToken: string): fc.Arbitrary<Record<string, string>> {
  return fc.dictionary(
    fc.constantFrom(
      'if-none-match',
      'x-request-id',
      'x-api-key',
      'accept',
      'x-forwarded-proto',
      'x-forwarded-host',
      'accept-encoding',
      'origin',
    ),
    fc.oneof(headerValue, fc.constant(projectToken)),
    { maxKeys: 3 },
  );
}

export function toRawRequest(c: FuzzCase): RawRequest {
  return { method: c.method, url: c.url, headers: c.headers, body: c.body };
}

export function describeCase(c: FuzzCase): string {
  const body = c.bodyText === undefined ? '(none)' : excerpt(c.bodyText);
  return `${c.method} ${c.url.length > 300 ? `${c.url.slice(0, 300)}…[${c.url.length} chars]` : c.url}\n  (operation ${c.method} ${c.template})\n  headers: ${excerpt(JSON.stringify(c.headers))}\n  body: ${body}`;
}

export function excerpt(s: string, max = 400): string {
  return s.length > max ? `${JSON.stringify(s.slice(0, max))}…[${s.length} chars]` : JSON.stringify(s);
}
