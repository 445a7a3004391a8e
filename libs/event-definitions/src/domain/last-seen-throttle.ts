/**
 * Which event names of a batch need their definition written: those this process has not
 * written for `intervalMs` (or never). Busy events then cost one write per interval instead of
 * one per batch. The memory is per process and bounded (the least recently written names are
 * forgotten first); forgetting a name only costs one more write.
 *
 * Time is the caller's (the batch's arrival), so tests drive it directly.
 */
export class LastSeenThrottle {
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly maxEntries = 100_000,
  ) {}

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
    for (const name of names) {
      const key = LastSeenThrottle.key(projectId, name);
      // Re-inserting moves the key to the end of the map's order: the oldest writes come first.
      this.writtenAt.delete(key);
      this.writtenAt.set(key, at.getTime());
    }
    for (const key of this.writtenAt.keys()) {
      if (this.writtenAt.size <= this.maxEntries) break;
      this.writtenAt.delete(key);
    }
  }

  /** The next event of this name writes again (its definition was deleted or renamed). */
  forget(projectId: number, name: string): void {
    this.writtenAt.delete(LastSeenThrottle.key(projectId, name));
  }

  get size(): number {
    return this.writtenAt.size;
  }
}
