/**
 * The Nest reference of `npm run bench`: the bare reference's primary-key SELECT answered by an
 * otherwise empty Nest controller on platform-express (no guards, pipes, interceptors or
 * middleware), and `GET /empty` answering a constant. Env: DATABASE_URL, PORT.
 */
import 'reflect-metadata';
import { Controller, Get, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';

@Injectable()
class Db implements OnApplicationShutdown {
  readonly pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

@Controller()
class ReferenceController {
  constructor(private readonly db: Db) {}

  @Get('project')
  async project(): Promise<unknown> {
    return (await this.db.pool.query('SELECT id, name, api_token FROM projects WHERE id = $1', [1])).rows[0] ?? null;
  }

  @Get('empty')
  empty(): { ok: boolean } {
    return { ok: true };
  }
}

@Module({ controllers: [ReferenceController], providers: [Db] })
class ReferenceModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestExpressApplication>(ReferenceModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  const address = app.getHttpServer().address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${String(e)}\n`);
  process.exit(1);
});
