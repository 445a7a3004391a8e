/** @sql-sensitive 30-day volumes over the event partitions */
import { EventDefinitionsService, EventDefinitionVolumesJob } from '@app/event-definitions';
import { JsonLogger, loadConfig } from '@app/platform';
import { NestFactory } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { WorkerConfig } from '../../apps/worker/src/worker.config';
import { WorkerModule } from '../../apps/worker/src/worker.module';
import { ingest } from '../persons/factories';
import { databaseEnv } from '../support/test-database';
import { startTestApp, Tenant, TestApp } from '../support/test-app';
import { listDefinitions } from './factories';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function volumes(t: TestApp, projectId = t.projectId, key = t.key): Promise<Record<string, number | null>> {
  const all = await listDefinitions(t, 'ordering=name', projectId, key);
  return Object.fromEntries(all.map((d) => [d.name, d.volume_30_day]));
}

// volume_30_day comes from the events store and is cached on the definition; the refresh is a
// service method the scheduled job calls, called directly here.
describe('event definitions: volume_30_day', () => {
  let t: TestApp;
  let other: Tenant;
  let service: EventDefinitionsService;

  beforeAll(async () => {
    t = await startTestApp();
    service = t.app.get(EventDefinitionsService);
    other = await t.newTenant();
    await ingest(t, t.projectToken, [
      ...[1, 2, 29].map((d, i) => ({ event: 'opened', distinct_id: `u${i}`, timestamp: ago(d) })),
      ...[31, 40].map((d, i) => ({ event: 'opened', distinct_id: `old${i}`, timestamp: ago(d) })),
      { event: 'archived', distinct_id: 'u1', timestamp: ago(45) },
    ]);
    await ingest(t, other.projectToken, [{ event: 'opened', distinct_id: 'x', timestamp: ago(1) }]);
  });
  afterAll(() => t?.close());

  it('is null until the first refresh', async () => {
    expect(await volumes(t)).toEqual({ archived: null, opened: null });
  });

  it('counts the events of the last 30 days, for one project', async () => {
    const result = await service.refreshVolumes(t.projectId);
    expect(result).toEqual({ projects: 1, definitions: 2, changed: 2 });
    expect(await volumes(t)).toEqual({ archived: 0, opened: 3 });
    expect(await volumes(t, other.projectId, other.key)).toEqual({ opened: null });
  });

  it('refreshes every project, writing only the values that changed', async () => {
    const result = await service.refreshVolumes();
    expect(result).toMatchObject({ definitions: 3, changed: 1 });
    expect(result.projects).toBeGreaterThanOrEqual(2);
    expect(await volumes(t, other.projectId, other.key)).toEqual({ opened: 1 });
    await ingest(t, t.projectToken, [{ event: 'archived', distinct_id: 'u1', timestamp: ago(0) }]);
    expect(await service.refreshVolumes(t.projectId)).toEqual({ projects: 1, definitions: 2, changed: 1 });
    expect(await volumes(t)).toEqual({ archived: 1, opened: 3 });
  });

  it('moves with time: events leave the window', async () => {
    await service.refreshVolumes(t.projectId, { now: new Date(Date.now() + 28.5 * DAY) });
    expect(await volumes(t)).toEqual({ archived: 1, opened: 1 });
    await service.refreshVolumes(t.projectId, { now: new Date(Date.now() + 31 * DAY) });
    expect(await volumes(t)).toEqual({ archived: 0, opened: 0 });
  });

  it('goes through a large project a chunk at a time', async () => {
    const names = Array.from({ length: 450 }, (_, i) => `bulk ${String(i).padStart(3, '0')}`);
    await ingest(
      t,
      t.projectToken,
      names.flatMap((event, i) => Array.from({ length: (i % 3) + 1 }, (__, j) => ({ event, distinct_id: `b${j}` }))),
    );
    const result = await service.refreshVolumes(t.projectId);
    expect(result.definitions).toBe(452);
    const all = await volumes(t);
    expect(names.map((n) => all[n])).toEqual(names.map((_, i) => (i % 3) + 1));
  });

  it('stops between chunks when asked (shutdown)', async () => {
    expect(await service.refreshVolumes(undefined, { shouldStop: () => true })).toEqual({
      projects: 0,
      definitions: 0,
      changed: 0,
    });
  });
});

describe('the volume refresh job is scheduled in the worker, and in the api with SCHEDULER_ENABLED', () => {
  it('the api registers it when SCHEDULER_ENABLED=true, and not otherwise', async () => {
    const t = await startTestApp({ SCHEDULER_ENABLED: 'true', EVENT_DEFINITION_VOLUME_REFRESH_MINUTES: '5' });
    try {
      const registry = t.app.get(SchedulerRegistry);
      expect(registry.getIntervals()).toContain(EventDefinitionVolumesJob.INTERVAL_NAME);
    } finally {
      await t.close();
    }
    const off = await startTestApp();
    try {
      expect(() => off.app.get(EventDefinitionVolumesJob)).toThrow();
    } finally {
      await off.close();
    }
  });

  it('the worker registers it and its run refreshes the volumes', async () => {
    const t = await startTestApp();
    try {
      await ingest(t, t.projectToken, [{ event: 'worked', distinct_id: 'w' }]);
      const config = loadConfig(WorkerConfig, {
        ...databaseEnv(t.db.url, 2),
        MIGRATIONS_RUN: 'false',
        LOG_LEVEL: 'silent',
        EVENT_DEFINITION_VOLUME_REFRESH_MINUTES: '15',
      });
      const logger = new JsonLogger(config.LOG_LEVEL);
      const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
        logger,
        abortOnError: false,
      });
      try {
        const registry = worker.get(SchedulerRegistry);
        // the worker also passes over the scheduled flag changes and the webhook deliveries, and keeps the events' partitions
        expect(registry.getIntervals().sort()).toEqual(
          [
            EventDefinitionVolumesJob.INTERVAL_NAME,
            'scheduled-changes',
            'webhook-deliveries',
            'webhook-deliveries-retention',
            'event-partitions',
          ].sort(),
        );
        expect(registry.getInterval(EventDefinitionVolumesJob.INTERVAL_NAME)).toBeDefined();
        await worker.get(EventDefinitionVolumesJob).run();
      } finally {
        await worker.close();
      }
      expect(await volumes(t)).toEqual({ worked: 1 });
    } finally {
      await t.close();
    }
  });
});
