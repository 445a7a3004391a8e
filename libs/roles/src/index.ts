export * from './roles.module';
export * from './roles.service';
export * from './domain/flag-access';
