import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLogService } from './activity/activity-log.service';
import { ApiKeysService } from './auth/api-keys.service';
import { FailedAuthThrottle } from './auth/failed-auth-throttle';
import { RateLimits } from './auth/rate-limits';
import { SessionsService } from './auth/sessions.service';
import { MembersService } from './tenancy/members.service';
import { BackgroundJobs } from './workload/background-jobs';
import { BootstrapService } from './tenancy/bootstrap.service';
import { ExpensiveWork } from './workload/expensive-work';
import { PlatformConfig } from './config/platform-config';
import { openDataSource } from './database/data-source';
import { JsonLogger } from './observability/json-logger';
import { OutboundHttp } from './outbound/outbound-http';
import { TenancyService } from './tenancy/tenancy.service';
import {
  InstanceSettingRecord,
  MembershipRecord,
  OrganizationRecord,
  PersonalApiKeyRecord,
  ProjectRecord,
  UserRecord,
} from './tenancy/tenancy.records';

/** The config is injectable under its own class and every class it extends (PlatformConfig, HttpConfig, …). */
function configProviders(config: PlatformConfig): Provider[] {
  const providers: Provider[] = [];
  for (let c = config.constructor; c && c !== Object; c = Object.getPrototypeOf(c)) {
    providers.push({ provide: c, useValue: config });
  }
  return providers;
}

/**
 * Database, configuration, logging, tenancy, keys and the activity log: what every process
 * (api, worker, cli) runs on.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(config: PlatformConfig, logger: JsonLogger): DynamicModule {
    const shared = [
      TenancyService,
      ApiKeysService,
      SessionsService,
      MembersService,
      ActivityLogService,
      BootstrapService,
      BackgroundJobs,
      ExpensiveWork,
      FailedAuthThrottle,
      RateLimits,
      OutboundHttp,
    ];
    const configs = configProviders(config);
    return {
      module: PlatformModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres', autoLoadEntities: true, retryAttempts: 2, retryDelay: 1000 }),
          dataSourceFactory: (options) =>
            openDataSource(config, options, (msg, level = 'info') => logger.entry(level, msg)),
        }),
        TypeOrmModule.forFeature([
          OrganizationRecord,
          ProjectRecord,
          UserRecord,
          MembershipRecord,
          PersonalApiKeyRecord,
          InstanceSettingRecord,
        ]),
      ],
      providers: [...configs, { provide: JsonLogger, useValue: logger }, ...shared],
      exports: [
        ...configs.map((p) => (p as { provide: unknown }).provide as never),
        JsonLogger,
        TypeOrmModule,
        ...shared,
      ],
    };
  }
}
