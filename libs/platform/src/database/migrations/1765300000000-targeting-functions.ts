import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The coercions of PostHog's property filters as SQL functions, for the targeting library's SQL
 * compiler (libs/targeting/src/persistence/property-filter.sql.ts): the same readings as its
 * in-memory matcher (libs/targeting/src/domain: values.ts, dates.ts, semver.ts), so that a cohort
 * counted in SQL has the members the flags engine sees. A differential test (test/targeting)
 * holds the two together on PostgreSQL and PGlite.
 *
 * - `targeting_number_text(float8)`: JavaScript's `Number.prototype.toString`.
 * - `targeting_text(jsonb)`: JavaScript's `String(value)` (text operators, regular expressions).
 * - `targeting_json(jsonb)`: canonical JSON, keys in code-point order (`exact` on non-strings).
 * - `targeting_truthy(jsonb)`: `true`, `"true"` in any case, or a list of only such values.
 * - `targeting_number(jsonb)`: a number as PostHog's flags service parses one (`gt`…), else NULL.
 * - `targeting_date_ms(jsonb)`: a date property as epoch milliseconds, else NULL.
 * - `targeting_version(jsonb)`: a version as `{major, minor, patch, pre, build}`, else NULL;
 *   `targeting_semver_cmp` orders two, `targeting_semver_satisfies` checks a requirement.
 */
export class TargetingFunctions1765300000000 implements MigrationInterface {
  name = 'TargetingFunctions1765300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const statement of FUNCTIONS) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const signature of SIGNATURES) await q.query(`DROP FUNCTION IF EXISTS ${signature}`);
  }
}

// Unicode White_Space (Rust's `trim`) and JavaScript's StrWhiteSpaceChar (`Number()` trims it).
const RUST_SPACE = '[\\u0009-\\u000d\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const JS_SPACE = '[\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

const SIGNATURES = [
  'targeting_semver_satisfies(text[], text, text, text, text, text)',
  'targeting_semver_cmp(text[], text[])',
  'targeting_identifiers_cmp(text, text, boolean)',
  'targeting_digits_cmp(text, text)',
  'targeting_version(jsonb)',
  'targeting_date_ms(jsonb)',
  'targeting_number(jsonb)',
  'targeting_parse_float(text)',
  'targeting_truthy(jsonb)',
  'targeting_json(jsonb)',
  'targeting_text(jsonb)',
  'targeting_number_text(float8)',
];

const FUNCTIONS = [
  `CREATE FUNCTION targeting_number_text(x float8) RETURNS text
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET extra_float_digits = 1 AS $$
   DECLARE
     m text[];
     digits text;
     n int;
     k int;
     sign text := '';
   BEGIN
     IF x = 0 THEN RETURN '0'; END IF;
     IF x <> x THEN RETURN 'NaN'; END IF;
     IF x = 'Infinity'::float8 THEN RETURN 'Infinity'; END IF;
     IF x = '-Infinity'::float8 THEN RETURN '-Infinity'; END IF;
     IF x < 0 THEN sign := '-'; x := -x; END IF;
     -- PostgreSQL prints the shortest digits that read back as x, as JavaScript does.
     m := regexp_match(x::text, '^([0-9]+)(?:\\.([0-9]+))?(?:e([-+][0-9]+))?$');
     digits := m[1] || coalesce(m[2], '');
     n := length(m[1]) + coalesce(m[3]::int, 0);
     WHILE left(digits, 1) = '0' LOOP
       digits := substr(digits, 2);
       n := n - 1;
     END LOOP;
     digits := rtrim(digits, '0');
     k := length(digits);
     IF k <= n AND n <= 21 THEN RETURN sign || digits || repeat('0', n - k); END IF;
     IF 0 < n AND n <= 21 THEN RETURN sign || left(digits, n) || '.' || substr(digits, n + 1); END IF;
     IF -6 < n AND n <= 0 THEN RETURN sign || '0.' || repeat('0', -n) || digits; END IF;
     RETURN sign || left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END
       || 'e' || CASE WHEN n - 1 >= 0 THEN '+' ELSE '-' END || abs(n - 1)::text;
   END $$`,

  `CREATE FUNCTION targeting_text(v jsonb) RETURNS text
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   BEGIN
     CASE jsonb_typeof(v)
       WHEN 'string', 'boolean' THEN RETURN v #>> '{}';
       WHEN 'number' THEN RETURN targeting_number_text((v #>> '{}')::float8);
       WHEN 'null' THEN RETURN 'null';
       WHEN 'object' THEN RETURN '[object Object]';
       ELSE RETURN coalesce((
         SELECT string_agg(CASE WHEN jsonb_typeof(e) = 'null' THEN '' ELSE targeting_text(e) END, ',' ORDER BY i)
           FROM jsonb_array_elements(v) WITH ORDINALITY AS a(e, i)), '');
     END CASE;
   END $$`,

  `CREATE FUNCTION targeting_json(v jsonb) RETURNS text
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   BEGIN
     CASE jsonb_typeof(v)
       WHEN 'string' THEN RETURN to_json(v #>> '{}')::text;
       WHEN 'number' THEN RETURN targeting_number_text((v #>> '{}')::float8);
       WHEN 'boolean', 'null' THEN RETURN v::text;
       WHEN 'array' THEN RETURN '[' || coalesce((
         SELECT string_agg(targeting_json(e), ',' ORDER BY i)
           FROM jsonb_array_elements(v) WITH ORDINALITY AS a(e, i)), '') || ']';
       ELSE RETURN '{' || coalesce((
         SELECT string_agg(to_json(k)::text || ':' || targeting_json(x), ',' ORDER BY k COLLATE "C")
           FROM jsonb_each(v) AS o(k, x)), '') || '}';
     END CASE;
   END $$`,

  `CREATE FUNCTION targeting_truthy(v jsonb) RETURNS boolean
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   BEGIN
     CASE jsonb_typeof(v)
       WHEN 'boolean' THEN RETURN v = 'true'::jsonb;
       WHEN 'string' THEN RETURN lower(v #>> '{}') = 'true' AND (v #>> '{}') ~ '^[A-Za-z]{4}$';
       WHEN 'array' THEN RETURN NOT EXISTS (SELECT 1 FROM jsonb_array_elements(v) e WHERE NOT targeting_truthy(e));
       ELSE RETURN false;
     END CASE;
   END $$`,

  // Decimal text to the nearest double, as JavaScript's Number() and Rust's parse do, saturating
  // to ±Infinity and ±0 where PostgreSQL's float8 input would refuse the value.
  `CREATE FUNCTION targeting_parse_float(t text) RETURNS float8
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     m text[];
     mantissa text;
     exponent int;
     magnitude int;
     n numeric;
   BEGIN
     m := regexp_match(t, '^([-+]?)([0-9]*)\\.?([0-9]*)(?:[eE]([-+]?[0-9]+))?$');
     IF m IS NULL THEN RETURN NULL; END IF;
     mantissa := ltrim(m[2] || m[3], '0');
     IF mantissa = '' THEN RETURN CASE WHEN m[1] = '-' THEN '-0'::float8 ELSE 0::float8 END; END IF;
     IF length(coalesce(m[4], '')) > 9 THEN
       exponent := CASE WHEN left(m[4], 1) = '-' THEN -1000000000 ELSE 1000000000 END;
     ELSE
       exponent := coalesce(m[4]::int, 0);
     END IF;
     -- The decimal exponent of the first significant digit.
     magnitude := exponent + length(ltrim(m[2], '0')) - CASE WHEN ltrim(m[2], '0') = '' THEN length(m[3]) - length(ltrim(m[3], '0')) ELSE 0 END;
     IF magnitude > 310 THEN RETURN CASE WHEN m[1] = '-' THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END; END IF;
     IF magnitude < -330 THEN RETURN CASE WHEN m[1] = '-' THEN '-0'::float8 ELSE 0::float8 END; END IF;
     IF magnitude >= 308 OR magnitude <= -307 THEN
       n := abs(t::numeric);
       IF n >= 1.797693134862315807e308 THEN RETURN CASE WHEN m[1] = '-' THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END; END IF;
       IF n <= 2.4703282292062327e-324 THEN RETURN CASE WHEN m[1] = '-' THEN '-0'::float8 ELSE 0::float8 END; END IF;
     END IF;
     RETURN t::float8;
   END $$`,

  `CREATE FUNCTION targeting_number(v jsonb) RETURNS float8
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     t text;
     word text;
   BEGIN
     IF jsonb_typeof(v) = 'number' THEN RETURN (v #>> '{}')::float8; END IF;
     IF jsonb_typeof(v) <> 'string' THEN RETURN NULL; END IF;
     t := v #>> '{}';
     IF t !~* '^[-+]?(inf|infinity|nan|([0-9]+\\.?[0-9]*|\\.[0-9]+)(e[-+]?[0-9]+)?)$' THEN RETURN NULL; END IF;
     word := lower(ltrim(t, '+-'));
     IF word = 'nan' THEN RETURN NULL; END IF;
     IF word IN ('inf', 'infinity') THEN
       RETURN CASE WHEN left(t, 1) = '-' THEN '-Infinity'::float8 ELSE 'Infinity'::float8 END;
     END IF;
     RETURN targeting_parse_float(t);
   END $$`,

  `CREATE FUNCTION targeting_date_ms(v jsonb) RETURNS float8
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     t text;
     m text[];
     x float8;
     y int; mo int; d int; h int; mi int; s int; ms int;
     yy int; era int; yoe int; doy int; month_days int;
     zone_ms bigint := 0;
   BEGIN
     IF jsonb_typeof(v) = 'number' THEN
       x := (v #>> '{}')::float8;
       RETURN CASE WHEN abs(x) <= 8.64e15 THEN trunc(x) + 0 END;
     END IF;
     IF jsonb_typeof(v) <> 'string' THEN RETURN NULL; END IF;
     t := v #>> '{}';
     m := regexp_match(t, '^([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]+))?)?([Zz]|[-+][0-9]{2}:?[0-9]{2})?)?)?)?$');
     IF m IS NULL THEN
       -- Numeric text: epoch seconds.
       IF t !~ '^${JS_SPACE}*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?${JS_SPACE}*$' THEN RETURN NULL; END IF;
       x := targeting_parse_float(regexp_replace(t, '^${JS_SPACE}+|${JS_SPACE}+$', '', 'g')) * 1000;
       RETURN CASE WHEN abs(x) <= 8.64e15 THEN trunc(x) + 0 END;
     END IF;
     y := m[1]::int;
     mo := coalesce(m[2]::int, 1);
     d := coalesce(m[3]::int, 1);
     h := coalesce(m[4]::int, 0);
     mi := coalesce(m[5]::int, 0);
     s := coalesce(m[6]::int, 0);
     ms := coalesce(rpad(left(m[7], 3), 3, '0')::int, 0);
     IF mo < 1 OR mo > 12 OR d < 1 OR h > 23 OR mi > 59 OR s > 59 THEN RETURN NULL; END IF;
     month_days := CASE WHEN mo = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
                        WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END;
     IF d > month_days THEN RETURN NULL; END IF;
     IF m[8] IS NOT NULL AND m[8] NOT IN ('Z', 'z') THEN
       IF substr(m[8], 2, 2)::int > 23 OR right(m[8], 2)::int > 59 THEN RETURN NULL; END IF;
       zone_ms := (substr(m[8], 2, 2)::int * 60 + right(m[8], 2)::int) * 60000 * CASE WHEN left(m[8], 1) = '-' THEN -1 ELSE 1 END;
     END IF;
     -- Days from 1970-01-01 in the proleptic Gregorian calendar.
     yy := CASE WHEN mo <= 2 THEN y - 1 ELSE y END;
     era := floor(yy / 400.0)::int;
     yoe := yy - era * 400;
     doy := (153 * (mo + CASE WHEN mo > 2 THEN -3 ELSE 9 END) + 2) / 5 + d - 1;
     RETURN ((era::bigint * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468) * 86400000
       + h * 3600000 + mi * 60000 + s * 1000 + ms - zone_ms)::float8;
   END $$`,

  `CREATE FUNCTION targeting_version(v jsonb) RETURNS text[]
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     t text;
     cut int;
     parts text[];
     m text[];
     i int;
   BEGIN
     CASE jsonb_typeof(v)
       WHEN 'string' THEN t := v #>> '{}';
       WHEN 'number' THEN t := targeting_number_text((v #>> '{}')::float8);
       ELSE RETURN NULL;
     END CASE;
     IF left(t, 1) = 'v' THEN t := substr(t, 2); END IF;
     t := regexp_replace(t, '^${RUST_SPACE}+|${RUST_SPACE}+$', '', 'g');
     -- Canonical: numeric parts without leading zeros, at least three of them.
     cut := coalesce(least(nullif(strpos(t, '-'), 0), nullif(strpos(t, '+'), 0)), length(t) + 1);
     parts := string_to_array(left(t, cut - 1), '.');
     FOR i IN 1 .. coalesce(array_length(parts, 1), 0) LOOP
       IF parts[i] ~ '^[0-9]+$' THEN parts[i] := coalesce(nullif(ltrim(parts[i], '0'), ''), '0'); END IF;
     END LOOP;
     IF coalesce(array_length(parts, 1), 0) = 0 THEN parts := ARRAY['']; END IF;
     WHILE array_length(parts, 1) < 3 LOOP parts := parts || '0'::text; END LOOP;
     t := array_to_string(parts, '.') || substr(t, cut);
     m := regexp_match(t, '^([^.+-]*)\\.([^.+-]*)\\.([^.+-]*)(?:-([^+]*))?(?:\\+(.*))?$');
     IF m IS NULL THEN RETURN NULL; END IF;
     FOR i IN 1 .. 3 LOOP
       IF m[i] !~ '^(0|[1-9][0-9]*)$' OR length(m[i]) > 20 OR (length(m[i]) = 20 AND m[i] > '18446744073709551615' COLLATE "C") THEN
         RETURN NULL;
       END IF;
     END LOOP;
     IF m[4] IS NOT NULL AND m[4] !~ '^(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(\\.(0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*$' THEN
       RETURN NULL;
     END IF;
     IF m[5] IS NOT NULL AND m[5] !~ '^[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*$' THEN RETURN NULL; END IF;
     RETURN ARRAY[m[1], m[2], m[3], coalesce(m[4], ''), coalesce(m[5], '')];
   END $$`,

  `CREATE FUNCTION targeting_digits_cmp(a text, b text) RETURNS int
     LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
     SELECT CASE WHEN length(a) <> length(b) THEN sign(length(a) - length(b))::int
                 WHEN a = b THEN 0 WHEN a < b COLLATE "C" THEN -1 ELSE 1 END
   $$`,

  // Pre-release identifiers (build = false) or build metadata (build = true), non-empty both.
  `CREATE FUNCTION targeting_identifiers_cmp(a text, b text, build boolean) RETURNS int
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     xs text[] := string_to_array(a, '.');
     ys text[] := string_to_array(b, '.');
     x text; y text;
     i int;
     o int;
   BEGIN
     FOR i IN 1 .. array_length(xs, 1) LOOP
       IF i > array_length(ys, 1) THEN RETURN 1; END IF;
       x := xs[i];
       y := ys[i];
       IF x ~ '^[0-9]+$' AND y ~ '^[0-9]+$' THEN
         IF build THEN
           o := targeting_digits_cmp(coalesce(nullif(ltrim(x, '0'), ''), ''), coalesce(nullif(ltrim(y, '0'), ''), ''));
           IF o = 0 THEN o := targeting_digits_cmp(x, y); END IF;
         ELSE
           o := targeting_digits_cmp(x, y);
         END IF;
       ELSIF x ~ '^[0-9]+$' THEN o := -1;
       ELSIF y ~ '^[0-9]+$' THEN o := 1;
       ELSE o := CASE WHEN x = y THEN 0 WHEN x < y COLLATE "C" THEN -1 ELSE 1 END;
       END IF;
       IF o <> 0 THEN RETURN o; END IF;
     END LOOP;
     RETURN CASE WHEN array_length(xs, 1) < array_length(ys, 1) THEN -1 ELSE 0 END;
   END $$`,

  `CREATE FUNCTION targeting_semver_cmp(a text[], b text[]) RETURNS int
     LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
   DECLARE
     o int;
     i int;
   BEGIN
     FOR i IN 1 .. 3 LOOP
       o := targeting_digits_cmp(a[i], b[i]);
       IF o <> 0 THEN RETURN o; END IF;
     END LOOP;
     IF a[4] <> b[4] THEN
       IF a[4] = '' THEN RETURN 1; END IF;
       IF b[4] = '' THEN RETURN -1; END IF;
       RETURN targeting_identifiers_cmp(a[4], b[4], false);
     END IF;
     IF a[5] = b[5] THEN RETURN 0; END IF;
     IF a[5] = '' THEN RETURN -1; END IF;
     IF b[5] = '' THEN RETURN 1; END IF;
     RETURN targeting_identifiers_cmp(a[5], b[5], true);
   END $$`,

  // The Rust semver crate's VersionReq::matches for one comparator ('any' is '*').
  `CREATE FUNCTION targeting_semver_satisfies(v text[], op text, major text, minor text, patch text, pre text)
     RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
   DECLARE
     ok boolean;
     pre_cmp int;
   BEGIN
     IF v IS NULL THEN RETURN NULL; END IF;
     IF op = 'any' THEN RETURN v[4] = ''; END IF;
     pre_cmp := CASE WHEN v[4] = pre THEN 0 WHEN v[4] = '' THEN 1 WHEN pre = '' THEN -1
                     ELSE targeting_identifiers_cmp(v[4], pre, false) END;
     IF op = 'wildcard' THEN
       ok := v[1] = major AND (minor IS NULL OR v[2] = minor) AND (patch IS NULL OR v[3] = patch) AND v[4] = pre;
     ELSIF v[1] <> major THEN
       ok := false;
     ELSIF op = 'tilde' THEN
       IF minor IS NOT NULL AND v[2] <> minor THEN ok := false;
       ELSIF patch IS NOT NULL AND v[3] <> patch THEN ok := targeting_digits_cmp(v[3], patch) > 0;
       ELSE ok := pre_cmp >= 0;
       END IF;
     ELSIF minor IS NULL THEN
       ok := true;
     ELSIF patch IS NULL THEN
       ok := CASE WHEN major <> '0' THEN targeting_digits_cmp(v[2], minor) >= 0 ELSE v[2] = minor END;
     ELSIF major <> '0' THEN
       ok := CASE WHEN v[2] <> minor THEN targeting_digits_cmp(v[2], minor) > 0
                  WHEN v[3] <> patch THEN targeting_digits_cmp(v[3], patch) > 0
                  ELSE pre_cmp >= 0 END;
     ELSIF minor <> '0' THEN
       ok := CASE WHEN v[2] <> minor THEN false
                  WHEN v[3] <> patch THEN targeting_digits_cmp(v[3], patch) > 0
                  ELSE pre_cmp >= 0 END;
     ELSE
       ok := v[2] = minor AND v[3] = patch AND pre_cmp >= 0;
     END IF;
     IF NOT ok OR v[4] = '' THEN RETURN ok; END IF;
     -- A pre-release satisfies only a requirement naming a pre-release of the same version.
     RETURN coalesce(major = v[1] AND minor = v[2] AND patch = v[3] AND pre <> '', false);
   END $$`,
];
