import {
  activityDetail,
  ActivityLogService,
  diffChanges,
  DomainError,
  isOrganizationAdmin,
  maskUrl,
  OutboundHttp,
} from '@app/platform';
import type { ActivityChange, ActivityEntry, Actor, ProjectAccess } from '@app/platform';
import { WEBHOOK_EVENTS } from '@app/webhook-outbox';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { RETRY_WINDOW_MS } from './domain/backoff';
import {
  checkEvents,
  Delivery,
  managesWebhook,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  MAX_WEBHOOKS_PER_PROJECT,
  newSecret,
  Webhook,
} from './domain/webhook';
import { WebhooksRepository } from './persistence/webhooks.repository';

export interface WebhookInput {
  url?: string;
  events?: string[];
  enabled?: boolean;
}

/** The activity log's scope of webhook entries. */
export const WEBHOOK_SCOPE = 'Webhook';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `actor` manages `webhook` in `project` (changes, deletes, sees its URL): organization
 * admins and owners, and the webhook's creator.
 */
export function managedBy(webhook: Webhook, project: ProjectAccess, actor: Actor): boolean {
  return managesWebhook(webhook, actor.userId, isOrganizationAdmin(project.membershipLevel));
}

/**
 * Webhook subscriptions of a project and their deliveries. A subscription belongs to its creator:
 * only they and the organization's admins change or delete it (or see its URL), every change is
 * in the activity log with who made it, and once the creator loses access to the project it is
 * sent nothing (WebhookOutbox.record, WebhooksRepository.claim).
 */
@Injectable()
export class WebhooksService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: WebhooksRepository,
    private readonly outbound: OutboundHttp,
    private readonly activityLog: ActivityLogService,
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
      // The organization's row lock orders concurrent creates in all its projects, so both limits hold.
      await m.query(`SELECT id FROM organizations WHERE id = $1 FOR UPDATE`, [project.organizationId]);
      if ((await this.repo.count(m, project.id)) >= MAX_WEBHOOKS_PER_PROJECT) {
        throw DomainError.invalid(
          `A project may have at most ${MAX_WEBHOOKS_PER_PROJECT} webhooks.`,
          null,
          'max_webhooks',
        );
      }
      if ((await this.repo.countInOrganization(m, project.organizationId)) >= MAX_WEBHOOKS_PER_ORGANIZATION) {
        throw DomainError.invalid(
          `An organization may have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks, all its projects together.`,
          'url',
          'max_webhooks_per_organization',
        );
      }
      const created = await this.repo.insert(m, {
        projectId: project.id,
        url,
        events,
        enabled: input.enabled ?? true,
        secret,
        createdById: actor.userId,
      });
      await this.record(m, project, actor, created, 'created', this.changes(null, created));
      return created;
    });
    return { webhook, secret };
  }

  /** Changes the given fields: the webhook's creator or an organization admin only (403 otherwise). */
  async update(project: ProjectAccess, actor: Actor, id: number, input: WebhookInput): Promise<Webhook> {
    const url = input.url === undefined ? undefined : await this.outbound.checkTarget(input.url, 'url');
    const events = input.events === undefined ? undefined : checkEvents(input.events, WEBHOOK_EVENTS);
    return this.ds.transaction(async (m) => {
      const current = await this.managed(m, project, actor, id);
      const next = await this.repo.update(m, {
        ...current,
        url: url ?? current.url,
        events: events ?? current.events,
        enabled: input.enabled ?? current.enabled,
      });
      const changes = this.changes(current, next);
      if (changes.length > 0) await this.record(m, project, actor, next, 'updated', changes);
      return next;
    });
  }

  /**
   * Deletes the subscription with its deliveries (those not sent yet are dropped): the webhook's
   * creator or an organization admin only (403 otherwise).
   */
  async delete(project: ProjectAccess, actor: Actor, id: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.managed(m, project, actor, id);
      await this.repo.delete(m, project.id, id);
      await this.record(m, project, actor, current, 'deleted', null);
    });
  }

  /** The activity of the project's webhooks, newest first. */
  activity(
    project: ProjectAccess,
    paging: { page: number; limit: number },
  ): Promise<{ total: number; results: ActivityEntry[] }> {
    return this.activityLog.list({ projectId: project.id, scope: WEBHOOK_SCOPE }, paging.page, paging.limit);
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

  /** The webhook, locked, when `actor` manages it: 404 when there is none, 403 when it is someone else's. */
  private async managed(m: EntityManager, project: ProjectAccess, actor: Actor, id: number): Promise<Webhook> {
    const webhook = await this.repo.find(m, project.id, id, true);
    if (!webhook) throw DomainError.notFound();
    if (!managedBy(webhook, project, actor)) {
      throw DomainError.forbidden("Only the webhook's creator and organization admins can change or delete it.");
    }
    return webhook;
  }

  /** The activity entry's changes; the URL as masked as reads show it (the log is every member's to read). */
  private changes(before: Webhook | null, after: Webhook): ActivityChange[] {
    const view = (w: Webhook | null) => (w ? { events: w.events, enabled: w.enabled } : {});
    const changes = diffChanges(WEBHOOK_SCOPE, view(before), view(after), ['events', 'enabled']);
    if (before?.url !== after.url) {
      changes.unshift(
        before
          ? {
              type: WEBHOOK_SCOPE,
              action: 'changed',
              field: 'url',
              before: maskUrl(before.url),
              after: maskUrl(after.url),
            }
          : { type: WEBHOOK_SCOPE, action: 'created', field: 'url', after: maskUrl(after.url) },
      );
    }
    return changes;
  }

  private record(
    m: EntityManager,
    project: ProjectAccess,
    actor: Actor,
    webhook: Webhook,
    activity: 'created' | 'updated' | 'deleted',
    changes: ActivityChange[] | null,
  ): Promise<void> {
    return this.activityLog.record(m, {
      organizationId: project.organizationId,
      projectId: project.id,
      userId: actor.userId,
      scope: WEBHOOK_SCOPE,
      itemId: String(webhook.id),
      activity,
      detail: activityDetail(maskUrl(webhook.url), changes, webhook.id),
    });
  }
}
