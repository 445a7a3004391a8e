/** One field change in an activity entry, in PostHog's shape. */
export interface ActivityChange {
  type: string;
  action: string;
  field?: string;
  before?: unknown;
  after?: unknown;
}

export interface ActivityDetail {
  id?: string | number | null;
  changes: ActivityChange[] | null;
  merge: unknown;
  trigger: unknown;
  name: string | null;
  short_id: string | null;
  type: string | null;
}

export function activityDetail(
  name: string | null,
  changes: ActivityChange[] | null,
  id?: string | number,
): ActivityDetail {
  return { ...(id === undefined ? {} : { id }), changes, merge: null, trigger: null, name, short_id: null, type: null };
}

/** Key order does not make two JSON values different. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ak = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const isEmpty = (v: unknown) => v === null || v === undefined;

/**
 * Field-by-field diff as PostHog's activity log writes it: unchanged fields are skipped; a value
 * appearing is `created` (after only), one disappearing is `deleted` (before only), else `changed`.
 */
export function diffChanges(
  type: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const field of fields) {
    const b = before[field];
    const a = after[field];
    if (jsonEqual(b, a) || (isEmpty(b) && isEmpty(a))) continue;
    if (isEmpty(b)) changes.push({ type, action: 'created', field, after: a });
    else if (isEmpty(a)) changes.push({ type, action: 'deleted', field, before: b });
    else changes.push({ type, action: 'changed', field, before: b, after: a });
  }
  return changes;
}
