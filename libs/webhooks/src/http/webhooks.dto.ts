import { IsOmittable, maskUrl, toUserBasic, UserBasicDto } from '@app/platform';
import type { Actor, ProjectAccess, TenancyService, UserSummary } from '@app/platform';
import { WEBHOOK_EVENTS } from '@app/webhook-outbox';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ApiPropertyOptions } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsString, MaxLength } from 'class-validator';
import type { Delivery, Webhook } from '../domain/webhook';
import { managedBy } from '../webhooks.service';

const URL_DOC = {
  maxLength: 2000,
  description:
    'Where deliveries are POSTed: http(s), and unless WEBHOOK_ALLOW_PRIVATE_TARGETS, a host that resolves to public addresses only.',
  example: 'https://example.com/hooks/bunting',
};
const EVENTS_DOC: ApiPropertyOptions = {
  isArray: true,
  type: String,
  enum: [...WEBHOOK_EVENTS],
  description: 'What the webhook is sent: at least one of these.',
  example: ['feature_flag.updated'],
};

export class CreateWebhookDto {
  @ApiProperty(URL_DOC)
  @IsString()
  @MaxLength(2000)
  url: string;

  @ApiProperty(EVENTS_DOC)
  @IsArray()
  @ArrayMaxSize(WEBHOOK_EVENTS.length * 2)
  @IsString({ each: true })
  events: string[];

  @ApiPropertyOptional({
    default: true,
    description: 'Turned off, it is sent nothing (deliveries due meanwhile fail).',
  })
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional(URL_DOC)
  @IsOmittable()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional(EVENTS_DOC)
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(WEBHOOK_EVENTS.length * 2)
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;
}

export class WebhookDto {
  @ApiProperty() id: number;
  @ApiProperty({
    description:
      "Where deliveries are POSTed. Shown whole to the webhook's creator and organization admins; to other members only its scheme and host (`https://example.com/…`), as `slack_incoming_webhook`.",
  })
  url: string;
  @ApiProperty({ type: [String], enum: [...WEBHOOK_EVENTS] }) events: string[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({
    type: UserBasicDto,
    nullable: true,
    description:
      'Who created it (its owner: they and organization admins may change or delete it); null when unknown, then only admins may.',
  })
  created_by: UserBasicDto | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({
    description:
      'The signing secret (Standard Webhooks, whsec_…): shown this once. Verify `webhook-signature` with it.',
  })
  secret: string;
}

/** `w` as `actor` may see it: its URL masked unless they manage it (its creator, an admin). */
export function toWebhookDto(w: Webhook, reveal: boolean, createdBy: UserSummary | null): WebhookDto {
  return {
    id: w.id,
    url: reveal ? w.url : (maskUrl(w.url) ?? ''),
    events: w.events,
    enabled: w.enabled,
    created_by: toUserBasic(createdBy),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}

/** Webhooks as `actor` sees them in `project`, with their creators loaded in one query. */
export async function toWebhookDtos(
  webhooks: readonly Webhook[],
  project: ProjectAccess,
  actor: Actor,
  tenancy: TenancyService,
): Promise<WebhookDto[]> {
  const users = await tenancy.getUsers(
    webhooks.flatMap((w) => (w.createdById === null ? [] : [w.createdById])),
    actor,
  );
  return webhooks.map((w) =>
    toWebhookDto(w, managedBy(w, project, actor), w.createdById === null ? null : (users.get(w.createdById) ?? null)),
  );
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The Standard Webhooks message id (`webhook-id`), the same for every attempt.' })
  message_id: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENTS, 'slack'] }) event: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: string;
  @ApiProperty({ description: 'Attempts made (one in progress included).' }) attempts: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a pending delivery is tried next.',
  })
  next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at: string | null;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's last HTTP status." })
  last_status_code: number | null;
  @ApiProperty({ type: String, nullable: true, description: "The first 1024 bytes of the receiver's last answer." })
  last_response: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed.' })
  last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toDeliveryDto(d: Delivery, messageId: string): WebhookDeliveryDto {
  return {
    id: d.id,
    message_id: messageId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    last_status_code: d.lastStatusCode,
    last_response: d.lastResponse,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
  };
}
