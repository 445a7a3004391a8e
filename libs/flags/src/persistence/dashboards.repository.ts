import { queryRows } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Dashboard, DashboardTile, NewDashboard } from '../domain/dashboard';

interface DashboardRow {
  id: number;
  project_id: number;
  name: string;
  description: string;
  filters: Record<string, unknown>;
  tags: string[];
  tiles: DashboardTile[];
  deleted: boolean;
  created_by_id: number | null;
  created_at: Date;
}

const COLUMNS = 'id, project_id, name, description, filters, tags, tiles, deleted, created_by_id, created_at';

function toDashboard(r: DashboardRow): Dashboard {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    description: r.description,
    filters: r.filters,
    tags: r.tags,
    tiles: r.tiles,
    deleted: r.deleted,
    createdById: r.created_by_id,
    createdAt: r.created_at,
  };
}

/** Dashboards (flag usage dashboards), scoped by project. */
@Injectable()
export class DashboardsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async find(projectId: number, id: number, m?: EntityManager): Promise<Dashboard | null> {
    const rows = await queryRows<DashboardRow>(
      m ?? this.ds,
      `SELECT ${COLUMNS} FROM dashboards WHERE project_id = $1 AND id = $2`,
      [projectId, id],
    );
    return rows.length === 0 ? null : toDashboard(rows[0]);
  }

  /** The first of `ids` that is not a live dashboard of the project, or undefined. */
  async firstMissing(m: EntityManager, projectId: number, ids: readonly number[]): Promise<number | undefined> {
    if (ids.length === 0) return undefined;
    const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
    const rows = await queryRows<{ id: number }>(
      m,
      `SELECT id FROM dashboards WHERE project_id = $1 AND id = ANY($2::int[]) AND NOT deleted`,
      [projectId, valid],
    );
    const found = new Set(rows.map((r) => r.id));
    return ids.find((id) => !found.has(id));
  }

  async insert(m: EntityManager, projectId: number, userId: number, d: NewDashboard): Promise<Dashboard> {
    const rows = await queryRows<DashboardRow>(
      m,
      `INSERT INTO dashboards (project_id, name, description, filters, tags, tiles, created_by_id)
       VALUES ($1, $2, $3, $4::jsonb, $5::text[], $6::jsonb, $7) RETURNING ${COLUMNS}`,
      [projectId, d.name, d.description, JSON.stringify(d.filters), d.tags, JSON.stringify(d.tiles), userId],
    );
    return toDashboard(rows[0]);
  }

  async addTiles(m: EntityManager, projectId: number, id: number, tiles: DashboardTile[]): Promise<void> {
    await m.query(`UPDATE dashboards SET tiles = tiles || $3::jsonb WHERE project_id = $1 AND id = $2`, [
      projectId,
      id,
      JSON.stringify(tiles),
    ]);
  }
}
