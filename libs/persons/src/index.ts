export * from './domain/person';
export * from './domain/property-filter';
export * from './ingestion-hooks';
export * from './ingestion.service';
export type { Person, PersonListFilter } from './persistence/persons.repository';
export * from './persistence/property-filter.sql';
export * from './persons.module';
export * from './persons.service';
