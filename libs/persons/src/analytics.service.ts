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

/** A person behind a data point as the query found it: the value for them (trends: their events). */
export interface ActorRow {
  id: number;
  value: number | null;
  /** Retention: 1/0 per period from the cohort's own (always 1) to the last. */
  appearances?: number[];
}

/** One page of the persons behind a data point, by id (`actors` loads them). */
export interface ActorRows {
  rows: ActorRow[];
  /** Persons of the data point that still exist (and match `search`), over all pages. */
  total: number;
  /** Persons of the data point deleted since: their events count, they are not listed. */
  missing: number;
}

/** A person behind a data point, loaded. */
export interface Actor extends Omit<ActorRow, 'id'> {
  person: Person;
}

/**
 * "Which persons are behind this data point" for trends, funnels, paths, lifecycle, stickiness
 * and retention (PostHog's persons modal), computed over the events store. Each answers a page
 * of ids; `actors` loads their persons (all at once for a page, a slice at a time for an export).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly persons: PersonsRepository,
  ) {}

  async trends(projectId: number, q: TrendsActorsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.trends(projectId, q, paging));
  }

  async funnel(projectId: number, q: FunnelActorsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.funnel(projectId, q, paging));
  }

  async funnelCorrelation(projectId: number, q: FunnelCorrelationQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.funnelCorrelation(projectId, q, paging));
  }

  async paths(projectId: number, q: PathsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.paths(projectId, q, paging));
  }

  async lifecycle(projectId: number, q: LifecycleQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.lifecycle(projectId, q, paging));
  }

  async stickiness(projectId: number, q: StickinessQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.stickiness(projectId, q, paging));
  }

  async retention(projectId: number, q: RetentionQuery, paging: ActorPaging): Promise<ActorRows> {
    const page = await this.repo.retention(projectId, q, paging);
    const periods = q.bounds.length - 1;
    return {
      ...rowsOf(page),
      rows: page.rows.map((r) => {
        const returned = new Set(r.extra as number[]);
        return {
          id: r.id,
          value: null,
          appearances: Array.from({ length: periods }, (_, k) => (k === 0 || returned.has(k) ? 1 : 0)),
        };
      }),
    };
  }

  values(projectId: number, key: string, contains: string | null, page: { limit: number; offset: number }) {
    return this.repo.values(projectId, key, contains, page);
  }

  /** The persons of `rows`, in their order; a person deleted since the query is left out. */
  async actors(projectId: number, rows: readonly ActorRow[]): Promise<Actor[]> {
    const persons = await this.persons.byIds(
      projectId,
      rows.map((r) => r.id),
    );
    const byId = new Map(persons.map((p) => [p.id, p]));
    return rows.flatMap(({ id, ...row }) => {
      const person = byId.get(id);
      return person ? [{ ...row, person }] : [];
    });
  }
}

function rowsOf(page: ActorPage): ActorRows {
  return { rows: page.rows.map((r) => ({ id: r.id, value: r.value })), total: page.total, missing: page.missing };
}
