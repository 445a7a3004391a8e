import {
  ActivityPageDto,
  activityPageOf,
  ActivityPageQuery,
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  PageQueryDto,
  pageOf,
  RequireScopes,
  SerialIdPipe,
  TenancyService,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { messageId } from '../domain/webhook';
import { WebhooksService } from '../webhooks.service';
import {
  CreatedWebhookDto,
  CreateWebhookDto,
  toDeliveryDto,
  toWebhookDtos,
  UpdateWebhookDto,
  WebhookDeliveryDto,
  WebhookDto,
} from './webhooks.dto';

/**
 * Webhook subscriptions: signed (Standard Webhooks) POSTs of flag and event-definition changes,
 * sent by the worker (or the API with SCHEDULER_ENABLED) from the transactional outbox, retried
 * for 24 h; their deliveries, and redelivery. A subscription belongs to its creator: only they
 * and organization admins change or delete it or see its whole URL.
 */
@ApiTags('webhooks')
@Controller('api/projects/:project_id/webhooks')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly tenancy: TenancyService,
  ) {}

  /** The project's webhooks; URLs masked but for the caller's own (all of them for admins). */
  @Get()
  @RequireScopes('webhook:read')
  @ApiPaginatedResponse(WebhookDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<WebhookDto>> {
    const { count, rows } = await this.webhooks.list(project, query);
    return pageOf(req, query, count, await toWebhookDtos(rows, project, actor, this.tenancy));
  }

  /** A new subscription; the answer carries its signing secret, which is never shown again. */
  @Post()
  @RequireScopes('webhook:write')
  @ApiCreatedResponse({ type: CreatedWebhookDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookDto> {
    const { webhook, secret } = await this.webhooks.create(project, actor, body);
    const [dto] = await toWebhookDtos([webhook], project, actor, this.tenancy);
    return { ...dto, secret };
  }

  /** Who created, changed and deleted the project's webhooks, newest first (URLs masked). */
  @Get('activity')
  @RequireScopes('activity_log:read')
  @ApiOkResponse({ type: ActivityPageDto })
  async activity(
    @CurrentProject() project: ProjectAccess,
    @Query() query: ActivityPageQuery,
    @Req() req: Request,
  ): Promise<ActivityPageDto> {
    const { total, results } = await this.webhooks.activity(project, query);
    return activityPageOf(req, query, total, results);
  }

  @Get(':id')
  @RequireScopes('webhook:read')
  @ApiOkResponse({ type: WebhookDto })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<WebhookDto> {
    const [dto] = await toWebhookDtos([await this.webhooks.get(project, id)], project, actor, this.tenancy);
    return dto;
  }

  /** Changes the given fields: the webhook's creator and organization admins only (403 for other members). */
  @Patch(':id')
  @RequireScopes('webhook:write')
  @ApiOkResponse({ type: WebhookDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookDto> {
    const [dto] = await toWebhookDtos(
      [await this.webhooks.update(project, actor, id, body)],
      project,
      actor,
      this.tenancy,
    );
    return dto;
  }

  /** Deletes the subscription and its deliveries: the webhook's creator and organization admins only (403 for other members). */
  @Delete(':id')
  @HttpCode(204)
  @RequireScopes('webhook:write')
  @ApiNoContentResponse()
  async delete(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
  ): Promise<void> {
    await this.webhooks.delete(project, actor, id);
  }

  /** The subscription's deliveries, newest first. */
  @Get(':id/deliveries')
  @RequireScopes('webhook:read')
  @ApiPaginatedResponse(WebhookDeliveryDto)
  async deliveries(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<WebhookDeliveryDto>> {
    const { count, rows } = await this.webhooks.deliveries(project, id, query);
    return pageOf(
      req,
      query,
      count,
      rows.map((d) => toDeliveryDto(d, messageId(d.id))),
    );
  }

  /** Sends the delivery again now (same `webhook-id`), then with retries for 24 h; 409 while an attempt is in flight. */
  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(200)
  @RequireScopes('webhook:write')
  @ApiOkResponse({ type: WebhookDeliveryDto })
  async redeliver(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Param('delivery_id') deliveryId: string,
  ): Promise<WebhookDeliveryDto> {
    const delivery = await this.webhooks.redeliver(project, id, deliveryId);
    return toDeliveryDto(delivery, messageId(delivery.id));
  }
}
