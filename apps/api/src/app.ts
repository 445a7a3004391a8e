import { BootstrapResult, BootstrapService, configureHttp, JsonLogger, PrototypedExpressAdapter } from '@app/platform';
import { sdkFastRoutes } from '@app/flags';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { ApiConfig } from './api.config';
import { ApiModule } from './api.module';
import { consoleHandlers } from './console';

// SDK endpoints read their bodies raw: gzip, base64 and form encodings, up to the ingestion limit.
// OFREP reads its own JSON so that even a malformed body gets OFREP's error shape.
export const SDK_PATHS = [
  '/batch',
  '/capture',
  '/e',
  '/i/v0/e',
  '/track',
  '/engage',
  '/flags',
  '/decide',
  '/ofrep/v1/evaluate/flags',
  '/ofrep/v1/evaluate/flags/*',
] as const;

export const VERSION = '0.1.0';

export interface ApiApp {
  app: NestExpressApplication;
  /** What the first start created; undefined on later starts. */
  bootstrap: BootstrapResult | undefined;
}

/** The API, initialised but not listening: `main.ts` listens, the e2e suite too (on port 0). */
export async function createApiApp(config: ApiConfig, logger: JsonLogger): Promise<ApiApp> {
  const app = await NestFactory.create<NestExpressApplication>(
    ApiModule.forRoot(config, logger),
    new PrototypedExpressAdapter(),
    {
      bodyParser: false,
      logger,
      abortOnError: false,
    },
  );
  try {
    await configureHttp(app, config, {
      rawBodyPaths: SDK_PATHS,
      version: VERSION,
      before: consoleHandlers(config.CONSOLE_DIR),
      fastRoutes: sdkFastRoutes(app),
    });
    const bootstrap = await app.get(BootstrapService).run({
      email: config.BOOTSTRAP_EMAIL,
      apiKey: config.BOOTSTRAP_API_KEY,
      password: config.BOOTSTRAP_PASSWORD,
      projectToken: config.BOOTSTRAP_PROJECT_TOKEN,
    });
    return { app, bootstrap };
  } catch (e) {
    await app.close().catch(() => {});
    throw e;
  }
}
