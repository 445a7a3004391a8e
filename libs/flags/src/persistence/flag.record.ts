import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FlagFilters } from '../domain/filters';

@Entity('feature_flags')
export class FlagRecord {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer') projectId: number;
  @Column('text') key: string;
  @Column('text') name: string;
  @Column('jsonb') filters: FlagFilters;
  @Column('boolean') active: boolean;
  @Column('boolean') deleted: boolean;
  @Column('integer') version: number;
  @Column('boolean') ensureExperienceContinuity: boolean;
  @Column({ type: 'jsonb', nullable: true }) rollbackConditions: unknown;
  @Column('boolean') performedRollback: boolean;
  @Column('boolean') hasEnrichedAnalytics: boolean;
  @Column('boolean') isRemoteConfiguration: boolean;
  @Column('boolean') hasEncryptedPayloads: boolean;
  @Column('text', { array: true }) tags: string[];
  @Column({ type: 'text', nullable: true }) evaluationRuntime: 'server' | 'client' | 'all' | null;
  @Column('text', { array: true }) evaluationContexts: string[];
  @Column({ type: 'integer', nullable: true }) usageDashboardId: number | null;
  @Column('integer', { array: true }) analyticsDashboards: number[];
  @Column({ type: 'integer', nullable: true }) createdById: number | null;
  @Column({ type: 'integer', nullable: true }) lastModifiedById: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  /** Written only by the call counter's flush: a flag's save never carries it back. */
  @Column({ type: 'timestamptz', nullable: true, insert: false, update: false }) lastCalledAt: Date | null;
}
