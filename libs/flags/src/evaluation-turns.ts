/**
 * Turns at the flags engine, per project. Evaluation is synchronous (tens of milliseconds for a
 * project whose regular expressions spend the whole budget), so the requests of one project that
 * become ready in the same turn of the event loop would run back to back, and every other
 * tenant's request would wait behind all of them. Here a project evaluates at most once per turn
 * of the loop; its other requests wait for the next turn (`setImmediate`), so whatever else is
 * ready meanwhile (another project's /flags, a flag list) runs in between. A project alone pays
 * at most a hop to the next turn; one flooding the SDK endpoints slows itself, not its
 * neighbours. Hand-written: a fair turn over the event loop's phases, which no library provides.
 */
export class EvaluationTurns {
  /** Projects that have evaluated in this turn of the loop. */
  private readonly taken = new Set<number>();
  /**
   * Per project, the requests waiting for a later turn, in arrival order: one is let in per turn,
   * so a waiting request is woken once (not at every turn to look again, which cost a promise and
   * a setImmediate per waiting request per turn: quadratic under one project's flood).
   */
  private readonly waiting = new Map<number, Array<() => void>>();
  private turnScheduled = false;

  async run<T>(projectId: number, work: () => T): Promise<T> {
    if (this.taken.has(projectId) || this.waiting.has(projectId)) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(projectId);
        if (queue) queue.push(resolve);
        else this.waiting.set(projectId, [resolve]);
      });
    } else this.take(projectId);
    return work();
  }

  private take(projectId: number): void {
    this.taken.add(projectId);
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => this.nextTurn());
  }

  /** A new turn: every project may evaluate again; each waiting project lets its next request in. */
  private nextTurn(): void {
    this.turnScheduled = false;
    this.taken.clear();
    for (const [projectId, queue] of this.waiting) {
      const next = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(projectId);
      this.take(projectId);
      next();
    }
  }
}
