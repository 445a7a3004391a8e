import { DomainError, TenancyService } from '@app/platform';
import type { Actor, ProjectAccess, UserRecord } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Dashboard, enrichedTiles, hasEnrichedInsights, usageDashboard } from './domain/dashboard';
import { FlagsService } from './flags.service';
import { DashboardsRepository } from './persistence/dashboards.repository';
import { FlagsRepository } from './persistence/flags.repository';

/** `{success}` / `{success: false, error}`, PostHog's bodies for the dashboard actions. */
export type DashboardOutcome = { success: true } | { success: false; error: string };

/** A flag's usage dashboard (PostHog's generated insights of `$feature_flag_called` and friends). */
@Injectable()
export class UsageDashboardsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly flags: FlagsRepository,
    private readonly flagsService: FlagsService,
    private readonly dashboards: DashboardsRepository,
    private readonly tenancy: TenancyService,
  ) {}

  /**
   * A new usage dashboard for the flag (always a new one, as PostHog does), with the enriched
   * insights when the flag has enriched analytics; it becomes the flag's `usage_dashboard`.
   */
  async createUsageDashboard(scope: ProjectAccess, actor: Actor, flagId: number): Promise<DashboardOutcome> {
    await this.ds.transaction(async (m) => {
      const flag = await this.flagsService.editable(scope, actor, flagId, m);
      const template = usageDashboard(flag.key);
      if (flag.hasEnrichedAnalytics) template.tiles.push(...enrichedTiles(flag.key, template.tiles));
      const dashboard = await this.dashboards.insert(m, scope.id, actor.userId, template);
      await this.flags.setUsageDashboard(m, scope.id, flag.id, dashboard.id);
    });
    return { success: true };
  }

  /** Adds the enriched insights to the flag's usage dashboard; PostHog's checks, in its order. */
  async enrichUsageDashboard(scope: ProjectAccess, actor: Actor, flagId: number): Promise<DashboardOutcome> {
    return this.ds.transaction(async (m) => {
      const flag = await this.flagsService.editable(scope, actor, flagId, m);
      const dashboard =
        flag.usageDashboardId === null ? null : await this.dashboards.find(scope.id, flag.usageDashboardId, m);
      if (!dashboard || dashboard.deleted) return { success: false, error: 'Usage dashboard not found' };
      if (hasEnrichedInsights(dashboard)) return { success: false, error: 'Usage dashboard already has enriched data' };
      if (!flag.hasEnrichedAnalytics) {
        return { success: false, error: 'No enriched analytics available for this feature flag' };
      }
      await this.dashboards.addTiles(m, scope.id, dashboard.id, enrichedTiles(flag.key, dashboard.tiles));
      return { success: true };
    });
  }

  /** A dashboard of the project, deleted or not; 404 otherwise. */
  async dashboard(projectId: number, id: number): Promise<{ dashboard: Dashboard; createdBy: UserRecord | null }> {
    const dashboard = await this.dashboards.find(projectId, id);
    if (!dashboard) throw DomainError.notFound();
    const createdBy = dashboard.createdById === null ? null : await this.tenancy.getUser(dashboard.createdById);
    return { dashboard, createdBy };
  }
}
