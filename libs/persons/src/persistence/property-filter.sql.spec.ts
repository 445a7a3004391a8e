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
    expect(sql).toContain('lower((p.properties ->> $2)) = ANY($3::text[])');
    expect(params).toEqual([7, 'email', ['a@x.io']]);
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

  it('escapes LIKE wildcards and collects regexes for validation', () => {
    const { params, regexes } = compile([
      { key: 'a', value: '50%_off', operator: 'icontains' },
      { key: 'b', value: '^x+$', operator: 'not_regex' },
    ]);
    expect(params).toContain('%50\\%\\_off%');
    expect(regexes).toEqual(['^x+$']);
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
});
