import { DomainError } from '../errors/domain-error';
import { checkText, normalizeTags } from './text';

describe('text rules', () => {
  it('normalises tags: trim, lower-case, de-duplicate in order', () => {
    expect(normalizeTags([' Beta', 'beta', 'RELEASE ', 'alpha'])).toEqual(['beta', 'release', 'alpha']);
  });

  it.each([
    ['', 'blank'],
    ['   ', 'blank'],
    ['a\u0000b', 'null_characters_not_allowed'],
    ['x'.repeat(256), 'max_length'],
  ])('refuses %j (%s)', (tag, code) => {
    expect(() => normalizeTags([tag])).toThrow(DomainError);
    try {
      normalizeTags([tag]);
    } catch (e) {
      expect(e).toMatchObject({ code, attr: 'tags' });
    }
  });

  it('counts characters as code points', () => {
    expect(checkText('😀'.repeat(3), 'name', 3)).toBe('😀😀😀');
    expect(() => checkText('😀'.repeat(4), 'name', 3)).toThrow(/no more than 3/);
  });
});
