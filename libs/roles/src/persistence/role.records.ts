import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('roles')
export class RoleRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @Column('text') name: string;
  @Column('smallint') featureFlagsAccessLevel: number;
  @Column({ type: 'integer', nullable: true }) createdById: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

@Entity('role_memberships')
export class RoleMembershipRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') roleId: string;
  @Column('integer') userId: number;
  @Column({ type: 'timestamptz', default: () => 'now()' }) joinedAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

@Entity('feature_flag_role_access')
export class FlagRoleAccessRecord {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer') featureFlagId: number;
  @Column('uuid') roleId: string;
  @Column({ type: 'timestamptz', default: () => 'now()' }) addedAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

/** An organization's default access level per resource (only `feature flags` so far). */
@Entity('organization_resource_access')
export class OrganizationResourceAccessRecord {
  @PrimaryColumn('uuid') organizationId: string;
  @PrimaryColumn('text') resource: string;
  @Column('smallint') accessLevel: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column({ type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
  @Column({ type: 'integer', nullable: true }) updatedById: number | null;
}
