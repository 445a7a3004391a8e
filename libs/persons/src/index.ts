export * from './cohorts.service';
export * from './domain/cohort';
export * from './domain/person';
export * from './ingestion-hooks';
export * from './ingestion.service';
export { CohortDto, toCohortDto } from './http/cohorts.dto';
export type { Person, PersonForEvaluation, PersonListFilter } from './persistence/persons.repository';
export * from './persons.module';
export * from './persons.service';
