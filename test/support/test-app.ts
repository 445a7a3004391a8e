import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import {
  ApiKeysService,
  generateSecret,
  JsonLogger,
  loadConfig,
  LogLevel,
  MEMBERSHIP_LEVELS,
  MembershipLevelName,
  SessionsService,
  TenancyService,
} from '@app/platform';
import { ApiConfig } from '../../apps/api/src/api.config';
import { createApiApp } from '../../apps/api/src/app';
import { loadOpenApiPluginMetadata } from './openapi-plugin-metadata';
import { databaseEnv, freshDatabase, TestDatabase } from './test-database';

/** An organization with one project, one user (owner by default) and that user's key. */
export interface Tenant {
  organizationId: string;
  projectId: number;
  projectToken: string;
  userId: number;
  email: string;
  key: string;
}

export interface TestUser {
  userId: number;
  email: string;
  key: string;
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** A signed-in console session: a supertest agent that keeps the cookies, and the CSRF token writes echo. */
export interface SignedIn {
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  /** The Set-Cookie headers of the sign-in. */
  cookies: string[];
}

export interface TestApp extends Tenant {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port>, for SDKs that need a real address. */
  baseUrl: string;
  /** Where lists' `next`/`previous` links point: PUBLIC_URL, by default http://localhost:<port>. */
  publicUrl: string;
  db: TestDatabase;
  config: ApiConfig;
  /** The bootstrap user's console password. */
  password: string;
  /** Gives a user a console password. */
  setPassword(userId: number, password: string): Promise<void>;
  /** Signs in through `POST /api/login/`; fails the test unless it answers 200. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** A supertest request carrying `Authorization: Bearer <key>` (the bootstrap key by default; `null` for none). */
  req(method: Method, path: string, key?: string | null): request.Test;
  get(path: string, key?: string | null): request.Test;
  post(path: string, body?: object, key?: string | null): request.Test;
  patch(path: string, body?: object, key?: string | null): request.Test;
  del(path: string, key?: string | null): request.Test;
  /** Another organization (with a project, owner and key), invisible to the bootstrap tenant. */
  newTenant(options?: { scopes?: string[] }): Promise<Tenant>;
  /** A user in `organizationId` with a key of `scopes` (default `*`). */
  newUser(
    organizationId: string,
    options?: { level?: MembershipLevelName; scopes?: string[]; email?: string },
  ): Promise<TestUser>;
  close(): Promise<void>;
}

function uniqueEmail(): string {
  return `user-${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * The whole API on a fresh database, listening on a random local port, bootstrapped with a known
 * key. `env` overrides configuration (rate limits and the failed-authentication throttle are off
 * unless a test turns them on).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await freshDatabase();
  const key = generateSecret('phx_');
  const projectToken = generateSecret('phc_');
  const password = randomBytes(12).toString('base64url');
  const config = loadConfig(ApiConfig, {
    ...databaseEnv(db.url),
    LOG_LEVEL: (process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent',
    RATE_LIMIT_ENABLED: 'false',
    AUTH_FAILURES_PER_MINUTE: '0',
    SCHEDULER_ENABLED: 'false',
    MIGRATIONS_RUN: 'true',
    BOOTSTRAP_API_KEY: key,
    BOOTSTRAP_PROJECT_TOKEN: projectToken,
    BOOTSTRAP_PASSWORD: password,
    ...env,
  });
  const logger = new JsonLogger(config.LOG_LEVEL);
  await loadOpenApiPluginMetadata();
  let created;
  try {
    created = await createApiApp(config, logger);
  } catch (e) {
    await db.close();
    throw e;
  }
  const { app, bootstrap } = created;
  if (!bootstrap) throw new Error('a fresh test database must bootstrap');
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const tenancy = app.get(TenancyService);
  const keys = app.get(ApiKeysService);
  const user = await tenancy.findUserByEmail(bootstrap.email);

  const req = (method: Method, path: string, k: string | null = key) => {
    const r = request(baseUrl)[method](path);
    return k === null ? r : r.set('Authorization', `Bearer ${k}`);
  };

  const newUser: TestApp['newUser'] = async (organizationId, options = {}) => {
    const email = options.email ?? uniqueEmail();
    const u = await tenancy.ensureUser(email);
    await tenancy.addMember(organizationId, u.id, MEMBERSHIP_LEVELS[options.level ?? 'member']);
    const { value } = await keys.create(u.id, { label: 'test', scopes: options.scopes ?? ['*'] });
    return { userId: u.id, email, key: value };
  };

  return {
    app,
    baseUrl,
    publicUrl: config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${port}`,
    db,
    config,
    password,
    setPassword: (userId, pw) => app.get(SessionsService).setPassword(userId, pw),
    signIn: async (email, pw) => {
      const agent = request.agent(baseUrl);
      const res = await agent.post('/api/login/').send({ email, password: pw });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const csrf = /posthog_csrftoken=([^;]+)/.exec(cookies.join('\n'))?.[1];
      if (!csrf) throw new Error('sign-in set no CSRF cookie');
      return { agent, csrf, cookies };
    },
    organizationId: bootstrap.organizationId,
    projectId: bootstrap.projectId,
    projectToken: bootstrap.projectToken,
    userId: user!.id,
    email: bootstrap.email,
    key,
    req,
    get: (path, k) => req('get', path, k),
    post: (path, body, k) => {
      const r = req('post', path, k);
      return body === undefined ? r : r.send(body);
    },
    patch: (path, body, k) => {
      const r = req('patch', path, k);
      return body === undefined ? r : r.send(body);
    },
    del: (path, k) => req('delete', path, k),
    newUser,
    newTenant: async (options = {}) => {
      const org = await tenancy.createOrganization(`Org ${randomBytes(3).toString('hex')}`);
      const project = await tenancy.createProject(org.id, 'Project');
      const u = await newUser(org.id, { level: 'owner', scopes: options.scopes });
      return { organizationId: org.id, projectId: project.id, projectToken: project.apiToken, ...u };
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
