import { applyHeapGrowth, describeSchedules, drainAndClose, JsonLogger, loadConfig } from '@app/platform';
import { ApiConfig } from './api.config';
import { ApiApp, createApiApp } from './app';

function banner(url: string, boot: NonNullable<ApiApp['bootstrap']>): string {
  const line = '─'.repeat(72);
  return [
    line,
    `  Bunting is running at ${url}`,
    '',
    '  First start: created an organization, a project and a user.',
    `    user               ${boot.email}`,
    `    personal API key   ${boot.apiKey}`,
    '                       (shown once: only its hash is stored)',
    `    console password   ${boot.password}`,
    `                       (sign in at ${url}/ as ${boot.email}; shown once)`,
    `    project token      ${boot.projectToken}   (project id ${boot.projectId})`,
    '',
    `  Try: curl -H "Authorization: Bearer ${boot.apiKey}" ${url}/api/projects/`,
    line,
    '',
  ].join('\n');
}

/** SIGTERM/SIGINT: drain in-flight requests, close the database, exit 0. */
function installShutdown(api: ApiApp, config: ApiConfig): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    drainAndClose(api.app, config.SHUTDOWN_TIMEOUT_MS, config.SHUTDOWN_GRACE_MS).then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`shutdown failed: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  let config: ApiConfig;
  try {
    config = loadConfig(ApiConfig, process.env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  }
  const heapGrowingPercent = applyHeapGrowth(config);
  const logger = new JsonLogger(config.LOG_LEVEL);
  const api = await createApiApp(config, logger);
  installShutdown(api, config);
  await api.app.listen(config.PORT, config.HOST);
  const address = api.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  if (api.bootstrap) process.stdout.write(banner(url, api.bootstrap));
  logger.entry('info', 'listening', { url, port, heapGrowingPercent });
  if (config.SCHEDULER_ENABLED) logger.entry('info', 'scheduled jobs', { schedules: describeSchedules(api.app) });
}

main().catch((e: unknown) => {
  process.stderr.write(`Bunting failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
