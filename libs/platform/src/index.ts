// The platform's import surface (`@app/platform`), by folder. Nest-free domain code imports
// `@app/platform/errors/domain-error` and `@app/platform/domain/*` instead (see CONTRIBUTING.md).

// config: the env schema and the settings every process shares
export * from './config/env';
export * from './config/heap-growth';
export * from './config/http-config';
export * from './config/platform-config';

// database: the data source, transactions, raw SQL and PostgreSQL errors (migrations: database/migrations)
export * from './database/data-source';
export * from './database/pg-errors';
export * from './database/query-rows';
export * from './database/snake-naming.strategy';
export * from './database/transaction';

// embedded: PGlite in the process, and the socket other processes reach it through
export * from './embedded/embedded-database';

// errors: the one error type and its PostHog envelope
export * from './errors/domain-error';
export * from './errors/error-envelope';

// domain: pure rules several contexts share (also importable one by one from domain code)
export * from './domain/text';

// auth: personal API keys, console sessions and passwords, scopes, secrets, rate limits
export * from './auth/api-keys.service';
export * from './auth/failed-auth-throttle';
export * from './auth/rate-limits';
export * from './auth/scopes';
export * from './auth/secrets';
export * from './auth/passwords';
export * from './auth/sessions.service';

// tenancy: organizations, projects, users, memberships, the first-run bootstrap
export * from './tenancy/actor';
export * from './tenancy/bootstrap.service';
export * from './tenancy/http/tenancy.dto';
export * from './tenancy/membership';
export * from './tenancy/members.service';
export * from './tenancy/tenancy.records';
export * from './tenancy/tenancy.service';

// outbound: requests sent on a user's behalf (webhooks, Slack) and the private-address rule
export * from './outbound/outbound-http';
export * from './outbound/target-address';

// activity: the activity log every context writes in its transactions
export * from './activity/activity-diff';
export * from './activity/activity-log.service';
export * from './activity/activity.dto';

// http: guards, decorators, validation, paging, the error filter, OpenAPI, SDK bodies
export * from './http/auth.guard';
export * from './http/configure-http';
export * from './http/decorators';
export * from './http/error.filter';
export * from './http/expensive-route';
export * from './http/fast-route';
export * from './http/graceful-shutdown';
export * from './http/prototyped-express-adapter';
export * from './http/middleware';
export * from './http/openapi';
export * from './http/openapi-schemas';
export * from './http/pagination';
export * from './http/platform-http.module';
export * from './http/sdk-cors.middleware';
export * from './http/sdk-payload';
export * from './http/send-error';
export * from './http/validation.pipe';
export * from './http/validators';

// observability: logs, metrics, the request context
export * from './observability/json-logger';
export * from './observability/metrics';
export * from './observability/request-context';

// scheduling: cron expressions and the scheduled jobs' wiring
export * from './scheduling/cron-expression';
export * from './scheduling/interval-job';
export * from './scheduling/schedules';

// workload: bounded expensive work and the background jobs that run in its slots
export * from './workload/background-jobs';
export * from './workload/expensive-work';
export * from './workload/event-loop-slices';

// the module every process imports
export * from './platform.module';
