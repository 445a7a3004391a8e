import { compileRegex } from './regex';

function matches(pattern: string, input: string): boolean | undefined | null {
  const regex = compileRegex(pattern);
  return regex === null ? null : regex.test(input);
}

/** Deterministic PRNG (mulberry32) so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('compileRegex', () => {
  it.each([
    ['^abc$', 'abc', true],
    ['^abc$', 'abcd', false],
    ['b', 'abc', true],
    ['a.c', 'a\nc', false],
    ['(?s)a.c', 'a\nc', true],
    ['[a-c]+x', 'zzbcax', true],
    ['[^a-c]', 'abc', false],
    ['\\d{3}-\\d{2}', 'tel 123-45', true],
    ['\\bfoo\\b', 'a foo b', true],
    ['\\bfoo\\b', 'afoob', false],
    ['colou?r', 'color', true],
    ['(ab|cd){2}', 'xxabcdyy', true],
    ['(ab|cd){3}', 'xxabcdyy', false],
    ['a{2,}', 'a', false],
    ['a{2,3}$', 'aaaa', true],
    ['^(?i)abc$', 'ABC', true],
    ['^(?i:a)bc$', 'ABC', false],
    ['^(?i:a)bc$', 'Abc', true],
    ['(?m)^b$', 'a\nb\nc', true],
    ['^b$', 'a\nb\nc', false],
    ['\\Aab\\z', 'ab', true],
    ['(?P<x>a)b', 'ab', true],
    ['(?<x>a)b', 'ab', true],
    ['é+', 'café', true],
    ['^.$', '😀', true],
    ['[\\d-z]', '-', true],
    ['a]b}c', 'a]b}c', true],
    ['x{a}', 'x{a}', true],
    ['', 'anything', true],
    ['[]', 'a', false],
    ['[^]', '\n', true],
  ])('%j on %j → %s', (pattern, input, expected) => {
    expect(matches(pattern, input)).toBe(expected);
  });

  it.each([
    '(',
    ')',
    '[abc',
    '*a',
    'a**',
    'a{2}{3}',
    'a|*',
    '^*',
    '\\b+',
    '[z-a]',
    'a{3,2}',
    '\\',
    '(\\d)\\1',
    '(?=a)',
    '(?<!a)b',
    '\\p{L}',
    '(?x)a',
    'a{100000}',
  ])('rejects %j', (pattern) => {
    expect(compileRegex(pattern)).toBeNull();
  });

  it('answers catastrophic patterns in bounded time', () => {
    const evil = ['(a+)+$', '(a|a)*b', '(.*a){12}x', '^(a|aa)+$', '(\\w+\\s?)+$', 'a*a*a*a*a*a*a*b'];
    const input = 'a'.repeat(5_000) + '!';
    const started = Date.now();
    for (const pattern of evil) {
      const result = matches(pattern, input);
      expect(result === false || result === undefined).toBe(true);
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(matches('(x+x+)+y', 'x'.repeat(2_000_000))).toBeUndefined();
  });

  it('agrees with JavaScript on random ASCII patterns', () => {
    const random = prng(20240601);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const atoms = ['a', 'b', 'c', 'ab', '.', '\\d', '\\w', '\\s', '\\W', '[a-c]', '[^ab]', '[\\d_]', '-', '\\.', ' '];
    const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?', '+?', '{2,1}', '**'];
    const build = (depth: number): string => {
      let out = '';
      const terms = 1 + Math.floor(random() * 4);
      for (let i = 0; i < terms; i++) {
        const roll = random();
        if (roll < 0.1) out += pick(['^', '$', '\\b', '\\B']);
        else if (roll < 0.2 && depth < 3) out += `(${build(depth + 1)}|${build(depth + 1)})` + pick(quantifiers);
        else if (roll < 0.25 && depth < 3) out += `(?:${build(depth + 1)})` + pick(quantifiers);
        else if (roll < 0.27) out += pick(['(', ')', ']', '*', '{3}']);
        else out += pick(atoms) + pick(quantifiers);
      }
      return out;
    };
    const inputs = ['', 'a', 'abc', 'aab cab', 'a-b.c', '123 abc_def', 'ba\nab', 'c', 'xyz', 'abcabcabc'];
    let compared = 0;
    for (let i = 0; i < 3_000; i++) {
      const pattern = build(0);
      let native: RegExp | null;
      try {
        native = new RegExp(pattern);
      } catch {
        native = null;
      }
      const ours = compileRegex(pattern);
      expect({ pattern, valid: ours !== null }).toEqual({ pattern, valid: native !== null });
      if (!native || !ours) continue;
      for (const input of inputs) {
        expect({ pattern, input, result: ours.test(input) }).toEqual({ pattern, input, result: native.test(input) });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
