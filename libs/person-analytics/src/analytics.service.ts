import { Injectable } from '@nestjs/common';
import { PersonsService } from '@app/persons';
import type { Person } from '@app/persons';
import { funnelActors, funnelCorrelationActors } from './funnel/funnel.sql';
import type { FunnelActorsQuery, FunnelCorrelationQuery } from './funnel/funnel.query';
import { lifecycleActors } from './lifecycle/lifecycle.sql';
import type { LifecycleQuery } from './lifecycle/lifecycle.query';
import { pathsActors } from './paths/paths.sql';
import type { PathsQuery } from './paths/paths.query';
import { ActorPage, ActorPaging, ActorsRepository } from './persistence/actors.repository';
import { retentionActors } from './retention/retention.sql';
import type { RetentionQuery } from './retention/retention.query';
import { stickinessActors } from './stickiness/stickiness.sql';
import type { StickinessQuery } from './stickiness/stickiness.query';
import { trendsActors } from './trends/trends.sql';
import type { TrendsActorsQuery } from './trends/trends.query';
import { propertyValuesSql } from './values/values.sql';

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
    private readonly repo: ActorsRepository,
    private readonly persons: PersonsService,
  ) {}

  async trends(projectId: number, q: TrendsActorsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(trendsActors(projectId, q), paging));
  }

  async funnel(projectId: number, q: FunnelActorsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(funnelActors(projectId, q), paging));
  }

  async funnelCorrelation(projectId: number, q: FunnelCorrelationQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(funnelCorrelationActors(projectId, q), paging));
  }

  async paths(projectId: number, q: PathsQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(pathsActors(projectId, q), paging));
  }

  async lifecycle(projectId: number, q: LifecycleQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(lifecycleActors(projectId, q), paging));
  }

  async stickiness(projectId: number, q: StickinessQuery, paging: ActorPaging): Promise<ActorRows> {
    return rowsOf(await this.repo.page(stickinessActors(projectId, q), paging));
  }

  async retention(projectId: number, q: RetentionQuery, paging: ActorPaging): Promise<ActorRows> {
    const page = await this.repo.page(retentionActors(projectId, q), paging);
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
    const { sql, params } = propertyValuesSql(projectId, key, contains, page);
    return this.repo.rows<{ name: string; count: number }>(sql, params);
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
