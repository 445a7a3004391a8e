import { parsePropertyFilter } from '../domain/property-filter';
import { propertyFilterToSql, SqlParams } from './property-filter.sql';

const compile = (filter: unknown, initial: unknown[] = []) => {
  const params = new SqlParams(initial);
  const out = propertyFilterToSql(parsePropertyFilter(filter), {
    params,
    source: (leaf) => (leaf.type === 'person' ? 'p.properties' : undefined),
  });
  return { ...out, params: params.values };
};

describe('propertyFilterToSql', () => {
  it('numbers its parameters after the ones already there', () => {
    const { sql, params } = compile([{ key: 'email', value: 'A@X.io' }], [7]);
    expect(sql).toContain('(p.properties ? $2)');
    expect(sql).toMatch(/= ANY\(\$6::text\[\]\)/);
    expect(params[1]).toBe('email');
    expect(params[5]).toEqual(['a@x.io']);
  });

  it('compiles between as an inclusive range and icontains_multi as any of its needles', () => {
    const range = compile([{ key: 'age', operator: 'not_between', value: ['18', 65] }]);
    expect(range.sql).toMatch(/^\(\(NOT \(p\.properties \? \$1\) OR coalesce\(NOT \(.*\)\)\)$/);
    expect(range.sql).toContain(' BETWEEN $2::float8 AND $3::float8), false)');
    expect(range.params).toEqual(['age', '18', '65']);
    const multi = compile([{ key: 'email', operator: 'icontains_multi', value: ['GMAIL', 5] }]);
    expect(multi.sql).toContain('unnest($2::text[])');
    expect(multi.params).toEqual(['email', ['gmail', '5']]);
  });

  it('joins groups and negates leaves', () => {
    const { sql } = compile({
      type: 'OR',
      values: [
        { key: 'a', operator: 'is_set' },
        { key: 'b', operator: 'is_set', negation: true },
      ],
    });
    expect(sql).toBe('((p.properties ? $1) OR (NOT (p.properties ? $2)))');
    expect(compile([]).sql).toBe('TRUE');
  });

  it('hands PostgreSQL the translated regular expressions, and FALSE for patterns that do not parse', () => {
    const { regexes, sql } = compile([{ key: 'b', value: '^x+$', operator: 'not_regex' }]);
    expect(regexes).toEqual(['^(?:x)(?:x)*$']);
    expect(sql).toContain('NOT (p.properties ? $1) OR');
    const params = new SqlParams();
    const invalid = propertyFilterToSql(parsePropertyFilter([{ key: 'b', value: '?*', operator: 'regex' }]), {
      params,
      source: () => 'p.properties',
    });
    expect(invalid.sql).toBe('(((p.properties ? $1) AND coalesce(FALSE, false)))');
    expect(invalid.regexes).toEqual([]);
  });

  it('refuses types and operators it cannot translate, naming the field', () => {
    expect(() => compile([{ key: 'id', value: 3, type: 'cohort', operator: 'in' }])).toThrow(
      expect.objectContaining({ attr: 'properties', detail: expect.stringContaining('"cohort"') }),
    );
    expect(() => compile([{ key: 'x', value: 3, operator: 'in' }])).toThrow(
      expect.objectContaining({ attr: 'properties' }),
    );
  });

  it('hands other types to a custom translator', () => {
    const params = new SqlParams();
    const { sql } = propertyFilterToSql(
      parsePropertyFilter([{ key: 'id', value: 3, type: 'cohort', operator: 'in' }]),
      {
        params,
        source: () => undefined,
        custom: (leaf, p) => `p.id IN (SELECT person_id FROM cohort_people WHERE cohort_id = ${p.add(leaf.value)})`,
      },
    );
    expect(sql).toBe('(p.id IN (SELECT person_id FROM cohort_people WHERE cohort_id = $1))');
  });

  describe('exact pre-filter on the lowered values', () => {
    const L = `(lower(jsonb_path_query_array(p.properties, '$.*')::text)::jsonb)`;
    const pre = (filter: unknown, initial: unknown[] = []) => {
      const params = new SqlParams(initial);
      const out = propertyFilterToSql(parsePropertyFilter(filter), {
        params,
        source: (leaf) => (leaf.type === 'person' ? 'p.properties' : undefined),
        loweredValues: (col) => (col === 'p.properties' ? L : undefined),
      });
      return { sql: out.sql, params: params.values };
    };
    const arms = (sql: string) => sql.split(`${L} @> `).length - 1;

    it('adds a lowered string containment to a top-level exact leaf, the exact condition staying', () => {
      const { sql, params } = pre([{ key: 'Plan', value: 'PrO' }], [7]);
      expect(sql.startsWith(`(${L} @> jsonb_build_array($`)).toBe(true);
      expect(sql).toContain('(p.properties ? $2)');
      // The value is lowered; the key is left to the exact condition (`?`, case-sensitive).
      expect(params).toContain('pro');
      expect(params[1]).toBe('Plan');
    });

    it('covers every top-level leaf, through nested AND groups, in one containment', () => {
      const { sql } = pre({
        type: 'AND',
        values: [
          { key: 'plan', value: 'pro', type: 'person' },
          { type: 'AND', values: [{ key: 'country', value: 'DE', type: 'person' }] },
          { type: 'OR', values: [{ key: 'x', value: 'y', type: 'person' }] },
        ],
      });
      expect(arms(sql)).toBe(1);
      expect(sql).toMatch(/@> jsonb_build_array\(\$\d+::text, \$\d+::text, \$\d+::text\) AND/);
    });

    it('ORs the forms a value may be stored in: the string, the number, null', () => {
      const num = pre([{ key: 'n', value: 5 }]);
      expect(num.sql).toMatch(/@> jsonb_build_array\(\$\d+::text\) OR .* @> jsonb_build_array\(\$\d+::numeric\)/);
      expect(pre([{ key: 'n', value: '1e+21' }]).sql).toContain('::numeric');
      expect(pre([{ key: 'n', value: 'null' }]).sql).toContain('jsonb_build_array(NULL::jsonb)');
      // A list mixing booleans and other texts is matched by text: `true` matches a stored boolean.
      expect(pre([{ key: 'b', value: ['True', '2024'] }]).sql).toContain('jsonb_build_array(true)');
    });

    it('offers no number form for texts no JavaScript number prints as', () => {
      for (const value of ['05', '+5', '1e3', '.5', '5.', ' 5', 'abc', '-0']) {
        const { sql } = pre([{ key: 'n', value }]);
        expect(sql).not.toContain('::numeric');
        expect(arms(sql)).toBe(1);
      }
    });

    it('covers every value of a list, once per distinct lowered value', () => {
      const { sql } = pre([{ key: 'plan', value: ['Pro', 'pro', 'TEAM', 3] }]);
      expect(arms(sql)).toBe(4);
    });

    it.each([
      ['a negated leaf', [{ key: 'plan', value: 'pro', negation: true }]],
      ['is_not', [{ key: 'plan', value: 'pro', operator: 'is_not' }]],
      [
        'an OR of several',
        {
          type: 'OR',
          values: [
            { key: 'plan', value: 'pro' },
            { key: 'x', value: 'y' },
          ],
        },
      ],
      [
        'an AND under an OR',
        {
          type: 'OR',
          values: [
            { type: 'AND', values: [{ key: 'plan', value: 'pro' }] },
            { key: 'x', operator: 'is_set' },
          ],
        },
      ],
      ['icontains', [{ key: 'plan', value: 'pro', operator: 'icontains' }]],
      ['regex', [{ key: 'plan', value: 'pro', operator: 'regex' }]],
      ['gte', [{ key: 'n', value: 5, operator: 'gte' }]],
      ['is_set', [{ key: 'plan', operator: 'is_set' }]],
      ['an object value', [{ key: 'o', value: { a: 1 } }]],
      ['a non-ASCII value (lowered by JavaScript, not PostgreSQL)', [{ key: 'name', value: 'ΟΔΟΣ' }]],
      ['a boolean (matched by truthiness)', [{ key: 'b', value: 'TRUE' }]],
      ['a text that reads as a list', [{ key: 'l', value: '["a"]' }]],
      ['an empty list', [{ key: 'plan', value: [] }]],
      ['more than 32 forms', [{ key: 'n', value: Array.from({ length: 20 }, (_, i) => i) }]],
    ])('adds none for %s', (_, filter) => {
      const { sql, params } = pre(filter);
      expect(sql).not.toContain(L);
      // Nor parameters for it (an unused one fails the statement).
      const plain = compile(filter);
      expect({ sql, params }).toEqual({ sql: plain.sql, params: plain.params });
    });

    it('adds none without a lowered source', () => {
      expect(compile([{ key: 'plan', value: 'pro' }]).sql).not.toContain('jsonb_path_query_array');
    });
  });
});
