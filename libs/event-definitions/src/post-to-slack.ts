import { TenancyService } from '@app/platform';
import { Injectable } from '@nestjs/common';
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
 * transaction holds the only connection); this instance's own edits of a definition drop the
 * project's entry at once.
 */
@Injectable()
export class PostToSlack {
  private readonly cache = new LRUCache<number, ProjectSlackSettings>({ max: 10_000, ttl: POST_TO_SLACK_CACHE_MS });

  constructor(
    private readonly repo: EventDefinitionsRepository,
    private readonly tenancy: TenancyService,
  ) {}

  /** The events of `events` to post (usually none: then no allocation beyond the lookup). */
  async matching<E extends { event: string }>(m: EntityManager, projectId: number, events: readonly E[]): Promise<E[]> {
    let settings = this.cache.get(projectId);
    if (!settings) {
      settings = await this.load(m, projectId);
      this.cache.set(projectId, settings);
    }
    if (settings.names.size === 0) return [];
    return events.filter((e) => settings.names.has(e.event));
  }

  forget(projectId: number): void {
    this.cache.delete(projectId);
  }

  private async load(m: EntityManager, projectId: number): Promise<ProjectSlackSettings> {
    const project = await this.tenancy.getProject(projectId, m);
    if (!project?.slackIncomingWebhook) return { names: new Set() };
    return { names: new Set(await this.repo.postToSlackNames(projectId, m)) };
  }
}
