import { JsonLogger } from '@app/platform';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EventDefinitionVolumesJob } from './event-definition-volumes.job';
import type { EventDefinitionsService } from './event-definitions.service';

class Lines {
  lines: Array<Record<string, unknown>> = [];
  write(chunk: string): boolean {
    this.lines.push(JSON.parse(chunk));
    return true;
  }
}

function setup(refresh: () => Promise<unknown>) {
  const out = new Lines();
  const calls: unknown[] = [];
  const service = {
    refreshVolumes: (projectId?: number, options?: { shouldStop?: () => boolean }) => {
      calls.push({ projectId, stopping: options?.shouldStop?.() });
      return refresh();
    },
  } as unknown as EventDefinitionsService;
  const registry = new SchedulerRegistry();
  const job = new EventDefinitionVolumesJob(
    service,
    registry,
    new JsonLogger('info', out as unknown as NodeJS.WritableStream),
    { refreshMinutes: 60 },
  );
  return { job, registry, calls, out };
}

describe('EventDefinitionVolumesJob', () => {
  it('registers its interval (and a first run) with the scheduler', () => {
    const { job, registry } = setup(async () => ({}));
    job.onApplicationBootstrap();
    try {
      expect(registry.getIntervals()).toEqual([EventDefinitionVolumesJob.INTERVAL_NAME]);
      expect(registry.getTimeouts()).toEqual([`${EventDefinitionVolumesJob.INTERVAL_NAME}-first`]);
    } finally {
      registry.getIntervals().forEach((n) => registry.deleteInterval(n));
      registry.getTimeouts().forEach((n) => registry.deleteTimeout(n));
    }
  });

  it('runs one refresh of every project at a time and logs the result', async () => {
    let finish!: () => void;
    let pending = true;
    const result = { projects: 1, definitions: 2, changed: 1 };
    const { job, calls, out } = setup(() =>
      pending ? new Promise((resolve) => (finish = () => resolve(result))) : Promise.resolve(result),
    );
    const first = job.run();
    const second = job.run();
    expect(second).toBe(first);
    pending = false;
    finish();
    await first;
    expect(calls).toEqual([{ projectId: undefined, stopping: false }]);
    expect(out.lines[0]).toMatchObject({ msg: 'event definition volumes refreshed', projects: 1, changed: 1 });
    await job.run();
    expect(calls).toHaveLength(2);
  });

  it('logs a failed run and runs again next time', async () => {
    let fail = true;
    const { job, out, calls } = setup(async () => {
      if (fail) throw new Error('database gone');
      return {};
    });
    await job.run();
    expect(out.lines[0]).toMatchObject({ level: 'error', error: 'database gone' });
    fail = false;
    await job.run();
    expect(calls).toHaveLength(2);
  });

  it('waits for the running refresh at shutdown and starts none after', async () => {
    let finish!: () => void;
    const { job, calls } = setup(() => new Promise((resolve) => (finish = () => resolve({}))));
    const running = job.run();
    let stopped = false;
    const shutdown = job.beforeApplicationShutdown().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await running;
    await shutdown;
    await job.run();
    expect(calls).toHaveLength(1);
  });
});
