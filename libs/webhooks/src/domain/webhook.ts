import { randomBytes } from 'node:crypto';
import { DomainError } from '@app/platform/errors/domain-error';

/** Subscriptions one project may have. */
export const MAX_WEBHOOKS_PER_PROJECT = 50;
/**
 * Subscriptions one organization may have, all its projects together: every change is written
 * once per subscription, and each one's receiver can hold a delivery slot for WEBHOOK_TIMEOUT_MS.
 */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 100;

export interface Webhook {
  id: number;
  projectId: number;
  url: string;
  events: string[];
  enabled: boolean;
  /** Who created it (its owner); null when unknown (created before owners were kept, or the user was deleted). */
  createdById: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One message to one target, as the deliveries list shows it. */
export interface Delivery {
  id: string;
  webhookId: number | null;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
  createdAt: Date;
}

/**
 * A new signing secret in the Standard Webhooks form (`whsec_` and 32 random bytes in base64),
 * which their verifiers in every language take as it is.
 */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The events list of a create or update: names among `known` (WEBHOOK_EVENTS), at least one, each once. */
export function checkEvents(events: readonly string[], known: readonly string[]): string[] {
  if (events.length === 0) throw DomainError.invalid('Choose at least one event.', 'events', 'empty');
  const unknown = events.find((e) => !known.includes(e));
  if (unknown !== undefined) {
    throw DomainError.invalid(`"${unknown}" is not a valid choice (${known.join(', ')}).`, 'events', 'invalid_choice');
  }
  return [...new Set(events)];
}

/** The Standard Webhooks message id of a delivery: the same for every attempt of it. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, '')}`;
}

/**
 * Whether a user may change or delete the webhook, and see its URL (often a secret: a token in
 * the path): organization admins and owners, and its creator. A webhook whose creator is
 * unknown is the admins' alone.
 */
export function managesWebhook(webhook: Pick<Webhook, 'createdById'>, userId: number, isAdmin: boolean): boolean {
  return isAdmin || (webhook.createdById !== null && webhook.createdById === userId);
}
