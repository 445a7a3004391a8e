import type { Server } from 'node:http';
import { JsonLogger, Lifecycle, loadConfig } from '@app/platform';
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
    `    project token      ${boot.projectToken}   (project id ${boot.projectId})`,
    '',
    `  Try: curl -H "Authorization: Bearer ${boot.apiKey}" ${url}/api/projects/`,
    line,
    '',
  ].join('\n');
}

/**
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS),
 * close the pool (and the embedded database), exit 0.
 */
function installShutdown(api: ApiApp, config: ApiConfig, logger: JsonLogger): void {
  const lifecycle = api.app.get(Lifecycle);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.entry('info', 'shutting down', { signal, inflight: lifecycle.inflight });
    lifecycle.draining = true;
    const server = api.app.getHttpServer() as Server;
    server.close();
    server.closeIdleConnections();
    const idle = await lifecycle.waitIdle(config.SHUTDOWN_TIMEOUT_MS);
    if (!idle) logger.entry('warn', 'shutdown timeout with requests in flight', { inflight: lifecycle.inflight });
    server.closeAllConnections();
    await api.app.close();
    logger.entry('info', 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

async function main(): Promise<void> {
  let config: ApiConfig;
  try {
    config = loadConfig(ApiConfig, process.env);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(1);
  }
  const logger = new JsonLogger(config.LOG_LEVEL);
  const api = await createApiApp(config, logger);
  await api.app.listen(config.PORT, config.HOST);
  const address = api.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  if (api.bootstrap) process.stdout.write(banner(url, api.bootstrap));
  logger.entry('info', 'listening', { url, port });
  installShutdown(api, config, logger);
}

main().catch((e: unknown) => {
  process.stderr.write(`Bunting failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
