import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One queued deletion of a deleted person's events (table `event_deletion_requests`). */
@Entity('event_deletion_requests')
export class EventDeletionRequestRecord {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: number;
  @Column('integer') projectId: number;
  @Column('uuid') personUuid: string;
  @Column('text', { array: true }) distinctIds: string[];
  @Column({ type: 'timestamptz', default: () => 'now()' }) createdAt: Date;
  @Column({ type: 'integer', nullable: true }) createdBy: number | null;
  @Column({ type: 'timestamptz', nullable: true }) deleteVerifiedAt: Date | null;
  @Column({ type: 'integer', default: 0 }) attempts: number;
  @Column({ type: 'text', nullable: true }) lastError: string | null;
  @Column({ type: 'bigint', default: 0 }) eventsDeleted: number;
  @Column({ type: 'uuid', nullable: true }) claimToken: string | null;
  @Column({ type: 'text', nullable: true }) claimedBy: string | null;
  @Column({ type: 'timestamptz', nullable: true }) claimedUntil: Date | null;
}
