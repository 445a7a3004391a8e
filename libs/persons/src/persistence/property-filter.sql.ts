import { DomainError } from '@app/platform';
import { parseFilterDate, PropertyFilter, PropertyFilterLeaf, Semver, semverBounds } from '../domain/property-filter';
import { escapeLike } from './sql';

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
const SEMVER_CORE_SQL = '^(0|[1-9][0-9]{0,8})(\\.(0|[1-9][0-9]{0,8})){0,2}$';

function textForm(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
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
 */
export function propertyFilterToSql(filter: PropertyFilter, ctx: PropertyFilterSqlContext): CompiledPropertyFilter {
  const regexes: string[] = [];
  const attr = ctx.attr ?? 'properties';
  const now = ctx.now ?? new Date();

  const compile = (node: PropertyFilter): string => {
    if (node.kind === 'group') {
      const parts = node.values.map(compile);
      if (parts.length === 0) return 'TRUE';
      return `(${parts.join(node.type === 'AND' ? ' AND ' : ' OR ')})`;
    }
    const col = ctx.source(node);
    let sql: string | undefined;
    if (col !== undefined) sql = leafSql(node, col);
    else sql = ctx.custom?.(node, ctx.params);
    if (sql === undefined) {
      throw DomainError.invalid(`Property filters of type "${node.type}" are not supported here.`, attr);
    }
    return node.negation ? `(NOT ${sql})` : sql;
  };

  const leafSql = (leaf: PropertyFilterLeaf, col: string): string => {
    const p = ctx.params;
    const k = p.add(leaf.key);
    const value = `(${col} -> ${k})`;
    const text = `(${col} ->> ${k})`;
    const has = `(${col} ? ${k})`;
    const positive = (condition: string) => `(${has} AND coalesce(${condition}, false))`;
    const negative = (condition: string) => `(NOT ${positive(condition)})`;

    switch (leaf.operator) {
      case 'exact':
        return exact();
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
      if (parts.length === 0) return 'FALSE';
      return positive(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
    }
  };

  return { sql: compile(filter), regexes };
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
