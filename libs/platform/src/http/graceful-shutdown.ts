import type { Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { JsonLogger } from '../observability/json-logger';
import { Lifecycle } from './middleware';

/**
 * Readiness answers 503 and responses ask clients to close from the start. For `graceMs` the
 * server still takes requests: one already on its way (on a kept-alive connection, or from a load
 * balancer that has not yet seen the readiness) is answered, not reset. Then it stops accepting
 * connections, lets requests in flight finish (up to `timeoutMs`), and closes the app: the pool
 * and, on the embedded database, PGlite.
 */
export async function drainAndClose(app: INestApplication, timeoutMs: number, graceMs = 0): Promise<void> {
  const lifecycle = app.get(Lifecycle);
  const logger = app.get(JsonLogger);
  lifecycle.draining = true;
  logger.entry('info', 'draining', { inflight: lifecycle.inflight, grace_ms: graceMs });
  if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
  const server = app.getHttpServer() as Server;
  server.close();
  server.closeIdleConnections();
  const idle = await lifecycle.waitIdle(timeoutMs);
  if (!idle) logger.entry('warn', 'shutdown timeout with requests in flight', { inflight: lifecycle.inflight });
  server.closeAllConnections();
  await app.close();
  logger.entry('info', 'stopped');
}
