import {
  Actor,
  ApiKeysService,
  BootstrapService,
  JsonLogger,
  LogLevel,
  loadConfig,
  ProjectAccess,
  TenancyService,
} from '@app/platform';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiConfig } from '../../../apps/api/src/api.config';
import { ApiModule } from '../../../apps/api/src/api.module';
import { databaseEnv, freshDatabase, TestDatabase } from '../../support/test-database';

/**
 * The service tier: every module of the API with its real repositories, on a fresh database
 * (PGlite, or PostgreSQL when DATABASE_URL is set), and no HTTP. Specs call services as the
 * controllers do and read the tables back, for the rules that live in transactions.
 */
export interface Services {
  app: INestApplicationContext;
  ds: DataSource;
  db: TestDatabase;
  /** The bootstrap owner, as the auth guard would hand it to a controller. */
  actor: Actor;
  project: ProjectAccess;
  get<T>(type: new (...args: never[]) => T): T;
  close(): Promise<void>;
}

export async function startServices(): Promise<Services> {
  const db = await freshDatabase();
  const config = loadConfig(ApiConfig, {
    ...databaseEnv(db.url),
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent',
    SCHEDULER_ENABLED: 'false',
    MIGRATIONS_RUN: 'true',
  });
  const logger = new JsonLogger(config.LOG_LEVEL);
  let app: INestApplicationContext;
  try {
    app = await NestFactory.createApplicationContext(ApiModule.forRoot(config, logger), {
      logger,
      abortOnError: false,
    });
  } catch (e) {
    await db.close();
    throw e;
  }
  const boot = await app.get(BootstrapService).run({ email: 'owner@medium.test' });
  if (!boot) throw new Error('a fresh database must bootstrap');
  const actor = await app.get(ApiKeysService).authenticate(boot.apiKey);
  if (!actor) throw new Error('the bootstrap key must authenticate');
  const project = await app.get(TenancyService).resolveProject(actor, String(boot.projectId));
  return {
    app,
    ds: app.get<DataSource>(getDataSourceToken()),
    db,
    actor,
    project,
    get: (type) => app.get(type),
    async close() {
      await app.close();
      await db.close();
    },
  };
}
