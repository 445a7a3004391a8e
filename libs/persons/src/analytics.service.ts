import { Injectable } from '@nestjs/common';
import {
  FunnelActorsQuery,
  FunnelCorrelationQuery,
  LifecycleQuery,
  PathsQuery,
  RetentionQuery,
  StickinessQuery,
  TrendsActorsQuery,
} from './domain/analytics-params';
import { ActorPage, ActorPaging, AnalyticsRepository } from './persistence/analytics.queries';
import { Person, PersonsRepository } from './persistence/persons.repository';

/** A person behind a data point, with the data point's value for them (trends: their events). */
export interface Actor {
  person: Person;
  value: number | null;
}

export interface Actors {
  actors: Actor[];
  /** Persons of the data point that still exist (and match `search`), over all pages. */
  total: number;
  /** Persons of the data point deleted since: their events count, they are not listed. */
  missing: number;
}

export interface RetentionActors extends Actors {
  /** Per actor, 1/0 per period from the cohort's own (always 1) to the last. */
  appearances: number[][];
}

/**
 * "Which persons are behind this data point" for trends, funnels, paths, lifecycle, stickiness
 * and retention (PostHog's persons modal), computed over the events store.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly persons: PersonsRepository,
  ) {}

  async trends(projectId: number, q: TrendsActorsQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.trends(projectId, q, paging));
  }

  async funnel(projectId: number, q: FunnelActorsQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.funnel(projectId, q, paging));
  }

  async funnelCorrelation(projectId: number, q: FunnelCorrelationQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.funnelCorrelation(projectId, q, paging));
  }

  async paths(projectId: number, q: PathsQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.paths(projectId, q, paging));
  }

  async lifecycle(projectId: number, q: LifecycleQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.lifecycle(projectId, q, paging));
  }

  async stickiness(projectId: number, q: StickinessQuery, paging: ActorPaging): Promise<Actors> {
    return this.resolve(projectId, await this.repo.stickiness(projectId, q, paging));
  }

  async retention(projectId: number, q: RetentionQuery, paging: ActorPaging): Promise<RetentionActors> {
    const page = await this.repo.retention(projectId, q, paging);
    const resolved = await this.resolve(projectId, page);
    const periods = q.bounds.length - 1;
    const returned = new Map(page.rows.map((r) => [r.id, new Set(r.extra as number[])]));
    return {
      ...resolved,
      actors: resolved.actors.map((a) => ({ ...a, value: null })),
      appearances: resolved.actors.map((a) =>
        Array.from({ length: periods }, (_, k) => (k === 0 || returned.get(a.person.id)?.has(k) ? 1 : 0)),
      ),
    };
  }

  values(projectId: number, key: string, contains: string | null, page: { limit: number; offset: number }) {
    return this.repo.values(projectId, key, contains, page);
  }

  /** Loads the page's persons, in the page's order. */
  private async resolve(projectId: number, page: ActorPage): Promise<Actors> {
    const persons = await this.persons.byIds(
      projectId,
      page.rows.map((r) => r.id),
    );
    const byId = new Map(persons.map((p) => [p.id, p]));
    const actors: Actor[] = [];
    for (const row of page.rows) {
      // A person deleted between the two statements is left out.
      const person = byId.get(row.id);
      if (person) actors.push({ person, value: row.value });
    }
    return { actors, total: page.total, missing: page.missing };
  }
}
