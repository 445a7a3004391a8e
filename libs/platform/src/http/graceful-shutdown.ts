import type { Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { JsonLogger } from '../observability/json-logger';
import { Lifecycle } from './middleware';

/**
 * Stops accepting connections, lets requests in flight finish (up to `timeoutMs`; readiness
 * answers 503 meanwhile and responses ask clients to close), then closes the app: the pool and,
 * on the embedded database, PGlite.
 */
export async function drainAndClose(app: INestApplication, timeoutMs: number): Promise<void> {
  const lifecycle = app.get(Lifecycle);
  const logger = app.get(JsonLogger);
  lifecycle.draining = true;
  logger.entry('info', 'draining', { inflight: lifecycle.inflight });
  const server = app.getHttpServer() as Server;
  server.close();
  server.closeIdleConnections();
  const idle = await lifecycle.waitIdle(timeoutMs);
  if (!idle) logger.entry('warn', 'shutdown timeout with requests in flight', { inflight: lifecycle.inflight });
  server.closeAllConnections();
  await app.close();
  logger.entry('info', 'stopped');
}
