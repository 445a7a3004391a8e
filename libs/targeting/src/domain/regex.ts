/**
 * A regular-expression matcher that cannot be made to hang: patterns compile to an NFA that is
 * simulated breadth-first (Pike VM), so a match costs at most O(input × pattern) steps, and every
 * run stops after STEP_BUDGET steps. Flag filters are written by any project member and matched
 * against any person's properties on every `/flags` call, so a backtracking engine (V8's) would
 * let one `(a+)+$` take the whole server down.
 *
 * Syntax: JavaScript's (what posthog-node runs locally) in its non-Unicode form, plus the inline
 * flags PostHog's Rust service accepts (`(?i)`, `(?s)`, `(?m)`, `(?i:…)`, `(?-i)`), `\A`, `\z`
 * and `(?P<name>…)`. For the patterns posthog-node evaluates itself (ASCII, no inline flags), the
 * answer is the one `new RegExp(pattern).test(value)` gives; the differential test holds us to it.
 * Not supported (the pattern counts as invalid, so both `regex` and `not_regex` are false, which
 * is also what PostHog answers when its own backtracking limit trips): backreferences,
 * lookarounds, Unicode property classes, and patterns whose counted repetitions expand past
 * MAX_PROGRAM instructions.
 */

const STEP_BUDGET = 1_000_000;
const MAX_PROGRAM = 20_000;
const MAX_DEPTH = 200;

export interface SafeRegex {
  /** Whether the pattern matches anywhere in `input`; `undefined` when the step budget ran out. */
  test(input: string): boolean | undefined;
}

/** Compiles `pattern`, or returns null when it is invalid or uses an unsupported feature. */
export function compileRegex(pattern: string): SafeRegex | null {
  let program: Instruction[];
  try {
    const ast = new Parser(pattern).parse();
    program = new Compiler().compile(ast);
  } catch (e) {
    if (e instanceof RegexSyntaxError) return null;
    throw e;
  }
  return new Matcher(program);
}

class RegexSyntaxError extends Error {}

// ---- syntax tree ----------------------------------------------------------------------------

type Node =
  | { t: 'empty' }
  | { t: 'char'; cp: number; icase: boolean }
  | { t: 'any'; dotAll: boolean }
  | { t: 'set'; set: CodePointSet; icase: boolean }
  | { t: 'assert'; kind: AssertKind }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'repeat'; body: Node; min: number; max: number };

type AssertKind = 'start' | 'end' | 'lineStart' | 'lineEnd' | 'word' | 'notWord';

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

function complement(ranges: [number, number][]): [number, number][] {
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

  constructor(pattern: string) {
    this.cps = Array.from(pattern, (c) => c.codePointAt(0) as number);
  }

  parse(): Node {
    const node = this.disjunction({ i: false, s: false, m: false });
    if (this.pos < this.cps.length) throw new RegexSyntaxError("Unmatched ')'");
    return node;
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
    if (this.at('?')) this.pos++; // laziness does not change whether a match exists
    if (this.quantifierAhead()) throw new RegexSyntaxError('Nothing to repeat');
    return { t: 'repeat', body: atom, min, max };
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
    if (this.at('?')) {
      this.pos++;
      if (this.at(':')) {
        this.pos++;
      } else if (this.at('<') && !this.at('=', 1) && !this.at('!', 1)) {
        this.skipGroupName(0x3e);
      } else if (this.at('P') && this.at('<', 1)) {
        this.pos++;
        this.skipGroupName(0x3e);
      } else if (this.at('=') || this.at('!') || this.at('<')) {
        throw new RegexSyntaxError('Lookarounds are not supported');
      } else {
        const parsed = this.inlineFlags(flags);
        if (parsed.scoped) {
          inner = parsed.flags;
        } else {
          Object.assign(flags, parsed.flags);
          return null;
        }
      }
    }
    const body = this.disjunction(inner);
    if (!this.at(')')) throw new RegexSyntaxError('Unterminated group');
    this.pos++;
    return body;
  }

  private skipGroupName(close: number): void {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.cps.length && this.cps[this.pos] !== close) this.pos++;
    if (this.pos === start || this.pos >= this.cps.length) throw new RegexSyntaxError('Invalid capture group name');
    this.pos++;
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
    if (cp >= 0x31 && cp <= 0x39) throw new RegexSyntaxError('Backreferences are not supported');
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

// ---- compiler -------------------------------------------------------------------------------

const enum Op {
  Char,
  Any,
  Set,
  Assert,
  Split,
  Jmp,
  Match,
}

type Instruction =
  | { op: Op.Char; cp: number; icase: boolean }
  | { op: Op.Any; dotAll: boolean }
  | { op: Op.Set; set: CodePointSet; icase: boolean }
  | { op: Op.Assert; kind: AssertKind }
  | { op: Op.Split; x: number; y: number }
  | { op: Op.Jmp; x: number }
  | { op: Op.Match };

class Compiler {
  private readonly program: Instruction[] = [];

  compile(ast: Node): Instruction[] {
    this.emit(ast);
    this.push({ op: Op.Match });
    return this.program;
  }

  private push(instruction: Instruction): number {
    if (this.program.length >= MAX_PROGRAM) throw new RegexSyntaxError('Pattern too large');
    this.program.push(instruction);
    return this.program.length - 1;
  }

  private emit(node: Node): void {
    switch (node.t) {
      case 'empty':
        return;
      case 'char':
        this.push({ op: Op.Char, cp: node.icase ? fold(node.cp) : node.cp, icase: node.icase });
        return;
      case 'any':
        this.push({ op: Op.Any, dotAll: node.dotAll });
        return;
      case 'set':
        this.push({ op: Op.Set, set: node.set, icase: node.icase });
        return;
      case 'assert':
        this.push({ op: Op.Assert, kind: node.kind });
        return;
      case 'cat':
        for (const item of node.items) this.emit(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        node.items.forEach((item, index) => {
          if (index < node.items.length - 1) {
            const split = this.push({ op: Op.Split, x: 0, y: 0 });
            this.setSplit(split, split + 1, -1);
            this.emit(item);
            jumps.push(this.push({ op: Op.Jmp, x: -1 }));
            this.setSplit(split, split + 1, this.program.length);
          } else {
            this.emit(item);
          }
        });
        for (const jump of jumps) (this.program[jump] as { x: number }).x = this.program.length;
        return;
      }
      case 'repeat':
        this.emitRepeat(node.body, node.min, node.max);
        return;
    }
  }

  private setSplit(at: number, x: number, y: number): void {
    const split = this.program[at] as { x: number; y: number };
    split.x = x;
    split.y = y;
  }

  private emitRepeat(body: Node, min: number, max: number): void {
    if (min > MAX_PROGRAM || (max !== Infinity && max > MAX_PROGRAM)) throw new RegexSyntaxError('Pattern too large');
    for (let i = 0; i < min; i++) this.emit(body);
    if (max === Infinity) {
      const split = this.push({ op: Op.Split, x: 0, y: 0 });
      this.emit(body);
      this.push({ op: Op.Jmp, x: split });
      this.setSplit(split, split + 1, this.program.length);
      return;
    }
    const splits: number[] = [];
    for (let i = min; i < max; i++) {
      splits.push(this.push({ op: Op.Split, x: 0, y: 0 }));
      this.emit(body);
    }
    for (const split of splits) this.setSplit(split, split + 1, this.program.length);
  }
}

// ---- matching -------------------------------------------------------------------------------

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

function inRanges(ranges: [number, number][], cp: number): boolean {
  for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true;
  return false;
}

function setContains(instruction: { set: CodePointSet; icase: boolean }, cp: number): boolean {
  const { ranges, negated } = instruction.set;
  let hit = inRanges(ranges, cp);
  if (!hit && instruction.icase) hit = inRanges(ranges, fold(cp)) || inRanges(ranges, upper(cp));
  return hit !== negated;
}

function isLineTerminator(cp: number | undefined): boolean {
  return cp === 0x0a || cp === 0x0d || cp === 0x2028 || cp === 0x2029;
}

function isWordChar(cp: number | undefined): boolean {
  return cp !== undefined && inRanges(WORD, cp);
}

function assertionHolds(kind: AssertKind, input: number[], pos: number): boolean {
  switch (kind) {
    case 'start':
      return pos === 0;
    case 'end':
      return pos === input.length;
    case 'lineStart':
      return pos === 0 || isLineTerminator(input[pos - 1]);
    case 'lineEnd':
      return pos === input.length || isLineTerminator(input[pos]);
    case 'word':
      return isWordChar(input[pos - 1]) !== isWordChar(input[pos]);
    case 'notWord':
      return isWordChar(input[pos - 1]) === isWordChar(input[pos]);
  }
}

/**
 * Pike VM: advances every live thread one character at a time, each program counter at most once
 * per position. Thread lists are allocated once per pattern and reused (evaluation is
 * synchronous, so one run never overlaps another).
 */
class Matcher implements SafeRegex {
  private current: ThreadList;
  private next: ThreadList;
  private readonly stack: number[] = [];
  private readonly input: number[] = [];
  private readonly folded: number[] = [];
  private readonly usesCaseFolding: boolean;
  /** Starts with `^` or `\A` (not in multiline mode): only position 0 can begin a match. */
  private readonly anchored: boolean;
  private steps = 0;

  constructor(private readonly program: Instruction[]) {
    this.current = new ThreadList(program.length);
    this.next = new ThreadList(program.length);
    this.usesCaseFolding = program.some((i) => (i.op === Op.Char || i.op === Op.Set) && i.icase);
    const first = program[0];
    this.anchored = first.op === Op.Assert && first.kind === 'start';
  }

  test(text: string): boolean | undefined {
    const input = this.input;
    input.length = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i) as number;
      input.push(cp);
      if (cp > 0xffff) i++;
    }
    let folded = input;
    if (this.usesCaseFolding) {
      folded = this.folded;
      folded.length = 0;
      for (const cp of input) folded.push(fold(cp));
    }
    return this.search(input, folded);
  }

  private search(input: number[], folded: number[]): boolean | undefined {
    const program = this.program;
    this.current.clear();
    this.next.clear();
    this.steps = 0;
    for (let pos = 0; pos <= input.length; pos++) {
      if ((pos === 0 || !this.anchored) && this.addThread(this.current, 0, input, pos)) return true;
      if (this.current.size === 0) {
        if (this.anchored) return false;
        continue;
      }
      if (this.steps > STEP_BUDGET) return undefined;
      const cp = input[pos];
      if (cp === undefined) break;
      for (let k = 0; k < this.current.size; k++) {
        const pc = this.current.dense[k];
        const instruction = program[pc];
        let advances = false;
        switch (instruction.op) {
          case Op.Char:
            advances = (instruction.icase ? folded[pos] : cp) === instruction.cp;
            break;
          case Op.Any:
            advances = instruction.dotAll || !isLineTerminator(cp);
            break;
          case Op.Set:
            advances = setContains(instruction, cp);
            break;
          default:
            break;
        }
        if (advances && this.addThread(this.next, pc + 1, input, pos + 1)) return true;
      }
      if (this.steps > STEP_BUDGET) return undefined;
      const swap = this.current;
      this.current = this.next;
      this.next = swap;
      this.next.clear();
    }
    return false;
  }

  /** Follows jumps, splits and assertions from `start`; true when the program can match here. */
  private addThread(list: ThreadList, start: number, input: number[], pos: number): boolean {
    const stack = this.stack;
    stack.push(start);
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (list.has(pc)) continue;
      list.add(pc);
      this.steps++;
      const instruction = this.program[pc];
      switch (instruction.op) {
        case Op.Match:
          stack.length = 0;
          return true;
        case Op.Jmp:
          stack.push(instruction.x);
          break;
        case Op.Split:
          stack.push(instruction.y, instruction.x);
          break;
        case Op.Assert:
          if (assertionHolds(instruction.kind, input, pos)) stack.push(pc + 1);
          break;
        default:
          break;
      }
    }
    return false;
  }
}

/** A sparse set of program counters with O(1) add, lookup and clear. */
class ThreadList {
  readonly dense: Int32Array;
  private readonly sparse: Int32Array;
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

  clear(): void {
    this.size = 0;
  }
}
