import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('organizations')
export class OrganizationRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text') slug: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('projects')
export class ProjectRecord {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'uuid', default: () => 'gen_random_uuid()' }) uuid: string;
  @Column('uuid') organizationId: string;
  @Column('text') name: string;
  @Column('text') apiToken: string;
  /** The secret token (phs_…) server SDKs use for local evaluation and remote config, and the one it replaced. */
  @Column({ type: 'text', nullable: true }) secretApiToken: string | null;
  @Column({ type: 'text', nullable: true }) secretApiTokenBackup: string | null;
  @Column('text') timezone: string;
  /** Where `post_to_slack` events are posted (a Slack-compatible incoming webhook); write-only in the API. */
  @Column({ type: 'text', nullable: true }) slackIncomingWebhook: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('users')
export class UserRecord {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'uuid', default: () => 'gen_random_uuid()' }) uuid: string;
  @Column('text') distinctId: string;
  @Column('text') firstName: string;
  @Column('text') lastName: string;
  @Column('text') email: string;
  @Column('boolean') isEmailVerified: boolean;
  @Column('boolean') isActive: boolean;
  @Column({ type: 'uuid', nullable: true }) currentOrganizationId: string | null;
  @Column({ type: 'integer', nullable: true }) currentProjectId: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** The fields of a user that other objects show (`created_by`). */
export type UserSummary = Pick<
  UserRecord,
  'id' | 'uuid' | 'distinctId' | 'firstName' | 'lastName' | 'email' | 'isEmailVerified'
>;

@Entity('organization_memberships')
export class MembershipRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @Column('integer') userId: number;
  @Column('smallint') level: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('personal_api_keys')
export class PersonalApiKeyRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('integer') userId: number;
  @Column('text') label: string;
  @Column('text') maskValue: string;
  @Column('text') secureValue: string;
  @Column('text', { array: true }) scopes: string[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastUsedAt: Date | null;
}

@Entity('instance_settings')
export class InstanceSettingRecord {
  @PrimaryColumn('text') key: string;
  @Column('jsonb') value: unknown;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}
