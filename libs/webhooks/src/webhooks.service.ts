import { DomainError, OutboundHttp } from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { WEBHOOK_EVENTS } from '@app/webhook-outbox';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RETRY_WINDOW_MS } from './domain/backoff';
import { checkEvents, Delivery, MAX_WEBHOOKS_PER_PROJECT, newSecret, Webhook } from './domain/webhook';
import { WebhooksRepository } from './persistence/webhooks.repository';

export interface WebhookInput {
  url?: string;
  events?: string[];
  enabled?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Webhook subscriptions of a project and their deliveries. */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: WebhooksRepository,
    private readonly outbound: OutboundHttp,
  ) {}

  list(project: ProjectAccess, page: { limit: number; offset: number }): Promise<{ count: number; rows: Webhook[] }> {
    return this.repo.list(project.id, page);
  }

  async get(project: ProjectAccess, id: number): Promise<Webhook> {
    const webhook = await this.repo.find(this.ds, project.id, id);
    if (!webhook) throw DomainError.notFound();
    return webhook;
  }

  /** A new subscription and its secret (returned this once, never again). */
  async create(
    project: ProjectAccess,
    actor: Actor,
    input: WebhookInput,
  ): Promise<{ webhook: Webhook; secret: string }> {
    if (input.url === undefined) throw DomainError.required('url');
    const url = await this.outbound.checkTarget(input.url, 'url');
    if (input.events === undefined) throw DomainError.required('events');
    const events = checkEvents(input.events, WEBHOOK_EVENTS);
    const secret = newSecret();
    const webhook = await this.ds.transaction(async (m) => {
      // The project's row lock orders concurrent creates, so the limit holds.
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR UPDATE`, [project.id]);
      if ((await this.repo.count(m, project.id)) >= MAX_WEBHOOKS_PER_PROJECT) {
        throw DomainError.invalid(
          `A project may have at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks.`,
          null,
          'max_webhooks',
        );
      }
      return this.repo.insert(m, {
        projectId: project.id,
        url,
        events,
        enabled: input.enabled ?? true,
        secret,
        createdById: actor.userId,
      });
    });
    return { webhook, secret };
  }

  async update(project: ProjectAccess, id: number, input: WebhookInput): Promise<Webhook> {
    const url = input.url === undefined ? undefined : await this.outbound.checkTarget(input.url, 'url');
    const events = input.events === undefined ? undefined : checkEvents(input.events, WEBHOOK_EVENTS);
    return this.ds.transaction(async (m) => {
      const current = await this.repo.find(m, project.id, id, true);
      if (!current) throw DomainError.notFound();
      return this.repo.update(m, {
        ...current,
        url: url ?? current.url,
        events: events ?? current.events,
        enabled: input.enabled ?? current.enabled,
      });
    });
  }

  /** Deletes the subscription with its deliveries (those not sent yet are dropped). */
  async delete(project: ProjectAccess, id: number): Promise<void> {
    if (!(await this.repo.delete(project.id, id))) throw DomainError.notFound();
  }

  async deliveries(
    project: ProjectAccess,
    id: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; rows: Delivery[] }> {
    await this.get(project, id);
    return this.repo.deliveries(id, page);
  }

  /**
   * Sends the delivery again (now, then with the usual retries for 24 h), with its message id:
   * 409 while an attempt of it is in flight.
   */
  async redeliver(project: ProjectAccess, id: number, deliveryId: string): Promise<Delivery> {
    if (!UUID.test(deliveryId)) throw DomainError.notFound();
    return this.ds.transaction(async (m) => {
      if (!(await this.repo.find(m, project.id, id))) throw DomainError.notFound();
      if (!(await this.repo.delivery(m, id, deliveryId, true))) throw DomainError.notFound();
      if (await this.repo.inFlight(m, deliveryId)) {
        throw DomainError.conflict('An attempt of this delivery is in progress; try again when it is over.');
      }
      return this.repo.redeliver(m, deliveryId, RETRY_WINDOW_MS);
    });
  }
}
