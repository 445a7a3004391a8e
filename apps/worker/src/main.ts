import { JsonLogger, loadConfig } from '@app/platform';
import { NestFactory } from '@nestjs/core';
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
  const logger = new JsonLogger(config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, logger), {
    logger,
    abortOnError: false,
  });
  logger.entry('info', 'worker started');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.entry('info', 'worker stopping', { signal });
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((e: unknown) => {
  process.stderr.write(`Bunting worker failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
