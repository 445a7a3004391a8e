import { TenancyService } from '@app/platform';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { EntityManager } from 'typeorm';
import { EventDefinitionsRepository } from './persistence/event-definitions.repository';

/** How long a project's answer is kept: a change made through another instance counts within this. */
export const POST_TO_SLACK_CACHE_MS = 10_000;

interface ProjectSlackSettings {
  /** Names of the definitions with `post_to_slack`; empty when the project has no Slack webhook. */
  names: ReadonlySet<string>;
}

/**
 * Which ingested events go to Slack: those whose definition has `post_to_slack`, in a project
 * with a `slack_incoming_webhook`. Ingestion asks for every batch, inside its transaction, so the
 * answer is a lookup in a bounded cache (two small indexed reads per project every
 * POST_TO_SLACK_CACHE_MS at most, made with the caller's `m`: on the embedded database the
 * transaction holds the only connection); this instance's own edits of a definition and of the
 * project's Slack webhook drop the project's entry at once (another instance's within
 * POST_TO_SLACK_CACHE_MS).
 */
@Injectable()
export class PostToSlack implements OnModuleDestroy {
  private readonly cache = new LRUCache<number, ProjectSlackSettings>({ max: 10_000, ttl: POST_TO_SLACK_CACHE_MS });
  /** Counts `forget` calls: a read that began before one is used once, not cached (it may predate the change). */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly repo: EventDefinitionsRepository,
    private readonly tenancy: TenancyService,
  ) {
    this.unsubscribe = tenancy.onProjectChanged((projectId) => this.forget(projectId));
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** The events of `events` to post (usually none: then no allocation beyond the lookup). */
  async matching<E extends { event: string }>(m: EntityManager, projectId: number, events: readonly E[]): Promise<E[]> {
    let settings = this.cache.get(projectId);
    if (!settings) {
      const generation = this.generation;
      settings = await this.load(m, projectId);
      if (generation === this.generation) this.cache.set(projectId, settings);
    }
    if (settings.names.size === 0) return [];
    return events.filter((e) => settings.names.has(e.event));
  }

  /** After a change to the project's definitions or Slack webhook has committed: the next batch reads again. */
  forget(projectId: number): void {
    this.generation++;
    this.cache.delete(projectId);
  }

  private async load(m: EntityManager, projectId: number): Promise<ProjectSlackSettings> {
    const project = await this.tenancy.getProject(projectId, m);
    if (!project?.slackIncomingWebhook) return { names: new Set() };
    return { names: new Set(await this.repo.postToSlackNames(projectId, m)) };
  }
}
