import { compileRegex, EvaluationBudget } from './regex';
import type { CompiledRegex } from './regex';

function compiled(pattern: string): CompiledRegex | null {
  const result = compileRegex(pattern);
  return result.ok ? result.regex : null;
}

function matches(pattern: string, input: string, steps = 1_000_000): boolean | undefined | null {
  const regex = compiled(pattern);
  return regex === null ? null : regex.test(input, new EvaluationBudget(steps));
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
    ['(a*)*b', 'aaaab', true],
    ['(a|b)*?c', 'ababc', true],
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
    '\\1',
    '(a)\\2',
    '\\k<nope>',
    '(?<=a)*b',
    '\\p{L}',
    '(?x)a',
  ])('cannot parse %j (it never matches)', (pattern) => {
    expect(compileRegex(pattern)).toEqual(expect.objectContaining({ ok: false, reason: 'syntax' }));
  });

  it('refuses programs over the size limit', () => {
    expect(compileRegex('a{100000}')).toEqual(expect.objectContaining({ ok: false, reason: 'too_large' }));
    expect(compileRegex('.{0,900}x', 1_000)).toEqual(expect.objectContaining({ ok: false, reason: 'too_large' }));
    const fits = compileRegex('.{0,400}x', 1_000);
    expect(fits.ok && fits.regex.size).toBeLessThanOrEqual(1_000);
  });

  it.each([
    ['(\\d)\\1', 'a 11', true],
    ['(\\d)\\1', 'a 12', false],
    ['(?<x>ab)-\\k<x>', 'ab-ab', true],
    ['\\k<x>-(?<x>ab)', '-ab', true],
    ['(?i)(a)\\1', 'aA', true],
    ['a(?=b)', 'ab', true],
    ['a(?=b)', 'ac', false],
    ['a(?!b)', 'ab', false],
    ['(?<=\\$)\\d+', 'cost $42', true],
    ['(?<!\\$)\\b\\d+', '$42', false],
    ['(?<=(\\d)a)\\1', '1a1', true],
    ['^(?=.*@vip\\.com$).+', 'ann@vip.com', true],
    ['(a)|\\1b', 'b', true],
    ['(?:(a)|b)\\1c', 'bc', true],
  ])('runs lookarounds and back-references: %j on %j → %s', (pattern, input, expected) => {
    expect(compiled(pattern)?.backtracking).toBe(true);
    expect(matches(pattern, input)).toBe(expected);
  });

  it('answers catastrophic patterns in bounded time', () => {
    const evil = [
      '(a+)+$',
      '(a|a)*b',
      '(.*a){12}x',
      '^(a|aa)+$',
      '(\\w+\\s?)+$',
      'a*a*a*a*a*a*a*b',
      '(a+)+\\1$',
      '(?=(a+)+$)',
    ];
    const input = 'a'.repeat(5_000) + '!';
    const started = Date.now();
    for (const pattern of evil) {
      const result = matches(pattern, input);
      expect(result === false || result === undefined).toBe(true);
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(matches('(x+x+)+y', 'x'.repeat(2_000_000))).toBeUndefined();
  });

  it('shares one budget between tests: once spent, every test answers undefined', () => {
    const budget = new EvaluationBudget(50_000);
    const regex = compiled('.{0,90}x') as CompiledRegex;
    const email = `${'a'.repeat(100_000)}@example.com`;
    expect(regex.test(email, budget)).toBeUndefined();
    expect(budget.exhausted).toBe(true);
    expect((compiled('^a') as CompiledRegex).test('a', budget)).toBeUndefined();
    const backtracking = compiled('(a)(?=x)') as CompiledRegex;
    expect(backtracking.test('a', budget)).toBeUndefined();
  });

  it('reads no more input than the budget pays for (a 50 MB value costs what its first characters cost)', () => {
    const huge = 'a'.repeat(50_000_000);
    const started = process.hrtime.bigint();
    for (const pattern of ['b', 'a{3}c', '(?=b)']) {
      expect(matches(pattern, huge, 10_000)).toBeUndefined();
    }
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1_000);
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
      const ours = compiled(pattern);
      expect({ pattern, valid: ours !== null }).toEqual({ pattern, valid: native !== null });
      if (!native || !ours) continue;
      for (const input of inputs) {
        const result = ours.test(input, new EvaluationBudget(1_000_000));
        expect({ pattern, input, result }).toEqual({ pattern, input, result: native.test(input) });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('agrees with JavaScript on random ASCII patterns with lookarounds and back-references', () => {
    const random = prng(20251107);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const atoms = ['a', 'b', 'c', '.', '\\d', '\\w', '[ab]', '[^a]', ' '];
    const quantifiers = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '*?', '+?'];
    let groups = 0;
    const build = (depth: number): string => {
      let out = '';
      const terms = 1 + Math.floor(random() * 4);
      for (let i = 0; i < terms; i++) {
        const roll = random();
        if (roll < 0.08) out += pick(['^', '$', '\\b', '\\B']);
        else if (roll < 0.2 && depth < 3) {
          groups++;
          out += `(${build(depth + 1)}|${build(depth + 1)})` + pick(quantifiers);
        } else if (roll < 0.3 && depth < 3) out += `(${pick(['?=', '?!', '?<=', '?<!'])}${build(depth + 1)})`;
        else if (roll < 0.38 && groups > 0) out += `\\${1 + Math.floor(random() * groups)}`;
        else out += pick(atoms) + pick(quantifiers);
      }
      return out;
    };
    const inputs = ['', 'a', 'abc', 'aab cab', 'abab', 'aa bb', 'ba\nab', 'cc c', 'abcabcabc', '1 22 333'];
    let compared = 0;
    let outOfBudget = 0;
    for (let i = 0; i < 3_000; i++) {
      groups = 0;
      const pattern = build(0);
      let native: RegExp | null;
      try {
        native = new RegExp(pattern);
      } catch {
        native = null;
      }
      const ours = compiled(pattern);
      if (!native || !ours) continue;
      for (const input of inputs) {
        const result = ours.test(input, new EvaluationBudget(100_000));
        // Exponential backtracking (which V8 sits out on inputs this short) stops at the budget.
        if (result === undefined) outOfBudget++;
        else expect({ pattern, input, result }).toEqual({ pattern, input, result: native.test(input) });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(outOfBudget).toBeLessThan(compared / 100);
  });
});
