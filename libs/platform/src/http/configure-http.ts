import type { Server } from 'node:http';
import { INestApplication } from '@nestjs/common';
import type { Express, RequestHandler } from 'express';
import { HttpConfig } from '../config/http-config';
import { answerClientErrors } from './client-errors';
import { FastRoute, mountFastRoutes } from './fast-route';
import { keepConnectionsAlive } from './keep-alive';
import { JsonLogger } from '../observability/json-logger';
import {
  conditionalOnlyOnValidators,
  Lifecycle,
  observeRequests,
  parseBodies,
  repercentBrokenPaths,
  securityHeaders,
} from './middleware';
import { buildOpenApiDocument, mountSwaggerUi, OpenApiDocumentHolder } from './openapi';
import { setLinkBase } from './pagination';
import { RouteTable } from './route-table';
import { sdkCors } from './sdk-cors.middleware';

export interface HttpSetup {
  /** Paths whose bodies the SDK endpoints read raw (`decodeSdkPayload`). */
  rawBodyPaths: readonly string[];
  version: string;
  /** Handlers that may answer before the body parsers and the routes (the web console's files). */
  before?: RequestHandler[];
  /** Hot SDK routes served ahead of their Nest routes (see `FastRoute`). */
  fastRoutes?: ReadonlyArray<FastRoute<unknown>>;
}

/**
 * Middleware, OpenAPI and Swagger UI on an app created with `bodyParser: false`; then `init`.
 * Shared by `main.ts` and the e2e suite so both run the same pipeline.
 */
export async function configureHttp(app: INestApplication, config: HttpConfig, setup: HttpSetup): Promise<void> {
  const express = app.getHttpAdapter().getInstance() as Express;
  const server = app.getHttpServer() as Server;
  answerClientErrors(server);
  express.disable('x-powered-by');
  // Forwarded headers count only from the configured proxies: req.ip, req.protocol and links.
  express.set('trust proxy', config.TRUST_PROXY);
  setLinkBase(express, config.PUBLIC_URL);
  express.set('etag', false);
  conditionalOnlyOnValidators(express);
  const logger = app.get(JsonLogger);
  app.use(keepConnectionsAlive(server));
  app.use(observeRequests(logger, app.get(Lifecycle)));
  app.use(repercentBrokenPaths());
  // Before anything that can answer (the body parser's 413/415 included).
  app.use(sdkCors());
  app.use(securityHeaders());
  for (const handler of setup.before ?? []) app.use(handler);
  app.use(
    parseBodies({
      jsonLimit: config.MAX_BODY_BYTES,
      rawLimit: config.INGESTION_MAX_BODY_BYTES,
      rawPaths: setup.rawBodyPaths,
    }),
  );
  mountFastRoutes(app, express, setup.fastRoutes ?? []);
  const document = buildOpenApiDocument(app, setup.version);
  app.get(OpenApiDocumentHolder).document = document;
  mountSwaggerUi(app, document);
  await app.init();
  app.get(RouteTable).load(express);
}
