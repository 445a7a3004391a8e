export * from './domain/operators';
export * from './domain/property-filter';
export * from './domain/matcher';
export * from './domain/regex';
export * from './domain/semver';
export * from './domain/dates';
export * from './persistence/property-filter.sql';
