import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { RateLimits } from '../auth/rate-limits';
import { HttpConfig } from '../config/http-config';
import {
  OrganizationsController,
  PersonalApiKeysController,
  ProjectsController,
  UsersController,
} from '../tenancy/http/tenancy.controllers';
import { MembersController } from '../tenancy/http/members.controller';
import { SessionController } from '../tenancy/http/session.controller';
import { AuthGuard, RATE_LIMITER } from './auth.guard';
import { OperationsController } from './controllers/operations.controller';
import { ErrorFilter } from './error.filter';
import { Lifecycle } from './middleware';
import { OpenApiDocumentHolder } from './openapi';
import { RouteTable } from './route-table';
import { RequestValidationPipe } from './validation.pipe';

/** The HTTP side of the platform: auth guard, error filter, validation, tenancy and operations routes. */
@Module({
  controllers: [
    OperationsController,
    ProjectsController,
    OrganizationsController,
    UsersController,
    PersonalApiKeysController,
    SessionController,
    MembersController,
  ],
  providers: [
    Lifecycle,
    RouteTable,
    OpenApiDocumentHolder,
    {
      provide: RATE_LIMITER,
      inject: [HttpConfig, RateLimits],
      useFactory: (config: HttpConfig, limits: RateLimits) =>
        config.RATE_LIMIT_ENABLED
          ? limits.create('requests', [
              { limit: config.RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
              { limit: config.RATE_LIMIT_PER_HOUR, windowMs: 3_600_000 },
            ])
          : null,
    },
    AuthGuard,
    ErrorFilter,
    { provide: APP_GUARD, useExisting: AuthGuard },
    { provide: APP_FILTER, useExisting: ErrorFilter },
    { provide: APP_PIPE, useClass: RequestValidationPipe },
  ],
  exports: [Lifecycle, RouteTable, OpenApiDocumentHolder, RATE_LIMITER, AuthGuard, ErrorFilter],
})
export class PlatformHttpModule {}
