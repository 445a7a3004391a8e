/**
 * Versions for the `semver_*` operators, as PostHog's flags service reads them: a leading `v` is
 * dropped and the text trimmed, leading zeros are stripped from the numeric parts and missing
 * parts are 0 (`3.08` is `3.8.0`), then the text must be a SemVer 2.0 version (three parts, an
 * optional `-prerelease` and `+build`). Pre-releases order before their release (`2.0.0-beta` <
 * `2.0.0`) and build metadata counts for `semver_eq`/`semver_neq`, as in the Rust `semver` crate
 * the service compares with. Ranges (`semver_tilde`, `semver_caret`, `semver_wildcard`) are that
 * crate's requirements, so a pre-release matches only a range that names a pre-release of the
 * same version. Hand-written: npm's `semver` and its kin read all of this differently.
 *
 * The SQL compiler has the same rules as PL/pgSQL functions (migration `targeting-functions`); the
 * SQL-against-memory differential test holds the two together.
 */

import { LRUCache } from 'lru-cache';

export interface Version {
  /** Digits without leading zeros. */
  readonly major: string;
  readonly minor: string;
  readonly patch: string;
  /** Dot-separated identifiers, '' for none. */
  readonly pre: string;
  readonly build: string;
}

export type RangeOperator = 'tilde' | 'caret' | 'wildcard';

/** A requirement of one comparator (`~1.2.3`, `^1.2`, `1.x`), or any version (`*`). */
export interface VersionRequirement {
  readonly op: RangeOperator | 'any';
  readonly major: string;
  readonly minor: string | null;
  readonly patch: string | null;
  readonly pre: string;
}

const MAX_U64 = '18446744073709551615';
// Rust's `str::trim`: Unicode White_Space.
const EDGE_SPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const DIGITS = /^[0-9]+$/;
const IDENTIFIER = /^[0-9A-Za-z-]+$/;

/** The text a property value is read as (`semver_*` accept numbers: `3` is `3.0.0`). */
function versionText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Strip one leading `v`, then surrounding white space. */
function normalize(text: string): string {
  return (text.startsWith('v') ? text.slice(1) : text).replace(EDGE_SPACE, '');
}

function stripZeros(part: string): string {
  if (!DIGITS.test(part)) return part;
  return part.replace(/^0+/, '') || '0';
}

/** Pads the numeric core to three parts and strips leading zeros, leaving `-pre` / `+build` alone. */
function canonicalize(text: string): string {
  const cut = text.search(/[-+]/);
  const core = cut < 0 ? text : text.slice(0, cut);
  const suffix = cut < 0 ? '' : text.slice(cut);
  const parts = core.split('.').map(stripZeros);
  while (parts.length < 3) parts.push('0');
  return parts.join('.') + suffix;
}

function numeric(part: string | undefined): string | null {
  if (part === undefined || !DIGITS.test(part)) return null;
  if (part.length > 1 && part.startsWith('0')) return null;
  if (part.length > MAX_U64.length || (part.length === MAX_U64.length && part > MAX_U64)) return null;
  return part;
}

function identifiers(text: string, prerelease: boolean): string | null {
  const parts = text.split('.');
  for (const part of parts) {
    if (!IDENTIFIER.test(part)) return null;
    if (prerelease && part.length > 1 && DIGITS.test(part) && part.startsWith('0')) return null;
  }
  return text;
}

/** `major.minor.patch[-pre][+build]`, strictly. */
function parseStrict(text: string): Version | null {
  const match = /^([^.+-]*)\.([^.+-]*)\.([^.+-]*)(?:-([^+]*))?(?:\+(.*))?$/.exec(text);
  if (!match) return null;
  const [, ma, mi, pa, pre, build] = match;
  const major = numeric(ma);
  const minor = numeric(mi);
  const patch = numeric(pa);
  if (major === null || minor === null || patch === null) return null;
  const preText = pre === undefined ? '' : identifiers(pre, true);
  const buildText = build === undefined ? '' : identifiers(build, false);
  if (preText === null || buildText === null) return null;
  return { major, minor, patch, pre: preText, build: buildText };
}

// Versions repeat across persons and flags; parsing them again costs more than a lookup.
// (`false`: not a version; the cache holds no null.)
const parsed = new LRUCache<string, Version | false>({ max: 10_000 });

/** A property or filter value as a version, or null. */
export function parseVersion(value: unknown): Version | null {
  const text = versionText(value);
  if (text === null) return null;
  let version = parsed.get(text);
  if (version === undefined) {
    version = parseStrict(canonicalize(normalize(text))) ?? false;
    parsed.set(text, version);
  }
  return version || null;
}

function compareNumbers(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

function compareText(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** SemVer precedence of pre-releases: none is greatest, then identifier by identifier. */
function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return 1;
  if (b === '') return -1;
  return compareIdentifiers(a.split('.'), b.split('.'), (x, y) => compareNumbers(x, y));
}

/** Build metadata: none is least; numbers by value, then by length (`0 < 00 < 1`). */
function compareBuild(a: string, b: string): number {
  if (a === b) return 0;
  if (a === '') return -1;
  if (b === '') return 1;
  return compareIdentifiers(a.split('.'), b.split('.'), (x, y) => {
    const order = compareNumbers(x.replace(/^0+/, ''), y.replace(/^0+/, ''));
    return order !== 0 ? order : compareNumbers(x, y);
  });
}

function compareIdentifiers(a: string[], b: string[], numbers: (x: string, y: string) => number): number {
  for (let i = 0; i < a.length; i++) {
    if (i >= b.length) return 1;
    const x = a[i];
    const y = b[i];
    const xNumeric = DIGITS.test(x);
    const yNumeric = DIGITS.test(y);
    const order = xNumeric && yNumeric ? numbers(x, y) : xNumeric ? -1 : yNumeric ? 1 : compareText(x, y);
    if (order !== 0) return order;
  }
  return a.length < b.length ? -1 : 0;
}

/** Total order of versions: numbers, then pre-release, then build metadata. */
export function compareVersions(a: Version, b: Version): number {
  return (
    compareNumbers(a.major, b.major) ||
    compareNumbers(a.minor, b.minor) ||
    compareNumbers(a.patch, b.patch) ||
    comparePre(a.pre, b.pre) ||
    compareBuild(a.build, b.build)
  );
}

const WILDCARD = /^[xX*]$/;

/**
 * The requirement a range operator's value stands for: `~` or `^` before the canonical version
 * (`semver_tilde "1.2"` is `~1.2.0`), or for `semver_wildcard` the value with `*` read as a
 * wildcard (`1.*`, `1.2.*`, `*`; a plain version there is a caret requirement, as in Rust).
 * Null when the service could not parse it either (it then never matches).
 */
export function parseRequirement(op: RangeOperator, value: unknown): VersionRequirement | null {
  const text = typeof value === 'string' ? value : null;
  if (text === null) return null;
  const normalized = normalize(text);
  if (op !== 'wildcard') return comparator(op, canonicalize(normalized));
  const parts = normalized.split('.').map(stripZeros);
  if (parts.every((p) => WILDCARD.test(p))) return parts.length === 1 ? ANY : null;
  return comparator('wildcard', parts.join('.'));
}

const ANY: VersionRequirement = { op: 'any', major: '0', minor: null, patch: null, pre: '' };

/** One comparator: `major[.minor[.patch[-pre][+build]]]`, with trailing wildcards for `wildcard`. */
function comparator(op: RangeOperator, text: string): VersionRequirement | null {
  const match = /^([^.+-]*)(?:\.([^.+-]*))?(?:\.([^.+-]*))?(?:-([^+]*))?(?:\+(.*))?$/.exec(text);
  if (!match) return null;
  const [, ma, mi, pa, pre, build] = match;
  const major = numeric(ma);
  if (major === null) return null;
  let minor: string | null = null;
  let patch: string | null = null;
  let wild = false;
  if (mi !== undefined) {
    if (WILDCARD.test(mi) && op === 'wildcard') wild = true;
    else if ((minor = numeric(mi)) === null) return null;
  }
  if (pa !== undefined) {
    if (WILDCARD.test(pa) && op === 'wildcard') wild = true;
    else if (wild || (patch = numeric(pa)) === null) return null;
  }
  // A pre-release or build needs the patch number; build metadata is read and ignored.
  if ((pre !== undefined || build !== undefined) && patch === null) return null;
  const preText = pre === undefined ? '' : identifiers(pre, true);
  if (preText === null || (build !== undefined && identifiers(build, false) === null)) return null;
  return { op: op === 'wildcard' && !wild ? 'caret' : op, major, minor, patch, pre: preText };
}

/** Whether `version` satisfies `req`, as the `semver` crate's `VersionReq::matches`. */
export function satisfies(version: Version, req: VersionRequirement): boolean {
  if (req.op === 'any') return version.pre === '';
  let ok: boolean;
  switch (req.op) {
    case 'wildcard':
      ok =
        version.major === req.major &&
        (req.minor === null || version.minor === req.minor) &&
        (req.patch === null || version.patch === req.patch) &&
        version.pre === req.pre;
      break;
    case 'tilde':
      ok = matchesTilde(version, req);
      break;
    case 'caret':
      ok = matchesCaret(version, req);
      break;
  }
  if (!ok || version.pre === '') return ok;
  // A pre-release satisfies only a requirement naming a pre-release of the same version.
  return req.major === version.major && req.minor === version.minor && req.patch === version.patch && req.pre !== '';
}

function matchesTilde(v: Version, req: VersionRequirement): boolean {
  if (v.major !== req.major) return false;
  if (req.minor !== null && v.minor !== req.minor) return false;
  if (req.patch !== null && v.patch !== req.patch) return compareNumbers(v.patch, req.patch) > 0;
  return comparePre(v.pre, req.pre) >= 0;
}

function matchesCaret(v: Version, req: VersionRequirement): boolean {
  if (v.major !== req.major) return false;
  if (req.minor === null) return true;
  if (req.patch === null) {
    return req.major !== '0' ? compareNumbers(v.minor, req.minor) >= 0 : v.minor === req.minor;
  }
  if (req.major !== '0') {
    if (v.minor !== req.minor) return compareNumbers(v.minor, req.minor) > 0;
    if (v.patch !== req.patch) return compareNumbers(v.patch, req.patch) > 0;
  } else if (req.minor !== '0') {
    if (v.minor !== req.minor) return false;
    if (v.patch !== req.patch) return compareNumbers(v.patch, req.patch) > 0;
  } else if (v.minor !== req.minor || v.patch !== req.patch) {
    return false;
  }
  return comparePre(v.pre, req.pre) >= 0;
}
