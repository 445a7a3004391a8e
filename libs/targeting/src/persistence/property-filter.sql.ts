import { DomainError } from '@app/platform/errors/domain-error';
import { resolveDateFilter, UTC } from '../domain/dates';
import type { ExactPredicate, Predicate } from '../domain/predicate';
import { matchesWhenAbsent } from '../domain/predicate';
import type { PropertyFilterLeaf, PropertyFilterNode } from '../domain/property-filter';
import type { Version } from '../domain/semver';
import { CASE_IGNORABLE, CASED, lowerCasePairs } from '../domain/unicode-case';
import type { Ranges } from '../domain/unicode-case';

/** Positional parameters of one SQL statement: `add` returns the placeholder (`$3`). */
export class SqlParams {
  readonly values: unknown[];
  private readonly shared = new Map<string, string>();

  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** One placeholder per `name` for a value every leaf of the statement may use. */
  once(name: string, value: () => unknown): string {
    let placeholder = this.shared.get(name);
    if (placeholder === undefined) {
      placeholder = this.add(value());
      this.shared.set(name, placeholder);
    }
    return placeholder;
  }
}

export interface PropertyFilterSqlContext {
  params: SqlParams;
  /**
   * The jsonb expression a leaf reads (`p.properties` for person filters), or undefined when
   * filters of its type cannot be used here.
   */
  source(leaf: PropertyFilterLeaf): string | undefined;
  /** SQL for leaves `source` does not cover (cohort membership, flags); undefined → 400. */
  custom?(leaf: PropertyFilterLeaf, params: SqlParams): string | undefined;
  /**
   * The indexed array of a source's top-level values, lowered (see `ix_persons_values_lower`),
   * or undefined for none: positive `exact` leaves AND-ed at the top of the filter then get a
   * containment pre-filter the index serves.
   */
  loweredValues?(source: string): string | undefined;
  /** Relative dates (`-7d`) count back from here. */
  now?: Date;
  /** The project's time zone (an IANA name): dates without a zone are its wall-clock time. Default UTC. */
  timeZone?: string;
  /** The request field errors name. */
  attr?: string;
}

export interface CompiledPropertyFilter {
  /** A boolean SQL expression that is never NULL. */
  sql: string;
  /** The regular expressions it hands PostgreSQL: check them with `assertPostgresRegexes` first. */
  regexes: string[];
}

const MAX_PREFILTER_FORMS = 32;
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A person's `created_at` (the `persons` row `alias`) as the text `person_metadata` filters read:
 * ISO 8601 in UTC with milliseconds, the form the flags engine gets it in (the person lookup
 * selects this same expression), so SQL and memory compare the same text.
 */
export function personCreatedAtText(alias: string): string {
  return `to_char(${alias}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The jsonb map `person_metadata` filters read for the `persons` row `alias` (see PERSON_METADATA_FIELDS). */
export function personMetadataSql(alias: string): string {
  return `jsonb_build_object('created_at', ${personCreatedAtText(alias)})`;
}

/**
 * A jsonb map's top-level values as one array, lowered as JSON text (strings lowered, numbers and
 * booleans as they are): the expression `ix_persons_values_lower` indexes for `properties`.
 */
export function loweredValues(col: string): string {
  return `(lower(jsonb_path_query_array(${col}, '$.*')::text)::jsonb)`;
}

function rangesClass(ranges: Ranges): string {
  const hex = (cp: number) =>
    cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
  return `[${ranges.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('')}]`;
}

/**
 * Translates a parsed property filter into a SQL condition over jsonb property maps. Each leaf
 * compiles its predicate (see predicate.ts) to the same semantics the in-memory matcher has, with
 * the `targeting_*` SQL functions for the coercions (migration `targeting-functions`): JavaScript's
 * `String()` and lower case, PostHog's number, date and version readings. The SQL-against-memory
 * differential test holds the two to 0 disagreements.
 *
 * Positive operators include `properties ? key`, which a GIN index on the map serves. With
 * `ctx.loweredValues`, each positive `exact` leaf AND-ed at the top of the filter (not negated,
 * not under an OR of several) whose values are ASCII texts also gets a pre-filter,
 * `lowered values @> [form]` OR-ed over every form a matching value may be stored in (the string,
 * and the number, boolean or `null` whose text it is): every person `exact` matches passes it (PostgreSQL
 * lowers ASCII as JavaScript does), so results stay the same. Booleans (read by truthiness),
 * lists, objects and other scripts get none.
 */
export function propertyFilterToSql(filter: PropertyFilterNode, ctx: PropertyFilterSqlContext): CompiledPropertyFilter {
  const regexes: string[] = [];
  // Single-form pre-filters, by lowered expression: one containment each (`@> ["pro", "de"]`).
  const merged = new Map<string, string[]>();
  const attr = ctx.attr ?? 'properties';
  const now = (ctx.now ?? new Date()).getTime();
  const timeZone = ctx.timeZone ?? UTC;
  const p = ctx.params;

  // `top`: the node is AND-ed at the top of the filter, so an index may serve it.
  const compile = (node: PropertyFilterNode, top: boolean): string => {
    if (node.kind === 'group') {
      const inner = top && (node.type === 'AND' || node.values.length === 1);
      const parts = node.values.map((v) => compile(v, inner));
      if (parts.length === 0) return 'TRUE';
      return `(${parts.join(node.type === 'AND' ? ' AND ' : ' OR ')})`;
    }
    const col = ctx.source(node);
    let sql: string | undefined;
    if (col !== undefined && node.predicate.op !== 'never') sql = leafSql(node, col, top && !node.negation);
    else if (col === undefined) sql = ctx.custom?.(node, p);
    if (sql === undefined) {
      throw DomainError.invalid(
        col === undefined
          ? `Property filters of type "${node.type}" are not supported here.`
          : `Operator "${node.operator}" is not supported for ${node.type} property "${node.key}".`,
        attr,
      );
    }
    return node.negation ? `(NOT ${sql})` : sql;
  };

  const leafSql = (leaf: PropertyFilterLeaf, col: string, indexable: boolean): string => {
    const pred = leaf.predicate;
    const k = p.add(leaf.key);
    const v = `(${col} -> ${k})`;
    const has = `(${col} ? ${k})`;
    if (pred.op === 'is_set') return has;
    if (pred.op === 'is_not_set') return `(NOT ${has})`;
    if (pred.op === 'never') return 'FALSE';
    const test = valueSql(pred, v);
    const sql = matchesWhenAbsent(pred)
      ? `(NOT ${has} OR coalesce(${test}, false))`
      : `(${has} AND coalesce(${test}, false))`;
    if (pred.op !== 'exact' || !indexable) return sql;
    const pre = exactPrefilter(pred, col);
    return pre === undefined || pre === 'TRUE' ? sql : `(${pre} AND ${sql})`;
  };

  /** The value test for a present property `v` (jsonb), possibly NULL (read as false). */
  const valueSql = (
    pred: Exclude<Predicate, { op: 'is_set' } | { op: 'is_not_set' } | { op: 'never' }>,
    v: string,
  ): string => {
    const notNull = (sql: string) => `(jsonb_typeof(${v}) <> 'null' AND ${sql})`;
    // Strings inline; the functions for the other types.
    const text = `(CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v} #>> '{}' ELSE targeting_text(${v}) END)`;
    const number = `(CASE WHEN jsonb_typeof(${v}) = 'number' THEN (${v} #>> '{}')::float8 ELSE targeting_number(${v}) END)`;
    switch (pred.op) {
      case 'exact':
      case 'is_not': {
        let hit: string;
        if (pred.truthy !== null) hit = `targeting_truthy(${v}) = ${pred.truthy}`;
        else if (pred.texts.size === 0) hit = 'FALSE';
        else {
          const exact = `(CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v} #>> '{}' ELSE targeting_json(${v}) END)`;
          hit = `${jsLower(exact)} = ANY(${p.add([...pred.texts])}::text[])`;
        }
        return pred.op === 'exact' ? hit : `NOT (${hit})`;
      }
      case 'icontains':
      case 'not_icontains':
      case 'starts_with':
      case 'not_starts_with':
      case 'ends_with':
      case 'not_ends_with': {
        const folded = `translate(${text}, '${UPPER}', '${LOWER}')`;
        const needle = p.add(pred.needle);
        const hit = pred.op.endsWith('icontains')
          ? `strpos(${folded}, ${needle}) > 0`
          : pred.op.endsWith('starts_with')
            ? `starts_with(${folded}, ${needle})`
            : `right(${folded}, ${p.add([...pred.needle].length)}) = ${needle}`;
        return pred.op.startsWith('not_') ? `NOT (${hit})` : hit;
      }
      case 'icontains_multi':
      case 'not_icontains_multi': {
        const folded = `translate(${text}, '${UPPER}', '${LOWER}')`;
        const hit = `EXISTS (SELECT 1 FROM unnest(${p.add(pred.needles)}::text[]) AS needle WHERE strpos(${folded}, needle) > 0)`;
        return pred.op === 'icontains_multi' ? hit : `NOT (${hit})`;
      }
      case 'regex':
      case 'not_regex': {
        const pattern = pred.regex?.postgres() ?? null;
        if (pattern === null) return 'FALSE'; // does not parse: matches nothing, for both operators
        regexes.push(pattern);
        const hit = `${text} ~ ${p.add(pattern)}`;
        return pred.op === 'regex' ? hit : `NOT (${hit})`;
      }
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        if (pred.bound === null) return 'FALSE';
        const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[pred.op];
        return `${number} ${op} ${p.add(String(pred.bound))}::float8`;
      }
      case 'between':
      case 'not_between': {
        if (pred.range === null) return 'FALSE';
        const hit = `${number} BETWEEN ${p.add(String(pred.range.min))}::float8 AND ${p.add(String(pred.range.max))}::float8`;
        // A value that is not a number makes `hit` NULL: false for both operators.
        return pred.op === 'between' ? hit : `NOT (${hit})`;
      }
      case 'is_date_before':
      case 'is_date_after':
      case 'is_date_exact': {
        const bound = resolveDateFilter(pred.date, now, timeZone);
        if (Number.isNaN(bound)) return 'FALSE';
        const op = { is_date_before: '<', is_date_after: '>', is_date_exact: '=' }[pred.op];
        const at =
          timeZone === UTC
            ? `targeting_date_ms(${v})`
            : `targeting_date_ms(${v}, ${p.once('time-zone', () => timeZone)}::text)`;
        return `${at} ${op} ${p.add(bound)}::float8`;
      }
      case 'semver_tilde':
      case 'semver_caret':
      case 'semver_wildcard': {
        const req = pred.requirement;
        if (req === null) return 'FALSE';
        return notNull(
          `targeting_semver_satisfies(targeting_version(${v}), ${p.add(req.op)}, ${p.add(req.major)}, ` +
            `${p.add(req.minor)}::text, ${p.add(req.patch)}::text, ${p.add(req.pre)})`,
        );
      }
      default: {
        if (pred.version === null) return 'FALSE';
        const op = {
          semver_eq: '=',
          semver_neq: '<>',
          semver_gt: '>',
          semver_gte: '>=',
          semver_lt: '<',
          semver_lte: '<=',
        }[pred.op];
        return notNull(
          `targeting_semver_cmp(targeting_version(${v}), ${p.add(versionArray(pred.version))}::text[]) ${op} 0`,
        );
      }
    }
  };

  /**
   * JavaScript's `toLowerCase()` of `text`: PostgreSQL's `lower()` for ASCII; otherwise
   * `translate` through JavaScript's own one-to-one mappings, after `İ` → `i̇` and the Greek final
   * sigma, the two mappings that are not one-to-one.
   */
  const jsLower = (text: string): string => {
    const from = p.once('lower-from', () =>
      lowerCasePairs()
        .map(([f]) => String.fromCodePoint(f))
        .join(''),
    );
    const to = p.once('lower-to', () =>
      lowerCasePairs()
        .map(([, t]) => String.fromCodePoint(t))
        .join(''),
    );
    const sigma = p.once(
      'final-sigma',
      () =>
        `(?<=${rangesClass(CASED)}${rangesClass(CASE_IGNORABLE)}*)\\u03a3(?!${rangesClass(CASE_IGNORABLE)}*${rangesClass(CASED)})`,
    );
    return (
      `(CASE WHEN ${text} ~ '^[\\u0001-\\u007f]*$' THEN lower(${text}) ` +
      `ELSE translate(regexp_replace(replace(${text}, 'İ', 'i̇'), ${sigma}, 'ς', 'g'), ${from}, ${to}) END)`
    );
  };

  /**
   * A superset of an `exact` leaf's matches that a GIN index on the lowered values serves;
   * undefined when there is none to offer, 'TRUE' when it joined the merged containment. The
   * index holds a string value as PostgreSQL lowers it, which is JavaScript's lower case for
   * ASCII (the only non-ASCII letter JavaScript lowers to ASCII, the Kelvin sign, PostgreSQL
   * lowers alike); a number as numeric; a boolean and null as themselves.
   */
  const exactPrefilter = (pred: ExactPredicate, col: string): string | undefined => {
    const lowered = ctx.loweredValues?.(col);
    if (lowered === undefined || pred.truthy !== null || pred.texts.size === 0) return undefined;
    const texts = [...pred.texts];
    if (texts.some((s) => !isAscii(s) || s.startsWith('[') || s.startsWith('{'))) return undefined;
    // Parameters are added only once the pre-filter is certain (an unused one fails the statement).
    const forms: Array<() => string> = [];
    for (const s of texts) {
      if (s === 'null') forms.push(() => 'NULL::jsonb');
      if (s === 'true' || s === 'false') forms.push(() => s);
      forms.push(() => `${p.add(s)}::text`);
      const number = Number(s);
      if (s !== '' && Number.isFinite(number) && String(number) === s) forms.push(() => `${p.add(s)}::numeric`);
    }
    if (forms.length > MAX_PREFILTER_FORMS) return undefined;
    if (forms.length === 1) {
      merged.set(lowered, [...(merged.get(lowered) ?? []), forms[0]()]);
      return 'TRUE';
    }
    const arms = forms.map((form) => `${lowered} @> jsonb_build_array(${form()})`);
    return `(${arms.join(' OR ')})`;
  };

  const sql = compile(filter, true);
  if (merged.size === 0) return { sql, regexes };
  const pre = [...merged].map(([lowered, forms]) => `${lowered} @> jsonb_build_array(${forms.join(', ')})`);
  return { sql: `(${pre.join(' AND ')} AND ${sql})`, regexes };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

function versionArray(version: Version): string[] {
  return [version.major, version.minor, version.patch, version.pre, version.build];
}

/** 400 naming `attr` when PostgreSQL cannot compile one of `regexes` (too complex for it). */
export async function assertPostgresRegexes(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  regexes: readonly string[],
  attr = 'properties',
): Promise<void> {
  for (const pattern of new Set(regexes)) {
    try {
      await query(`SELECT '' ~ $1 AS ok`, [pattern]);
    } catch {
      throw DomainError.invalid('A regular expression is too complex for the database to run.', attr);
    }
  }
}
