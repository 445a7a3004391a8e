import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { Admission, ExpensiveWork } from './expensive-work';
import { JsonLogger } from '../observability/json-logger';
import { metrics } from '../observability/metrics';

const jobsFailed = metrics.counter('background_jobs_failed_total', 'Background jobs that ended with an error.', [
  'job',
]);

/**
 * Work started by a request and finished after its response (filling a static cohort,
 * counting a cohort). Each job runs in one of ExpensiveWork's slots, so background work stays
 * within the pool share of expensive work; a job the request admitted for its user and project
 * passes that admission along, and gives it back when it ends. Errors are logged, never thrown
 * at the request. On shutdown `stopping` turns true, jobs stop at their next checkpoint and
 * shutdown waits for them.
 *
 * Jobs live in this process: one interrupted by a crash is not resumed (the object it was
 * filling keeps saying it is still calculating).
 */
@Injectable()
export class BackgroundJobs implements BeforeApplicationShutdown {
  private readonly running = new Set<Promise<void>>();
  private shuttingDown = false;

  constructor(
    private readonly logger: JsonLogger,
    private readonly work: ExpensiveWork,
  ) {}

  get stopping(): boolean {
    return this.shuttingDown;
  }

  run(name: string, job: () => Promise<void>, admission?: Admission): void {
    const inSlot = admission
      ? admission
          .slot()
          .then(job)
          .finally(() => admission.release())
      : this.work.run(job);
    const done: Promise<void> = inSlot
      .catch((e: unknown) => {
        jobsFailed.inc({ job: name });
        this.logger.entry('error', 'background job failed', {
          job: name,
          error: e instanceof Error ? e.message : String(e),
          stack: e instanceof Error ? e.stack : undefined,
        });
      })
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    await Promise.all([...this.running]);
  }
}
