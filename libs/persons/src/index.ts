export * from './domain/person';
export * from './ingestion-hooks';
export * from './ingestion.service';
export type { Person, PersonForEvaluation, PersonListFilter } from './persistence/persons.repository';
export * from './persons.module';
export * from './persons.service';
export { queryFilterOptions } from './domain/query-filters';
// Persons as responses and CSV exports, for the contexts that list persons (cohorts, insights).
export { CsvExports, pagesFrom, pagesOf } from './http/csv';
export { CSV_LIMIT, exportPage, ExportPageQuery, FORMAT_DESCRIPTION, parseFormat, queryText } from './http/export.dto';
export type { ExportFormat } from './http/export.dto';
export { PERSON_FIELDS, PersonDto, personPages, toPersonDto } from './http/persons.dto';
export * from './event-partitions.service';
export * from './event-partitions.job';
