import { DomainError } from '@app/platform/errors/domain-error';
import { activitySnapshot, Flag, FLAG_ACTIVITY_FIELDS } from './flag';

/** One entry of a flag's change history, newest first (what the activity log holds). */
export interface HistoryEntry {
  detail: { changes?: Array<{ field?: string; before?: unknown; after?: unknown }> | null } | null;
  createdAt: Date;
  userId: number | null;
}

/** A flag's fields as they were at one version. */
export interface FlagAtVersion {
  fields: ReturnType<typeof activitySnapshot>;
  isHistorical: boolean;
  /** When that version was made. */
  versionTimestamp: Date;
  /** Who made it. */
  modifiedBy: number | null;
}

/** Entries read at most when walking back (PostHog's bound). */
export const MAX_HISTORY_ENTRIES = 10_000;

const TRACKED = new Set<string>(FLAG_ACTIVITY_FIELDS);

function versionAfter(entry: HistoryEntry): number | undefined {
  const change = entry.detail?.changes?.find((c) => c.field === 'version');
  return typeof change?.after === 'number' ? change.after : undefined;
}

/**
 * The flag as it was at `target` (PostHog's `reconstruct_flag_at_version`): from the current
 * fields, each change that made a later version is undone (`before` put back), newest first,
 * until the entry that made `target`; version 1 is the creation. 404 for a version the flag never
 * had, or one whose history is missing.
 */
export function flagAtVersion(flag: Flag, target: number, history: readonly HistoryEntry[]): FlagAtVersion {
  if (!Number.isInteger(target) || target < 1 || target > flag.version) {
    throw DomainError.notFound(`Version ${target} not found (current version is ${flag.version}).`);
  }
  const fields = activitySnapshot(flag);
  if (target === flag.version) {
    return { fields, isHistorical: false, versionTimestamp: flag.updatedAt, modifiedBy: flag.lastModifiedById };
  }
  for (const entry of history) {
    const after = versionAfter(entry);
    if (after === undefined) continue;
    if (after === target) {
      return { fields, isHistorical: true, versionTimestamp: entry.createdAt, modifiedBy: entry.userId };
    }
    if (after < target) break; // newest first: the entry that made `target` is missing
    for (const change of entry.detail?.changes ?? []) {
      if (change.field && TRACKED.has(change.field)) {
        // A diff leaves `before` out where the field had no value (a `created` change): null.
        (fields as Record<string, unknown>)[change.field] = change.before ?? null;
      }
    }
  }
  if (target === 1 && fields.version === 1) {
    return { fields, isHistorical: true, versionTimestamp: flag.createdAt, modifiedBy: flag.createdById };
  }
  throw DomainError.notFound(`Activity log is incomplete. Cannot reconstruct version ${target}.`);
}
