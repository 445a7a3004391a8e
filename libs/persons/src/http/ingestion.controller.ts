import { decodeLargeSdkPayload, ErrorEnvelope, HttpConfig, Public } from '@app/platform';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { sentAtFromQuery } from '../domain/ingest-event';
import { IngestionService } from '../ingestion.service';

/** Paths SDKs post events to (each also with a trailing slash). */
export const INGESTION_PATHS = ['batch', 'capture', 'e', 'i/v0/e', 'track'];

export class IngestionAcceptedDto {
  @ApiProperty({ type: 'integer', example: 1, enum: [1] }) status: number;
}

const EVENT_SCHEMA = {
  type: 'object',
  required: ['event'],
  properties: {
    event: { type: 'string', example: '$pageview' },
    distinct_id: { type: 'string', description: 'Or properties.distinct_id.' },
    properties: { type: 'object', additionalProperties: true },
    timestamp: { type: 'string', format: 'date-time' },
    uuid: { type: 'string', format: 'uuid', description: 'De-duplicates the event; generated when absent.' },
    $set: { type: 'object', additionalProperties: true },
    $set_once: { type: 'object', additionalProperties: true },
  },
};

/**
 * What posthog-node and posthog-js send: `{api_key, batch: [...]}`, an array of events (token
 * in `properties.token`), or one event; plain JSON, gzip (`Content-Encoding` or
 * `?compression=gzip-js`) or a form with base64 `data=`.
 */
@ApiTags('ingestion')
@Controller()
export class IngestionController {
  constructor(
    private readonly ingestion: IngestionService,
    private readonly config: HttpConfig,
  ) {}

  @Post(INGESTION_PATHS)
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Capture events (SDK endpoint, project token in the body)',
    description:
      'Stores the events (de-duplicated by uuid) and applies their person changes ($identify, $create_alias, $set, $set_once, $unset, $groupidentify). Any origin may call it (CORS).',
  })
  @ApiQuery({ name: 'compression', required: false, enum: ['gzip-js', 'gzip', 'base64'] })
  @ApiQuery({ name: 'ver', required: false, description: 'SDK version (ignored).' })
  @ApiQuery({ name: '_', required: false, description: 'Send time in epoch milliseconds (posthog-js).' })
  @ApiConsumes('application/json', 'text/plain', 'application/x-www-form-urlencoded')
  @ApiBody({
    schema: {
      oneOf: [
        {
          type: 'object',
          required: ['batch'],
          properties: {
            api_key: { type: 'string', description: 'The project token (phc_…); or `token`.' },
            batch: { type: 'array', items: EVENT_SCHEMA },
            sent_at: { type: 'string', format: 'date-time' },
          },
        },
        { type: 'array', items: EVENT_SCHEMA },
        { ...EVENT_SCHEMA, properties: { ...EVENT_SCHEMA.properties, api_key: { type: 'string' } } },
      ],
    },
  })
  @ApiOkResponse({ type: IngestionAcceptedDto })
  @ApiResponse({ status: 400, description: 'Malformed body or event.', type: ErrorEnvelope })
  @ApiResponse({ status: 401, description: 'Missing or unknown project token.', type: ErrorEnvelope })
  @ApiResponse({
    status: 413,
    description: 'Body larger than INGESTION_MAX_BODY_BYTES once decompressed.',
    type: ErrorEnvelope,
  })
  async capture(@Req() req: Request): Promise<IngestionAcceptedDto> {
    const receivedAt = new Date();
    const payload = await decodeLargeSdkPayload(req, this.config.INGESTION_MAX_BODY_BYTES);
    await this.ingestion.ingest({ payload, receivedAt, sentAt: sentAtFromQuery(req.query._) });
    return { status: 1 };
  }
}
