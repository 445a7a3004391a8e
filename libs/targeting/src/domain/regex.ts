import { lowerCaseMap, lowerCasePairs, lowerPreimage, upperCasePairs } from './unicode-case';

/**
 * Regular expressions for `regex` / `not_regex`, hand-written because no library runs
 * PostHog's syntax with a step budget: flag conditions are written by any project member and
 * matched against any person's properties on every `/flags` call, so V8's backtracking engine
 * would let one `(a+)+$` stall the whole server.
 *
 * Syntax: JavaScript's (what posthog-node runs locally) in its non-Unicode form, matched on code
 * points, plus the inline flags PostHog's Rust service accepts (`(?i)`, `(?s)`, `(?m)`, `(?i:…)`,
 * `(?-i)`), `\A`, `\z` and `(?P<name>…)`. Patterns without lookarounds or back-references
 * compile to an NFA simulated breadth-first (Pike VM, O(input × pattern)); the others, which
 * PostHog's server runs with a backtracking engine, run on a backtracking VM. Both charge every
 * step to the request's `EvaluationBudget`: when it runs out the test answers `undefined` and the
 * condition does not match. A pattern that does not parse never matches (`regex` and `not_regex`
 * alike), as in PostHog.
 */

/** The largest program any pattern may compile to, whatever the configured limit. */
export const ENGINE_MAX_PROGRAM = 20_000;
const MAX_DEPTH = 200;
const MAX_CAPTURES = 1_000;

/**
 * Steps one request may spend matching regular expressions, shared by every test it makes. A
 * step is one VM instruction; reading one input character costs at least one.
 */
export class EvaluationBudget {
  private spent = 0;
  /** Tests cut short so far (each answered `undefined`). */
  cuts = 0;

  constructor(readonly steps: number) {}

  get remaining(): number {
    return this.steps - this.spent;
  }

  get exhausted(): boolean {
    return this.spent > this.steps;
  }

  /** Charges `steps`; false when that goes over the budget (the test is then cut short). */
  charge(steps: number): boolean {
    this.spent += steps;
    if (this.spent <= this.steps) return true;
    this.cuts++;
    return false;
  }
}

export interface CompiledRegex {
  /** Instructions of the compiled program (what the size limit counts). */
  readonly size: number;
  /** Uses lookarounds or back-references (runs on the backtracking VM; no SQL form). */
  readonly backtracking: boolean;
  /** Whether the pattern matches anywhere in `input`; `undefined` when `budget` ran out. */
  test(input: string, budget: EvaluationBudget): boolean | undefined;
  /** The same pattern as a PostgreSQL regular expression (ARE), or null for backtracking ones. */
  postgres(): string | null;
}

export type RegexCompilation =
  { ok: true; regex: CompiledRegex } | { ok: false; reason: 'syntax' | 'too_large'; detail: string };

/** Compiles `pattern`; a program over `maxProgram` instructions is refused as too large. */
export function compileRegex(pattern: string, maxProgram: number = ENGINE_MAX_PROGRAM): RegexCompilation {
  const limit = Math.min(maxProgram, ENGINE_MAX_PROGRAM);
  try {
    const parser = new Parser(pattern);
    const ast = parser.parse();
    if (parser.fancy) {
      const program = new BacktrackCompiler(limit, parser.captures).compile(ast);
      return { ok: true, regex: new BacktrackingRegex(program) };
    }
    const program = new PikeCompiler(limit).compile(ast);
    return { ok: true, regex: new PikeRegex(program, ast) };
  } catch (e) {
    if (e instanceof TooLarge) return { ok: false, reason: 'too_large', detail: e.message };
    if (e instanceof RegexSyntaxError) return { ok: false, reason: 'syntax', detail: e.message };
    throw e;
  }
}

class RegexSyntaxError extends Error {}
class TooLarge extends Error {}

// ---- syntax tree ----------------------------------------------------------------------------

type Node =
  | { t: 'empty' }
  | { t: 'char'; cp: number; icase: boolean }
  | { t: 'any'; dotAll: boolean }
  | { t: 'set'; set: CodePointSet; icase: boolean }
  | { t: 'assert'; kind: AssertKind }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'repeat'; body: Node; min: number; max: number; greedy: boolean }
  | { t: 'group'; body: Node; index: number | null }
  | { t: 'look'; body: Node; behind: boolean; negate: boolean }
  | { t: 'backref'; index: number; icase: boolean };

type AssertKind = 'start' | 'end' | 'lineStart' | 'lineEnd' | 'word' | 'notWord';
const ASSERT_KINDS: readonly AssertKind[] = ['start', 'end', 'lineStart', 'lineEnd', 'word', 'notWord'];

interface Flags {
  i: boolean;
  s: boolean;
  m: boolean;
}

/** A union of inclusive code-point ranges, possibly negated. */
interface CodePointSet {
  ranges: [number, number][];
  negated: boolean;
}

const DIGIT: [number, number][] = [[0x30, 0x39]];
const WORD: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const SPACE: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const CLASS_ESCAPES: Record<string, [number, number][]> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

const CONTROL_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, f: 0x0c };

function isDigit(cp: number | undefined): boolean {
  return cp !== undefined && cp >= 0x30 && cp <= 0x39;
}

function isAsciiLetter(cp: number): boolean {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
}

// ---- parser ---------------------------------------------------------------------------------

class Parser {
  private readonly cps: number[];
  private pos = 0;
  private depth = 0;
  private nextCapture = 1;
  /** Group names and their indexes (back-references may point forward). */
  private readonly names = new Map<string, number>();
  /** Capturing groups in the pattern. */
  readonly captures: number;
  /** Uses lookarounds or back-references. */
  fancy = false;

  constructor(pattern: string) {
    this.cps = Array.from(pattern, (c) => c.codePointAt(0) as number);
    this.captures = this.scanGroups();
    if (this.captures > MAX_CAPTURES) throw new RegexSyntaxError('Too many capturing groups');
  }

  parse(): Node {
    const node = this.disjunction({ i: false, s: false, m: false });
    if (this.pos < this.cps.length) throw new RegexSyntaxError("Unmatched ')'");
    return node;
  }

  /**
   * Counts capturing groups (`(` not followed by `?`, and named groups) outside character classes
   * and escapes, and records the names, so that back-references may point forward.
   */
  private scanGroups(): number {
    let count = 0;
    let inClass = false;
    for (let i = 0; i < this.cps.length; i++) {
      const cp = this.cps[i];
      if (cp === 0x5c /* \ */) i++;
      else if (inClass) inClass = cp !== 0x5d; /* ] */
      else if (cp === 0x5b /* [ */) inClass = true;
      else if (cp === 0x28 /* ( */) {
        if (this.cps[i + 1] !== 0x3f /* ? */) {
          count++;
          continue;
        }
        const at = this.cps[i + 2] === 0x50 /* P */ ? i + 3 : i + 2;
        if (this.cps[at] !== 0x3c /* < */ || this.cps[at + 1] === 0x3d || this.cps[at + 1] === 0x21) continue;
        count++;
        const end = this.cps.indexOf(0x3e /* > */, at + 1);
        if (end > at + 1) {
          const name = String.fromCodePoint(...this.cps.slice(at + 1, end));
          if (this.names.has(name)) throw new RegexSyntaxError('Duplicate capture group name');
          this.names.set(name, count);
        }
      }
    }
    return count;
  }

  private peek(offset = 0): number | undefined {
    return this.cps[this.pos + offset];
  }

  private at(char: string, offset = 0): boolean {
    return this.cps[this.pos + offset] === char.codePointAt(0);
  }

  private disjunction(outer: Flags): Node {
    if (++this.depth > MAX_DEPTH) throw new RegexSyntaxError('Pattern nested too deeply');
    // Inline flags `(?i)` last until the end of the enclosing group, across alternatives.
    const flags = { ...outer };
    const items: Node[] = [this.alternative(flags)];
    while (this.at('|')) {
      this.pos++;
      items.push(this.alternative(flags));
    }
    this.depth--;
    return items.length === 1 ? items[0] : { t: 'alt', items };
  }

  private alternative(flags: Flags): Node {
    const items: Node[] = [];
    while (this.pos < this.cps.length && !this.at('|') && !this.at(')')) {
      const term = this.term(flags);
      if (term) items.push(term);
    }
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? items[0] : { t: 'cat', items };
  }

  /** One atom with its quantifier, an assertion, or null for a bare `(?i)` flag group. */
  private term(flags: Flags): Node | null {
    const assertion = this.assertion(flags);
    if (assertion) {
      if (this.quantifierAhead()) throw new RegexSyntaxError('Nothing to repeat');
      return assertion;
    }
    if (this.quantifierAhead()) throw new RegexSyntaxError('Nothing to repeat');
    const atom = this.atom(flags);
    if (atom === null) return null;
    // Lookbehinds cannot be quantified; lookaheads can (JavaScript's web-compatibility grammar).
    if (atom.t === 'look' && atom.behind) {
      if (this.quantifierAhead()) throw new RegexSyntaxError('Nothing to repeat');
      return atom;
    }
    return this.quantified(atom);
  }

  private assertion(flags: Flags): Node | null {
    if (this.at('^')) {
      this.pos++;
      return { t: 'assert', kind: flags.m ? 'lineStart' : 'start' };
    }
    if (this.at('$')) {
      this.pos++;
      return { t: 'assert', kind: flags.m ? 'lineEnd' : 'end' };
    }
    if (this.at('\\')) {
      const next = this.peek(1);
      const kinds: Record<number, AssertKind> = { 0x62: 'word', 0x42: 'notWord', 0x41: 'start', 0x7a: 'end' };
      if (next !== undefined && kinds[next]) {
        this.pos += 2;
        return { t: 'assert', kind: kinds[next] };
      }
    }
    return null;
  }

  /** `*`, `+`, `?`, or a well-formed `{n}`, `{n,}`, `{n,m}` at the cursor. */
  private quantifierAhead(): boolean {
    if (this.at('*') || this.at('+') || this.at('?')) return true;
    return this.at('{') && this.bracedQuantifier(false) !== null;
  }

  private bracedQuantifier(consume: boolean): [number, number] | null {
    let i = this.pos + 1;
    const readNumber = (): number | null => {
      const start = i;
      while (isDigit(this.cps[i])) i++;
      if (i === start) return null;
      return Number(String.fromCodePoint(...this.cps.slice(start, i)));
    };
    const min = readNumber();
    if (min === null) return null;
    let max = min;
    if (this.cps[i] === 0x2c /* , */) {
      i++;
      const upper = readNumber();
      max = upper === null ? Infinity : upper;
    }
    if (this.cps[i] !== 0x7d /* } */) return null;
    if (consume) this.pos = i + 1;
    return [min, max];
  }

  private quantified(atom: Node): Node {
    let min: number;
    let max: number;
    if (this.at('*')) [min, max] = [0, Infinity];
    else if (this.at('+')) [min, max] = [1, Infinity];
    else if (this.at('?')) [min, max] = [0, 1];
    else if (this.at('{')) {
      const braced = this.bracedQuantifier(true);
      if (!braced) return atom;
      [min, max] = braced;
      if (min > max) throw new RegexSyntaxError('numbers out of order in {} quantifier');
      this.pos--; // the shared increment below steps over the closing brace
    } else return atom;
    this.pos++;
    const greedy = !this.at('?');
    if (!greedy) this.pos++;
    if (this.quantifierAhead()) throw new RegexSyntaxError('Nothing to repeat');
    return { t: 'repeat', body: atom, min, max, greedy };
  }

  private atom(flags: Flags): Node | null {
    const cp = this.cps[this.pos];
    if (cp === 0x2e /* . */) {
      this.pos++;
      return { t: 'any', dotAll: flags.s };
    }
    if (cp === 0x28 /* ( */) return this.group(flags);
    if (cp === 0x5b /* [ */) return this.characterClass(flags);
    if (cp === 0x5c /* \ */) return this.atomEscape(flags);
    this.pos++;
    return { t: 'char', cp, icase: flags.i };
  }

  private group(flags: Flags): Node | null {
    this.pos++;
    let inner = flags;
    let index: number | null = null;
    let look: { behind: boolean; negate: boolean } | null = null;
    if (this.at('?')) {
      this.pos++;
      if (this.at(':')) {
        this.pos++;
      } else if (this.at('<') && !this.at('=', 1) && !this.at('!', 1)) {
        index = this.namedGroup();
      } else if (this.at('P') && this.at('<', 1)) {
        this.pos++;
        index = this.namedGroup();
      } else if (this.at('=') || this.at('!')) {
        look = { behind: false, negate: this.at('!') };
        this.pos++;
      } else if (this.at('<')) {
        look = { behind: true, negate: this.at('!', 1) };
        this.pos += 2;
      } else {
        const parsed = this.inlineFlags(flags);
        if (parsed.scoped) {
          inner = parsed.flags;
        } else {
          Object.assign(flags, parsed.flags);
          return null;
        }
      }
    } else {
      index = this.nextCapture++;
    }
    const body = this.disjunction(inner);
    if (!this.at(')')) throw new RegexSyntaxError('Unterminated group');
    this.pos++;
    if (look) {
      this.fancy = true;
      return { t: 'look', body, ...look };
    }
    return { t: 'group', body, index };
  }

  private namedGroup(): number {
    this.groupName();
    return this.nextCapture++;
  }

  /** `<name>` at the cursor (on `<`). */
  private groupName(): string {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.cps.length && this.cps[this.pos] !== 0x3e /* > */) this.pos++;
    if (this.pos === start || this.pos >= this.cps.length) throw new RegexSyntaxError('Invalid capture group name');
    const name = String.fromCodePoint(...this.cps.slice(start, this.pos));
    this.pos++;
    return name;
  }

  /** `(?ims-ims)` (rest of the group) or `(?ims-ims:` (scoped); the cursor is after `(?`. */
  private inlineFlags(flags: Flags): { flags: Flags; scoped: boolean } {
    const next = { ...flags };
    let enable = true;
    let seen = false;
    for (;;) {
      const cp = this.cps[this.pos++];
      if (cp === undefined) throw new RegexSyntaxError('Unterminated group');
      const char = String.fromCodePoint(cp);
      if (char === ')' || char === ':') {
        if (!seen) throw new RegexSyntaxError('Invalid group');
        return { flags: next, scoped: char === ':' };
      }
      seen = true;
      if (char === '-' && enable) enable = false;
      else if (char === 'i' || char === 's' || char === 'm') next[char] = enable;
      else if (char !== 'U') throw new RegexSyntaxError('Invalid group'); // greediness: irrelevant to a test
    }
  }

  private atomEscape(flags: Flags): Node {
    this.pos++;
    const cp = this.cps[this.pos];
    if (cp === undefined) throw new RegexSyntaxError('\\ at end of pattern');
    const char = String.fromCodePoint(cp);
    if (CLASS_ESCAPES[char]) {
      this.pos++;
      return { t: 'set', set: { ranges: CLASS_ESCAPES[char], negated: false }, icase: false };
    }
    if (cp >= 0x31 && cp <= 0x39) {
      const start = this.pos;
      while (isDigit(this.cps[this.pos])) this.pos++;
      const index = Number(String.fromCodePoint(...this.cps.slice(start, this.pos)));
      // Without that many groups JavaScript reads an octal escape; PostHog's server refuses it.
      if (index > this.captures) throw new RegexSyntaxError('Back-reference to a missing group');
      this.fancy = true;
      return { t: 'backref', index, icase: flags.i };
    }
    if (char === 'k' && this.at('<', 1)) {
      this.pos++;
      const index = this.names.get(this.groupName());
      if (index === undefined) throw new RegexSyntaxError('Invalid named reference');
      this.fancy = true;
      return { t: 'backref', index, icase: flags.i };
    }
    return { t: 'char', cp: this.characterEscape(), icase: flags.i };
  }

  /** An escape that stands for one character; the cursor is on the character after `\`. */
  private characterEscape(): number {
    const cp = this.cps[this.pos];
    const char = String.fromCodePoint(cp);
    this.pos++;
    if (CONTROL_ESCAPES[char] !== undefined) return CONTROL_ESCAPES[char];
    if (char === '0') {
      if (isDigit(this.peek())) throw new RegexSyntaxError('Octal escapes are not supported');
      return 0;
    }
    if (char === 'x') return this.hexDigits(2);
    if (char === 'u') return this.hexDigits(4);
    if (char === 'c') {
      const letter = this.cps[this.pos];
      if (letter === undefined || !isAsciiLetter(letter)) throw new RegexSyntaxError('Invalid control escape');
      this.pos++;
      return letter % 32;
    }
    // Letters and digits after a backslash mean something in some engine; the rest are literal.
    if (isAsciiLetter(cp) || isDigit(cp)) throw new RegexSyntaxError(`Unsupported escape \\${char}`);
    return cp;
  }

  private hexDigits(count: number): number {
    const digits = this.cps.slice(this.pos, this.pos + count).map((c) => String.fromCodePoint(c));
    if (digits.length !== count || !digits.every((d) => /^[0-9a-fA-F]$/.test(d))) {
      throw new RegexSyntaxError('Invalid escape');
    }
    this.pos += count;
    return parseInt(digits.join(''), 16);
  }

  private characterClass(flags: Flags): Node {
    this.pos++;
    const negated = this.at('^');
    if (negated) this.pos++;
    const ranges: [number, number][] = [];
    while (!this.at(']')) {
      if (this.pos >= this.cps.length) throw new RegexSyntaxError('Unterminated character class');
      const low = this.classAtom();
      if (this.at('-') && !this.at(']', 1) && this.peek(1) !== undefined) {
        this.pos++;
        const high = this.classAtom();
        if (typeof low === 'number' && typeof high === 'number') {
          if (low > high) throw new RegexSyntaxError('Range out of order in character class');
          ranges.push([low, high]);
          continue;
        }
        // `[\d-z]`: JavaScript (outside Unicode mode) reads the dash literally.
        this.addClassAtom(ranges, low);
        ranges.push([0x2d, 0x2d]);
        this.addClassAtom(ranges, high);
        continue;
      }
      this.addClassAtom(ranges, low);
    }
    this.pos++;
    return { t: 'set', set: { ranges, negated }, icase: flags.i };
  }

  private addClassAtom(ranges: [number, number][], atom: number | [number, number][]): void {
    if (typeof atom === 'number') ranges.push([atom, atom]);
    else ranges.push(...atom);
  }

  private classAtom(): number | [number, number][] {
    const cp = this.cps[this.pos];
    if (cp !== 0x5c /* \ */) {
      this.pos++;
      return cp;
    }
    this.pos++;
    const next = this.cps[this.pos];
    if (next === undefined) throw new RegexSyntaxError('\\ at end of pattern');
    const char = String.fromCodePoint(next);
    if (CLASS_ESCAPES[char]) {
      this.pos++;
      return CLASS_ESCAPES[char];
    }
    if (char === 'b') {
      this.pos++;
      return 0x08;
    }
    if (char === '-') {
      this.pos++;
      return 0x2d;
    }
    return this.characterEscape();
  }
}

// ---- character tests ------------------------------------------------------------------------

/** Case folding for `(?i)`: lower case, when that is a single code point. */
function fold(cp: number): number {
  if (cp < 0x80) return cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : cp;
  const lower = String.fromCodePoint(cp).toLowerCase();
  const folded = lower.codePointAt(0) as number;
  return lower.length === String.fromCodePoint(folded).length ? folded : cp;
}

function upper(cp: number): number {
  const text = String.fromCodePoint(cp).toUpperCase();
  const first = text.codePointAt(0) as number;
  return text.length === String.fromCodePoint(first).length ? first : cp;
}

function inRanges(ranges: readonly (readonly [number, number])[], cp: number): boolean {
  for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true;
  return false;
}

function setContains(set: CodePointSet, icase: boolean, cp: number): boolean {
  let hit = inRanges(set.ranges, cp);
  if (!hit && icase) hit = inRanges(set.ranges, fold(cp)) || inRanges(set.ranges, upper(cp));
  return hit !== set.negated;
}

function isLineTerminator(cp: number): boolean {
  return cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029;
}

function isWordChar(cp: number): boolean {
  return cp >= 0 && inRanges(WORD, cp);
}

/** `before`/`after` are the code points around the position (-1 at either end). */
function assertionHolds(kind: AssertKind, before: number, after: number): boolean {
  switch (kind) {
    case 'start':
      return before < 0;
    case 'end':
      return after < 0;
    case 'lineStart':
      return before < 0 || isLineTerminator(before);
    case 'lineEnd':
      return after < 0 || isLineTerminator(after);
    case 'word':
      return isWordChar(before) !== isWordChar(after);
    case 'notWord':
      return isWordChar(before) === isWordChar(after);
  }
}

/** The code point at UTF-16 index `i` of `s` (-1 past the end). */
function codePointAt(s: string, i: number): number {
  return i < s.length ? (s.codePointAt(i) as number) : -1;
}

/** The code point ending just before UTF-16 index `i` (-1 at the start). */
function codePointBefore(s: string, i: number): number {
  if (i <= 0) return -1;
  const low = s.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = s.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

const width = (cp: number) => (cp > 0xffff ? 2 : 1);

// ---- the Pike VM (patterns without lookarounds or back-references) -------------------------

const enum Op {
  Char,
  Any,
  Set,
  Assert,
  Split,
  Jmp,
  Match,
  Save,
  Backref,
  Look,
  Mark,
  Progress,
  Clear,
}

/** A program in parallel arrays: operation, two operands, and the sets `Op.Set` points at. */
interface Program {
  readonly ops: Uint8Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly c: Int32Array;
  readonly sets: CodePointSet[];
  readonly size: number;
}

class ProgramBuilder {
  ops: number[] = [];
  a: number[] = [];
  b: number[] = [];
  c: number[] = [];
  sets: CodePointSet[] = [];

  constructor(private readonly limit: number) {}

  get length(): number {
    return this.ops.length;
  }

  push(op: Op, a = 0, b = 0, c = 0): number {
    if (this.ops.length >= this.limit)
      throw new TooLarge(`The pattern compiles to more than ${this.limit} instructions`);
    this.ops.push(op);
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
    return this.ops.length - 1;
  }

  set(set: CodePointSet): number {
    this.sets.push(set);
    return this.sets.length - 1;
  }

  build(): Program {
    return {
      ops: Uint8Array.from(this.ops),
      a: Int32Array.from(this.a),
      b: Int32Array.from(this.b),
      c: Int32Array.from(this.c),
      sets: this.sets,
      size: this.ops.length,
    };
  }
}

const ICASE = 1;

class PikeCompiler {
  private readonly p: ProgramBuilder;

  constructor(limit: number) {
    this.p = new ProgramBuilder(limit);
  }

  compile(ast: Node): Program {
    this.emit(ast);
    this.p.push(Op.Match);
    return this.p.build();
  }

  private emit(node: Node): void {
    const p = this.p;
    switch (node.t) {
      case 'empty':
        return;
      case 'char':
        p.push(Op.Char, node.icase ? fold(node.cp) : node.cp, node.icase ? ICASE : 0);
        return;
      case 'any':
        p.push(Op.Any, node.dotAll ? 1 : 0);
        return;
      case 'set':
        p.push(Op.Set, p.set(node.set), node.icase ? ICASE : 0);
        return;
      case 'assert':
        p.push(Op.Assert, ASSERT_KINDS.indexOf(node.kind));
        return;
      case 'cat':
        for (const item of node.items) this.emit(item);
        return;
      case 'group':
        this.emit(node.body);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.items.forEach((item, index) => {
          if (index < node.items.length - 1) {
            const split = p.push(Op.Split, 0, 0);
            p.a[split] = split + 1;
            this.emit(item);
            jumps.push(p.push(Op.Jmp, -1));
            p.b[split] = p.length;
          } else {
            this.emit(item);
          }
        });
        for (const jump of jumps) p.a[jump] = p.length;
        return;
      }
      case 'repeat':
        this.emitRepeat(node.body, node.min, node.max);
        return;
      default:
        throw new Error(`${node.t} needs the backtracking VM`);
    }
  }

  private emitRepeat(body: Node, min: number, max: number): void {
    const p = this.p;
    if (min > ENGINE_MAX_PROGRAM || (max !== Infinity && max > ENGINE_MAX_PROGRAM)) {
      throw new TooLarge(`The pattern compiles to more than ${ENGINE_MAX_PROGRAM} instructions`);
    }
    for (let i = 0; i < min; i++) this.emit(body);
    if (max === Infinity) {
      const split = p.push(Op.Split, 0, 0);
      p.a[split] = split + 1;
      this.emit(body);
      p.push(Op.Jmp, split);
      p.b[split] = p.length;
      return;
    }
    const splits: number[] = [];
    for (let i = min; i < max; i++) {
      splits.push(p.push(Op.Split, 0, 0));
      this.emit(body);
    }
    for (const split of splits) {
      p.a[split] = split + 1;
      p.b[split] = p.length;
    }
  }
}

/** A sparse set of program counters with O(1) add, lookup and clear. */
class ThreadList {
  dense: Int32Array;
  sparse: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.dense = new Int32Array(capacity);
    this.sparse = new Int32Array(capacity);
  }

  has(pc: number): boolean {
    const index = this.sparse[pc];
    return index < this.size && this.dense[index] === pc;
  }

  add(pc: number): void {
    this.sparse[pc] = this.size;
    this.dense[this.size++] = pc;
  }
}

// Evaluation is synchronous and one Pike run never starts another: every pattern shares these.
let current = new ThreadList(0);
let next = new ThreadList(0);
// Each program counter is pushed at most twice per closure (once by a split, once by a jump).
let stack = new Int32Array(0);
let added = 0;

function ensureCapacity(size: number): void {
  if (current.dense.length >= size) return;
  const capacity = Math.max(size, current.dense.length * 2, 64);
  current = new ThreadList(capacity);
  next = new ThreadList(capacity);
  stack = new Int32Array(capacity * 2 + 2);
}

class PikeRegex implements CompiledRegex {
  readonly backtracking = false;
  private readonly usesCaseFolding: boolean;
  /** Starts with `^` or `\A` (not in multiline mode): only position 0 can begin a match. */
  private readonly anchored: boolean;
  private translated: string | undefined;

  constructor(
    private readonly program: Program,
    private readonly ast: Node,
  ) {
    let icase = false;
    for (let pc = 0; pc < program.size; pc++) {
      if ((program.ops[pc] === Op.Char || program.ops[pc] === Op.Set) && program.b[pc] === ICASE) icase = true;
    }
    this.usesCaseFolding = icase;
    this.anchored = program.ops[0] === Op.Assert && ASSERT_KINDS[program.a[0]] === 'start';
  }

  get size(): number {
    return this.program.size;
  }

  postgres(): string {
    return (this.translated ??= toPostgres(this.ast));
  }

  /**
   * Advances every live thread one code point at a time, each program counter at most once per
   * position. The input is read as it goes: a budget that allows N steps reads at most N
   * characters, whatever the input's length.
   */
  test(input: string, budget: EvaluationBudget): boolean | undefined {
    const program = this.program;
    ensureCapacity(program.size);
    current.size = 0;
    next.size = 0;
    let steps = 0;
    let index = 0;
    let before = -1;
    for (;;) {
      const cp = codePointAt(input, index);
      if ((index === 0 || !this.anchored) && this.addThread(current, 0, before, cp)) {
        return budget.charge(steps + added) ? true : undefined;
      }
      steps += added;
      if (current.size === 0 && this.anchored) return budget.charge(steps) ? false : undefined;
      if (steps > budget.remaining) {
        budget.charge(steps);
        return undefined;
      }
      if (cp < 0) break;
      const folded = this.usesCaseFolding ? fold(cp) : cp;
      const after = codePointAt(input, index + width(cp));
      for (let k = 0; k < current.size; k++) {
        const pc = current.dense[k];
        let advances = false;
        switch (program.ops[pc]) {
          case Op.Char:
            advances = (program.b[pc] === ICASE ? folded : cp) === program.a[pc];
            break;
          case Op.Any:
            advances = program.a[pc] === 1 || !isLineTerminator(cp);
            break;
          case Op.Set:
            advances = setContains(program.sets[program.a[pc]], program.b[pc] === ICASE, cp);
            break;
          default:
            break;
        }
        if (!advances) continue;
        if (this.addThread(next, pc + 1, cp, after)) return budget.charge(steps + added) ? true : undefined;
        steps += added;
      }
      const swap = current;
      current = next;
      next = swap;
      next.size = 0;
      before = cp;
      index += width(cp);
    }
    return budget.charge(steps) ? false : undefined;
  }

  /**
   * Follows jumps, splits and assertions from `start`; true when the program can match here.
   * The steps it took are left in `added` (no allocation on this hot path).
   */
  private addThread(list: ThreadList, start: number, before: number, after: number): boolean {
    const { ops, a, b } = this.program;
    added = 0;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const pc = stack[--top];
      if (list.has(pc)) continue;
      list.add(pc);
      added++;
      switch (ops[pc]) {
        case Op.Match:
          return true;
        case Op.Jmp:
          stack[top++] = a[pc];
          break;
        case Op.Split:
          stack[top++] = b[pc];
          stack[top++] = a[pc];
          break;
        case Op.Assert:
          if (assertionHolds(ASSERT_KINDS[a[pc]], before, after)) stack[top++] = pc + 1;
          break;
        default:
          break;
      }
    }
    return false;
  }
}

// ---- the backtracking VM (lookarounds and back-references) ----------------------------------

const BACKWARD = 1;

/**
 * Compiles to a backtracking program. Capture slots 2n / 2n+1 hold group n's start and end;
 * registers after them hold loop entry positions (an iteration that consumed nothing ends the
 * loop, as JavaScript's RepeatMatcher does). Lookbehind bodies are compiled backwards: they
 * read leftwards from the position, as JavaScript matches them.
 */
class BacktrackCompiler {
  private readonly p: ProgramBuilder;
  private registers: number;

  constructor(
    limit: number,
    private readonly captures: number,
  ) {
    this.p = new ProgramBuilder(limit);
    this.registers = (captures + 1) * 2;
  }

  compile(ast: Node): BacktrackProgram {
    this.emit(ast, false);
    this.p.push(Op.Match);
    return { ...this.p.build(), slots: this.registers, captures: this.captures };
  }

  private emit(node: Node, backward: boolean): void {
    const p = this.p;
    const dir = backward ? BACKWARD : 0;
    switch (node.t) {
      case 'empty':
        return;
      case 'char':
        p.push(Op.Char, node.icase ? fold(node.cp) : node.cp, node.icase ? ICASE : 0, dir);
        return;
      case 'any':
        p.push(Op.Any, node.dotAll ? 1 : 0, 0, dir);
        return;
      case 'set':
        p.push(Op.Set, p.set(node.set), node.icase ? ICASE : 0, dir);
        return;
      case 'assert':
        p.push(Op.Assert, ASSERT_KINDS.indexOf(node.kind));
        return;
      case 'backref':
        p.push(Op.Backref, node.index, node.icase ? ICASE : 0, dir);
        return;
      case 'cat': {
        const items = backward ? [...node.items].reverse() : node.items;
        for (const item of items) this.emit(item, backward);
        return;
      }
      case 'group':
        if (node.index === null) {
          this.emit(node.body, backward);
          return;
        }
        p.push(Op.Save, node.index * 2 + (backward ? 1 : 0));
        this.emit(node.body, backward);
        p.push(Op.Save, node.index * 2 + (backward ? 0 : 1));
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.items.forEach((item, index) => {
          if (index < node.items.length - 1) {
            const split = p.push(Op.Split, 0, 0);
            p.a[split] = split + 1;
            this.emit(item, backward);
            jumps.push(p.push(Op.Jmp, -1));
            p.b[split] = p.length;
          } else {
            this.emit(item, backward);
          }
        });
        for (const jump of jumps) p.a[jump] = p.length;
        return;
      }
      case 'look': {
        const look = p.push(Op.Look, 0, (node.negate ? 1 : 0) | (node.behind ? 2 : 0));
        this.emit(node.body, node.behind);
        p.push(Op.Match);
        p.a[look] = p.length;
        return;
      }
      case 'repeat':
        this.emitRepeat(node, backward);
        return;
    }
  }

  /** Group indexes inside `node`, as the slot range JavaScript clears at each iteration. */
  private slotsOf(node: Node): [number, number] {
    let lo = Infinity;
    let hi = -Infinity;
    const walk = (n: Node): void => {
      if (n.t === 'group' && n.index !== null) {
        lo = Math.min(lo, n.index);
        hi = Math.max(hi, n.index);
      }
      if ('body' in n) walk(n.body);
      if ('items' in n) n.items.forEach(walk);
    };
    walk(node);
    return lo === Infinity ? [0, 0] : [lo * 2, hi * 2 + 2];
  }

  private emitRepeat(node: Extract<Node, { t: 'repeat' }>, backward: boolean): void {
    const p = this.p;
    const { body, min, max, greedy } = node;
    if (min > ENGINE_MAX_PROGRAM || (max !== Infinity && max > ENGINE_MAX_PROGRAM)) {
      throw new TooLarge(`The pattern compiles to more than ${ENGINE_MAX_PROGRAM} instructions`);
    }
    const [from, to] = this.slotsOf(body);
    const iteration = () => {
      if (to > from) p.push(Op.Clear, from, to);
      this.emit(body, backward);
    };
    for (let i = 0; i < min; i++) iteration();
    const split = (): number => p.push(Op.Split, 0, 0);
    const aim = (at: number, into: number, out: number) => {
      p.a[at] = greedy ? into : out;
      p.b[at] = greedy ? out : into;
    };
    if (max === Infinity) {
      const register = this.registers++;
      const loop = split();
      p.push(Op.Mark, register);
      iteration();
      p.push(Op.Progress, register);
      p.push(Op.Jmp, loop);
      aim(loop, loop + 1, p.length);
      return;
    }
    // Optional iterations nest: skipping one skips the rest.
    const exits: number[] = [];
    for (let i = min; i < max; i++) {
      const register = this.registers++;
      const at = split();
      exits.push(at);
      p.push(Op.Mark, register);
      iteration();
      p.push(Op.Progress, register);
    }
    for (const at of exits) aim(at, at + 1, p.length);
  }
}

interface BacktrackProgram extends Program {
  /** Capture slots plus loop registers. */
  readonly slots: number;
  readonly captures: number;
}

class BacktrackingRegex implements CompiledRegex {
  readonly backtracking = true;
  private readonly anchored: boolean;

  constructor(private readonly program: BacktrackProgram) {
    this.anchored = program.ops[0] === Op.Assert && ASSERT_KINDS[program.a[0]] === 'start';
  }

  get size(): number {
    return this.program.size;
  }

  postgres(): null {
    return null;
  }

  test(input: string, budget: EvaluationBudget): boolean | undefined {
    const run = new BacktrackRun(this.program, input, budget.remaining);
    let index = 0;
    let result: boolean | undefined = false;
    for (;;) {
      const found = run.match(0, index);
      if (found === undefined) {
        result = undefined;
        break;
      }
      if (found >= 0) {
        result = true;
        break;
      }
      if (this.anchored || index >= input.length) break;
      index += width(codePointAt(input, index));
    }
    return budget.charge(run.steps) ? result : undefined;
  }
}

/** One test's state: slots with an undo log, and a stack of choice points. */
class BacktrackRun {
  steps = 0;
  private readonly slots: Int32Array;
  private readonly undo: number[] = [];
  /** Choice points (pc, index, undo length), shared by nested lookaround runs above their base. */
  private readonly choices: number[] = [];

  constructor(
    private readonly program: BacktrackProgram,
    private readonly input: string,
    private readonly limit: number,
  ) {
    this.slots = new Int32Array(program.slots).fill(-1);
  }

  private setSlot(slot: number, value: number): void {
    this.undo.push(slot, this.slots[slot]);
    this.slots[slot] = value;
  }

  private rollback(length: number): void {
    while (this.undo.length > length) {
      const value = this.undo.pop() as number;
      const slot = this.undo.pop() as number;
      this.slots[slot] = value;
    }
  }

  /**
   * Runs from `pc` at `index` until a `Match`: the end position, -1 when no path matches, or
   * undefined when the budget ran out. Choice points are kept on an explicit stack.
   */
  match(pc: number, index: number): number | undefined {
    const { ops, a, b, c, sets } = this.program;
    const input = this.input;
    const choices = this.choices;
    const floor = choices.length;
    const base = this.undo.length;
    for (;;) {
      if (++this.steps > this.limit) {
        choices.length = floor;
        return undefined;
      }
      let fail = false;
      switch (ops[pc]) {
        case Op.Match:
          choices.length = floor;
          return index;
        case Op.Char:
        case Op.Any:
        case Op.Set: {
          const backward = c[pc] === BACKWARD;
          const cp = backward ? codePointBefore(input, index) : codePointAt(input, index);
          let ok = cp >= 0;
          if (ok) {
            if (ops[pc] === Op.Char) ok = (b[pc] === ICASE ? fold(cp) : cp) === a[pc];
            else if (ops[pc] === Op.Any) ok = a[pc] === 1 || !isLineTerminator(cp);
            else ok = setContains(sets[a[pc]], b[pc] === ICASE, cp);
          }
          if (ok) {
            index += backward ? -width(cp) : width(cp);
            pc++;
          } else fail = true;
          break;
        }
        case Op.Assert:
          if (assertionHolds(ASSERT_KINDS[a[pc]], codePointBefore(input, index), codePointAt(input, index))) pc++;
          else fail = true;
          break;
        case Op.Jmp:
          pc = a[pc];
          break;
        case Op.Split:
          choices.push(b[pc], index, this.undo.length);
          pc = a[pc];
          break;
        case Op.Save:
          this.setSlot(a[pc], index);
          pc++;
          break;
        case Op.Clear:
          for (let slot = a[pc]; slot < b[pc]; slot++) if (this.slots[slot] !== -1) this.setSlot(slot, -1);
          pc++;
          break;
        case Op.Mark:
          this.setSlot(a[pc], index);
          pc++;
          break;
        case Op.Progress:
          if (this.slots[a[pc]] === index) fail = true;
          else pc++;
          break;
        case Op.Backref: {
          const moved = this.backref(a[pc], b[pc] === ICASE, c[pc] === BACKWARD, index);
          if (moved === null) fail = true;
          else {
            index = moved;
            pc++;
          }
          break;
        }
        case Op.Look: {
          const mark = this.undo.length;
          const found = this.match(pc + 1, index);
          if (found === undefined) {
            choices.length = floor;
            return undefined;
          }
          const negate = (b[pc] & 1) === 1;
          if (found >= 0 !== negate) {
            if (negate) this.rollback(mark);
            pc = a[pc];
          } else {
            this.rollback(mark);
            fail = true;
          }
          break;
        }
      }
      if (!fail) continue;
      if (choices.length === floor) {
        this.rollback(base);
        return -1;
      }
      this.rollback(choices.pop() as number);
      index = choices.pop() as number;
      pc = choices.pop() as number;
    }
  }

  /** Matches group `group`'s text at `index`: the new index, or null. An unset group matches empty. */
  private backref(group: number, icase: boolean, backward: boolean, index: number): number | null {
    const start = this.slots[group * 2];
    const end = this.slots[group * 2 + 1];
    if (start < 0 || end < 0 || end < start) return index;
    const text = this.input.slice(start, end);
    const length = end - start;
    const from = backward ? index - length : index;
    if (from < 0 || from + length > this.input.length) return null;
    const here = this.input.slice(from, from + length);
    const same = icase
      ? Array.from(here, (ch) => fold(ch.codePointAt(0) as number)).join() ===
        Array.from(text, (ch) => fold(ch.codePointAt(0) as number)).join()
      : here === text;
    if (!same) return null;
    this.steps += length;
    return backward ? from : from + length;
  }
}

// ---- PostgreSQL translation ------------------------------------------------------------------

// PostgreSQL's bound on `{m,n}` (RE_DUP_MAX).
const PG_MAX_REPEAT = 255;
const PG_WORD = '[0-9A-Za-z_]';
const PG_NOT_LINE_TERMINATOR = '[^\\u000a\\u000d\\u2028\\u2029]';
// Never matches stored text: PostgreSQL text cannot hold NUL, the only code point it allows.
const PG_NOTHING = '[^\\u0001-\\U0010ffff]';

function pgChar(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || isAsciiLetter(cp)) return String.fromCharCode(cp);
  return cp <= 0xffff ? `\\u${cp.toString(16).padStart(4, '0')}` : `\\U${cp.toString(16).padStart(8, '0')}`;
}

/** Sorted, merged ranges without NUL and surrogates (which stored text cannot contain). */
function normalizeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...ranges].map(([lo, hi]) => [lo, hi] as [number, number]).sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  const out: [number, number][] = [];
  for (const [lo, hi] of merged) {
    for (const [from, to] of [
      [lo, Math.min(hi, 0xd7ff)],
      [Math.max(lo, 0xe000), hi],
    ]) {
      const start = Math.max(from, 1);
      if (start <= to) out.push([start, to]);
    }
  }
  return out;
}

function pgClass(ranges: readonly (readonly [number, number])[], negated: boolean): string {
  const clean = normalizeRanges(ranges);
  if (clean.length === 0) return negated ? '[\\u0001-\\U0010ffff]' : PG_NOTHING;
  const body = clean.map(([lo, hi]) => (lo === hi ? pgChar(lo) : `${pgChar(lo)}-${pgChar(hi)}`)).join('');
  return `[${negated ? '^' : ''}${body}]`;
}

/** The code points a case-insensitive `cp` matches: those that fold to what it folds to. */
function foldClass(cp: number): [number, number][] {
  const folded = fold(cp);
  const members = [...lowerPreimage(folded)];
  if (!lowerCaseMap().has(folded)) members.push(folded);
  return members.map((m) => [m, m]);
}

/** A case-insensitive set: code points in it, or whose lower or upper case is (`setContains`). */
function foldedSet(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = ranges.map(([lo, hi]) => [lo, hi]);
  for (const [from, to] of lowerCasePairs()) if (inRanges(ranges, to)) out.push([from, from]);
  for (const [from, to] of upperCasePairs()) if (inRanges(ranges, to)) out.push([from, from]);
  return out;
}

function pgRepeat(body: string, min: number, max: number): string {
  const atom = `(?:${body})`;
  return `${pgExactly(atom, min)}${max === Infinity ? `${atom}*` : pgUpTo(atom, max - min)}`;
}

/** Exactly `n` copies of `atom`, `n` possibly over PostgreSQL's bound. */
function pgExactly(atom: string, n: number): string {
  if (n === 0) return '';
  if (n === 1) return atom;
  if (n <= PG_MAX_REPEAT) return `${atom}{${n}}`;
  return `${pgExactly(`(?:${atom}{${PG_MAX_REPEAT}})`, Math.floor(n / PG_MAX_REPEAT))}${pgExactly(atom, n % PG_MAX_REPEAT)}`;
}

/** Between 0 and `k` copies: `(x{0,255}){0,j}x{0,r}` reaches every count up to 255j + r. */
function pgUpTo(atom: string, k: number): string {
  if (k === 0) return '';
  if (k <= PG_MAX_REPEAT) return `${atom}{0,${k}}`;
  return `${pgUpTo(`(?:${atom}{0,${PG_MAX_REPEAT}})`, Math.floor(k / PG_MAX_REPEAT))}${pgUpTo(atom, k % PG_MAX_REPEAT)}`;
}

function toPostgres(node: Node): string {
  switch (node.t) {
    case 'empty':
      return '(?:)';
    case 'char':
      return node.icase ? pgClass(foldClass(node.cp), false) : pgChar(node.cp);
    case 'any':
      return node.dotAll ? '.' : PG_NOT_LINE_TERMINATOR;
    case 'set':
      return pgClass(node.icase ? foldedSet(node.set.ranges) : node.set.ranges, node.set.negated);
    case 'assert':
      return {
        start: '^',
        end: '$',
        lineStart: '(?<![^\\u000a\\u000d\\u2028\\u2029])',
        lineEnd: '(?![^\\u000a\\u000d\\u2028\\u2029])',
        word: `(?:(?<=${PG_WORD})(?!${PG_WORD})|(?<!${PG_WORD})(?=${PG_WORD}))`,
        notWord: `(?:(?<=${PG_WORD})(?=${PG_WORD})|(?<!${PG_WORD})(?!${PG_WORD}))`,
      }[node.kind];
    case 'cat':
      return node.items.map(toPostgres).join('');
    case 'alt':
      return `(?:${node.items.map(toPostgres).join('|')})`;
    case 'group':
      return `(?:${toPostgres(node.body)})`;
    case 'repeat':
      return pgRepeat(toPostgres(node.body), node.min, node.max);
    default:
      throw new Error(`${node.t} has no PostgreSQL form`);
  }
}
