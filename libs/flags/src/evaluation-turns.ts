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

  async run<T>(projectId: number, work: () => T): Promise<T> {
    while (this.taken.has(projectId)) await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.taken.size === 0) setImmediate(() => this.taken.clear());
    this.taken.add(projectId);
    return work();
  }
}
