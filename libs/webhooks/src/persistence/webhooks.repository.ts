import { randomUUID } from 'node:crypto';
import { queryRows } from '@app/platform';
import type { Queryable } from '@app/platform';
import { WEBHOOK_OWNER_HAS_ACCESS } from '@app/webhook-outbox';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Delivery, DeliveryStatus, Webhook } from '../domain/webhook';

interface WebhookRow {
  id: string;
  project_id: number;
  url: string;
  events: string[];
  enabled: boolean;
  created_by_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const WEBHOOK_COLUMNS = 'id, project_id, url, events, enabled, created_by_id, created_at, updated_at';

function toWebhook(r: WebhookRow): Webhook {
  return {
    id: Number(r.id),
    projectId: r.project_id,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    createdById: r.created_by_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

interface DeliveryRow {
  id: string;
  webhook_id: string | null;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_response: string | null;
  last_error: string | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = `id, webhook_id, event, status, attempts, next_attempt_at, last_attempt_at, last_status_code,
  last_response, last_error, created_at`;

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    webhookId: r.webhook_id === null ? null : Number(r.webhook_id),
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    lastAttemptAt: r.last_attempt_at,
    lastStatusCode: r.last_status_code,
    lastResponse: r.last_response,
    lastError: r.last_error,
    createdAt: r.created_at,
  };
}

/** A delivery a process holds: what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  projectId: number;
  webhookId: number | null;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  retryUntil: Date;
  leaseToken: string;
  /** The subscription's target and secret (null for a Slack message or a subscription turned off). */
  url: string | null;
  secret: string | null;
  enabled: boolean | null;
  /** The project's Slack incoming webhook (for Slack messages). */
  slackUrl: string | null;
  /**
   * False when the subscription's creator lost access to the project (deactivated, or no longer a
   * member of its organization): it is sent nothing more. True for Slack messages and for
   * subscriptions whose creator is unknown (the admins').
   */
  ownerActive: boolean;
  /** When the claim was made (the database's clock): a receiver deferred since is not deferred again by this attempt. */
  claimedAt: Date;
}

/** What an attempt came to. */
export interface AttemptOutcome {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

/** last_error of an attempt whose process never recorded its outcome before the lease ran out. */
export const ABANDONED_ERROR = 'The attempt did not finish: no outcome was recorded before its lease ran out.';
/** last_error of a delivery whose retry window ended with no attempt on record. */
export const EXPIRED_ERROR = 'The retry window ended before the delivery could be sent.';

/** PostgreSQL text refuses U+0000: a receiver's answer or an error text loses it before it is stored. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

/** Candidates looked at per claim, for each free slot (some belong to projects at their limit). */
const SCAN_FACTOR = 4;

/** Arbitrary constant: the advisory lock every process's claim takes (one claim at a time). */
const CLAIM_LOCK = 7_205_301_996;

@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(projectId: number, page: { limit: number; offset: number }): Promise<{ count: number; rows: Webhook[] }> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*)::int AS count FROM webhooks WHERE project_id = $1`,
      [projectId],
    );
    const rows = await queryRows<WebhookRow>(
      this.ds,
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE project_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [projectId, page.limit, page.offset],
    );
    return { count, rows: rows.map(toWebhook) };
  }

  async count(m: Queryable, projectId: number): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      m,
      `SELECT count(*)::int AS count FROM webhooks WHERE project_id = $1`,
      [projectId],
    );
    return count;
  }

  /** The subscriptions of every project of the organization. */
  async countInOrganization(m: Queryable, organizationId: string): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      m,
      `SELECT count(*)::int AS count FROM webhooks w JOIN projects p ON p.id = w.project_id
        WHERE p.organization_id = $1`,
      [organizationId],
    );
    return count;
  }

  async find(db: Queryable, projectId: number, id: number, lock = false): Promise<Webhook | null> {
    const rows = await queryRows<WebhookRow>(
      db,
      `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE project_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toWebhook(rows[0]);
  }

  async insert(
    m: EntityManager,
    fields: {
      projectId: number;
      url: string;
      events: string[];
      enabled: boolean;
      secret: string;
      createdById: number | null;
    },
  ): Promise<Webhook> {
    const rows = await queryRows<WebhookRow>(
      m,
      `INSERT INTO webhooks (project_id, url, events, enabled, secret, created_by_id)
       VALUES ($1, $2, $3::text[], $4, $5, $6) RETURNING ${WEBHOOK_COLUMNS}`,
      [fields.projectId, fields.url, fields.events, fields.enabled, fields.secret, fields.createdById],
    );
    return toWebhook(rows[0]);
  }

  async update(m: EntityManager, w: Webhook): Promise<Webhook> {
    const rows = await queryRows<WebhookRow>(
      m,
      `UPDATE webhooks SET url = $3, events = $4::text[], enabled = $5, updated_at = now()
        WHERE project_id = $1 AND id = $2 RETURNING ${WEBHOOK_COLUMNS}`,
      [w.projectId, w.id, w.url, w.events, w.enabled],
    );
    return toWebhook(rows[0]);
  }

  /** Deletes the subscription and its deliveries. */
  async delete(m: EntityManager, projectId: number, id: number): Promise<void> {
    await m.query(`DELETE FROM webhooks WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  /** One page of a subscription's deliveries, newest first. */
  async deliveries(
    webhookId: number,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; rows: Delivery[] }> {
    const [{ count }] = await queryRows<{ count: number }>(
      this.ds,
      `SELECT count(*)::int AS count FROM webhook_deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
    const rows = await queryRows<DeliveryRow>(
      this.ds,
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [webhookId, page.limit, page.offset],
    );
    return { count, rows: rows.map(toDelivery) };
  }

  async delivery(db: Queryable, webhookId: number, id: string, lock = false): Promise<Delivery | null> {
    const rows = await queryRows<DeliveryRow & { leased: boolean }>(
      db,
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [webhookId, id],
    );
    return rows.length === 0 ? null : toDelivery(rows[0]);
  }

  /** Whether a process holds the delivery right now (an attempt in flight). */
  async inFlight(m: EntityManager, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      m,
      `SELECT id FROM webhook_deliveries WHERE id = $1 AND status = 'pending' AND lease_until > now()`,
      [id],
    );
    return rows.length > 0;
  }

  /** Makes the delivery due now, with a new 24 h of retries (the same message id, so receivers can tell). */
  async redeliver(m: EntityManager, id: string, retryWindowMs: number): Promise<Delivery> {
    const rows = await queryRows<DeliveryRow>(
      m,
      `UPDATE webhook_deliveries
          SET status = 'pending', next_attempt_at = now(), retry_until = now() + $2 * interval '1 millisecond',
              lease_until = NULL, lease_token = NULL
        WHERE id = $1 RETURNING ${DELIVERY_COLUMNS}`,
      [id, retryWindowMs],
    );
    return toDelivery(rows[0]);
  }

  /**
   * Claims up to `limit` due deliveries for this process (FOR UPDATE SKIP LOCKED, then a lease
   * of `leaseMs` that another process honours), at most `perProject` in flight per project and
   * `perOrganization` per organization across every process: a project whose receiver is slow
   * holds that many deliveries and no more, an organization whose receivers all hang holds
   * `perOrganization` of the slots, and the others go on. Each claim counts as an attempt (a
   * process that dies mid-attempt still used it).
   *
   * Organizations take turns: the candidates are read per project (a loose scan of the projects
   * with pending deliveries, then each one's earliest due, by `ix_webhook_deliveries_project_due`),
   * so one project's backlog is never read to reach another's, and the k-th candidate of an
   * organization with n deliveries in flight comes at turn n + k: a free slot goes to the
   * organization with the fewest in flight (the earliest due breaking ties), so an organization's
   * backlog, however old, cannot keep another's waiting. The cost is one index probe per project
   * with pending deliveries.
   *
   * The bounds hold because claims take turns: each first takes a transaction-scoped advisory
   * lock (CLAIM_LOCK), so it counts the leases of every claim before it, committed. Without it,
   * two claims at once would each count only the other's committed leases (READ COMMITTED), not
   * see the rows the other is leasing (SKIP LOCKED), and each take `perProject` of one project.
   * A claim is a few indexed statements; the attempts themselves run outside it.
   *
   * Among the candidates, nothing past its `retry_until` is sent: it is failed. A candidate
   * whose lease ran out with no outcome recorded (the process died, or could not write the
   * outcome) is not sent now either: that attempt counts, and the next one waits its backoff
   * (`retryAt`), or the delivery fails when the retry window is over.
   */
  async claim(
    limit: number,
    perProject: number,
    perOrganization: number,
    leaseMs: number,
    retryAt: (attempts: number, now: Date, retryUntil: Date) => Date | null,
  ): Promise<ClaimedDelivery[]> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const found = await queryRows<{
        id: string;
        project_id: number;
        organization_id: string;
        attempts: number;
        retry_until: Date;
        abandoned: boolean;
        expired: boolean;
        now: Date;
      }>(
        m,
        `WITH RECURSIVE pending_projects AS (
           SELECT min(project_id) AS project_id FROM webhook_deliveries WHERE status = 'pending'
           UNION ALL
           SELECT (SELECT min(d.project_id) FROM webhook_deliveries d
                    WHERE d.status = 'pending' AND d.project_id > pp.project_id)
             FROM pending_projects pp WHERE pp.project_id IS NOT NULL
         ), leased AS (
           SELECT l.project_id, count(*)::int AS n FROM webhook_deliveries l
            WHERE l.status = 'pending' AND l.lease_until >= now()
            GROUP BY l.project_id
         ), in_flight AS (
           SELECT p.organization_id, sum(le.n)::int AS n
             FROM leased le JOIN projects p ON p.id = le.project_id
            GROUP BY p.organization_id
         ), candidates AS (
           SELECT c.id, c.next_attempt_at, p.organization_id,
                  coalesce(f.n, 0) + row_number() OVER (PARTITION BY p.organization_id ORDER BY c.next_attempt_at, c.id)
                    AS turn
             FROM pending_projects pp
             JOIN projects p ON p.id = pp.project_id
             LEFT JOIN leased le ON le.project_id = pp.project_id
             LEFT JOIN in_flight f ON f.organization_id = p.organization_id
            CROSS JOIN LATERAL (
              -- A project at its limit offers none (it would take its organization's turns and get none).
              SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
               WHERE d.project_id = pp.project_id AND d.status = 'pending' AND d.next_attempt_at <= now()
                 AND (d.lease_until IS NULL OR d.lease_until < now())
               ORDER BY d.next_attempt_at, d.id
               LIMIT greatest(0, least($2::int, $4::int - coalesce(le.n, 0)))) c
         )
         SELECT d.id, d.project_id, c.organization_id, d.attempts, d.retry_until,
                d.lease_until IS NOT NULL AS abandoned, d.retry_until <= now() AS expired, now() AS now
           FROM webhook_deliveries d JOIN candidates c ON c.id = d.id
          WHERE c.turn <= $3 AND d.status = 'pending'
          ORDER BY c.turn, c.next_attempt_at, c.id
          LIMIT $1
          FOR UPDATE OF d SKIP LOCKED`,
        [limit * SCAN_FACTOR, limit, perOrganization, perProject],
      );
      await this.settle(m, found, retryAt);
      const candidates = found.filter((c) => !c.expired && !c.abandoned);
      if (candidates.length === 0) return [];
      const projects = [...new Set(candidates.map((c) => c.project_id))];
      const busy = await queryRows<{ project_id: number; organization_id: string; n: number }>(
        m,
        `SELECT l.project_id, p.organization_id, count(*)::int AS n
           FROM webhook_deliveries l JOIN projects p ON p.id = l.project_id
          WHERE p.organization_id IN (SELECT organization_id FROM projects WHERE id = ANY($1::int[]))
            AND l.status = 'pending' AND l.lease_until >= now()
          GROUP BY l.project_id, p.organization_id`,
        [projects],
      );
      const taken = new Map(busy.map((b) => [b.project_id, b.n]));
      const orgTaken = new Map<string, number>();
      for (const b of busy) orgTaken.set(b.organization_id, (orgTaken.get(b.organization_id) ?? 0) + b.n);
      const chosen: string[] = [];
      for (const c of candidates) {
        if (chosen.length >= limit) break;
        const n = taken.get(c.project_id) ?? 0;
        const o = orgTaken.get(c.organization_id) ?? 0;
        if (n >= perProject || o >= perOrganization) continue;
        taken.set(c.project_id, n + 1);
        orgTaken.set(c.organization_id, o + 1);
        chosen.push(c.id);
      }
      const token = randomUUID();
      await m.query(
        `UPDATE webhook_deliveries
            SET lease_until = now() + $2 * interval '1 millisecond', lease_token = $3,
                attempts = attempts + 1, last_attempt_at = now()
          WHERE id = ANY($1::uuid[])`,
        [chosen, leaseMs, token],
      );
      const rows = await queryRows<{
        id: string;
        project_id: number;
        webhook_id: string | null;
        event: string;
        payload: Record<string, unknown>;
        attempts: number;
        retry_until: Date;
        url: string | null;
        secret: string | null;
        enabled: boolean | null;
        owner_active: boolean;
        slack_incoming_webhook: string | null;
        now: Date;
      }>(
        m,
        `SELECT d.id, d.project_id, d.webhook_id, d.event, d.payload, d.attempts, d.retry_until,
                w.url, w.secret, w.enabled, (w.id IS NULL OR ${WEBHOOK_OWNER_HAS_ACCESS}) AS owner_active,
                p.slack_incoming_webhook, now() AS now
           FROM webhook_deliveries d
           JOIN projects p ON p.id = d.project_id
           LEFT JOIN webhooks w ON w.id = d.webhook_id
          WHERE d.id = ANY($1::uuid[])`,
        [chosen],
      );
      return rows.map((r) => ({
        id: r.id,
        projectId: r.project_id,
        webhookId: r.webhook_id === null ? null : Number(r.webhook_id),
        event: r.event,
        payload: r.payload,
        attempts: r.attempts,
        retryUntil: r.retry_until,
        leaseToken: token,
        url: r.url,
        secret: r.secret,
        enabled: r.enabled,
        slackUrl: r.slack_incoming_webhook,
        ownerActive: r.owner_active,
        claimedAt: new Date(r.now),
      }));
    });
  }

  /**
   * Fails the candidates past their retry window, and gives those whose lease ran out with no
   * outcome their backoff (or fails them when the window is over), in one statement.
   */
  private async settle(
    m: EntityManager,
    found: ReadonlyArray<{
      id: string;
      attempts: number;
      retry_until: Date;
      abandoned: boolean;
      expired: boolean;
      now: Date;
    }>,
    retryAt: (attempts: number, now: Date, retryUntil: Date) => Date | null,
  ): Promise<void> {
    const settled = found
      .filter((c) => c.expired || c.abandoned)
      .map((c) => {
        const next = c.expired ? null : retryAt(c.attempts, new Date(c.now), new Date(c.retry_until));
        return { id: c.id, next, abandoned: c.abandoned };
      });
    if (settled.length === 0) return;
    await m.query(
      `UPDATE webhook_deliveries d
          SET status = CASE WHEN s.next_at IS NULL THEN 'failed' ELSE 'pending' END,
              next_attempt_at = coalesce(s.next_at, d.next_attempt_at), lease_until = NULL, lease_token = NULL,
              last_error = CASE WHEN s.abandoned THEN $4 ELSE coalesce(d.last_error, $5) END
         FROM unnest($1::uuid[], $2::timestamptz[], $3::boolean[]) AS s(id, next_at, abandoned)
        WHERE d.id = s.id`,
      [
        settled.map((s) => s.id),
        settled.map((s) => (s.next ? s.next.toISOString() : null)),
        settled.map((s) => s.abandoned),
        ABANDONED_ERROR,
        EXPIRED_ERROR,
      ],
    );
  }

  /**
   * Deletes up to `limit` delivered or failed deliveries written more than `days` days ago;
   * returns how many (rows another process is deleting are skipped).
   */
  async deleteFinished(days: number, limit: number): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.ds,
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries
          WHERE status <> 'pending' AND created_at < now() - $1 * interval '1 day'
          LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [days, limit],
    );
    return rows.length;
  }

  /**
   * Records an attempt's outcome, unless the lease was lost meanwhile (another process took the
   * delivery), and what it told of the receiver, in one transaction (so no claim sees the outcome
   * without the deferral): an answer (any status) ends its deferral; a timeout is one more round
   * that timed out (unless the receiver was deferred after this attempt was claimed: another
   * attempt of that round counted it), and defers it by `deferralMs(rounds)`. A deferred
   * receiver's pending messages not in flight wait until the deferral ends, this one included.
   */
  async complete(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    receiver?: { answered: true } | { answered: false; deferralMs: (timeouts: number) => number },
  ): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const rows = await queryRows<{ id: string }>(
        m,
        `UPDATE webhook_deliveries
            SET status = $3, next_attempt_at = coalesce($4, next_attempt_at), lease_until = NULL, lease_token = NULL,
                last_status_code = $5, last_response = $6, last_error = $7
          WHERE id = $1 AND lease_token = $2 RETURNING id`,
        [
          delivery.id,
          delivery.leaseToken,
          outcome.status,
          outcome.nextAttemptAt,
          outcome.statusCode,
          storable(outcome.response),
          storable(outcome.error),
        ],
      );
      const webhookId = delivery.webhookId;
      if (webhookId === null || receiver === undefined) return rows.length > 0;
      if (receiver.answered) {
        await m.query(
          `UPDATE webhooks SET consecutive_timeouts = 0, deferred_until = NULL WHERE id = $1 AND consecutive_timeouts > 0`,
          [webhookId],
        );
        return rows.length > 0;
      }
      const counted = await queryRows<{ consecutive_timeouts: number }>(
        m,
        `UPDATE webhooks SET consecutive_timeouts = consecutive_timeouts + 1
          WHERE id = $1 AND (deferred_until IS NULL OR deferred_until <= $2)
          RETURNING consecutive_timeouts`,
        [webhookId, delivery.claimedAt],
      );
      if (counted.length > 0) {
        await m.query(`UPDATE webhooks SET deferred_until = now() + $2 * interval '1 millisecond' WHERE id = $1`, [
          webhookId,
          receiver.deferralMs(counted[0].consecutive_timeouts),
        ]);
      }
      await m.query(
        `UPDATE webhook_deliveries d SET next_attempt_at = w.deferred_until
           FROM webhooks w
          WHERE w.id = $1 AND w.deferred_until IS NOT NULL AND d.webhook_id = w.id
            AND d.status = 'pending' AND d.lease_until IS NULL AND d.next_attempt_at < w.deferred_until`,
        [webhookId],
      );
      return rows.length > 0;
    });
  }
}
