import {
  ActivityChange,
  activityDetail,
  ActivityEntryInput,
  ActivityLogService,
  Actor,
  diffChanges,
  DomainError,
  ProjectAccess,
  TenancyService,
  UserRecord,
} from '@app/platform';
import { WebhookOutbox } from '@app/webhook-outbox';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ACTIVITY_FIELDS,
  activityView,
  applyChanges,
  EVENT_DEFINITION_ACTIVITY_SCOPE,
  EventDefinition,
  EventDefinitionChanges,
  parseDefinitionId,
} from './domain/event-definition';
import { LastSeenThrottle } from './domain/last-seen-throttle';
import { EventDefinitionListQuery } from './domain/list-query';
import { EventDefinitionsRepository } from './persistence/event-definitions.repository';
import { PostToSlack } from './post-to-slack';

/** A definition with its creator resolved, as responses show it. */
export interface EventDefinitionView extends EventDefinition {
  creator: UserRecord | null;
}

export interface VolumeRefreshResult {
  projects: number;
  definitions: number;
  changed: number;
}

const VOLUME_WINDOW_MS = 30 * 24 * 3600 * 1000;
// Definitions per refresh statement: short statements, so ingestion never waits long on them.
const VOLUME_CHUNK = 200;

/** Event definitions: what ingestion records, what the API lists and edits, and their volumes. */
@Injectable()
export class EventDefinitionsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: EventDefinitionsRepository,
    private readonly activity: ActivityLogService,
    private readonly tenancy: TenancyService,
    private readonly throttle: LastSeenThrottle,
    private readonly outbox: WebhookOutbox,
    private readonly postToSlack: PostToSlack,
  ) {}

  async list(
    projectId: number,
    query: EventDefinitionListQuery,
    page: { limit: number; offset: number },
  ): Promise<{ count: number; results: EventDefinitionView[] }> {
    const { count, rows } = await this.repo.list(projectId, query, page);
    return { count, results: await this.withCreators(rows) };
  }

  /** 404 for a malformed id or one the project does not have. */
  async get(projectId: number, rawId: string): Promise<EventDefinitionView> {
    const id = parseDefinitionId(rawId);
    const definition = id && (await this.repo.find(this.ds, projectId, id));
    if (!definition) throw DomainError.notFound();
    return (await this.withCreators([definition]))[0];
  }

  /**
   * PATCH: applies `changes` and records an activity entry with the field diff, in one
   * transaction. A change that changes nothing writes nothing.
   */
  async update(
    actor: Actor,
    project: ProjectAccess,
    rawId: string,
    changes: EventDefinitionChanges,
  ): Promise<EventDefinitionView> {
    const id = parseDefinitionId(rawId);
    if (!id) throw DomainError.notFound();
    const { before, after } = await this.ds.transaction(async (m) => {
      const current = await this.repo.find(m, project.id, id, true);
      if (!current) throw DomainError.notFound();
      const next = applyChanges(current, changes);
      const diff = diffChanges(
        EVENT_DEFINITION_ACTIVITY_SCOPE,
        activityView(current),
        activityView(next),
        ACTIVITY_FIELDS,
      );
      if (diff.length === 0) return { before: current, after: current };
      const saved = await this.repo.update(m, next);
      // The outbox writes the activity entry with the webhook messages, in one statement.
      await this.outbox.record(m, {
        projectId: project.id,
        event: 'event_definition.updated',
        object: { id: saved.id, ...activityView(saved) },
        activity: this.activityEntry(actor, project, saved, 'changed', diff),
      });
      return { before: current, after: saved };
    });
    // The cache may say a name was written lately; after a rename the next event of either
    // name must write (the old name's definition is gone, the new one may lag).
    this.throttle.forget(project.id, before.name);
    this.throttle.forget(project.id, after.name);
    this.postToSlack.forget(project.id);
    return (await this.withCreators([after]))[0];
  }

  /** Deletes the definition only (its events stay); the next event of that name creates it again. */
  async delete(actor: Actor, project: ProjectAccess, rawId: string): Promise<void> {
    const id = parseDefinitionId(rawId);
    if (!id) throw DomainError.notFound();
    const deleted = await this.ds.transaction(async (m) => {
      const definition = await this.repo.delete(m, project.id, id);
      if (!definition) throw DomainError.notFound();
      await this.activity.record(m, this.activityEntry(actor, project, definition, 'deleted', null));
      return definition;
    });
    this.throttle.forget(project.id, deleted.name);
    this.postToSlack.forget(project.id);
  }

  /**
   * Ingestion saw events of these names at `seenAt`: creates missing definitions and moves
   * `last_seen_at` forward, writing only the names not written within the throttle's interval,
   * in one statement. Returns how many names were written.
   */
  async recordSeen(projectId: number, names: Iterable<string>, seenAt: Date): Promise<number> {
    const due = this.throttle.due(projectId, names, seenAt);
    if (due.length === 0) return 0;
    await this.repo.upsertSeen(projectId, due, seenAt);
    this.throttle.markWritten(projectId, due, seenAt);
    return due.length;
  }

  /**
   * Recomputes `volume_30_day` (events of each name in the 30 days before `now`) for one
   * project, or every project, a chunk of definitions per statement. `shouldStop` is checked
   * between chunks (shutdown).
   */
  async refreshVolumes(
    projectId?: number,
    options: { now?: Date; shouldStop?: () => boolean } = {},
  ): Promise<VolumeRefreshResult> {
    const since = new Date((options.now ?? new Date()).getTime() - VOLUME_WINDOW_MS);
    const projects = projectId === undefined ? await this.repo.projectIds() : [projectId];
    const result: VolumeRefreshResult = { projects: 0, definitions: 0, changed: 0 };
    for (const id of projects) {
      let after = '';
      for (;;) {
        if (options.shouldStop?.()) return result;
        const chunk = await this.repo.refreshVolumes(id, after, VOLUME_CHUNK, since);
        result.definitions += chunk.seen;
        result.changed += chunk.changed;
        if (chunk.lastName === null) break;
        after = chunk.lastName;
      }
      result.projects++;
    }
    return result;
  }

  private async withCreators(definitions: EventDefinition[]): Promise<EventDefinitionView[]> {
    const ids = definitions.map((d) => d.createdBy).filter((id): id is number => id !== null);
    const users = await this.tenancy.getUsers(ids);
    return definitions.map((d) => ({ ...d, creator: d.createdBy === null ? null : (users.get(d.createdBy) ?? null) }));
  }

  /** The activity entry of a change to `definition`. */
  private activityEntry(
    actor: Actor,
    project: ProjectAccess,
    definition: EventDefinition,
    activity: string,
    changes: ActivityChange[] | null,
  ): ActivityEntryInput {
    return {
      organizationId: project.organizationId,
      projectId: project.id,
      userId: actor.userId,
      scope: EVENT_DEFINITION_ACTIVITY_SCOPE,
      itemId: definition.id,
      activity,
      detail: activityDetail(definition.name, changes),
    };
  }
}
