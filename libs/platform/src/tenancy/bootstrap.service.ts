import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiKeysService } from '../auth/api-keys.service';
import { generatePassword } from '../auth/passwords';
import { generateSecret } from '../auth/secrets';
import { SessionsService } from '../auth/sessions.service';
import { MEMBERSHIP_LEVELS } from './membership';
import { TenancyService } from './tenancy.service';

export interface BootstrapInput {
  email: string;
  apiKey?: string;
  projectToken?: string;
  /** The first user's console password; unset: a random one, shown once. */
  password?: string;
}

export interface BootstrapResult {
  email: string;
  /** The plaintext key, for the one-time banner. */
  apiKey: string;
  /** The first user's console password, for the one-time banner. */
  password: string;
  projectToken: string;
  projectId: number;
  organizationId: string;
}

const MARKER = 'bootstrapped_at';
// Arbitrary constant: serialises the first start of several instances on one database.
const BOOTSTRAP_LOCK = 7_205_301_994;

/**
 * First start on an empty database: one organization, one project, one user (owner) with a console
 * password and one `*` personal API key. A marker row makes every later start (of any instance) create nothing.
 */
@Injectable()
export class BootstrapService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly tenancy: TenancyService,
    private readonly keys: ApiKeysService,
    private readonly sessions: SessionsService,
  ) {}

  /** The created objects on the first start; undefined on every later one. */
  run(input: BootstrapInput): Promise<BootstrapResult | undefined> {
    return this.ds.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [BOOTSTRAP_LOCK]);
      const done = await m.query(`SELECT 1 FROM instance_settings WHERE key = $1`, [MARKER]);
      if (done.length > 0) return undefined;
      const user = await this.tenancy.ensureUser(input.email, m, 'Admin');
      const org = await this.tenancy.createOrganization('Default Organization', undefined, m);
      const project = await this.tenancy.createProject(
        org.id,
        'Default Project',
        input.projectToken ?? generateSecret('phc_'),
        m,
      );
      await this.tenancy.addMember(org.id, user.id, MEMBERSHIP_LEVELS.owner, m);
      const { value } = await this.keys.create(user.id, { label: 'bootstrap', scopes: ['*'] }, input.apiKey, m);
      const password = input.password ?? generatePassword();
      await this.sessions.setPassword(user.id, password, m, 'BOOTSTRAP_PASSWORD');
      await m.query(`INSERT INTO instance_settings (key, value) VALUES ($1, $2)`, [
        MARKER,
        JSON.stringify(new Date().toISOString()),
      ]);
      return {
        email: user.email,
        apiKey: value,
        password,
        projectToken: project.apiToken,
        projectId: project.id,
        organizationId: org.id,
      };
    });
  }
}
