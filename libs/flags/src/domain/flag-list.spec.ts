import { DomainError } from '@app/platform/errors/domain-error';
import { flagListParams } from './flag-list';

const NAMES = { created_by_id: 'createdById' } as Record<string, keyof typeof flagListParams>;

function parse(name: string, raw: unknown): unknown {
  return flagListParams[NAMES[name] ?? (name as keyof typeof flagListParams)](raw);
}

function attrOf(query: Record<string, unknown>): string | null {
  try {
    for (const [name, raw] of Object.entries(query)) parse(name, raw);
  } catch (e) {
    if (e instanceof DomainError) return e.attr;
    throw e;
  }
  throw new Error('expected an error');
}

describe('flagListParams', () => {
  it('defaults to newest first with no filter', () => {
    for (const name of ['active', 'search', 'type', 'created_by_id', 'tags', 'deleted'])
      expect(parse(name, undefined)).toBe(undefined);
    expect(parse('order', undefined)).toEqual({ field: 'created_at', descending: true });
  });

  it('reads every filter', () => {
    expect(parse('active', 'false')).toBe(false);
    expect(parse('search', 'Beta')).toBe('Beta');
    expect(parse('search', '')).toBe(undefined);
    expect(parse('type', 'multivariant')).toBe('multivariant');
    expect(parse('created_by_id', '7')).toBe(7);
    expect(parse('deleted', 'true')).toBe(true);
    expect(parse('deleted', 'false')).toBe(false);
    expect(parse('tags', '["A", " b "]')).toEqual(['a', 'b']);
    expect(parse('tags', 'Solo')).toEqual(['solo']);
    expect(parse('order', 'key')).toEqual({ field: 'key', descending: false });
    expect(parse('order', '-name')).toEqual({ field: 'name', descending: true });
  });

  it.each([
    [{ active: 'yes' }, 'active'],
    [{ type: 'remote' }, 'type'],
    [{ created_by_id: 'me' }, 'created_by_id'],
    [{ created_by_id: '-1' }, 'created_by_id'],
    [{ tags: '[1]' }, 'tags'],
    [{ tags: '[oops' }, 'tags'],
    [{ deleted: 'yes' }, 'deleted'],
    [{ order: 'filters' }, 'order'],
    [{ order: 'created_at; drop table' }, 'order'],
    [{ search: ['a', 'b'] }, 'search'],
    [{ search: 'a\u0000' }, 'search'],
  ])('rejects %p naming %s', (query, attr) => {
    expect(attrOf(query)).toBe(attr);
  });
});
