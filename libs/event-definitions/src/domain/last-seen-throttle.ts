import { LRUCache } from 'lru-cache';

/**
 * Which event names of a batch need their definition written: those this process has not
 * written for `intervalMs` (or never). Busy events then cost one write per interval instead of
 * one per batch. The memory is per process and bounded (the least recently seen names are
 * forgotten first, so a name that keeps arriving stays); forgetting a name only costs one more write.
 *
 * Time is the caller's (the batch's arrival), so tests drive it directly.
 */
export class LastSeenThrottle {
  private readonly writtenAt: LRUCache<string, number>;

  constructor(
    private readonly intervalMs: number,
    maxEntries = 100_000,
  ) {
    this.writtenAt = new LRUCache({ max: maxEntries });
  }

  private static key(projectId: number, name: string): string {
    return `${projectId}\u0000${name}`;
  }

  /** The distinct names of `names` due for a write at `at`, sorted (writers lock rows in one order). */
  due(projectId: number, names: Iterable<string>, at: Date): string[] {
    const now = at.getTime();
    const out = new Set<string>();
    for (const name of names) {
      const last = this.writtenAt.get(LastSeenThrottle.key(projectId, name));
      if (last === undefined || now - last >= this.intervalMs) out.add(name);
    }
    return [...out].sort();
  }

  /** Records that `names` were written with `last_seen_at` = `at`. */
  markWritten(projectId: number, names: readonly string[], at: Date): void {
    for (const name of names) this.writtenAt.set(LastSeenThrottle.key(projectId, name), at.getTime());
  }

  /** The next event of this name writes again (its definition was deleted or renamed). */
  forget(projectId: number, name: string): void {
    this.writtenAt.delete(LastSeenThrottle.key(projectId, name));
  }

  get size(): number {
    return this.writtenAt.size;
  }
}
