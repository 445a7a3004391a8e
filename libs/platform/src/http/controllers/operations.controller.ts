import { Controller, Get, Header, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { metrics } from '../../observability/metrics';
import { Public } from '../decorators';
import { Lifecycle } from '../middleware';
import { OpenApiDocumentHolder } from '../openapi';

export class HealthStatus {
  @ApiProperty({ enum: ['ok', 'unavailable'] }) status: string;
  @ApiProperty({ required: false, enum: ['up', 'down'] }) database?: string;
}

const READY_TIMEOUT_MS = 2_000;

/** Process and database health, metrics, and the OpenAPI document. No authentication. */
@ApiTags('operations')
@Public()
@Controller()
export class OperationsController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly lifecycle: Lifecycle,
    private readonly openApi: OpenApiDocumentHolder,
  ) {}

  /** The process is up (liveness). */
  @Get('_health')
  @ApiOkResponse({ type: HealthStatus })
  health(): HealthStatus {
    return { status: 'ok' };
  }

  /** The database answers and the process is not shutting down (readiness). */
  @Get('_readyz')
  @ApiOkResponse({ type: HealthStatus })
  @ApiServiceUnavailableResponse({ type: HealthStatus })
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthStatus> {
    const up = !this.lifecycle.draining && (await this.databaseAnswers());
    if (!up) res.status(503);
    return up
      ? { status: 'ok', database: 'up' }
      : { status: 'unavailable', database: this.lifecycle.draining ? 'up' : 'down' };
  }

  @Get('_metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOkResponse({ description: 'Prometheus text format.', content: { 'text/plain': { schema: { type: 'string' } } } })
  metrics(): Promise<string> {
    return metrics.render();
  }

  @Get('api/schema')
  @ApiExcludeEndpoint()
  schema(): unknown {
    return this.openApi.document;
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
      });
      await Promise.race([this.ds.query('SELECT 1'), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
