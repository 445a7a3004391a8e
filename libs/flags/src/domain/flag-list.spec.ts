import { DomainError } from '@app/platform/errors/domain-error';
import { parseFlagListQuery } from './flag-list';

function attrOf(query: Record<string, unknown>): string | null {
  try {
    parseFlagListQuery(query);
  } catch (e) {
    if (e instanceof DomainError) return e.attr;
    throw e;
  }
  throw new Error('expected an error');
}

describe('parseFlagListQuery', () => {
  it('defaults to newest first with no filter', () => {
    expect(parseFlagListQuery({})).toEqual({ filter: {}, order: { field: 'created_at', descending: true } });
  });

  it('reads every filter', () => {
    expect(
      parseFlagListQuery({
        active: 'false',
        search: 'Beta',
        type: 'multivariant',
        created_by_id: '7',
        tags: '["A", " b "]',
        order: 'key',
      }),
    ).toEqual({
      filter: { active: false, search: 'Beta', type: 'multivariant', createdById: 7, tags: ['a', 'b'] },
      order: { field: 'key', descending: false },
    });
    expect(parseFlagListQuery({ tags: 'Solo' }).filter.tags).toEqual(['solo']);
    expect(parseFlagListQuery({ order: '-name' }).order).toEqual({ field: 'name', descending: true });
  });

  it.each([
    [{ active: 'yes' }, 'active'],
    [{ type: 'remote' }, 'type'],
    [{ created_by_id: 'me' }, 'created_by_id'],
    [{ created_by_id: '-1' }, 'created_by_id'],
    [{ tags: '[1]' }, 'tags'],
    [{ tags: '[oops' }, 'tags'],
    [{ order: 'filters' }, 'order'],
    [{ order: 'created_at; drop table' }, 'order'],
    [{ search: ['a', 'b'] }, 'search'],
    [{ search: 'a\u0000' }, 'search'],
  ])('rejects %p naming %s', (query, attr) => {
    expect(attrOf(query)).toBe(attr);
  });
});
