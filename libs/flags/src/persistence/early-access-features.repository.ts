import { isUniqueViolation, queryRows } from '@app/platform';
import type { Queryable } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EarlyAccessErrors, FEATURES_PER_PROJECT_MAX } from '../domain/early-access-feature';
import type { EarlyAccessFeature, EarlyAccessStage } from '../domain/early-access-feature';

const FLAG_INDEX = 'uq_early_access_features_feature_flag';

interface FeatureRow {
  id: string;
  project_id: number;
  feature_flag_id: number;
  name: string;
  description: string;
  stage: EarlyAccessStage;
  documentation_url: string;
  payload: unknown;
  created_by_id: number | null;
  created_at: Date;
}

const COLUMNS = `e.id, e.project_id, e.feature_flag_id, e.name, e.description, e.stage, e.documentation_url, e.payload,
  e.created_by_id, e.created_at`;

function toFeature(r: FeatureRow): EarlyAccessFeature {
  return {
    id: r.id,
    projectId: r.project_id,
    flagId: r.feature_flag_id,
    name: r.name,
    description: r.description,
    stage: r.stage,
    documentationUrl: r.documentation_url,
    payload: r.payload,
    createdById: r.created_by_id,
    createdAt: r.created_at,
  };
}

/** A feature as posthog-js reads it (PostHog's MinimalEarlyAccessFeatureSerializer). */
export interface PublicEarlyAccessFeature {
  id: string;
  name: string;
  description: string;
  stage: EarlyAccessStage;
  documentationUrl: string;
  flagKey: string;
  payload: unknown;
}

/** Early-access features in PostgreSQL; every query scoped by project. */
@Injectable()
export class EarlyAccessFeaturesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One page, newest first (`ix_early_access_features_project_created`), and the project's count. */
  async page(
    projectId: number,
    limit: number,
    offset: number,
  ): Promise<{ count: number; features: EarlyAccessFeature[] }> {
    const [rows, [{ count }]] = await Promise.all([
      queryRows<FeatureRow>(
        this.ds,
        `SELECT ${COLUMNS} FROM early_access_features e WHERE e.project_id = $1
          ORDER BY e.created_at DESC, e.id DESC LIMIT $2 OFFSET $3`,
        [projectId, limit, offset],
      ),
      queryRows<{ count: number }>(
        this.ds,
        `SELECT count(*)::int AS count FROM early_access_features WHERE project_id = $1`,
        [projectId],
      ),
    ]);
    return { count, features: rows.map(toFeature) };
  }

  /** Inside a transaction (`m`) with `lock`, the row stays locked until it ends. */
  async findById(projectId: number, id: string, m?: EntityManager, lock = false): Promise<EarlyAccessFeature | null> {
    const rows = await queryRows<FeatureRow>(
      m ?? this.ds,
      `SELECT ${COLUMNS} FROM early_access_features e WHERE e.project_id = $1 AND e.id = $2${lock ? ' FOR UPDATE' : ''}`,
      [projectId, id],
    );
    return rows[0] ? toFeature(rows[0]) : null;
  }

  /** Whether a feature uses the flag (PostHog allows one per flag). */
  async flagLinked(db: Queryable, flagId: number): Promise<boolean> {
    const rows = await queryRows(db, `SELECT 1 FROM early_access_features WHERE feature_flag_id = $1 LIMIT 1`, [
      flagId,
    ]);
    return rows.length > 0;
  }

  async insert(
    m: EntityManager,
    f: Omit<EarlyAccessFeature, 'id' | 'createdAt'>,
    flagKey: string,
  ): Promise<EarlyAccessFeature> {
    try {
      const [row] = await queryRows<FeatureRow>(
        m,
        `INSERT INTO early_access_features AS e
           (project_id, feature_flag_id, name, description, stage, documentation_url, payload, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
         RETURNING ${COLUMNS}`,
        [
          f.projectId,
          f.flagId,
          f.name,
          f.description,
          f.stage,
          f.documentationUrl,
          JSON.stringify(f.payload),
          f.createdById,
        ],
      );
      return toFeature(row);
    } catch (e) {
      // Two creates linking the same flag at once: the index decides, in the check's words.
      if (isUniqueViolation(e, FLAG_INDEX)) throw EarlyAccessErrors.flagLinked(flagKey);
      throw e;
    }
  }

  async save(m: EntityManager, f: EarlyAccessFeature): Promise<EarlyAccessFeature> {
    const [row] = await queryRows<FeatureRow>(
      m,
      `UPDATE early_access_features AS e
          SET name = $3, description = $4, stage = $5, documentation_url = $6, payload = $7::jsonb
        WHERE e.project_id = $1 AND e.id = $2
        RETURNING ${COLUMNS}`,
      [f.projectId, f.id, f.name, f.description, f.stage, f.documentationUrl, JSON.stringify(f.payload)],
    );
    return toFeature(row);
  }

  async delete(m: EntityManager, projectId: number, id: string): Promise<void> {
    await m.query(`DELETE FROM early_access_features WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  /**
   * The project's features in `stages`, with their flag's key, for posthog-js: PostHog's public
   * list has no order, so the oldest come first here.
   */
  async count(db: Queryable, projectId: number): Promise<number> {
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      `SELECT count(*)::int AS count FROM early_access_features WHERE project_id = $1`,
      [projectId],
    );
    return count;
  }

  /** At most FEATURES_PER_PROJECT_MAX rows: a project has no more. */
  async publicList(projectId: number, stages: readonly string[]): Promise<PublicEarlyAccessFeature[]> {
    return queryRows<PublicEarlyAccessFeature>(
      this.ds,
      `SELECT e.id, e.name, e.description, e.stage, e.documentation_url AS "documentationUrl", f.key AS "flagKey",
              e.payload
         FROM early_access_features e JOIN feature_flags f ON f.id = e.feature_flag_id
        WHERE e.project_id = $1 AND e.stage = ANY($2::text[])
        ORDER BY e.created_at, e.id
        LIMIT ${FEATURES_PER_PROJECT_MAX}`,
      [projectId, stages],
    );
  }
}
