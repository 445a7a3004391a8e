import { Injectable } from '@nestjs/common';
import { queryPrepared, queryRows } from '@app/platform';
import { EntityManager } from 'typeorm';
import { LoadedPerson, PlannedPerson } from '../domain/identity-plan';
import { IngestEvent } from '../domain/ingest-event';
import { Properties } from '../domain/person';

export const MAX_GROUP_TYPES = 5;

/**
 * Rows one statement carries. A batch of 100,000 events is many statements: building each one's
 * JSON and reading its answer take a few ms, and the event loop turns between them (on the
 * embedded database, which runs in this process, each statement's own work does too).
 */
export const ROWS_PER_STATEMENT = 1000;

function chunksOf<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) chunks.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  return chunks;
}

export interface GroupUpsert {
  groupTypeIndex: number;
  groupKey: string;
  properties: Properties;
  createdAt: Date;
}

/**
 * The set-based writes of one ingestion batch, all in the caller's transaction: one statement
 * per kind of change and `ROWS_PER_STATEMENT` rows (rows travel as one JSON parameter). The
 * statements most batches run stay prepared on their connection (`queryPrepared`).
 */
@Injectable()
export class IngestionRepository {
  /** The uuids among `uuids` this project has stored already. */
  async storedEventUuids(m: EntityManager, projectId: number, uuids: string[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const chunk of chunksOf(uuids)) {
      const rows = await queryPrepared<{ uuid: string }>(
        m,
        'ingest_stored_event_uuids',
        `SELECT uuid FROM events WHERE project_id = $1 AND uuid = ANY($2::uuid[])`,
        [projectId, chunk],
      );
      for (const r of rows) stored.add(r.uuid);
    }
    return stored;
  }

  /**
   * The persons of `distinctIds`, locked (their rows and their distinct-id rows) until the
   * transaction ends, in id order so that concurrent batches lock in the same order. `share`: a
   * batch that only reads them (events of known persons) takes shared locks, so such batches do
   * not wait for each other; changes (properties, merges, deletions) still wait for them.
   */
  async lockPersons(
    m: EntityManager,
    projectId: number,
    distinctIds: string[],
    mode: 'update' | 'share' = 'update',
  ): Promise<Map<string, LoadedPerson>> {
    const rows = await queryPrepared<{
      distinct_id: string;
      id: number;
      uuid: string;
      properties: Properties;
      is_identified: boolean;
      created_at: Date;
    }>(
      m,
      `ingest_lock_persons_${mode}`,
      `SELECT d.distinct_id, p.id, p.uuid, p.properties, p.is_identified, p.created_at
         FROM person_distinct_ids d JOIN persons p ON p.id = d.person_id
        WHERE d.project_id = $1 AND d.distinct_id = ANY($2::text[])
        ORDER BY p.id, d.id
          FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
      [projectId, distinctIds],
    );
    return new Map(
      rows.map((r) => [
        r.distinct_id,
        { id: r.id, uuid: r.uuid, properties: r.properties, isIdentified: r.is_identified, createdAt: r.created_at },
      ]),
    );
  }

  /** Inserts new persons; returns their ids by uuid. */
  async insertPersons(m: EntityManager, projectId: number, persons: PlannedPerson[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const chunk of chunksOf(persons)) {
      const rows = await queryPrepared<{ id: number; uuid: string }>(
        m,
        'ingest_insert_persons',
        `INSERT INTO persons (uuid, project_id, properties, is_identified, created_at)
       SELECT x.uuid, $1, x.properties, x.is_identified, x.created_at
         FROM jsonb_to_recordset($2::jsonb) AS x(uuid uuid, properties jsonb, is_identified boolean, created_at timestamptz)
       RETURNING id, uuid`,
        [
          projectId,
          JSON.stringify(
            chunk.map((p) => ({
              uuid: p.uuid,
              properties: p.properties,
              is_identified: p.isIdentified,
              created_at: p.createdAt.toISOString(),
            })),
          ),
        ],
      );
      for (const r of rows) ids.set(r.uuid, r.id);
    }
    return ids;
  }

  /**
   * Adds distinct ids to persons, in the given order (so that `id` order is the order of first
   * sight). Ids another transaction claimed meanwhile are skipped: returns how many were added.
   */
  async insertDistinctIds(
    m: EntityManager,
    projectId: number,
    rows: Array<{ distinctId: string; personId: number }>,
  ): Promise<number> {
    let added = 0;
    for (const chunk of chunksOf(rows)) {
      const inserted = await queryPrepared<{ distinct_id: string }>(
        m,
        'ingest_insert_distinct_ids',
        `INSERT INTO person_distinct_ids (project_id, person_id, distinct_id)
       SELECT $1, (x.row ->> 'person_id')::bigint, x.row ->> 'distinct_id'
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(row, ord)
        ORDER BY x.ord
       ON CONFLICT ON CONSTRAINT uq_person_distinct_ids_project_distinct_id DO NOTHING
       RETURNING distinct_id`,
        [projectId, JSON.stringify(chunk.map((r) => ({ person_id: r.personId, distinct_id: r.distinctId })))],
      );
      added += inserted.length;
    }
    return added;
  }

  /**
   * Folds persons into others: their distinct ids, events and static cohort memberships move to
   * the surviving person, then their rows go.
   */
  async mergePersons(
    m: EntityManager,
    projectId: number,
    merges: Array<{ fromId: number; fromUuid: string; intoId: number; intoUuid: string }>,
  ): Promise<void> {
    for (const chunk of chunksOf(merges)) await this.mergeChunk(m, projectId, chunk);
  }

  private async mergeChunk(
    m: EntityManager,
    projectId: number,
    merges: Array<{ fromId: number; fromUuid: string; intoId: number; intoUuid: string }>,
  ): Promise<void> {
    const json = JSON.stringify(
      merges.map((x) => ({ from_id: x.fromId, into_id: x.intoId, from_uuid: x.fromUuid, into_uuid: x.intoUuid })),
    );
    await m.query(
      `UPDATE person_distinct_ids d SET person_id = x.into_id
         FROM jsonb_to_recordset($1::jsonb) AS x(from_id bigint, into_id bigint)
        WHERE d.person_id = x.from_id AND d.person_id = ANY($2::bigint[])`,
      [json, merges.map((x) => x.fromId)],
    );
    // The ANY() condition lets the planner use ix_events_project_person_timestamp directly.
    await m.query(
      `UPDATE events e SET person_id = x.into_uuid
         FROM jsonb_to_recordset($2::jsonb) AS x(from_uuid uuid, into_uuid uuid)
        WHERE e.project_id = $1 AND e.person_id = ANY($3::uuid[]) AND e.person_id = x.from_uuid`,
      [projectId, json, merges.map((x) => x.fromUuid)],
    );
    // Static cohort memberships follow the person (a duplicate is dropped with the old person).
    await m.query(
      `INSERT INTO cohort_static_members (cohort_id, person_id)
       SELECT s.cohort_id, x.into_id FROM jsonb_to_recordset($1::jsonb) AS x(from_id bigint, into_id bigint)
         JOIN cohort_static_members s ON s.person_id = x.from_id
       ON CONFLICT DO NOTHING`,
      [json],
    );
    await m.query(`DELETE FROM persons WHERE project_id = $1 AND id = ANY($2::bigint[])`, [
      projectId,
      merges.map((x) => x.fromId),
    ]);
  }

  async updatePersons(
    m: EntityManager,
    projectId: number,
    persons: Array<PlannedPerson & { id: number }>,
  ): Promise<void> {
    for (const chunk of chunksOf(persons)) {
      await queryPrepared(
        m,
        'ingest_update_persons',
        `UPDATE persons p
          SET properties = x.properties, is_identified = x.is_identified, created_at = x.created_at, version = p.version + 1
         FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, properties jsonb, is_identified boolean, created_at timestamptz)
        WHERE p.project_id = $1 AND p.id = x.id`,
        [
          projectId,
          JSON.stringify(
            chunk.map((p) => ({
              id: p.id,
              properties: p.properties,
              is_identified: p.isIdentified,
              created_at: p.createdAt.toISOString(),
            })),
          ),
        ],
      );
    }
  }

  /** Earlier personless events of ids that now have a person become that person's events. */
  async attachPersonlessEvents(
    m: EntityManager,
    projectId: number,
    rows: Array<{ distinctId: string; personUuid: string }>,
  ): Promise<void> {
    for (const chunk of chunksOf(rows)) {
      await queryPrepared(
        m,
        'ingest_attach_personless_events',
        `UPDATE events e SET person_id = x.person_uuid
         FROM jsonb_to_recordset($2::jsonb) AS x(distinct_id text, person_uuid uuid)
        WHERE e.project_id = $1 AND e.person_id IS NULL AND e.distinct_id = ANY($3::text[]) AND e.distinct_id = x.distinct_id`,
        [
          projectId,
          JSON.stringify(chunk.map((r) => ({ distinct_id: r.distinctId, person_uuid: r.personUuid }))),
          chunk.map((r) => r.distinctId),
        ],
      );
    }
  }

  /** group type → index for the project. */
  async groupTypes(m: EntityManager, projectId: number): Promise<Map<string, number>> {
    const rows = await queryRows<{ group_type: string; group_type_index: number }>(
      m,
      `SELECT group_type, group_type_index FROM group_type_mappings WHERE project_id = $1`,
      [projectId],
    );
    return new Map(rows.map((r) => [r.group_type, r.group_type_index]));
  }

  /**
   * The index of `groupType`, creating it at the lowest free index (at most five types per
   * project); null when all five are taken. Safe against concurrent creations: a lost race on
   * an index tries the next one.
   */
  async ensureGroupType(
    m: EntityManager,
    projectId: number,
    groupType: string,
    createdAt: Date,
    used: ReadonlySet<number>,
  ): Promise<number | null> {
    for (let index = 0; index < MAX_GROUP_TYPES; index++) {
      if (used.has(index)) continue;
      const inserted = await queryRows<{ group_type_index: number }>(
        m,
        `INSERT INTO group_type_mappings (project_id, group_type_index, group_type, created_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING group_type_index`,
        [projectId, index, groupType, createdAt],
      );
      if (inserted.length > 0) return inserted[0].group_type_index;
      const existing = await queryRows<{ group_type_index: number }>(
        m,
        `SELECT group_type_index FROM group_type_mappings WHERE project_id = $1 AND group_type = $2`,
        [projectId, groupType],
      );
      if (existing.length > 0) return existing[0].group_type_index;
    }
    return null;
  }

  /** Creates groups or merges their properties in (shallow, the new values win). One row per group. */
  async upsertGroups(m: EntityManager, projectId: number, groups: GroupUpsert[]): Promise<void> {
    for (const chunk of chunksOf(groups)) {
      await m.query(
        `INSERT INTO groups (project_id, group_type_index, group_key, group_properties, created_at)
       SELECT $1, x.group_type_index, x.group_key, x.properties, x.created_at
         FROM jsonb_to_recordset($2::jsonb) AS x(group_type_index smallint, group_key text, properties jsonb, created_at timestamptz)
       ON CONFLICT ON CONSTRAINT uq_groups_project_type_key DO UPDATE
          SET group_properties = groups.group_properties || EXCLUDED.group_properties,
              created_at = LEAST(groups.created_at, EXCLUDED.created_at),
              version = groups.version + 1`,
        [
          projectId,
          JSON.stringify(
            chunk.map((g) => ({
              group_type_index: g.groupTypeIndex,
              group_key: g.groupKey,
              properties: g.properties,
              created_at: g.createdAt.toISOString(),
            })),
          ),
        ],
      );
    }
  }

  /** Stores events (`personUuids[i]` is event i's person); one already stored under the same uuid is kept as it is. Returns how many were new. */
  async insertEvents(
    m: EntityManager,
    projectId: number,
    events: readonly IngestEvent[],
    personUuids: ReadonlyArray<string | null>,
    receivedAt: Date,
  ): Promise<number> {
    let added = 0;
    for (let start = 0; start < events.length; start += ROWS_PER_STATEMENT) {
      const chunk = events.slice(start, start + ROWS_PER_STATEMENT);
      const rows = await queryPrepared<{ uuid: string }>(
        m,
        'ingest_insert_events',
        `INSERT INTO events (uuid, project_id, event, distinct_id, person_id, properties, timestamp, created_at)
       SELECT x.uuid, $1, x.event, x.distinct_id, x.person_id, x.properties, x.timestamp, $3
         FROM jsonb_to_recordset($2::jsonb)
           AS x(uuid uuid, event text, distinct_id text, person_id uuid, properties jsonb, timestamp timestamptz)
       ON CONFLICT ON CONSTRAINT pk_events DO NOTHING
       RETURNING uuid`,
        [
          projectId,
          JSON.stringify(
            chunk.map((e, i) => ({
              uuid: e.uuid,
              event: e.event,
              distinct_id: e.distinctId,
              person_id: personUuids[start + i],
              properties: e.properties,
              timestamp: e.timestamp.toISOString(),
            })),
          ),
          receivedAt,
        ],
      );
      added += rows.length;
    }
    return added;
  }
}
