import { escapeLike } from '@app/platform/database/query-rows';
import { DomainError } from '@app/platform/errors/domain-error';
import {
  parseFilterDate,
  PropertyFilterLeaf,
  PropertyFilterNode,
  Semver,
  semverBounds,
} from '../domain/property-filter';


/** Positional parameters of one SQL statement: `add` returns the placeholder (`$3`). */
export class SqlParams {
  readonly values: unknown[];

  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
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
  /** The request field errors name. */
  attr?: string;
}

export interface CompiledPropertyFilter {
  /** A boolean SQL expression that is never NULL. */
  sql: string;
  /** The regular expressions it uses: check them with `assertValidRegexes` first. */
  regexes: string[];
}

// A JSON number or a numeric-looking string that casts to numeric without overflow.
const NUMERIC_TEXT = '^\\s*[-+]?(\\d{1,40}(\\.\\d{0,40})?|\\.\\d{1,40})([eE][-+]?\\d{1,3})?\\s*$';
const NUMERIC_JS = /^\s*[-+]?(\d{1,40}(\.\d{0,40})?|\.\d{1,40})([eE][-+]?\d{1,3})?\s*$/;
// The text a jsonb number prints as (numeric output: no exponent, sign or leading zeros).
const NUMERIC_OUTPUT_JS = /^-?(0|[1-9]\d*)(\.\d+)?$/;
// Longer ones are not cast back to numeric (their leaves get no pre-filter).
const MAX_NUMERIC_OUTPUT = 1000;
// Pre-filter alternatives per leaf beyond which the leaf is left to its recheck alone.
const MAX_PREFILTER_FORMS = 32;
const SEMVER_CORE_SQL = '^(0|[1-9][0-9]{0,8})(\\.(0|[1-9][0-9]{0,8})){0,2}$';

function textForm(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A jsonb map's top-level values as one array, lowered as JSON text (strings lowered, numbers and
 * booleans as they are): the expression `ix_persons_values_lower` indexes for `properties`.
 */
export function loweredValues(col: string): string {
  return `(lower(jsonb_path_query_array(${col}, '$.*')::text)::jsonb)`;
}

/**
 * Translates a parsed property filter into a SQL condition over jsonb property maps, with the
 * database-side semantics of PostHog's filters (the union of its two matching paths):
 *
 * - `exact` / `is_not`: case-insensitive text equality, so booleans match `"true"`/`"True"`
 *   and numbers match numeric strings; a list matches any of its values; the key must be set
 *   and not null. `is_not`, `not_icontains`, `not_regex` and the other negations also match
 *   persons without the key.
 * - `icontains`, `starts_with`, `ends_with`: case-insensitive on the text form.
 * - `regex`: PostgreSQL regular expressions, case-sensitive.
 * - `gt`/`gte`/`lt`/`lte`: numeric when both sides are numbers (or numeric strings), else a
 *   code-point string comparison.
 * - `is_date_*`: stored ISO strings compared as text with the filter's date (relative dates
 *   like `-7d` count back from `now`); stored numbers are epoch seconds.
 * - `semver_*`: `major.minor.patch` (leading `v`, pre-release and build ignored).
 * - `negation: true` negates a leaf. Empty groups match everything.
 *
 * Positive operators include `properties ? key`, which a GIN index on the map serves.
 *
 * With `ctx.loweredValues`, each positive `exact` leaf AND-ed at the top of the filter (not
 * negated, not under an OR of several) also gets a pre-filter, `lowered values @> [form]` OR-ed
 * over every form a matching value may be stored in: the lowered string, and the number or
 * boolean whose text it is (leaves with one form share one containment, `@> ["pro", "de"]`).
 * Every person `exact` matches passes it, so results stay the same; leaves whose values
 * include objects get none.
 */
export function propertyFilterToSql(filter: PropertyFilterNode, ctx: PropertyFilterSqlContext): CompiledPropertyFilter {
  const regexes: string[] = [];
  // Single-form pre-filters, by lowered expression: one containment each (`@> ["pro", "de"]`),
  // so the recheck computes the expression once per row, not once per leaf.
  const merged = new Map<string, string[]>();
  const attr = ctx.attr ?? 'properties';
  const now = ctx.now ?? new Date();

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
    if (col !== undefined) sql = leafSql(node, col, top && !node.negation);
    else sql = ctx.custom?.(node, ctx.params);
    if (sql === undefined) {
      throw DomainError.invalid(`Property filters of type "${node.type}" are not supported here.`, attr);
    }
    return node.negation ? `(NOT ${sql})` : sql;
  };

  const leafSql = (leaf: PropertyFilterLeaf, col: string, indexable: boolean): string => {
    const p = ctx.params;
    const k = p.add(leaf.key);
    const value = `(${col} -> ${k})`;
    const text = `(${col} ->> ${k})`;
    const has = `(${col} ? ${k})`;
    const positive = (condition: string) => `(${has} AND coalesce(${condition}, false))`;
    const negative = (condition: string) => `(NOT ${positive(condition)})`;

    switch (leaf.operator) {
      case 'exact': {
        const condition = exact();
        const pre = indexable ? exactPrefilter() : undefined;
        return pre === undefined || pre === 'TRUE' ? condition : `(${pre} AND ${condition})`;
      }
      case 'is_not':
        return `(NOT ${exact()})`;
      case 'is_set':
        return has;
      case 'is_not_set':
        return `(NOT ${has})`;
      case 'icontains':
      case 'not_icontains':
      case 'starts_with':
      case 'not_starts_with':
      case 'ends_with':
      case 'not_ends_with': {
        const needle = escapeLike(textForm(leaf.value));
        const pattern = leaf.operator.endsWith('icontains')
          ? `%${needle}%`
          : leaf.operator.endsWith('starts_with')
            ? `${needle}%`
            : `%${needle}`;
        const condition = `${text} ILIKE ${p.add(pattern)}`;
        return leaf.operator.startsWith('not_') ? negative(condition) : positive(condition);
      }
      case 'regex':
      case 'not_regex': {
        const pattern = String(leaf.value);
        regexes.push(pattern);
        const condition = `${text} ~ ${p.add(pattern)}`;
        return leaf.operator === 'regex' ? positive(condition) : negative(condition);
      }
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[leaf.operator];
        const filterText = textForm(leaf.value);
        const asString = `(jsonb_typeof(${value}) IN ('string', 'number') AND ${text} COLLATE "C" ${op} ${p.add(filterText)})`;
        if (!NUMERIC_JS.test(filterText)) return positive(asString);
        const numeric = `(jsonb_typeof(${value}) = 'number' OR (jsonb_typeof(${value}) = 'string' AND ${text} ~ '${NUMERIC_TEXT}'))`;
        return positive(
          `CASE WHEN ${numeric} THEN (${text})::numeric ${op} ${p.add(filterText.trim())}::numeric ELSE ${asString} END`,
        );
      }
      case 'is_date_exact':
      case 'is_date_before':
      case 'is_date_after': {
        const date = parseFilterDate(leaf.value, now)!;
        const seconds = `(${value})::numeric`;
        const asTime = `CASE WHEN abs(${seconds}) < 100000000000 THEN to_timestamp(${seconds}::double precision) END`;
        if (leaf.operator === 'is_date_exact') {
          const day = p.add(date.toISOString().slice(0, 10));
          return positive(
            `CASE jsonb_typeof(${value}) WHEN 'string' THEN left(${text}, 10) = ${day} ` +
              `WHEN 'number' THEN (${asTime} AT TIME ZONE 'UTC')::date = ${day}::date END`,
          );
        }
        const op = leaf.operator === 'is_date_before' ? '<' : '>';
        const iso = p.add(date.toISOString());
        return positive(
          `CASE jsonb_typeof(${value}) WHEN 'string' THEN ${text} COLLATE "C" ${op} ${iso} ` +
            `WHEN 'number' THEN ${asTime} ${op} ${iso}::timestamptz END`,
        );
      }
      case 'semver_eq':
      case 'semver_neq':
      case 'semver_gt':
      case 'semver_gte':
      case 'semver_lt':
      case 'semver_lte':
      case 'semver_tilde':
      case 'semver_caret':
      case 'semver_wildcard': {
        const bounds = semverBounds(leaf.operator, leaf.value)!;
        const core = `split_part(split_part(regexp_replace(btrim(${text}), '^[vV]', ''), '+', 1), '-', 1)`;
        const version = `(CASE WHEN ${core} ~ '${SEMVER_CORE_SQL}' THEN (string_to_array(${core}, '.')::int[] || ARRAY[0, 0, 0])[1:3] END)`;
        const arr = (v: Semver) => `${p.add(v)}::int[]`;
        if (bounds.exclude) return negative(`${version} = ${arr(bounds.exclude)}`);
        const parts: string[] = [];
        if (bounds.lo) parts.push(`${version} ${bounds.loInclusive ? '>=' : '>'} ${arr(bounds.lo)}`);
        if (bounds.hi) parts.push(`${version} ${bounds.hiInclusive ? '<=' : '<'} ${arr(bounds.hi)}`);
        return positive(`(${version} IS NOT NULL AND ${parts.join(' AND ')})`);
      }
      default:
        // in / not_in / flag_evaluates_to belong to cohort and flag filters.
        throw DomainError.invalid(
          `Operator "${leaf.operator}" is not supported for ${leaf.type} property "${leaf.key}".`,
          attr,
        );
    }

    function exact(): string {
      const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
      const scalars = values.filter((v) => typeof v !== 'object' || v === null).map((v) => textForm(v).toLowerCase());
      const objects = values.filter((v) => typeof v === 'object' && v !== null).map((v) => JSON.stringify(v));
      const parts: string[] = [];
      if (scalars.length > 0) {
        parts.push(
          `(jsonb_typeof(${value}) IN ('string', 'number', 'boolean') AND lower(${text}) = ANY(${p.add(scalars)}::text[]))`,
        );
      }
      if (objects.length > 0) parts.push(`${value} = ANY(${p.add(objects)}::jsonb[])`);
      if (parts.length === 0) return positive('FALSE'); // names the key, so its parameter is used
      return positive(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
    }

    // A superset of `exact()` that a GIN index on the lowered values serves; undefined when
    // there is none to offer, 'TRUE' when it joined the merged containment. `exact` matches a stored string, number or boolean whose text,
    // lowered, is one of the filter's lowered scalars `s`. The index holds the map's values as
    // JSON text lowered: a string whose `lower` is `s` is there as `s` (`lower` maps each
    // character on its own, except ICU's final sigma, which looks at the neighbours: an escape
    // like `\n` before a `Σ` reads differently in JSON text, so no pre-filter for `σ`/`ς`); a
    // number prints as numeric output, so only for `s` of that shape, and equals `s::numeric`;
    // a boolean prints as `true`/`false`.
    function exactPrefilter(): string | undefined {
      const lowered = ctx.loweredValues?.(col);
      if (lowered === undefined) return undefined;
      const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
      if (values.length === 0 || values.some((v) => typeof v === 'object' && v !== null)) return undefined;
      const scalars = [...new Set(values.map((v) => textForm(v).toLowerCase()))];
      if (scalars.some((s) => /[σς]/.test(s))) return undefined;
      // Parameters are added only once the pre-filter is certain (an unused one fails the statement).
      const forms: Array<() => string> = [];
      for (const s of scalars) {
        forms.push(() => `${p.add(s)}::text`);
        if (s === 'true' || s === 'false') forms.push(() => s);
        else if (NUMERIC_OUTPUT_JS.test(s)) {
          if (s.length > MAX_NUMERIC_OUTPUT) return undefined;
          forms.push(() => `${p.add(s)}::numeric`);
        }
      }
      if (forms.length > MAX_PREFILTER_FORMS) return undefined;
      if (forms.length === 1) {
        merged.set(lowered, [...(merged.get(lowered) ?? []), forms[0]()]);
        return 'TRUE';
      }
      const arms = forms.map((form) => `${lowered} @> jsonb_build_array(${form()})`);
      return arms.length === 1 ? arms[0] : `(${arms.join(' OR ')})`;
    }
  };

  const sql = compile(filter, true);
  if (merged.size === 0) return { sql, regexes };
  const pre = [...merged].map(([lowered, forms]) => `${lowered} @> jsonb_build_array(${forms.join(', ')})`);
  return { sql: `(${pre.join(' AND ')} AND ${sql})`, regexes };
}

/** 400 naming `attr` when PostgreSQL cannot compile one of `regexes`. */
export async function assertValidRegexes(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  regexes: readonly string[],
  attr = 'properties',
): Promise<void> {
  for (const pattern of regexes) {
    try {
      await query(`SELECT '' ~ $1 AS ok`, [pattern]);
    } catch {
      throw DomainError.invalid(`Invalid regular expression: ${pattern}`, attr);
    }
  }
}
