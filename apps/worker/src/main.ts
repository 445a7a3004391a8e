import { applyHeapGrowth, describeSchedules, JsonLogger, loadConfig } from '@app/platform';
import { NestFactory } from '@nestjs/core';
import { startWorkerHttp } from './worker-http';
import { WorkerConfig } from './worker.config';
import { WorkerModule } from './worker.module';

async function main(): Promise<void> {
  let config: WorkerConfig;
  try {
    config = loadConfig(WorkerConfig, process.env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  }
  const heapGrowingPercent = applyHeapGrowth(config);
  const logger = new JsonLogger(config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
    logger,
    abortOnError: false,
  });
  const http = await startWorkerHttp(config.WORKER_PORT);
  let stopping = false;
  // A batch in progress stops after its current chunk and gives its request back.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.entry('info', 'worker stopping', { signal });
    http.close();
    await app.close();
    logger.entry('info', 'stopped');
    process.exit(0);
  };
  // Before the start line: whoever waits for that line may signal at once.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : config.WORKER_PORT;
  logger.entry('info', 'worker started', { port, schedules: describeSchedules(app), heapGrowingPercent });
}

main().catch((e: unknown) => {
  process.stderr.write(`Bunting worker failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
