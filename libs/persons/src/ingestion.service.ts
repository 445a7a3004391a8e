import { randomUUID } from 'node:crypto';
import { FlagDefinitionChanges } from '@app/flag-definition-changes';
import {
  DomainError,
  forEachInSlices,
  isUniqueViolation,
  JsonLogger,
  mapInSlices,
  metrics,
  TenancyService,
} from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { groupTypesOf, groupWrites, withGroupColumns } from './domain/groups';
import { identityPlanner, referencedDistinctIds } from './domain/identity-plan';
import {
  IngestEvent,
  normalizeEvent,
  payloadToken,
  SdkPayload,
  sdkEventToken,
  sdkPayloadShape,
} from './domain/ingest-event';
import { IngestionHooks } from './ingestion-hooks';
import { IngestionRepository, MAX_GROUP_TYPES } from './persistence/ingestion.repository';

const eventsIngested = metrics.counter('ingestion_events_total', 'Events stored by ingestion.');
const duplicatesSkipped = metrics.counter(
  'ingestion_duplicate_events_total',
  'Events skipped as already stored (same uuid).',
);
const batchRetries = metrics.counter(
  'ingestion_batch_retries_total',
  'Ingestion batches retried after a concurrent identity change.',
);
const batchDuration = metrics.histogram('ingestion_batch_duration_seconds', 'Time to store one ingestion request.');

const MAX_ATTEMPTS = 5;

/** Another transaction gave one of the batch's new distinct ids a person first: run the batch again. */
class ConcurrentIdentityChange extends Error {}

/** A batch tried with shared person locks turned out to change stored persons: run it again with exclusive ones. */
class NeedsExclusiveLocks extends Error {}

const IDENTITY_EVENTS = new Set(['$identify', '$create_alias', '$merge_dangerously']);

/**
 * Whether a batch may change persons already stored: property updates or identity events. Such
 * batches lock their persons exclusively from the start; the others try shared locks (and run
 * again with exclusive ones if the plan changes a stored person after all).
 */
function mayChangeStoredPersons(events: IngestEvent[]): boolean {
  return events.some(
    (e) =>
      e.processPerson &&
      (IDENTITY_EVENTS.has(e.event) ||
        e.properties.$set !== undefined ||
        e.properties.$set_once !== undefined ||
        e.properties.$unset !== undefined),
  );
}

function isRetryable(e: unknown): boolean {
  const code =
    (e as { driverError?: { code?: string }; code?: string })?.driverError?.code ?? (e as { code?: string })?.code;
  return (
    e instanceof ConcurrentIdentityChange ||
    isUniqueViolation(e, 'uq_person_distinct_ids_project_distinct_id') ||
    code === '40P01' ||
    code === '40001'
  );
}

export interface IngestRequest {
  /** The decoded body (`decodeSdkPayload`). */
  payload: unknown;
  receivedAt: Date;
  /** posthog-js's `?_=` send time. */
  sentAt?: Date;
}

/**
 * Stores what SDKs send and keeps persons and groups up to date with it: one transaction per
 * request, a handful of set-based statements per thousand events. The work over each event runs
 * in slices with turns of the event loop between them (`mapInSlices`), so that a batch of
 * 100,000 events holds no other request up.
 */
@Injectable()
export class IngestionService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tenancy: TenancyService,
    private readonly repo: IngestionRepository,
    private readonly hooks: IngestionHooks,
    private readonly logger: JsonLogger,
    private readonly changes: FlagDefinitionChanges,
  ) {}

  /** 401 for a missing or unknown token, 400 for a malformed event; returns how many events were new. */
  async ingest(request: IngestRequest): Promise<number> {
    const started = process.hrtime.bigint();
    const payload = await this.readPayload(request.payload);
    if (payload.token === undefined) {
      throw new DomainError(
        'unauthenticated',
        'missing_api_key',
        'API key not provided. You can find your project API key in your project settings.',
        'api_key',
      );
    }
    const projectId = await this.tenancy.projectIdByToken(payload.token);
    if (projectId === undefined) {
      throw new DomainError(
        'unauthenticated',
        'invalid_api_key',
        'Project API key invalid. You can find your project API key in your project settings.',
        'api_key',
      );
    }
    const events = await mapInSlices(payload.events, (raw, i) =>
      normalizeEvent(raw, i, payload, request.receivedAt, request.sentAt),
    );
    const stored = events.length === 0 ? [] : await this.storeWithRetries(projectId, events, request.receivedAt);
    eventsIngested.inc({}, stored.length);
    duplicatesSkipped.inc({}, events.length - stored.length);
    batchDuration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    if (stored.length > 0) {
      await this.hooks.notify({
        projectId,
        receivedAt: request.receivedAt,
        events: await mapInSlices(stored, (e) => ({
          event: e.event,
          distinctId: e.distinctId,
          timestamp: e.timestamp,
        })),
      });
    }
    return stored.length;
  }

  /** `readSdkPayload` in slices: 400 for a malformed body or event, before the token is looked up. */
  private async readPayload(body: unknown): Promise<SdkPayload> {
    const shape = sdkPayloadShape(body);
    const tokens = new Set<string>();
    await forEachInSlices(shape.events, (event, i) => {
      const token = sdkEventToken(event, i);
      if (token !== undefined) tokens.add(token);
    });
    return { ...shape, events: shape.events as SdkPayload['events'], token: payloadToken(shape.token, tokens) };
  }

  private async storeWithRetries(projectId: number, events: IngestEvent[], receivedAt: Date): Promise<IngestEvent[]> {
    let exclusive = mayChangeStoredPersons(events);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction((m) => this.store(m, projectId, events, receivedAt, exclusive));
      } catch (e) {
        if (e instanceof NeedsExclusiveLocks && !exclusive) {
          exclusive = true;
          attempt--;
          continue;
        }
        if (!isRetryable(e)) throw e;
        batchRetries.inc();
        if (attempt >= MAX_ATTEMPTS) {
          throw new DomainError(
            'unavailable',
            'service_unavailable',
            'Too many concurrent changes to the same persons; try again.',
            null,
            1,
          );
        }
      }
    }
  }

  /**
   * One attempt at the batch, in `m`'s transaction. Returns the events stored (duplicates
   * skipped). Without `exclusive`, the batch's stored persons are locked shared, and a plan that
   * changes one of them throws `NeedsExclusiveLocks` before writing anything.
   */
  private async store(
    m: EntityManager,
    projectId: number,
    events: IngestEvent[],
    receivedAt: Date,
    exclusive: boolean,
  ): Promise<IngestEvent[]> {
    const seen = new Set<string>();
    const unique: IngestEvent[] = [];
    await forEachInSlices(events, (e) => {
      if (seen.has(e.uuid)) return;
      seen.add(e.uuid);
      unique.push(e);
    });
    const stored = await this.repo.storedEventUuids(m, projectId, [...seen]);
    let fresh = stored.size === 0 ? unique : unique.filter((e) => !stored.has(e.uuid));
    if (fresh.length === 0) return [];

    const groupTypes = await this.resolveGroupTypes(m, projectId, fresh);
    if (groupTypes.size > 0) fresh = await mapInSlices(fresh, (e) => withGroupColumns(e, groupTypes));

    const loaded = await this.repo.lockPersons(
      m,
      projectId,
      referencedDistinctIds(fresh),
      exclusive ? 'update' : 'share',
    );
    const planner = identityPlanner(loaded, randomUUID);
    await forEachInSlices(fresh, (e) => planner.add(e));
    const plan = planner.plan();
    if (!exclusive) {
      const storedUuids = new Set([...loaded.values()].map((p) => p.uuid));
      if (
        plan.updated.length > 0 ||
        plan.merged.length > 0 ||
        plan.newDistinctIds.some((d) => storedUuids.has(d.personUuid))
      ) {
        throw new NeedsExclusiveLocks();
      }
    }
    for (const refused of plan.refusedMerges) {
      this.logger.entry('info', 'person merge refused', { project_id: projectId, ...refused });
    }
    const ids = await this.repo.insertPersons(m, projectId, plan.created);
    for (const person of loaded.values()) ids.set(person.uuid, person.id);
    const idOf = (uuid: string) => ids.get(uuid)!;

    const added = await this.repo.insertDistinctIds(
      m,
      projectId,
      plan.newDistinctIds.map((d) => ({ distinctId: d.distinctId, personId: idOf(d.personUuid) })),
    );
    if (added < plan.newDistinctIds.length) throw new ConcurrentIdentityChange();
    const merges = plan.merged.map((x) => ({ ...x, intoId: idOf(x.intoUuid) }));
    await this.hooks.personsMerged(m, projectId, merges);
    await this.repo.mergePersons(m, projectId, merges);
    await this.repo.updatePersons(
      m,
      projectId,
      plan.updated.map((p) => ({ ...p, id: p.existingId! })),
    );
    await this.repo.attachPersonlessEvents(m, projectId, plan.newDistinctIds);
    await this.repo.upsertGroups(m, projectId, groupWrites(fresh, groupTypes));
    await this.repo.insertEvents(m, projectId, fresh, plan.eventPersons, receivedAt);
    await this.hooks.eventsStored(m, projectId, fresh);
    return fresh;
  }

  /** Index of every group type the events name; new types get the lowest free index (five at most). */
  private async resolveGroupTypes(
    m: EntityManager,
    projectId: number,
    events: IngestEvent[],
  ): Promise<Map<string, number>> {
    const named = groupTypesOf(events);
    if (named.length === 0) return new Map();
    const indexes = await this.repo.groupTypes(m, projectId);
    for (const type of named) {
      if (indexes.has(type) || indexes.size >= MAX_GROUP_TYPES) continue;
      const first = events.find(
        (e) => e.properties.$group_type === type || Object.hasOwn(Object(e.properties.$groups), type),
      );
      const used = new Set(indexes.values());
      const index = await this.repo.ensureGroupType(m, projectId, type, first?.timestamp ?? new Date(), used);
      if (index === null) continue;
      indexes.set(type, index);
      // Group flags read the project's group types from compiled definitions.
      await this.changes.record(m, projectId);
    }
    return indexes;
  }
}
