import { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

/**
 * A job that runs every `intervalMs` in a process that runs scheduled jobs (the worker; the API
 * with SCHEDULER_ENABLED), registered with @nestjs/schedule's registry at start since its interval
 * comes from the configuration. One pass at a time in a process (a pass still running when the
 * next is due is not doubled); shutdown waits for the pass under way. Several processes exclude
 * each other in the database, as each job says.
 */
export abstract class IntervalJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<void> | undefined;
  protected stopping = false;

  protected constructor(
    private readonly registry: SchedulerRegistry,
    private readonly name: string,
    private readonly intervalMs: number,
    /** Also pass once this long after start (0: at once), before the first interval ends. */
    private readonly firstRunAfterMs?: number,
  ) {}

  /** One pass; it catches its own failures (the next pass tries again). */
  protected abstract pass(): Promise<void>;

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      this.name,
      setInterval(() => void this.run(), this.intervalMs),
    );
    if (this.firstRunAfterMs === 0) void this.run();
    else if (this.firstRunAfterMs !== undefined) {
      this.registry.addTimeout(
        `${this.name}-first`,
        setTimeout(() => void this.run(), this.firstRunAfterMs),
      );
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.running;
  }

  /** One pass, unless one is running already (then that one's promise). */
  run(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }
}
