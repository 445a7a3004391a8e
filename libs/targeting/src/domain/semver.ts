/**
 * Versions for the `semver_*` operators: `major.minor.patch` after dropping a leading `v`, any
 * `-prerelease` and `+build` part; missing parts are 0 and parts past the third are ignored
 * (posthog-node's reading). Leading zeros (`3.08`) are accepted as PostHog's server accepts them;
 * the SDK leaves those to the server.
 */

export type Version = readonly [number, number, number];
export type VersionRange = { lower: Version; upper: Version | null };

const NUMERIC = /^\d+$/;

// Versions repeat across persons and flags; parsing them again costs more than a lookup.
const parsed = new Map<string, Version | null>();
const CACHE_LIMIT = 10_000;

export function parseVersion(value: unknown): Version | null {
  const text = String(value);
  let version = parsed.get(text);
  if (version === undefined) {
    version = parse(text);
    if (parsed.size >= CACHE_LIMIT) parsed.clear();
    parsed.set(text, version);
  }
  return version;
}

function parse(raw: string): Version | null {
  const text = raw.trim().replace(/^[vV]/, '');
  const core = text.split('-')[0].split('+')[0];
  if (!core || core.startsWith('.')) return null;
  const parts = core.split('.');
  const numbers: number[] = [];
  for (let i = 0; i < 3; i++) {
    const part = parts[i];
    if (part === undefined || part === '') numbers.push(0);
    else if (NUMERIC.test(part)) numbers.push(parseInt(part, 10));
    else return null;
  }
  return [numbers[0], numbers[1], numbers[2]];
}

export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

export function inRange(version: Version, range: VersionRange): boolean {
  return (
    compareVersions(version, range.lower) >= 0 && (range.upper === null || compareVersions(version, range.upper) < 0)
  );
}

/** `~1.2.3`: the same minor version. */
export function tildeRange(value: unknown): VersionRange | null {
  const v = parseVersion(value);
  return v && { lower: v, upper: [v[0], v[1] + 1, 0] };
}

/** `^1.2.3`: compatible with npm's caret (the first non-zero part is fixed). */
export function caretRange(value: unknown): VersionRange | null {
  const v = parseVersion(value);
  if (!v) return null;
  const [major, minor, patch] = v;
  const upper: Version = major > 0 ? [major + 1, 0, 0] : minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1];
  return { lower: v, upper };
}

/** `1.*`, `1.2.*` (also `1.*.*`, and `*` for any version, as PostHog's server reads them). */
export function wildcardRange(value: unknown): VersionRange | null {
  let text = String(value).trim().replace(/^[vV]/, '');
  if (text === '*' || text === 'x') return { lower: [0, 0, 0], upper: null };
  while (text.endsWith('.*')) text = text.slice(0, -2);
  if (text.endsWith('*')) text = text.slice(0, -1);
  const parts = text.split('.');
  if (!text || !NUMERIC.test(parts[0]) || (parts.length > 1 && !NUMERIC.test(parts[1]))) return null;
  const major = parseInt(parts[0], 10);
  if (parts.length === 1) return { lower: [major, 0, 0], upper: [major + 1, 0, 0] };
  const minor = parseInt(parts[1], 10);
  return { lower: [major, minor, 0], upper: [major, minor + 1, 0] };
}
